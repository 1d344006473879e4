//! Shared helpers for the cross-crate tests: loading the conformance vectors and building
//! positions from them.

use dama_core::{Position, Rules};
use serde_json::Value;
use std::path::PathBuf;

/// The vector files shipped in `tests/vectors/` (copied from the rule book's folder).
pub fn vector_files() -> Vec<(String, Value)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("vectors");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/vectors exists")
        .map(|e| e.expect("readable dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("readable vector file");
            let v = serde_json::from_str(&text).expect("vector file is JSON");
            (p.file_name().unwrap().to_string_lossy().into_owned(), v)
        })
        .collect()
}

/// The rules of a vector entry: `game` plus its `options` object.
pub fn rules_of(entry: &Value) -> Rules {
    let game = entry["game"].as_str().expect("game");
    let options: Vec<String> = entry
        .get("options")
        .and_then(Value::as_object)
        .map(|o| {
            o.iter()
                .map(|(k, v)| format!("{k}={}", v.as_str().expect("option value")))
                .collect()
        })
        .unwrap_or_default();
    Rules::parse(game, &options).expect("valid rules")
}

/// The position of a vector entry (or the start position when it has none).
pub fn position_of(entry: &Value) -> Position {
    let rules = rules_of(entry);
    match entry.get("position").and_then(Value::as_str) {
        Some(code) => Position::from_code(rules, code).expect("valid position code"),
        None => Position::start(rules),
    }
}

/// The perft counts under `key` of a vector entry; a missing key, an empty list or a
/// non-count fails the test (a vector that checks nothing must not pass).
pub fn counts(entry: &Value, key: &str) -> Vec<u64> {
    let list = entry[key]
        .as_array()
        .unwrap_or_else(|| panic!("no list of counts under '{key}' in {entry}"));
    let counts: Vec<u64> = list
        .iter()
        .map(|n| {
            n.as_u64()
                .unwrap_or_else(|| panic!("'{key}': {n} is not a count"))
        })
        .collect();
    assert!(!counts.is_empty(), "'{key}' lists no counts in {entry}");
    counts
}

/// The sorted notations of the legal moves of a position given by game, options and code.
pub fn moves(game: &str, options: &[&str], code: &str) -> Vec<String> {
    let pos = Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap();
    let mut v: Vec<String> = pos
        .legal_moves_detailed()
        .into_iter()
        .map(|d| d.notation)
        .collect();
    v.sort();
    v
}

/// The position reached by playing `moves` (notation) from a code.
pub fn after(game: &str, options: &[&str], code: &str, moves: &[&str]) -> Position {
    let mut pos = Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap();
    for m in moves {
        let mv = dama_core::notation::parse_move(&pos, m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos = pos.play(&mv).unwrap();
    }
    pos
}
