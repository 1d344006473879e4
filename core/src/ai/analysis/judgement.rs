//! How a move is judged: by what it cost its player in *expected result*, the score read
//! through a logistic curve (as lichess judges chess moves by winning chances), so the same
//! slide weighs more when the game is in the balance than when it is already decided.
//!
//! How the constants were chosen (docs/ai.md, "The review", has the figures):
//!
//! - [`SCALE`] (1.5 men): between the curves `dama tune` fitted to self-play results
//!   (Turkish Dama K = 0.74, a natural scale of 2.35 men; Zamma K = 1.80, 0.97 men), and the
//!   steepest that still leaves a man lost from level a mistake.
//! - [`MISTAKE`] (15 % of a game): a man lost from level (0 → −1: 16 %) and a slide from −1 to
//!   −2.5 men (18 %) are mistakes; so is +2.5 → +1 (18 %). Half a man from level (8 %) is not,
//!   nor a man more lost at −3 (5 %) or given back at +3 (9 %).
//! - [`BLUNDER`] (33 %): two and a half men from level (34 %), or a level game turned into
//!   one a man behind and more (+1 → −1: 32 % is a mistake, +1 → −1.2: 36 % a blunder); a
//!   won game given away (+10 → 0: 50 %) always is.
//!
//! In a lost or won game the curve is flat: −8.7 → −10 men costs 0.2 %, −5 → −10 men 3.3 %,
//! so moves there are not flagged for losing (or winning) by more.

use crate::rules::Color;
use serde::{Deserialize, Serialize};

/// The curve's scale in hundredths of a man: the expected result of a score `s` is
/// `1 / (1 + e^(−s / SCALE))`.
pub const SCALE: f64 = 150.0;
/// A move that costs its player at least this much expected result (per mille: 15 % of a
/// game) is a mistake.
pub const MISTAKE: i32 = 150;
/// A move that costs its player at least this much expected result (per mille) is a
/// blunder.
pub const BLUNDER: i32 = 330;

/// The expected result (per mille: 0 lost, 500 level, 1000 won) of a score in hundredths
/// of a man for the side it is given for.
pub fn chance(score: i32) -> i32 {
    (1000.0 / (1.0 + (-(score as f64) / SCALE).exp())).round() as i32
}

/// How a played move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// Cost less than [`MISTAKE`] of the expected result.
    Good,
    /// Cost [`MISTAKE`] or more.
    Mistake,
    /// Cost [`BLUNDER`] or more.
    Blunder,
}

impl Judgement {
    /// The judgement of a move that cost `lost` (per mille of the expected result).
    pub fn of_lost(lost: i32) -> Judgement {
        if lost >= BLUNDER {
            Judgement::Blunder
        } else if lost >= MISTAKE {
            Judgement::Mistake
        } else {
            Judgement::Good
        }
    }

    /// The judgement of a move that took its player's score from `before` to `after`
    /// (hundredths of a man, the player's side), with what it cost in score and in
    /// expected result (per mille), neither below 0.
    pub fn of_scores(before: i32, after: i32) -> (Judgement, i32, i32) {
        let lost = (chance(before) - chance(after)).max(0);
        (Judgement::of_lost(lost), (before - after).max(0), lost)
    }
}

/// One side's marked moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The side's mistakes.
    pub mistakes: usize,
    /// The side's blunders.
    pub blunders: usize,
}

impl Tally {
    /// The tally of the judgements of `side`'s moves among `moves` (side, judgement).
    pub fn of(moves: impl IntoIterator<Item = (Color, Judgement)>, side: Color) -> Tally {
        let mut t = Tally::default();
        for (c, j) in moves {
            match j {
                _ if c != side => {}
                Judgement::Mistake => t.mistakes += 1,
                Judgement::Blunder => t.blunders += 1,
                Judgement::Good => {}
            }
        }
        t
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 48: a slide from −1 to −2.5 men is a mistake (the player went from −1.05 to
    /// −2.45 against level 8, unmarked), and so is the same slide down from a good game.
    #[test]
    fn a_slide_from_minus_one_to_minus_two_and_a_half_is_a_mistake() {
        let (j, loss, lost) = Judgement::of_scores(-100, -250);
        assert_eq!(j, Judgement::Mistake, "{loss} {lost}");
        assert_eq!(Judgement::of_scores(250, 100).0, Judgement::Mistake);
        assert_eq!(Judgement::of_scores(0, -100).0, Judgement::Mistake, "a man");
        assert_eq!(
            Judgement::of_scores(0, -50).0,
            Judgement::Good,
            "half a man"
        );
        assert_eq!(Judgement::of_scores(0, -250).0, Judgement::Blunder);
        assert_eq!(Judgement::of_scores(1000, 0).0, Judgement::Blunder);
    }

    /// Issue 48: at −8.7 men the game is lost; losing by more is no mistake, and neither is
    /// winning by less in a won game.
    #[test]
    fn a_decided_game_flags_nothing_for_the_margin() {
        assert_eq!(Judgement::of_scores(-870, -1000).0, Judgement::Good);
        assert_eq!(Judgement::of_scores(-500, -1000).0, Judgement::Good);
        assert_eq!(Judgement::of_scores(900, 500).0, Judgement::Good);
        // A move that improves the score costs nothing.
        assert_eq!(Judgement::of_scores(-300, -100), (Judgement::Good, 0, 0));
    }

    #[test]
    fn the_curve_is_level_at_zero_and_symmetric() {
        assert_eq!(chance(0), 500);
        assert_eq!(chance(1000), 1000 - chance(-1000));
        assert!(chance(100) > chance(50));
    }

    #[test]
    fn a_tally_counts_one_sides_marks() {
        use Judgement::*;
        let moves = [
            (Color::White, Mistake),
            (Color::Black, Blunder),
            (Color::White, Good),
            (Color::Black, Mistake),
            (Color::White, Mistake),
        ];
        assert_eq!(
            Tally::of(moves, Color::White),
            Tally {
                mistakes: 2,
                blunders: 0
            }
        );
        assert_eq!(
            Tally::of(moves, Color::Black),
            Tally {
                mistakes: 1,
                blunders: 1
            }
        );
    }
}
