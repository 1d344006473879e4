//! A game record: rules, start position and the moves played, with undo/redo, results
//! that need the history (repetition) or the players (agreement, resignation), and
//! JSON save/load ([`GameRecord::to_json`]) and PDN ([`pdn`]).

pub mod pdn;

use crate::geometry::Point;
use crate::moves::LegalMove;
use crate::notation::NotationError;
use crate::outcome::{Outcome, Reason};
use crate::position::{PlayError, Position};
use crate::quote::Quote;
use crate::rules::{Color, Rules, RulesError};
use crate::setup::CodeError;
use crate::Move;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The save format's name and version.
pub const FORMAT: &str = "dama-record";
/// The current save format version.
pub const VERSION: u32 = 1;

/// Why a record could not be loaded or a move not recorded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not valid JSON of the record shape.
    Json(String),
    /// Not a record of this app, or a version this build does not read.
    Format(String),
    /// The game or an option is wrong.
    Rules(RulesError),
    /// The start position code is wrong.
    Start(CodeError),
    /// A recorded move is not legal where it stands.
    Move {
        /// 0-based ply number.
        index: usize,
        /// The move text.
        text: String,
        /// Why it does not fit.
        error: NotationError,
    },
    /// A move follows the end of the game.
    AfterEnd {
        /// 0-based ply number.
        index: usize,
    },
    /// The checksum does not match the content (the file was changed by hand or damaged).
    Checksum,
    /// The cursor or the recorded result is inconsistent.
    Inconsistent(String),
    /// A PDN text that cannot be read.
    Pdn(String),
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Json(e) => write!(f, "not a game record: {}", Quote(e)),
            RecordError::Format(e) => write!(f, "unsupported record: {e}"),
            RecordError::Rules(e) => write!(f, "record rules: {e}"),
            RecordError::Start(e) => write!(f, "record start position: {e}"),
            RecordError::Move { index, text, error } => {
                write!(f, "record move {} '{}': {error}", index + 1, Quote(text))
            }
            RecordError::AfterEnd { index } => {
                write!(
                    f,
                    "record move {} comes after the end of the game",
                    index + 1
                )
            }
            RecordError::Checksum => f.write_str("record checksum does not match its content"),
            RecordError::Inconsistent(e) => write!(f, "record is inconsistent: {e}"),
            RecordError::Pdn(e) => write!(f, "PDN: {}", Quote(e)),
        }
    }
}

impl std::error::Error for RecordError {}

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

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct RecordFile {
    format: String,
    version: u32,
    game: String,
    options: Vec<String>,
    start: String,
    moves: Vec<String>,
    cursor: usize,
    result: Option<Outcome>,
    check: String,
}

/// FNV-1a over the fields that define the game, so that hand edits are noticed.
fn checksum(f: &RecordFile) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |s: &str| {
        for b in s.bytes().chain(std::iter::once(0)) {
            h ^= b as u64;
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
    };
    eat(&f.format);
    eat(&f.version.to_string());
    eat(&f.game);
    f.options.iter().for_each(|o| eat(o));
    eat(&f.start);
    f.moves.iter().for_each(|m| eat(m));
    eat(&f.cursor.to_string());
    eat(&serde_json::to_string(&f.result).unwrap_or_default());
    format!("{h:016x}")
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

    /// The record as JSON (format [`FORMAT`], version [`VERSION`], with a checksum).
    pub fn to_json(&self) -> String {
        let rules = self.rules();
        let mut f = RecordFile {
            format: FORMAT.into(),
            version: VERSION,
            game: rules.game().id().into(),
            options: rules.options(),
            start: self.start().to_code(),
            moves: self.moves.iter().map(|p| p.text.clone()).collect(),
            cursor: self.cursor,
            result: self.ended_by_players,
            check: String::new(),
        };
        f.check = checksum(&f);
        serde_json::to_string_pretty(&f).unwrap_or_default()
    }
}

/// A record file read and its header checked (format, version, checksum, rules, start),
/// its moves not yet replayed.
pub(crate) struct Stored {
    /// The start position.
    pub(crate) start: Position,
    /// The moves as written.
    pub(crate) moves: Vec<String>,
    /// The cursor as saved.
    pub(crate) cursor: usize,
    /// A result the players gave (agreement, resignation).
    pub(crate) result: Option<Outcome>,
}

/// Reads a record file's header and moves (the session replays them, `session::load`).
pub(crate) fn read(text: &str) -> Result<Stored, RecordError> {
    let f: RecordFile = serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
    if f.format != FORMAT {
        return Err(RecordError::Format(format!(
            "format '{}'",
            Quote(&f.format)
        )));
    }
    if f.version != VERSION {
        return Err(RecordError::Format(format!("version {}", f.version)));
    }
    if checksum(&f) != f.check {
        return Err(RecordError::Checksum);
    }
    let rules = Rules::parse(&f.game, &f.options).map_err(RecordError::Rules)?;
    let start = Position::from_code(rules, &f.start).map_err(RecordError::Start)?;
    Ok(Stored {
        start,
        moves: f.moves,
        cursor: f.cursor,
        result: f.result,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    // Replaying needs a session; the record itself does not.
    use crate::rules::GameId;
    use crate::session::load::replay;

    /// `json` with its stored result replaced and the checksum made to match again, as a
    /// careful hand edit would do.
    fn with_result(json: &str, result: Option<Outcome>) -> String {
        let mut f: RecordFile = serde_json::from_str(json).unwrap();
        f.result = result;
        f.check = checksum(&f);
        serde_json::to_string(&f).unwrap()
    }

    // agreement is a draw, resignation a win; a record saying otherwise is corrupt.
    #[test]
    fn contradictory_stored_results_are_rejected() {
        let rec = replay(Position::start(Rules::new(GameId::Turkish)), ["d3-d4"]).unwrap();
        let json = rec.record().to_json();
        let bad = [
            Outcome::Draw {
                reason: Reason::Resignation,
            },
            Outcome::Win {
                winner: Color::White,
                reason: Reason::Agreement,
            },
            Outcome::Win {
                winner: Color::Black,
                reason: Reason::Blocked,
            },
            Outcome::Draw {
                reason: Reason::Repetition,
            },
        ];
        for o in bad {
            let err = GameRecord::from_json(&with_result(&json, Some(o))).unwrap_err();
            assert!(matches!(err, RecordError::Inconsistent(_)), "{o}: {err}");
        }
        let good = [
            Outcome::Draw {
                reason: Reason::Agreement,
            },
            Outcome::Win {
                winner: Color::White,
                reason: Reason::Resignation,
            },
        ];
        for o in good {
            let loaded = GameRecord::from_json(&with_result(&json, Some(o))).unwrap();
            assert_eq!(loaded.outcome(), Some(o));
        }
    }

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

    // a resignation ends the game where it was made; moves to redo after it are a
    // contradiction (the app never writes one: resigning drops the undone moves).
    #[test]
    fn a_stored_result_with_moves_still_to_redo_is_rejected() {
        let start = Position::start(Rules::new(GameId::Turkish));
        let mut rec = replay(start, ["d3-d4", "d6-d5"]).unwrap();
        rec.undo();
        let mut f: RecordFile = serde_json::from_str(&rec.record().to_json()).unwrap();
        assert_eq!((f.cursor, f.moves.len()), (1, 2));
        f.result = Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Resignation,
        });
        f.check = checksum(&f);
        let err = GameRecord::from_json(&serde_json::to_string(&f).unwrap()).unwrap_err();
        assert!(matches!(err, RecordError::Inconsistent(_)), "{err}");
        // The same record without the result loads, the redo still there.
        f.result = None;
        f.check = checksum(&f);
        let loaded = GameRecord::from_json(&serde_json::to_string(&f).unwrap()).unwrap();
        assert!(loaded.can_redo());
    }
}
