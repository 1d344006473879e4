//! Settings and the unfinished game, kept across restarts as JSON files written atomically
//! (a temporary file, flushed, then renamed over the old one).

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// What the player chose on the home screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Setup {
    /// 0 Turkish, 1 Zamma, 2 Damma, 3 Fetaix, 4 Kharbaga.
    pub game: u8,
    /// 0 two players on this device, 1..=8 the computer's level.
    pub opponent: u8,
    /// Against the computer: the human plays Black.
    pub play_black: bool,
    /// Turkish `promotion=at-end`.
    pub at_end: bool,
    /// Turkish `lone-man=draw`.
    pub lone_draw: bool,
    /// Zamma family capture rule: 0 free, 1 compulsory, 2 huffing.
    pub capture: u8,
    /// `no-return-to-start=on`.
    pub no_return: bool,
    /// `promotion=any-arrival`.
    pub any_arrival: bool,
    /// `first=black`.
    pub first_black: bool,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            game: 0,
            opponent: 3,
            play_black: false,
            at_end: false,
            lone_draw: false,
            capture: 0,
            no_return: false,
            any_arrival: false,
            first_black: false,
        }
    }
}

impl Setup {
    /// The game id and its `key=value` options.
    pub fn rules(&self) -> (dama_core::GameId, Vec<String>) {
        use dama_core::GameId;
        let game = GameId::ALL[(self.game as usize).min(4)];
        let mut o = Vec::new();
        if game == GameId::Turkish {
            if self.at_end {
                o.push("promotion=at-end".into());
            }
            if self.lone_draw {
                o.push("lone-man=draw".into());
            }
        } else {
            match self.capture {
                1 => o.push("capture=compulsory".into()),
                2 => o.push("capture=huffing".into()),
                _ => {}
            }
            if self.no_return {
                o.push("no-return-to-start=on".into());
            }
            if self.any_arrival {
                o.push("promotion=any-arrival".into());
            }
            if self.first_black {
                o.push("first=black".into());
            }
        }
        (game, o)
    }
}

/// App settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Dark theme.
    pub dark: bool,
    /// 0 off, 1 fast, 2 normal, 3 slow.
    pub anim_speed: u8,
    /// Index into [`LANGUAGES`].
    pub language: u8,
    /// Two players: turn the board towards the player to move.
    pub flip_two_players: bool,
    /// Mark the pieces that can move and those with an optional capture.
    pub show_moves: bool,
    /// The last home-screen choices.
    pub setup: Setup,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            dark: false,
            anim_speed: 2,
            language: 0,
            flip_two_players: false,
            show_moves: false,
            setup: Setup::default(),
        }
    }
}

/// Language codes of the bundled translations, in the order of the settings screen.
pub const LANGUAGES: [&str; 6] = ["en", "es", "de", "tr", "fr", "ar"];

/// An unfinished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The core's game record (JSON, with its own checksum).
    pub record: String,
    /// 0 two players, else the computer's level.
    pub opponent: u8,
    /// The human plays Black (against the computer).
    pub human_black: bool,
}

/// Where the files live.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// Files under `dir` (created when needed).
    pub fn new(dir: impl Into<PathBuf>) -> Store {
        Store { dir: dir.into() }
    }

    /// The platform's place for app data (`DAMA_DATA_DIR` overrides it).
    pub fn default_dir() -> PathBuf {
        if let Some(d) = std::env::var_os("DAMA_DATA_DIR") {
            return PathBuf::from(d);
        }
        if cfg!(target_os = "ios") {
            if let Some(h) = std::env::var_os("HOME") {
                return Path::new(&h).join("Library/Application Support/DamaZamma");
            }
        }
        if let Some(x) = std::env::var_os("XDG_DATA_HOME") {
            return Path::new(&x).join("dama-zamma");
        }
        if let Some(h) = std::env::var_os("HOME") {
            return Path::new(&h).join(".local/share/dama-zamma");
        }
        PathBuf::from(".")
    }

    fn write_atomic(&self, name: &str, text: &str) -> std::io::Result<()> {
        use std::io::Write;
        std::fs::create_dir_all(&self.dir)?;
        let tmp = self.dir.join(format!("{name}.tmp"));
        {
            let mut f = std::fs::File::create(&tmp)?;
            f.write_all(text.as_bytes())?;
            f.sync_all()?;
        }
        std::fs::rename(&tmp, self.dir.join(name))
    }

    fn read<T: for<'de> Deserialize<'de>>(&self, name: &str) -> Option<T> {
        let text = std::fs::read_to_string(self.dir.join(name)).ok()?;
        serde_json::from_str(&text).ok()
    }

    /// The settings, or the defaults when missing or unreadable.
    pub fn load_settings(&self) -> Settings {
        self.read("settings.json").unwrap_or_default()
    }

    /// Saves the settings.
    pub fn save_settings(&self, s: &Settings) -> std::io::Result<()> {
        self.write_atomic("settings.json", &serde_json::to_string_pretty(s)?)
    }

    /// The unfinished game, if one was saved and still loads.
    pub fn load_game(&self) -> Option<SavedGame> {
        let g: SavedGame = self.read("game.json")?;
        dama_core::GameRecord::from_json(&g.record).ok()?;
        Some(g)
    }

    /// Saves the unfinished game.
    pub fn save_game(&self, g: &SavedGame) -> std::io::Result<()> {
        self.write_atomic("game.json", &serde_json::to_string(g)?)
    }

    /// Forgets the unfinished game (it ended).
    pub fn clear_game(&self) {
        let _ = std::fs::remove_file(self.dir.join("game.json"));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption() {
        let dir = std::env::temp_dir().join(format!("dama-store-{}", std::process::id()));
        let store = Store::new(&dir);
        let s = Settings {
            dark: true,
            ..Settings::default()
        };
        store.save_settings(&s).unwrap();
        assert_eq!(store.load_settings(), s);
        let rec = dama_core::GameRecord::new(dama_core::Rules::new(dama_core::GameId::Zamma));
        let g = SavedGame {
            record: rec.to_json(),
            opponent: 2,
            human_black: false,
        };
        store.save_game(&g).unwrap();
        assert_eq!(store.load_game(), Some(g));
        std::fs::write(dir.join("game.json"), "{broken").unwrap();
        assert_eq!(store.load_game(), None);
        std::fs::write(dir.join("settings.json"), "[]").unwrap();
        assert_eq!(store.load_settings(), Settings::default());
        let _ = std::fs::remove_dir_all(dir);
    }
}
