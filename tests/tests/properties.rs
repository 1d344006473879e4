//! Property tests over random games of every game and option set (R-0.6, R-0.7, the
//! position code, records): invariants hold at every ply, hashes match a recomputation,
//! undo and every serialisation round-trip exactly, and every game ends.

use dama_core::record::pdn;
use dama_core::{Color, GameRecord, Position, Rules, Session};
use proptest::prelude::*;

const CONFIGS: &[(&str, &[&str])] = &[
    ("turkish", &[]),
    ("turkish", &["preset=federation"]),
    ("turkish", &["promotion=at-end"]),
    ("zamma", &[]),
    ("zamma", &["capture=compulsory"]),
    ("zamma", &["capture=huffing"]),
    (
        "zamma",
        &[
            "no-return-to-start=on",
            "promotion=any-arrival",
            "first=black",
        ],
    ),
    ("damma", &[]),
    ("damma", &["capture=compulsory"]),
    ("fetaix", &[]),
    ("fetaix", &["capture=huffing", "no-return-to-start=on"]),
    ("kharbaga", &[]),
    ("kharbaga", &["capture=compulsory", "promotion=any-arrival"]),
];

/// Plies after which a random game that has not ended counts as a failure.
const MAX_PLIES: usize = 4000;

fn check_invariants(pos: &Position, prev_counts: (u32, u32)) {
    let (w, b) = (pos.pieces(Color::White), pos.pieces(Color::Black));
    assert_eq!(w & b, 0, "two pieces on a point: {}", pos.to_code());
    assert_eq!(pos.kings() & !(w | b), 0, "a king without a piece");
    assert_eq!(
        (w | b) & !pos.geometry().valid(),
        0,
        "a piece off the board"
    );
    assert!(
        pos.count(Color::White) <= prev_counts.0,
        "white pieces grew"
    );
    assert!(
        pos.count(Color::Black) <= prev_counts.1,
        "black pieces grew"
    );
    assert_eq!(
        pos.placement_hash(),
        pos.compute_hash(),
        "incremental hash drifted"
    );
    let again = Position::from_code(*pos.rules(), &pos.to_code()).expect("own code parses");
    assert_eq!(&again, pos, "position code round trip");
}

fn random_game(rules: Rules, seed: u64) -> GameRecord {
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut rec = Session::new(rules);
    let mut counts = (u32::MAX, u32::MAX);
    while rec.outcome().is_none() {
        assert!(
            rec.record().ply() < MAX_PLIES,
            "game did not end: {}",
            rec.position().to_code()
        );
        let pos = rec.position().clone();
        check_invariants(&pos, counts);
        counts = (pos.count(Color::White), pos.count(Color::Black));
        let detailed = pos.legal_moves_detailed();
        assert!(!detailed.is_empty(), "ongoing game without a move");
        // The session's cached moves are the position's.
        assert_eq!(rec.legal_moves(), &detailed[..], "session cache");
        // Every move's notation names that move again.
        let d = &detailed[(next() % detailed.len() as u64) as usize];
        let parsed = dama_core::notation::parse_move(&pos, &d.notation).expect("own notation");
        assert_eq!(parsed, d.mv);
        // Merged moves are distinct.
        for (i, a) in detailed.iter().enumerate() {
            for b in &detailed[i + 1..] {
                assert!(a.notation != b.notation, "duplicate move {}", a.notation);
            }
        }
        rec.play(&d.mv).expect("legal move plays");
        // The record keeps the move's route; undo restores the exact position, redo the
        // next one.
        assert_eq!(rec.record().last_move_path(), Some(&d.path[..]));
        let after = rec.position().clone();
        assert!(rec.undo());
        assert_eq!(rec.position(), &pos, "undo");
        assert!(rec.redo());
        assert_eq!(rec.position(), &after, "redo");
        assert_eq!(
            rec.record().last_move_path(),
            Some(&d.path[..]),
            "after redo"
        );
    }
    rec.into_record()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn random_games_keep_every_invariant_and_end(config in 0..CONFIGS.len(), seed in any::<u64>()) {
        let (game, options) = CONFIGS[config];
        let rules = Rules::parse(game, options).unwrap();
        let rec = random_game(rules, seed);
        prop_assert!(rec.ply() > 0);
        // Record round trips: JSON save/load and PDN export/import.
        let loaded = GameRecord::from_json(&rec.to_json()).expect("own record loads");
        prop_assert_eq!(loaded.moves(), rec.moves());
        prop_assert_eq!(loaded.current(), rec.current());
        prop_assert_eq!(loaded.outcome(), rec.outcome());
        let text = pdn::export(&rec, &pdn::PdnTags::default());
        let back = GameRecord::from_pdn(&text).expect("own PDN imports");
        prop_assert_eq!(back.moves(), rec.moves());
        prop_assert_eq!(back.current(), rec.current());
    }

    #[test]
    fn arbitrary_text_never_panics(text in ".{0,80}", config in 0..CONFIGS.len()) {
        let (game, options) = CONFIGS[config];
        let rules = Rules::parse(game, options).unwrap();
        let _ = Position::from_code(rules, &text);
        let start = Position::start(rules);
        let _ = dama_core::notation::parse_move(&start, &text);
        let _ = GameRecord::from_json(&text);
        let _ = GameRecord::from_pdn(&text);
        let _ = Rules::parse(&text, &[text.as_str()]);
    }

    #[test]
    fn mutated_codes_and_records_never_panic(
        config in 0..CONFIGS.len(),
        seed in any::<u64>(),
        edits in proptest::collection::vec((any::<usize>(), any::<char>()), 1..6),
    ) {
        let (game, options) = CONFIGS[config];
        let rules = Rules::parse(game, options).unwrap();
        let mut game = Session::new(rules);
        let mut s = seed | 1;
        for _ in 0..12 {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.outcome().is_some() { break; }
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            game.play(&moves[(s >> 33) as usize % moves.len()]).unwrap();
        }
        let rec = game.into_record();
        for original in [rec.current().to_code(), rec.to_json(), pdn::export(&rec, &pdn::PdnTags::default())] {
            let mut chars: Vec<char> = original.chars().collect();
            for (at, c) in &edits {
                let i = at % (chars.len() + 1);
                if i < chars.len() && c.is_ascii_digit() { chars[i] = *c } else { chars.insert(i, *c) }
            }
            let text: String = chars.into_iter().collect();
            let _ = Position::from_code(rules, &text);
            if let Ok(r) = GameRecord::from_json(&text) { let _ = r.outcome(); }
            if let Ok(r) = GameRecord::from_pdn(&text) { let _ = r.to_json(); }
        }
    }
}
