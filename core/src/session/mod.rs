//! A game in play: the record, and for the position at its cursor the legal moves (with
//! their routes and notation) and the result, worked out once per position. The app and the
//! FFI both play through it, so taps, move lists and the AI read this cache instead of
//! generating the moves again.

pub(crate) mod load;

use crate::geometry::Point;
use crate::moves::LegalMove;
use crate::moves::Move;
use crate::notation::{self, NotationError};
use crate::outcome::Outcome;
use crate::position::{PlayError, Position};
use crate::record::{GameRecord, RecordError};
use crate::rules::{Color, Rules};
use std::sync::Arc;

/// A game record with the current position's legal moves and result cached.
#[derive(Clone, Debug)]
pub struct Session {
    record: GameRecord,
    /// Shared (not copied) with whoever reads them over several calls: the app's tap
    /// controller keeps them for the turn.
    moves: Arc<[LegalMove]>,
    outcome: Option<Outcome>,
}

impl Session {
    /// A new game from the start position.
    pub fn new(rules: Rules) -> Session {
        Session::from_record(GameRecord::new(rules))
    }

    /// A game from a record (a new one, a loaded one, or one from a position).
    pub fn from_record(record: GameRecord) -> Session {
        let mut s = Session {
            record,
            moves: Arc::from(Vec::new()),
            outcome: None,
        };
        s.refresh();
        s
    }

    /// A game loaded from [`GameRecord::to_json`]'s text, ready to play: the session that
    /// checked each move on the way is the one returned, so resuming a game of n plies works
    /// out n + 1 positions' moves, each once.
    pub fn from_json(text: &str) -> Result<Session, RecordError> {
        load::load(text).map(|l| l.into_session())
    }

    /// Works out the cache for the position at the cursor.
    /// One generation per position: the result is read from the move list (where the
    /// clocks have not run out, which `legal_moves_detailed` would not generate for).
    fn refresh(&mut self) {
        let pos = self.record.current();
        if pos.clock_expired() {
            self.moves = Arc::from(Vec::new());
            self.outcome = self.record.outcome();
        } else {
            let moves = pos.legal_moves_detailed();
            let can_move = !moves.is_empty();
            self.outcome = self.record.outcome_with(|p| p.outcome_given(can_move));
            self.moves = if self.outcome.is_some() {
                Arc::from(Vec::new())
            } else {
                Arc::from(moves)
            };
        }
    }

    /// The record: moves, positions, save and load.
    pub fn record(&self) -> &GameRecord {
        &self.record
    }

    /// The rules in force.
    pub fn rules(&self) -> &Rules {
        self.record.rules()
    }

    /// The position at the cursor.
    pub fn position(&self) -> &Position {
        self.record.current()
    }

    /// The result, once the game is over (also by repetition, resignation or agreement).
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// The legal moves, each with its routes and notation; empty once the game is over.
    pub fn legal_moves(&self) -> &[LegalMove] {
        &self.moves
    }

    /// The legal moves, shared: a handle on the same list, not a copy.
    pub fn legal_moves_shared(&self) -> Arc<[LegalMove]> {
        self.moves.clone()
    }

    /// The legal moves of the piece on `from`.
    pub fn moves_from(&self, from: Point) -> impl Iterator<Item = &LegalMove> {
        self.moves.iter().filter(move |d| d.mv.from() == from)
    }

    /// The legal move with the route `route` (start and every landing point), if any.
    pub fn move_with_route(&self, route: &[Point]) -> Option<&LegalMove> {
        self.moves
            .iter()
            .find(|d| d.routes.iter().any(|r| r[..] == route[..]))
    }

    /// The legal move a text names (a full route, or start-end when unambiguous), found in
    /// the cached list.
    pub fn find(&self, text: &str) -> Result<LegalMove, NotationError> {
        notation::find_move(self.position().geometry(), &self.moves, text)
    }

    /// Plays a legal move (one of [`Session::legal_moves`], or the same move built
    /// elsewhere).
    pub fn play(&mut self, m: &Move) -> Result<LegalMove, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let d = self
            .moves
            .iter()
            .find(|d| d.mv == *m)
            .cloned()
            .ok_or(PlayError::IllegalMove)?;
        self.push(&d);
        Ok(d)
    }

    /// Plays the move whose route is `route`: what a player tapping points gives.
    pub fn play_route(&mut self, route: &[Point]) -> Result<LegalMove, PlayError> {
        if let Some(o) = self.outcome {
            return Err(PlayError::GameOver(o));
        }
        let d = self
            .move_with_route(route)
            .cloned()
            .ok_or(PlayError::IllegalMove)?;
        self.push(&d);
        Ok(d)
    }

    /// Plays a move given in notation (a full route, or start-end when unambiguous).
    pub fn play_notation(&mut self, text: &str) -> Result<LegalMove, RecordError> {
        let index = self.record.ply();
        if self.outcome.is_some() {
            return Err(RecordError::AfterEnd { index });
        }
        let d = self.find(text).map_err(|error| RecordError::Move {
            index,
            text: crate::quote::quote(text),
            error,
        })?;
        self.push(&d);
        Ok(d)
    }

    fn push(&mut self, d: &LegalMove) {
        let mut next = self.record.current().clone();
        next.play_unchecked(&d.mv);
        self.record.push_legal(d, next);
        self.refresh();
    }

    /// The record, leaving the session.
    pub fn into_record(self) -> GameRecord {
        self.record
    }

    /// Takes back one ply, or only a resignation or agreed draw. `false` when there is
    /// nothing to take back.
    pub fn undo(&mut self) -> bool {
        let done = self.record.undo();
        if done {
            self.refresh();
        }
        done
    }

    /// Replays one undone ply.
    pub fn redo(&mut self) -> bool {
        let done = self.record.redo();
        if done {
            self.refresh();
        }
        done
    }

    /// `side` resigns.
    pub fn resign(&mut self, side: Color) -> Result<(), PlayError> {
        self.record.resign(side)?;
        self.refresh();
        Ok(())
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<(), PlayError> {
        self.record.agree_draw()?;
        self.refresh();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn the_cache_follows_every_change() {
        let mut s = Session::new(Rules::new(GameId::Turkish));
        assert_eq!(s.legal_moves().len(), 8);
        let g = s.position().geometry();
        let p = |l: &str| g.parse_label(l).unwrap();
        assert_eq!(s.moves_from(p("d3")).count(), 1);
        let d = s.play_route(&[p("d3"), p("d4")]).unwrap();
        assert_eq!(d.notation, "d3-d4");
        assert_eq!(s.record().moves(), ["d3-d4"]);
        assert_eq!(s.legal_moves(), &s.position().legal_moves_detailed()[..]);
        assert_eq!(
            s.play_route(&[p("a3"), p("a4")]),
            Err(PlayError::IllegalMove),
            "White's move on Black's turn"
        );
        s.play_notation("d6-d5").unwrap();
        assert!(s.undo());
        assert_eq!(s.legal_moves(), &s.position().legal_moves_detailed()[..]);
        assert!(s.redo());
        s.resign(Color::White).unwrap();
        assert!(s.legal_moves().is_empty());
        assert!(matches!(
            s.play_notation("a3-a4"),
            Err(RecordError::AfterEnd { .. })
        ));
        assert!(s.undo(), "the resignation is taken back");
        assert_eq!(s.outcome(), None);
        assert_eq!(s.legal_moves().len(), s.position().legal_moves().len());
    }

    // a merged move is played by any of its routes.
    #[test]
    fn any_route_of_a_merged_move_plays_it() {
        let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
        let start = Position::from_code(rules, "W:Wa1:Ba2,b1,b3,c2").unwrap();
        let mut s = Session::from_record(GameRecord::from_position(start));
        let g = s.position().geometry();
        let p = |l: &str| g.parse_label(l).unwrap();
        let d = s
            .play_route(&[p("a1"), p("c1"), p("c3"), p("a3"), p("a1")])
            .unwrap();
        assert_eq!(d.notation, "a1xa3xc3xc1xa1");
        assert_eq!(s.position().count(Color::Black), 0);
    }
}
