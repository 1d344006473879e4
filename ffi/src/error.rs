//! The one error type callers see, and how each core error becomes it.

use dama_core::notation::NotationError;
use dama_core::position::PlayError;
use dama_core::record::RecordError;

/// Every failure of the foreign API.
#[derive(Debug, Clone, PartialEq, Eq, uniffi::Error)]
pub enum DamaError {
    /// Unknown game or bad rule option.
    BadRules {
        /// What is wrong.
        detail: String,
    },
    /// A malformed position code or unknown point label.
    BadPosition {
        /// What is wrong.
        detail: String,
    },
    /// A move text that is not a move, or is ambiguous.
    BadNotation {
        /// What is wrong.
        detail: String,
    },
    /// A well-formed move that is not legal here.
    IllegalMove {
        /// What is wrong.
        detail: String,
    },
    /// A saved record that cannot be loaded.
    CorruptRecord {
        /// What is wrong.
        detail: String,
    },
    /// The game is over.
    GameOver {
        /// The result.
        detail: String,
    },
    /// The search was cancelled.
    Cancelled,
    /// A bug in the engine (a caught panic); the session is unchanged.
    Internal {
        /// What happened.
        detail: String,
    },
}

impl std::fmt::Display for DamaError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DamaError::BadRules { detail }
            | DamaError::BadPosition { detail }
            | DamaError::BadNotation { detail }
            | DamaError::IllegalMove { detail }
            | DamaError::CorruptRecord { detail }
            | DamaError::GameOver { detail }
            | DamaError::Internal { detail } => f.write_str(detail),
            DamaError::Cancelled => f.write_str("search cancelled"),
        }
    }
}

impl std::error::Error for DamaError {}

pub(crate) fn notation_error(e: NotationError) -> DamaError {
    match e {
        NotationError::NoSuchMove(_) => DamaError::IllegalMove {
            detail: e.to_string(),
        },
        _ => DamaError::BadNotation {
            detail: e.to_string(),
        },
    }
}

pub(crate) fn rules_error(e: dama_core::RulesError) -> DamaError {
    DamaError::BadRules {
        detail: e.to_string(),
    }
}

pub(crate) fn record_error(e: RecordError) -> DamaError {
    match e {
        RecordError::Move { error, .. } => notation_error(error),
        RecordError::AfterEnd { .. } => DamaError::GameOver {
            detail: e.to_string(),
        },
        _ => DamaError::CorruptRecord {
            detail: e.to_string(),
        },
    }
}

pub(crate) fn play_error(e: PlayError) -> DamaError {
    match e {
        PlayError::GameOver(o) => DamaError::GameOver {
            detail: o.to_string(),
        },
        PlayError::IllegalMove => DamaError::IllegalMove {
            detail: e.to_string(),
        },
    }
}
