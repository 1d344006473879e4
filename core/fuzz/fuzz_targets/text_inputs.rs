//! Fuzzes every text the core reads: position codes, move notation, JSON records and PDN.
//! Run: `cargo +nightly fuzz run text_inputs` from `core/` (CI runs the equivalent proptest
//! `arbitrary_text_never_panics` in `tests/tests/properties.rs`).
#![no_main]

use dama_core::{GameId, GameRecord, Position, Rules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for game in GameId::ALL {
        let rules = Rules::new(game);
        if let Ok(p) = Position::from_code(rules, text) {
            let _ = p.outcome();
            let _ = p.legal_moves_detailed();
        }
        let _ = dama_core::notation::parse_move(&Position::start(rules), text);
    }
    let _ = GameRecord::from_json(text);
    let _ = GameRecord::from_pdn(text);
});
