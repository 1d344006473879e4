//! Where a search starts.

use super::AiError;
use crate::moves::Move;
use crate::position::Position;
use crate::session::Session;
use crate::tables::{self, Value};

/// Where a search starts: a session's position, the placement hashes of the positions
/// before it (for repetition) and its legal moves, taken from the session once (not
/// generated again). Owned, so it can be sent to a search thread.
#[derive(Clone, Debug)]
pub struct Root {
    pub(super) pos: Position,
    pub(super) history: Vec<u64>,
    pub(super) moves: Vec<Move>,
}

impl Root {
    /// The session's current position; the game's result when it is over (also by
    /// resignation, agreement or repetition, which the position alone does not show).
    pub fn of(session: &Session) -> Result<Root, AiError> {
        if let Some(o) = session.outcome() {
            return Err(AiError::GameOver(o));
        }
        Ok(Root {
            pos: session.position().clone(),
            history: session.record().history(),
            moves: session.legal_moves().iter().map(|d| d.mv).collect(),
        })
    }

    /// A position with no game before it, searched over `moves` only (a subset of its
    /// legal moves: the puzzle maker scores the best move against the others).
    #[cfg(feature = "tools")]
    pub(crate) fn among(pos: &Position, moves: Vec<Move>) -> Root {
        Root {
            pos: pos.clone(),
            history: Vec::new(),
            moves,
        }
    }

    /// The position to search.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// Its legal moves, in the session's order.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Where the endgame tables cover the root (made now if need be): the index of the
    /// move they choose and its value. The quickest win, else a draw, else the slowest
    /// loss; among equals the first in the session's order. `None` elsewhere.
    pub(crate) fn table_move(&self) -> Option<(usize, Value)> {
        tables::probe(&self.pos)?;
        let mut best: Option<(usize, Value)> = None;
        for (i, m) in self.moves.iter().enumerate() {
            let mut child = self.pos.clone();
            child.play_unchecked(m);
            let after = if child.count(child.side_to_move()) == 0 {
                Value::Loss(0)
            } else {
                tables::probe(&child)?
            };
            let v = after.before();
            if best.is_none_or(|(_, b)| v.rank() > b.rank()) {
                best = Some((i, v));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Color, GameId, Rules};

    #[test]
    fn a_finished_game_has_no_root() {
        let mut game = Session::new(Rules::new(GameId::Zamma));
        game.resign(Color::White).unwrap();
        assert!(matches!(Root::of(&game), Err(AiError::GameOver(_))));
    }
}
