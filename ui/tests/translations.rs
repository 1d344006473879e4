//! Every string the .slint files mark with @tr has a translation in every bundled language.

use std::collections::BTreeSet;
use std::path::Path;

fn unescape(s: &str) -> String {
    s.replace("\\\"", "\"").replace("\\\\", "\\")
}

/// The @tr("…") strings of the .slint sources.
fn slint_strings() -> BTreeSet<String> {
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
            out.insert(unescape(&rest[..end]));
            rest = &rest[end..];
        }
    }
    out
}

/// msgid → msgstr of a .po file (single-line entries, as ours are written).
fn po(lang: &str) -> Vec<(String, String)> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("lang")
        .join(lang)
        .join("LC_MESSAGES/dama-ui.po");
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    let mut id: Option<String> = None;
    for line in text.lines() {
        let quoted = |l: &str, key: &str| {
            l.strip_prefix(key)
                .map(|v| unescape(v.trim().trim_start_matches('"').trim_end_matches('"')))
        };
        if let Some(v) = quoted(line, "msgid ") {
            id = Some(v);
        } else if let Some(v) = quoted(line, "msgstr ") {
            if let Some(i) = id.take() {
                if !i.is_empty() {
                    out.push((i, v));
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
                s.matches("{}").count(),
                "{lang}: placeholders of {s:?}"
            );
        }
    }
}
