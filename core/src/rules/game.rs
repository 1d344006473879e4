//! The games of the rule book: their names, boards and families.

use super::{Family, RulesError};
use crate::geometry::BoardKind;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// The games of the rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    /// Turkish Dama (R-T*).
    Turkish,
    /// Zamma on the 9×9 alquerque board.
    Zamma,
    /// Zamma with deferred removal (R-Z12).
    Damma,
    /// Zamma's rules on the 5×5 board.
    Fetaix,
    /// Zamma's rules on the 41-point board.
    Kharbaga,
}

impl GameId {
    /// Every game, in menu order.
    pub const ALL: [GameId; 5] = [
        GameId::Turkish,
        GameId::Zamma,
        GameId::Damma,
        GameId::Fetaix,
        GameId::Kharbaga,
    ];

    /// The identifier used on the command line and in files.
    pub const fn id(self) -> &'static str {
        match self {
            GameId::Turkish => "turkish",
            GameId::Zamma => "zamma",
            GameId::Damma => "damma",
            GameId::Fetaix => "fetaix",
            GameId::Kharbaga => "kharbaga",
        }
    }

    /// The name shown to players.
    pub const fn display_name(self) -> &'static str {
        match self {
            GameId::Turkish => "Turkish Dama",
            GameId::Zamma => "Zamma",
            GameId::Damma => "Damma",
            GameId::Fetaix => "Fetaix",
            GameId::Kharbaga => "Kharbaga",
        }
    }

    /// Other names the game is known by (Zamma is also called Srand or Dhamet).
    pub const fn also_known_as(self) -> &'static [&'static str] {
        match self {
            GameId::Zamma => &["Srand", "Dhamet"],
            _ => &[],
        }
    }

    /// `true` for Zamma, Damma, Fetaix and Kharbaga.
    pub const fn is_zamma_family(self) -> bool {
        matches!(self.family(), Family::Zamma)
    }

    /// The rule family of the game.
    #[inline]
    pub const fn family(self) -> Family {
        match self {
            GameId::Turkish => Family::Turkish,
            _ => Family::Zamma,
        }
    }

    /// The board this game is played on.
    pub const fn board(self) -> BoardKind {
        match self {
            GameId::Turkish => BoardKind::Squares8,
            GameId::Zamma | GameId::Damma => BoardKind::Alquerque9,
            GameId::Fetaix => BoardKind::Alquerque5,
            GameId::Kharbaga => BoardKind::Kharbaga,
        }
    }

    /// Pieces per side at the start (also the most a position code may hold).
    pub const fn pieces_per_side(self) -> u32 {
        match self {
            GameId::Turkish => 16,
            GameId::Zamma | GameId::Damma => 40,
            GameId::Fetaix => 12,
            GameId::Kharbaga => 20,
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for GameId {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, RulesError> {
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == s)
            .ok_or_else(|| RulesError::UnknownGame(s.to_string()))
    }
}
