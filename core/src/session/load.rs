//! Games read back: a record file or a PDN text replayed through a session, every move
//! checked where it stands with the position's moves generated once. Here, beside the
//! session, so that the record itself (moves, positions, the file and PDN formats) never
//! needs a session.

use super::Session;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::record::{pdn, read, GameRecord, RecordError};
use crate::rules::{Color, Rules};

/// The game of `moves` played from `start`, each checked: one generation per move, through
/// the session that caches each position's moves (its cache ends with the last position's).
pub(crate) fn replay<'a>(
    start: Position,
    moves: impl IntoIterator<Item = &'a str>,
) -> Result<Session, RecordError> {
    let mut s = Session::from_record(GameRecord::from_position(start));
    for m in moves {
        s.play_notation(m)?;
    }
    Ok(s)
}

/// A record file read and checked: the session that replayed its moves (its cache is the
/// last position's), and the stored result and cursor to put on the record.
pub(crate) struct Loaded {
    replayed: Session,
    result: Option<Outcome>,
    cursor: usize,
}

impl Loaded {
    /// The record as the file describes it.
    fn into_record(self) -> GameRecord {
        self.replayed
            .into_record()
            .with_stored(self.result, self.cursor)
    }

    /// The game ready to play: the replaying session itself when the file's cursor is at
    /// its end with no stored result (no position worked out twice), else a new one.
    pub(crate) fn into_session(self) -> Session {
        if self.result.is_none() && self.cursor == self.replayed.record().total_moves() {
            return self.replayed;
        }
        Session::from_record(self.into_record())
    }
}

/// Reads and checks a record file (format, version, checksum, rules, start, every move,
/// cursor and stored result).
pub(crate) fn load(text: &str) -> Result<Loaded, RecordError> {
    let stored = read(text)?;
    let replayed = replay(stored.start, stored.moves.iter().map(String::as_str))?;
    let rec = replayed.record();
    if stored.cursor > rec.total_moves() {
        return Err(RecordError::Inconsistent(format!(
            "cursor {} beyond {} moves",
            stored.cursor,
            rec.total_moves()
        )));
    }
    if let Some(o) = stored.result {
        // Agreement is always a draw and resignation always a win.
        let fits = match o.reason() {
            Reason::Agreement => o.winner().is_none(),
            Reason::Resignation => o.winner().is_some(),
            _ => false,
        };
        if !fits {
            return Err(RecordError::Inconsistent(format!(
                "stored result '{o}' is neither a draw by agreement nor a win by resignation"
            )));
        }
        if rec.outcome().is_some() {
            return Err(RecordError::Inconsistent(
                "a result is stored for a game that had already ended".into(),
            ));
        }
        // Resigning or agreeing drops the undone moves, so the result ends the record.
        if stored.cursor != rec.total_moves() {
            return Err(RecordError::Inconsistent(format!(
                "a result is stored with the cursor at {} of {} moves",
                stored.cursor,
                rec.total_moves()
            )));
        }
    }
    Ok(Loaded {
        replayed,
        result: stored.result,
        cursor: stored.cursor,
    })
}

impl GameRecord {
    /// Loads a record saved by [`GameRecord::to_json`], replaying and checking every move.
    pub fn from_json(text: &str) -> Result<GameRecord, RecordError> {
        Ok(load(text)?.into_record())
    }

    /// Reads the first game of a PDN text into a record, checking every move.
    pub fn from_pdn(text: &str) -> Result<GameRecord, RecordError> {
        GameRecord::from_pdn_as(text, None)
    }

    /// [`GameRecord::from_pdn`], where a text without a `GameType` tag (a bare move list
    /// such as `1. c3-c4 f6-f5`) is a game of `rules` from its start, unless it names a
    /// `FEN`.
    pub fn from_pdn_as(text: &str, rules: Option<&Rules>) -> Result<GameRecord, RecordError> {
        let pdn::Parsed {
            start,
            moves,
            result,
        } = pdn::parse(text, rules)?;
        let mut rec = Session::from_record(GameRecord::from_position(start));
        for mv in moves {
            rec.play_notation(&mv)?;
        }
        // A decisive result the rules do not explain is taken as a resignation or agreement.
        if rec.outcome().is_none() {
            match result.as_deref() {
                Some("1-0") | Some("2-0") => rec.resign(Color::Black).ok(),
                Some("0-1") | Some("0-2") => rec.resign(Color::White).ok(),
                Some("1/2-1/2") | Some("1-1") => rec.agree_draw().ok(),
                _ => None,
            };
        } else if let (Some(o), Some(r)) = (rec.outcome(), result.as_deref()) {
            if r != "*" && o.pdn() != r && !(r == "2-0" || r == "0-2" || r == "1-1") {
                return Err(RecordError::Pdn(format!(
                    "result {r} contradicts the game ({})",
                    Outcome::to_string(&o)
                )));
            }
        }
        Ok(rec.into_record())
    }
}
