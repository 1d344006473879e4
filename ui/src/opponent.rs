//! Who plays against the player: the computer at a level, or a second player on the same
//! device. Saved with a game, so it lives apart from the play's decisions.

use serde::{Deserialize, Serialize};

/// Who plays against the player on this device.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "u8", into = "u8")]
pub enum Opponent {
    /// Two players take turns on this device.
    TwoPlayers,
    /// The computer, at a level 1..=8.
    Computer(u8),
}

impl Opponent {
    /// The computer's level a new player meets first.
    pub const DEFAULT_LEVEL: u8 = 3;

    /// The computer's level; `None` for two players.
    pub fn level(self) -> Option<u8> {
        match self {
            Opponent::TwoPlayers => None,
            Opponent::Computer(l) => Some(l),
        }
    }

    /// As Home and the save files number it: 0 two players, 1..=8 the computer's level.
    pub fn number(self) -> u8 {
        self.level().unwrap_or(0)
    }
}

impl Default for Opponent {
    fn default() -> Self {
        Opponent::Computer(Opponent::DEFAULT_LEVEL)
    }
}

/// 0 two players, 1..=8 a level (above 8: level 8).
impl From<u8> for Opponent {
    fn from(n: u8) -> Self {
        match n {
            0 => Opponent::TwoPlayers,
            l => Opponent::Computer(l.min(8)),
        }
    }
}

impl From<Opponent> for u8 {
    fn from(o: Opponent) -> u8 {
        o.number()
    }
}
