//! A game record: rules, start position and the moves played, with undo/redo, results
//! that need the history (repetition) or the players (agreement, resignation), and
//! JSON save/load ([`GameRecord::to_json`], `file.rs`) and PDN ([`pdn`]). Its errors:
//! [`RecordError`] (`error.rs`).

mod error;
mod file;
pub mod pdn;

pub use error::RecordError;
pub(crate) use file::read;
pub use file::{FORMAT, VERSION};

use crate::geometry::Point;
use crate::moves::{LegalMove, Move};
use crate::outcome::{Outcome, Reason};
use crate::position::{PlayError, Position};
use crate::rules::{Color, Rules};

/// A game from its start: the positions reached, the moves in canonical notation, a cursor
/// for undo/redo and a result set by the players.
#[derive(Clone, Debug)]
pub struct GameRecord {
    positions: Vec<Position>,
    moves: Vec<Played>,
    cursor: usize,
    ended_by_players: Option<Outcome>,
}

/// One row of a game's move list: its number, White's move and Black's reply (`None`: not
/// played; the first row of a game Black began has no White move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRow<'a> {
    /// The move number, from 1.
    pub number: u32,
    /// White's move.
    pub white: Option<&'a str>,
    /// Black's move.
    pub black: Option<&'a str>,
}

/// A move as played: the move, its canonical notation and route (kept, so that showing the
/// last move after undo or redo needs no generation).
#[derive(Clone, Debug)]
struct Played {
    mv: Move,
    text: String,
    path: Vec<Point>,
}

impl GameRecord {
    /// A new game from the start position.
    pub fn new(rules: Rules) -> GameRecord {
        GameRecord::from_position(Position::start(rules))
    }

    /// A new game from any position.
    pub fn from_position(start: Position) -> GameRecord {
        GameRecord {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            ended_by_players: None,
        }
    }

    /// The record with the result the players gave and the cursor a file stored (checked
    /// by the loader against the replayed moves).
    pub(crate) fn with_stored(mut self, result: Option<Outcome>, cursor: usize) -> GameRecord {
        self.ended_by_players = result;
        self.cursor = cursor;
        self
    }

    /// How many moves the record holds, undone ones included.
    pub(crate) fn total_moves(&self) -> usize {
        self.moves.len()
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        self.positions[0].rules()
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The position at the cursor.
    pub fn current(&self) -> &Position {
        &self.positions[self.cursor]
    }

    /// Moves played up to the cursor, in canonical notation.
    pub fn moves(&self) -> Vec<&str> {
        self.moves[..self.cursor]
            .iter()
            .map(|p| p.text.as_str())
            .collect()
    }

    /// The moves played up to the cursor in numbered rows, as a score sheet and PDN write
    /// them: a move is White's ply and Black's reply, so a game Black began starts with
    /// Black's half of move 1.
    pub fn move_rows(&self) -> Vec<MoveRow<'_>> {
        let moves = self.moves();
        let mut rows = Vec::with_capacity(moves.len() / 2 + 1);
        let mut rest = &moves[..];
        if self.start().side_to_move() == Color::Black {
            if let Some((first, tail)) = rest.split_first() {
                rows.push(MoveRow {
                    number: 1,
                    white: None,
                    black: Some(first),
                });
                rest = tail;
            }
        }
        for pair in rest.chunks(2) {
            rows.push(MoveRow {
                number: rows.len() as u32 + 1,
                white: Some(pair[0]),
                black: pair.get(1).copied(),
            });
        }
        rows
    }

    /// The number of the move to be played next (counted as in [`GameRecord::move_rows`])
    /// and the side that plays it.
    pub fn next_move_number(&self) -> (u32, Color) {
        let black_first = self.start().side_to_move() == Color::Black;
        let plies = self.cursor as u32 + u32::from(black_first);
        (plies / 2 + 1, self.current().side_to_move())
    }

    /// Every recorded move, also those undone (redo-able), in canonical notation.
    pub fn all_moves(&self) -> Vec<&str> {
        self.moves.iter().map(|p| p.text.as_str()).collect()
    }

    /// The route (start and landing points) of the last move played, to show it.
    pub fn last_move_path(&self) -> Option<&[Point]> {
        let i = self.cursor.checked_sub(1)?;
        Some(&self.moves[i].path)
    }

    /// The last move played (before the cursor), if any.
    pub fn last_played(&self) -> Option<&Move> {
        self.cursor.checked_sub(1).map(|i| &self.moves[i].mv)
    }

    /// The positions from the start to the cursor: the start, then the one after each
    /// move played (kept, so that stepping through a game needs no replay).
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// Move `i` (from 0) of those played up to the cursor: its canonical notation and
    /// route.
    pub fn played_move(&self, i: usize) -> Option<(&str, &[Point])> {
        self.moves[..self.cursor]
            .get(i)
            .map(|p| (p.text.as_str(), p.path.as_slice()))
    }

    /// The moves played up to the cursor.
    pub fn played(&self) -> Vec<Move> {
        self.moves[..self.cursor].iter().map(|p| p.mv).collect()
    }

    /// Placement hashes of the positions before the current one, oldest first (what the AI
    /// needs to see repetitions, R-T11, R-Z17).
    pub fn history(&self) -> Vec<u64> {
        self.positions[..self.cursor]
            .iter()
            .map(Position::placement_hash)
            .collect()
    }

    /// Number of plies played up to the cursor.
    pub fn ply(&self) -> usize {
        self.cursor
    }

    /// The result, if the game is over: set by the players, by the position, or by a
    /// third repetition along the game (R-T11, R-Z17).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(|cur| cur.outcome())
    }

    /// [`GameRecord::outcome`] where the current position's own ending (no move, clocks,
    /// one-piece rules) is given by `position_outcome`, so a caller with the move list
    /// need not generate it again.
    pub(crate) fn outcome_with(
        &self,
        position_outcome: impl FnOnce(&Position) -> Option<Outcome>,
    ) -> Option<Outcome> {
        if self.cursor == self.moves.len() {
            if let Some(o) = self.ended_by_players {
                return Some(o);
            }
        }
        let cur = self.current();
        if let Some(o) = position_outcome(cur) {
            return Some(o);
        }
        let h = cur.placement_hash();
        let seen = self.positions[..=self.cursor]
            .iter()
            .filter(|p| p.placement_hash() == h)
            .count();
        (seen >= 3).then(|| cur.repetition_outcome())
    }

    /// Appends a move known to be legal at the cursor (one of the session's), with the
    /// position it leads to: nothing is generated again.
    pub(crate) fn push_legal(&mut self, d: &LegalMove, next: Position) {
        self.truncate_future();
        self.positions.push(next);
        self.moves.push(Played {
            mv: d.mv,
            text: d.notation.clone(),
            path: d.path.clone(),
        });
        self.cursor += 1;
    }

    fn truncate_future(&mut self) {
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        self.ended_by_players = None;
    }

    /// Takes back one ply, or only the players' result (resignation or agreed draw) when
    /// the game ended by one. Returns `false` when there is nothing to take back.
    pub fn undo(&mut self) -> bool {
        if self.cursor == self.moves.len() && self.ended_by_players.take().is_some() {
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Replays one undone ply. Returns `false` when there is none.
    pub fn redo(&mut self) -> bool {
        if self.cursor == self.moves.len() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// `true` when a ply can be taken back, or a resignation or agreed draw (even one made
    /// before the first move).
    pub fn can_undo(&self) -> bool {
        self.cursor > 0 || self.ended_by_players.is_some()
    }

    /// `true` when an undone ply can be replayed.
    pub fn can_redo(&self) -> bool {
        self.cursor < self.moves.len()
    }

    /// The side to move resigns (or `side` does).
    pub fn resign(&mut self, side: Color) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.truncate_future();
        self.ended_by_players = Some(Outcome::Win {
            winner: side.other(),
            reason: Reason::Resignation,
        });
        Ok(())
    }

    /// Both players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        if let Some(o) = self.outcome() {
            return Err(PlayError::GameOver(o));
        }
        self.truncate_future();
        self.ended_by_players = Some(Outcome::Draw {
            reason: Reason::Agreement,
        });
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    // Replaying needs a session; the record itself does not.
    use crate::rules::GameId;
    use crate::session::load::replay;

    // What the record keeps of each ply is what a replay of its moves gives, up to the
    // cursor: the positions, the notation and the route.
    #[test]
    fn kept_positions_and_moves_are_the_replays() {
        let start = Position::start(Rules::new(GameId::Turkish));
        let mut rec = replay(start.clone(), ["a3-a4", "h6-h5", "b3-b4", "g6-g5"]).unwrap();
        rec.undo();
        let rec = rec.record();
        assert_eq!(rec.positions().len(), 4);
        let mut pos = start;
        assert_eq!(rec.positions()[0], pos);
        for (i, text) in ["a3-a4", "h6-h5", "b3-b4"].into_iter().enumerate() {
            let d = pos
                .legal_moves_detailed()
                .into_iter()
                .find(|d| d.notation == text)
                .unwrap();
            assert_eq!(rec.played_move(i), Some((text, &d.path[..])));
            pos = pos.play(&d.mv).unwrap();
            assert_eq!(rec.positions()[i + 1], pos);
        }
        // The undone fourth move is not one of those played.
        assert_eq!(rec.played_move(3), None);
    }

    // a resignation or an agreed draw before the first move can be taken back too.
    #[test]
    fn a_result_before_the_first_move_can_be_undone() {
        let mut rec = GameRecord::new(Rules::new(GameId::Zamma));
        assert!(!rec.can_undo());
        rec.resign(Color::White).unwrap();
        assert!(rec.outcome().is_some() && rec.can_undo());
        assert!(rec.undo());
        assert_eq!(rec.outcome(), None);
        assert!(!rec.can_undo());
        rec.agree_draw().unwrap();
        assert!(rec.can_undo() && rec.undo() && rec.outcome().is_none());
    }
}
