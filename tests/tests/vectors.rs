//! Conformance vectors of the rule book (`tests/vectors/*.json`): legal move lists with
//! captured sets, promotion and route counts, results (R-T9, R-T10, R-Z16,
//! R-Z17), positions after a move (R-Z14 huff), malformed codes ("Position code") and perft
//! (R-0.7a). Each position names its rule sections in `rule_refs` or its description.

use dama_core::perft::{perft, Count};
use dama_core::{Outcome, Position};
use dama_tests::{counts, position_of, rules_of, vector_files};
use serde_json::Value;
use std::collections::BTreeMap;

fn refs(p: &Value) -> String {
    format!(
        "{} {}",
        p["id"],
        p.get("rule_refs").cloned().unwrap_or(Value::Null)
    )
}

#[test]
fn legal_move_lists_match() {
    // and the sections each vector names
    let mut checked = 0;
    for (file, v) in vector_files() {
        for p in v["positions"].as_array().into_iter().flatten() {
            let pos = position_of(p);
            let g = pos.geometry();
            let got: BTreeMap<String, (Vec<String>, bool, u32)> = pos
                .legal_moves_detailed()
                .into_iter()
                .map(|d| {
                    let mut caps: Vec<String> =
                        d.mv.captured().iter().map(|&c| g.label(c)).collect();
                    caps.sort();
                    (
                        d.notation.replace(' ', ""),
                        (caps, d.mv.promotes(), d.mv.paths()),
                    )
                })
                .collect();
            let want = p["legal_moves"].as_array().expect("legal_moves");
            assert_eq!(got.len(), want.len(), "{file} {}: move count", refs(p));
            for m in want {
                let text = m["move"].as_str().expect("move").replace(' ', "");
                let (caps, promotes, paths) = got
                    .get(&text)
                    .unwrap_or_else(|| panic!("{file} {}: missing {text}", refs(p)));
                let mut want_caps: Vec<String> = m["captured"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|c| c.as_str().unwrap().to_string())
                    .collect();
                want_caps.sort();
                assert_eq!(caps, &want_caps, "{file} {}: captured of {text}", refs(p));
                if let Some(b) = m.get("promotes").and_then(Value::as_bool) {
                    assert_eq!(*promotes, b, "{file} {}: promotion of {text}", refs(p));
                }
                if let Some(n) = m.get("paths").and_then(Value::as_u64) {
                    assert_eq!(*paths as u64, n, "{file} {}: paths of {text}", refs(p));
                }
            }
            if let Some(n) = p.get("num_paths").and_then(Value::as_u64) {
                let total: u64 = got.values().map(|x| x.2 as u64).sum();
                assert_eq!(total, n, "{file} {}: num_paths", refs(p));
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} vector positions found");
}

#[test]
fn results_match() {
    // R-T9, R-T10, R-Z16, R-Z17, R-Z18
    let mut checked = 0;
    for (file, v) in vector_files() {
        for p in v["positions"].as_array().into_iter().flatten() {
            let Some(result) = p.get("result") else {
                continue;
            };
            let outcome = position_of(p).outcome();
            match result.as_str() {
                None => assert_eq!(outcome, None, "{file} {}", refs(p)),
                Some(r) => {
                    let o = outcome.unwrap_or_else(|| panic!("{file} {}: ongoing", refs(p)));
                    match (r, o) {
                        ("draw", Outcome::Draw { .. }) => {}
                        (w, Outcome::Win { winner, .. }) if winner.name() == w => {}
                        _ => panic!("{file} {}: got {o}, want {r}", refs(p)),
                    }
                    if let Some(reason) = p.get("result_reason").and_then(Value::as_str) {
                        assert_eq!(o.reason().code(), reason, "{file} {}", refs(p));
                    }
                }
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "only {checked} results checked");
}

#[test]
fn positions_after_moves_match() {
    // R-Z14 (huff memory), R-Z6 (last), R-Z17 (clock): exact canonical codes
    let mut checked = 0;
    for (file, v) in vector_files() {
        for p in v["positions"].as_array().into_iter().flatten() {
            for f in p
                .get("followups")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let pos = position_of(p);
                let text = f["move"].as_str().unwrap();
                let m = dama_core::notation::parse_move(&pos, text)
                    .unwrap_or_else(|e| panic!("{file} {}: {text}: {e}", refs(p)));
                let next = pos.play(&m).unwrap();
                assert_eq!(
                    next.to_code(),
                    f["position_after"].as_str().unwrap(),
                    "{file} {}: after {text}",
                    refs(p)
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 5, "only {checked} followups checked");
}

#[test]
fn malformed_codes_are_rejected_with_a_reason() {
    // Position code: malformed codes give a typed error naming the problem
    let mut checked = 0;
    for (file, v) in vector_files() {
        for m in v["malformed_positions"].as_array().into_iter().flatten() {
            let rules = rules_of(m);
            let code = m["position"].as_str().unwrap();
            let err = Position::from_code(rules, code)
                .err()
                .unwrap_or_else(|| panic!("{file}: {code} accepted ({})", m["why"]));
            if let Some(want) = m.get("ref_error").and_then(Value::as_str) {
                assert_eq!(err.to_string(), want, "{file}: {code}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 7, "only {checked} malformed codes checked");
}

/// Depth limit so that the whole suite stays within seconds in debug builds.
const MAX_LEAVES_IN_DEBUG: u64 = 1_500_000;

/// Checks the counts under `key` up to the debug depth limit; returns how many it checked
/// (at least depth 1: a vector whose first count is over the limit is a fault of the test).
fn check_perft(name: &str, entry: &Value, key: &str, count: Count) -> usize {
    let pos = position_of(entry);
    let mut checked = 0;
    for (i, want) in counts(entry, key).into_iter().enumerate() {
        if want > MAX_LEAVES_IN_DEBUG {
            break;
        }
        let depth = i as u32 + 1;
        assert_eq!(
            perft(&pos, depth, count),
            want,
            "{name} {key} depth {depth}"
        );
        checked += 1;
    }
    assert!(checked > 0, "{name} {key}: no depth checked");
    checked
}

#[test]
fn perft_from_the_start_matches() {
    // R-0.7a perft, merged and every route
    let mut checked = 0;
    for (file, v) in vector_files() {
        let Some(ps) = v.get("perft_start") else {
            continue;
        };
        let entries: Vec<(String, &Value)> = if ps.get("game").is_some() {
            vec![(file.clone(), ps)]
        } else {
            ps.as_object()
                .unwrap()
                .iter()
                .map(|(k, e)| (k.clone(), e))
                .collect()
        };
        for (name, e) in entries {
            checked += check_perft(&name, e, "merged", Count::Moves);
            checked += check_perft(&name, e, "paths", Count::Paths);
        }
    }
    // 8 start positions, two counts each, at least depth 1.
    assert!(checked >= 16, "only {checked} perft counts checked");
}

#[test]
fn perft_positions_match() {
    // R-0.7a from given positions (the format the CLI checker reads: `paths_seed`)
    let (mut positions, mut checked) = (0, 0);
    for (file, v) in vector_files() {
        for (name, e) in v
            .get("perft_positions")
            .and_then(Value::as_object)
            .into_iter()
            .flatten()
        {
            checked += check_perft(&format!("{file} {name}"), e, "paths_seed", Count::Paths);
            checked += check_perft(&format!("{file} {name}"), e, "merged", Count::Moves);
            positions += 1;
        }
    }
    assert!(positions >= 2, "only {positions} perft positions found");
    assert!(checked >= 4, "only {checked} perft counts checked");
}
