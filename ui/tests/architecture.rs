//! The UI crate's rooms keep their shape (issue 40; `docs/architecture.md`): the play has no
//! Slint, no screen reaches into the app, no file grows past what one reads in a sitting,
//! and no two top-level modules import each other, however indirectly.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The longest a Rust file in `ui/src` may grow.
const MAX_LINES: usize = 500;

/// Every `.rs` file under `dir`, with its path relative to `ui/src`.
fn sources(dir: &Path, root: &Path, out: &mut Vec<(PathBuf, String)>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .expect("ui/src is readable")
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.push((path.strip_prefix(root).unwrap().to_path_buf(), text));
        }
    }
}

fn all_sources() -> Vec<(PathBuf, String)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    sources(&root, &root, &mut out);
    assert!(out.len() > 20, "found only {} source files", out.len());
    out
}

/// The code of a file without its comments (doc comments name Slint freely).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The top-level module a file belongs to (`play/flow.rs` → `play`); `None` for the crate
/// root and the binary, which may name everything.
fn room(path: &Path) -> Option<String> {
    let first = path.components().next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs");
    (!matches!(name, "lib" | "main")).then(|| name.to_string())
}

/// The top-level modules a file's code names through `crate::` (`crate::play::flow`,
/// `crate::{store, play::Opponent}`).
fn named_rooms(code: &str) -> BTreeSet<String> {
    named_words(code)
        .into_iter()
        // The crate root re-exports only Slint's generated types (`crate::AppWindow`):
        // naming one is an arrow into `window`, where they are generated.
        .map(|w| match w.starts_with(|c: char| c.is_ascii_uppercase()) {
            true => "window".to_string(),
            false => w,
        })
        .collect()
}

/// The first word after each `crate::` (each item's of a use group).
fn named_words(code: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = code;
    while let Some(i) = rest.find("crate::") {
        rest = &rest[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            // A use group: the first word of each item at the group's own level.
            let mut depth = 0;
            let mut word = String::new();
            let mut at_item_start = true;
            for c in group.chars() {
                match c {
                    '{' => depth += 1,
                    '}' if depth == 0 => break,
                    '}' => depth -= 1,
                    ',' if depth == 0 => at_item_start = true,
                    c if at_item_start && depth == 0 && (c.is_alphanumeric() || c == '_') => {
                        word.push(c)
                    }
                    _ => {
                        if !word.is_empty() {
                            out.insert(std::mem::take(&mut word));
                        }
                        if !c.is_whitespace() {
                            at_item_start = false;
                        }
                    }
                }
            }
            if !word.is_empty() {
                out.insert(word);
            }
        } else {
            let word: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            out.insert(word);
        }
    }
    out
}

#[test]
fn the_play_names_no_slint() {
    let mut checked = 0;
    for (path, text) in all_sources() {
        if !path.starts_with("play") {
            continue;
        }
        checked += 1;
        let code = code(&text);
        assert!(
            !code
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|w| w == "slint"),
            "{} names slint: the play is said without the window",
            path.display()
        );
    }
    assert!(checked >= 8, "checked only {checked} files under play/");
}

/// The screen a file under `screens/` belongs to: `screens/game.rs`, `screens/game/screen.rs`
/// and `screens/review_tests.rs` (its tests) are `game`, `game` and `review`; `None` for
/// `screens/mod.rs` and files elsewhere.
fn screen_of(path: &Path) -> Option<String> {
    let mut parts = path.components();
    if parts.next()?.as_os_str() != "screens" || path.ends_with("screens/mod.rs") {
        return None;
    }
    let first = parts.next()?.as_os_str().to_str()?;
    let name = first.trim_end_matches(".rs").trim_end_matches("_tests");
    Some(name.to_string())
}

#[test]
fn no_screen_imports_the_app_or_another_screen() {
    let files = all_sources();
    let screens: BTreeSet<String> = files.iter().filter_map(|(p, _)| screen_of(p)).collect();
    assert!(screens.len() >= 7, "found only {} screens", screens.len());
    for (path, text) in &files {
        let Some(own) = screen_of(path) else { continue };
        let code = code(text);
        assert!(
            !named_rooms(&code).contains("app"),
            "{} imports the app: a screen returns a Command instead",
            path.display()
        );
        for other in screens.iter().filter(|s| **s != own) {
            for via in [
                format!("crate::screens::{other}"),
                format!("super::{other}::"),
            ] {
                assert!(
                    !code.contains(&via),
                    "{} reaches into the {other} screen ({via}): what both need lives outside the screens",
                    path.display()
                );
            }
        }
    }
}

#[test]
fn no_file_is_over_500_lines() {
    let long: Vec<String> = all_sources()
        .iter()
        .filter(|(_, text)| text.lines().count() > MAX_LINES)
        .map(|(path, text)| format!("{} ({} lines)", path.display(), text.lines().count()))
        .collect();
    assert!(long.is_empty(), "over {MAX_LINES} lines: {long:?}");
}

#[test]
fn no_two_modules_import_each_other() {
    let arrows = arrows(&all_sources());
    let count: usize = arrows.values().map(BTreeSet::len).sum();
    println!("{} modules, {count} arrows:", arrows.len());
    for (from, to) in &arrows {
        println!(
            "  {from} -> {}",
            to.iter().cloned().collect::<Vec<_>>().join(", ")
        );
    }
    assert!(
        count >= 20,
        "found only {count} arrows: the reading is broken"
    );
    // A circle is an arrow back from anything its target reaches.
    for (from, to) in &arrows {
        for start in to {
            let mut seen = BTreeSet::new();
            let mut stack = vec![start.clone()];
            while let Some(m) = stack.pop() {
                if m == *from {
                    panic!("{from} -> {start} -> … -> {from}: an import circle");
                }
                if seen.insert(m.clone()) {
                    stack.extend(arrows.get(&m).into_iter().flatten().cloned());
                }
            }
        }
    }
}

/// Each top-level module's arrows: the rooms its files name.
fn arrows(files: &[(PathBuf, String)]) -> BTreeMap<String, BTreeSet<String>> {
    let rooms: BTreeSet<String> = files.iter().filter_map(|(p, _)| room(p)).collect();
    let mut arrows: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (path, text) in files {
        let Some(from) = room(path) else { continue };
        let to = arrows.entry(from.clone()).or_default();
        for named in named_rooms(&code(text)) {
            if named != from && rooms.contains(&named) {
                to.insert(named);
            }
        }
    }
    arrows
}

/// The app's table in `docs/architecture.md`: each room (`app/`, `window.rs`,
/// `window/text.rs` → `app`, `window`) and its "may use" column (`nothing`, or names).
fn documented_rooms() -> BTreeMap<String, BTreeSet<String>> {
    let doc = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/architecture.md");
    let doc = std::fs::read_to_string(doc).expect("docs/architecture.md");
    let app = doc
        .split("## The app")
        .nth(1)
        .expect("docs/architecture.md has 'The app'");
    let mut out = BTreeMap::new();
    for row in app.lines().take_while(|l| !l.starts_with("## ")) {
        let cells: Vec<&str> = row.trim().trim_matches('|').split('|').collect();
        if cells.len() < 3 || !cells[0].contains('`') {
            continue;
        }
        let may: BTreeSet<String> = cells[cells.len() - 1]
            .split(',')
            .map(|w| w.trim().to_string())
            .filter(|w| !w.is_empty() && w != "nothing")
            .collect();
        for (i, name) in cells[0].split('`').enumerate() {
            if i % 2 == 1 {
                let room = name
                    .split('/')
                    .next()
                    .unwrap_or(name)
                    .trim_end_matches(".rs");
                out.insert(room.to_string(), may.clone());
            }
        }
    }
    out
}

#[test]
fn every_room_uses_only_what_the_architecture_says() {
    let documented = documented_rooms();
    let arrows = arrows(&all_sources());
    assert!(documented.len() >= 12, "read only {documented:?}");
    for (from, to) in &arrows {
        let Some(may) = documented.get(from) else {
            panic!("{from} is not in docs/architecture.md's table of the app's rooms");
        };
        if may.contains("everything") {
            continue;
        }
        let extra: Vec<&String> = to.difference(may).collect();
        assert!(
            extra.is_empty(),
            "{from} uses {extra:?}, which docs/architecture.md does not allow it (may use: {may:?})"
        );
    }
}

#[test]
fn the_import_reader_sees_groups_and_paths() {
    let code = "use crate::play::flow;\nuse crate::{store::Settings, AppWindow, window::{a, b}};\nlet x = crate::board::coords::xy();";
    let named = named_rooms(code);
    // `AppWindow`, a generated type re-exported at the crate root, counts as `window`.
    let expected: BTreeSet<String> = ["play", "store", "window", "board"]
        .map(String::from)
        .into();
    assert_eq!(named, expected);
}

/// The one `update` every screen defines (issue 49), whitespace taken out.
const SHARED_UPDATE: &str =
    "fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command>";

fn squeezed(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn every_screen_with_messages_has_the_shared_update() {
    let files = all_sources();
    let mut modules: BTreeMap<String, String> = BTreeMap::new();
    for (path, text) in &files {
        if let Some(screen) = screen_of(path) {
            modules.entry(screen).or_default().push_str(&code(text));
        }
    }
    let shared = squeezed(SHARED_UPDATE);
    let mut checked = 0;
    for (screen, code) in &modules {
        if !code.contains("enum Msg") {
            continue;
        }
        checked += 1;
        // A screen that reads nothing of the app's names its context `_cx`.
        assert!(
            squeezed(code).replace("_cx:", "cx:").contains(&shared),
            "screens/{screen} has a Msg but no `{SHARED_UPDATE}`: every screen is updated alike"
        );
    }
    assert!(checked >= 9, "checked only {checked} screens with a Msg");
}

/// The arms of the first `match msg {` in `fn update(&mut self, msg: Msg)` of `app/mod.rs`,
/// one a line (as `cargo fmt` leaves a short arm).
fn app_update_arms(app: &str) -> Vec<String> {
    let start = app
        .find("fn update(&mut self, msg: Msg)")
        .expect("App::update in app/mod.rs");
    let body = &app[start..];
    let open = body
        .find("match msg {")
        .expect("App::update matches its message")
        + 11;
    let mut depth = 1;
    let mut end = open;
    for (i, c) in body[open..].char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            end = open + i;
            break;
        }
    }
    body[open..end]
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .map(String::from)
        .collect()
}

#[test]
fn each_arm_of_app_update_is_one_call() {
    let app = code(
        &std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app/mod.rs"))
            .expect("app/mod.rs"),
    );
    let arms = app_update_arms(&app);
    assert!(arms.len() >= 9, "found only {} arms: {arms:?}", arms.len());
    for arm in &arms {
        let call = arm.split_once("=>").map(|(_, rhs)| rhs.trim());
        let one_call = call.is_some_and(|c| {
            c.starts_with("self.")
                && c.ends_with("),")
                && !c.contains(['{', ';'])
                && !c.contains(" if ")
                && !c.contains("match ")
        });
        assert!(
            one_call,
            "an arm of App::update is more than one call: `{arm}` (the screen's `update` decides)"
        );
    }
}
