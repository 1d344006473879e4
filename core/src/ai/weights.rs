//! The evaluation weights of each family, in one place (units: 1/16 of a man's hundredth).
//!
//! How they were obtained: see docs/ai.md ("Evaluation weights"). The
//! starting values were set by hand; `dama tune` (Texel-style logistic fit of the static
//! evaluation to the results of self-play games) refined them and printed these tables.

use crate::rules::{Family, GameId};

/// Number of evaluation features.
pub const FEATURES: usize = 11;

/// Feature names, in weight order (also the names the tuner prints).
pub const NAMES: [&str; FEATURES] = [
    "man",
    "king",
    "advance",
    "advance_sq",
    "promotion_threat",
    "centre",
    "mobility",
    "back_guard",
    "strong_point",
    "count_urgency",
    "huff_pending",
];

/// The weights of one family, in [`NAMES`] order, plus a bonus for the side to move.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Weights {
    /// One weight per feature.
    pub w: [i32; FEATURES],
    /// Added for the side to move.
    pub tempo: i32,
}

/// The weights used for a game.
pub fn weights_for(game: GameId) -> &'static Weights {
    match game.family() {
        Family::Turkish => &TURKISH,
        Family::Zamma => &ZAMMA,
    }
}

/// Turkish Dama, in `eval::NAMES` order.
///
/// `dama tune --game turkish --games 800 --level 3`: 91,635 quiet positions, K = 0.74,
/// error 0.1148; verified against the hand-set table (`[1600, 4480, 48, 8, 640, 80, 48, 64,
/// 0, 0, 0]`) in 200 games at depth 4: +106 =55 -39, Elo +121 ± 43.
pub static TURKISH: Weights = Weights {
    w: [1600, 6160, -6, 18, 1890, -240, 2, 81, 0, 0, 0],
    tempo: 5,
};

/// The Zamma family, in `eval::NAMES` order.
///
/// `dama tune --game zamma --games 600 --level 3`: 49,062 quiet positions, K = 1.80, error
/// 0.0645; verified against the hand-set table (`[1600, 4000, 32, 4, 0, 64, 32, 16, 64, 24,
/// 1440]`) in 200 games at depth 4: +169 =5 -26, Elo +312 ± 69. The huff weight is the hand
/// value (the base game has no huffing, so self-play gives it no signal).
pub static ZAMMA: Weights = Weights {
    w: [1600, 2000, 54, -10, 0, 28, -41, 184, 77, 56, 1440],
    tempo: 5,
};
