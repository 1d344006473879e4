//! The record file: JSON with the rules, the start, the moves, the cursor and the players'
//! result, under a checksum; written by [`GameRecord::to_json`], read back by [`read`].

use super::{GameRecord, RecordError};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::quote::Quote;
use crate::rules::Rules;
use serde::{Deserialize, Serialize};

/// The save format's name and version.
pub const FORMAT: &str = "dama-record";
/// The current save format version.
pub const VERSION: u32 = 1;

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
    use crate::outcome::Reason;
    use crate::rules::{Color, GameId};
    // Replaying needs a session; the record itself does not.
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
