//! Whether the computer accepts a draw offer.

use super::{AiError, Engine, Limits, Player, Root};
use crate::position::Position;
use crate::rules::Color;
use std::sync::atomic::AtomicBool;

/// Nodes of the draw-offer look: a real search (a tenth of a second on a phone), not a
/// glance whose score is mostly the side to move's tempo.
const DRAW_LOOK_NODES: u64 = 400_000;
/// The computer accepts a draw when it stands at least this much worse (centi-men): even
/// a little worse is not enough, since the start of a game already scores about 0.8 for
/// the side to move in Turkish Dama.
const DRAW_MARGIN: i32 = 100;
/// A dead draw: this few pieces in all, and the score this close to level.
const DEAD_DRAW_PIECES: u32 = 4;
const DEAD_DRAW_SCORE: i32 = 15;

/// Whether the computer accepts a draw offered by the player to move in `pos`, given a
/// search's `score` for that player: only when it stands clearly worse, or when
/// the few pieces left can no longer win for either side.
pub fn accepts_draw(pos: &Position, score: i32) -> bool {
    let pieces = pos.count(Color::White) + pos.count(Color::Black);
    score >= DRAW_MARGIN || (pieces <= DEAD_DRAW_PIECES && score.abs() <= DEAD_DRAW_SCORE)
}

impl Engine {
    /// Whether the computer accepts a draw offered by the player to move at `root`
    /// judged by a search of a fixed size. A cancelled look is an error: nothing
    /// is agreed without a judgement.
    pub fn judge_draw_offer(&mut self, root: &Root, stop: &AtomicBool) -> Result<bool, AiError> {
        // The player is to move: the score is the player's.
        let look = Player::Limits(Limits::nodes(DRAW_LOOK_NODES));
        let r = self.play(root, look, 0, stop, |_| {})?;
        Ok(accepts_draw(&root.pos, r.info.score))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Rules};

    // the computer agrees only when it stands clearly worse or nobody can win.
    #[test]
    fn the_computer_judges_a_draw_offer_by_its_evaluation() {
        let turkish = Rules::new(GameId::Turkish);
        let start = Position::start(turkish);
        // At the start (the player to move scores about +0.8 on tempo): declined.
        assert!(!accepts_draw(&start, 79));
        assert!(!accepts_draw(&start, 0));
        assert!(accepts_draw(&start, 150));
        // King against king, level: accepted; the computer three men up: declined.
        let kk = Position::from_code(turkish, "W:WKa1:BKh8").unwrap();
        assert!(accepts_draw(&kk, 0));
        assert!(!accepts_draw(&kk, -300));
    }
}
