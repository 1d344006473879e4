//! The bundled translations in one table: the settings screen lists it, the stored setting
//! is an index into it, and the window is translated and mirrored from it. Adding a language
//! is a row here and its `ui/lang/<code>/LC_MESSAGES/dama-ui.po`.

use crate::{AppWindow, Theme};
use slint::{ComponentHandle, ModelRc, SharedString, VecModel};

/// One bundled language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Language {
    /// The code of its translation (`ui/lang/<code>`; English is the source text).
    pub code: &'static str,
    /// Its name in itself, as the settings screen shows it.
    pub name: &'static str,
    /// Read right to left: the layout is mirrored.
    pub rtl: bool,
}

/// Every language, in the settings screen's order (the stored setting is the index).
pub const LANGUAGES: [Language; 6] = [
    Language {
        code: "en",
        name: "English",
        rtl: false,
    },
    Language {
        code: "es",
        name: "Español",
        rtl: false,
    },
    Language {
        code: "de",
        name: "Deutsch",
        rtl: false,
    },
    Language {
        code: "tr",
        name: "Türkçe",
        rtl: false,
    },
    Language {
        code: "fr",
        name: "Français",
        rtl: false,
    },
    Language {
        code: "ar",
        name: "العربية",
        rtl: true,
    },
];

/// The index of the language with `code`; English for one that is not bundled.
pub fn index(code: &str) -> u8 {
    LANGUAGES.iter().position(|l| l.code == code).unwrap_or(0) as u8
}

/// The language at a stored index; English for one out of range (a damaged setting).
pub fn at(index: u8) -> Language {
    LANGUAGES
        .get(index as usize)
        .copied()
        .unwrap_or(LANGUAGES[0])
}

/// The window's choice (an index into [`LANGUAGES`]) as stored; English when out of range.
pub fn stored(window_index: i32) -> u8 {
    u8::try_from(window_index)
        .ok()
        .filter(|&i| (i as usize) < LANGUAGES.len())
        .unwrap_or(0)
}

/// The languages' names for the settings screen.
pub fn names() -> ModelRc<SharedString> {
    let names: Vec<SharedString> = LANGUAGES.iter().map(|l| l.name.into()).collect();
    ModelRc::new(VecModel::from(names))
}

/// Translates the window into the language at `index` and mirrors it when it reads right
/// to left.
pub fn select(ui: &AppWindow, index: u8) {
    let l = at(index);
    let _ = slint::select_bundled_translation(l.code);
    ui.global::<Theme>().set_rtl(l.rtl);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_language_but_english_has_its_translation_and_codes_are_unique() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/lang");
        for (i, l) in LANGUAGES.iter().enumerate() {
            assert_eq!(index(l.code) as usize, i, "{} twice", l.code);
            if l.code != "en" {
                let po = format!("{dir}/{}/LC_MESSAGES/dama-ui.po", l.code);
                assert!(std::path::Path::new(&po).exists(), "no {po}");
            }
        }
        // Every bundled translation is in the table.
        for e in std::fs::read_dir(dir).unwrap() {
            let code = e.unwrap().file_name().to_string_lossy().to_string();
            assert!(
                LANGUAGES.iter().any(|l| l.code == code),
                "{code} not listed"
            );
        }
        assert_eq!(at(200), LANGUAGES[0]);
        assert_eq!((stored(5), stored(6), stored(-1)), (5, 0, 0));
        assert_eq!(index("xx"), 0);
    }
}
