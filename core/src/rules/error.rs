//! A problem with a game id or a rule option.

use super::GameId;
use crate::quote::Quote;
use std::fmt;

/// A problem with a game id or a rule option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The game id is not one of `turkish`, `zamma`, `damma`, `fetaix`, `kharbaga`.
    UnknownGame(String),
    /// The option is not written `key=value`.
    NotKeyValue(String),
    /// The game has no option with this key.
    UnknownOption {
        /// The game.
        game: GameId,
        /// The key given.
        key: String,
    },
    /// The option exists but not with this value.
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed (`a|b`).
        allowed: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownGame(g) => write!(
                f,
                "unknown game '{}' (expected turkish, zamma, damma, fetaix or kharbaga)",
                Quote(g)
            ),
            RulesError::NotKeyValue(s) => {
                write!(f, "option '{}' is not written key=value", Quote(s))
            }
            RulesError::UnknownOption { game, key } => {
                write!(f, "{game} has no option '{}'", Quote(key))
            }
            RulesError::BadValue {
                key,
                value,
                allowed,
            } => write!(f, "option {key}={}: expected {key}={allowed}", Quote(value)),
        }
    }
}

impl std::error::Error for RulesError {}
