//! Why a record could not be loaded or a move not recorded.

use crate::notation::NotationError;
use crate::quote::Quote;
use crate::rules::RulesError;
use crate::setup::CodeError;
use std::fmt;

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
