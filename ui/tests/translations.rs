//! Every string the .slint files mark with @tr has a translation in every bundled language.

use std::collections::BTreeSet;
use std::path::Path;

fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"").replace("\\\\", "\\")
}

/// A string to translate: its context (`@tr("context" => "text")`, msgctxt) and its text.
type Key = (Option<String>, String);

/// The @tr("…") strings of the .slint sources.
fn slint_strings() -> BTreeSet<Key> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("ui");
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "slint") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let mut rest = text.as_str();
        while let Some(i) = rest.find("@tr(\"") {
            rest = &rest[i + 5..];
            let mut end = 0;
            let bytes = rest.as_bytes();
            while !(bytes[end] == b'"' && (end == 0 || bytes[end - 1] != b'\\')) {
                end += 1;
            }
            let first = unescape(&rest[..end]);
            rest = &rest[end + 1..];
            // `"context" => "text"`: the second string is the text, in that context.
            if let Some(after) = rest.trim_start().strip_prefix("=>") {
                let after = after.trim_start().strip_prefix('"').unwrap();
                let close = after.find('"').unwrap();
                out.insert((Some(first), unescape(&after[..close])));
                rest = &after[close..];
            } else {
                out.insert((None, first));
            }
        }
    }
    out
}

/// (msgctxt, msgid) → msgstr of a .po file (single-line entries, as ours are written).
fn po(lang: &str) -> Vec<(Key, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("lang")
        .join(lang)
        .join("LC_MESSAGES/dama-ui.po");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut id: Option<String> = None;
    let mut context: Option<String> = None;
    for line in text.lines() {
        let quoted = |l: &str, key: &str| {
            l.strip_prefix(key)
                .map(|v| unescape(v.trim().trim_start_matches('"').trim_end_matches('"')))
        };
        if let Some(v) = quoted(line, "msgctxt ") {
            context = Some(v);
        } else if let Some(v) = quoted(line, "msgid ") {
            id = Some(v);
        } else if let Some(v) = quoted(line, "msgstr ") {
            if let Some(i) = id.take() {
                if !i.is_empty() {
                    out.push(((context.take(), i), v));
                }
            }
        }
    }
    out
}

#[test]
fn every_string_is_translated_in_every_language() {
    let wanted = slint_strings();
    assert!(wanted.len() > 100, "found only {} strings", wanted.len());
    for lang in ["es", "de", "tr", "fr", "ar"] {
        let entries = po(lang);
        for s in &wanted {
            let t = entries
                .iter()
                .find(|(id, _)| id == s)
                .unwrap_or_else(|| panic!("{lang}: no entry for {s:?}"));
            assert!(!t.1.is_empty(), "{lang}: empty translation of {s:?}");
            assert_eq!(
                t.1.matches("{}").count(),
                s.1.matches("{}").count(),
                "{lang}: placeholders of {s:?}"
            );
        }
    }
}
