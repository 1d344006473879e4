//! How a game ends, with the reason (the app shows it in words).

use crate::rules::Color;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Reason {
    /// The loser has no pieces left (R-T9, R-Z16).
    NoPieces,
    /// The loser, to move, has no legal move (R-T9, R-Z16).
    Blocked,
    /// Turkish: one king against one man; the king wins (R-T10).
    KingVersusLoneMan,
    /// Turkish `lone-man=draw`: one piece each is a draw (R-T10 option).
    OnePieceEach,
    /// Turkish: one king against one king (R-T11).
    KingVersusKing,
    /// The same position occurred a third time (R-T11, R-Z17).
    Repetition,
    /// Turkish: 50 plies without capture or man move (R-T11).
    FiftyPlies,
    /// Zamma family: 40 plies without capture, decided by count (R-Z17).
    FortyPlies,
    /// Zamma family: neither side can move, decided by count (R-Z16).
    BothBlocked,
    /// The players agreed to a draw.
    Agreement,
    /// A player resigned.
    Resignation,
}

impl Reason {
    /// The short code printed by the command line (`white wins: blocked`).
    pub const fn code(self) -> &'static str {
        match self {
            Reason::NoPieces => "no-pieces",
            Reason::Blocked => "blocked",
            Reason::KingVersusLoneMan => "king-vs-lone-man",
            Reason::OnePieceEach => "one-piece-each",
            Reason::KingVersusKing => "king-vs-king",
            Reason::Repetition => "repetition",
            Reason::FiftyPlies => "50-plies",
            Reason::FortyPlies => "40-plies",
            Reason::BothBlocked => "both-blocked",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
        }
    }

    /// Parses [`Reason::code`].
    pub fn from_code(s: &str) -> Option<Reason> {
        use Reason::*;
        [
            NoPieces,
            Blocked,
            KingVersusLoneMan,
            OnePieceEach,
            KingVersusKing,
            Repetition,
            FiftyPlies,
            FortyPlies,
            BothBlocked,
            Agreement,
            Resignation,
        ]
        .into_iter()
        .find(|r| r.code() == s)
    }

    /// A sentence for players, in English (the UI translates it).
    pub const fn describe(self) -> &'static str {
        match self {
            Reason::NoPieces => "All pieces captured",
            Reason::Blocked => "No legal move left",
            Reason::KingVersusLoneMan => "King versus lone man: the king wins",
            Reason::OnePieceEach => "One piece each: draw",
            Reason::KingVersusKing => "King versus king: draw",
            Reason::Repetition => "Same position a third time",
            Reason::FiftyPlies => "50 moves without capture or man move",
            Reason::FortyPlies => "40 moves without a capture: decided by count",
            Reason::BothBlocked => "Neither side can move: decided by count",
            Reason::Agreement => "Draw agreed",
            Reason::Resignation => "Resignation",
        }
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "result", rename_all = "lowercase")]
pub enum Outcome {
    /// One side won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: Reason,
    },
    /// Nobody won.
    Draw {
        /// Why.
        reason: Reason,
    },
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(&self) -> Option<Color> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// The reason.
    pub fn reason(&self) -> Reason {
        match self {
            Outcome::Win { reason, .. } | Outcome::Draw { reason } => *reason,
        }
    }

    /// R-Z18: more pieces wins, equal is a draw.
    pub(crate) fn by_count(white: u32, black: u32, reason: Reason) -> Outcome {
        match white.cmp(&black) {
            std::cmp::Ordering::Greater => Outcome::Win {
                winner: Color::White,
                reason,
            },
            std::cmp::Ordering::Less => Outcome::Win {
                winner: Color::Black,
                reason,
            },
            std::cmp::Ordering::Equal => Outcome::Draw { reason },
        }
    }

    /// PDN result token: `1-0`, `0-1` or `1/2-1/2`.
    pub fn pdn(&self) -> &'static str {
        match self.winner() {
            Some(Color::White) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    /// `white wins: <reason>`, `black wins: <reason>` or `draw: <reason>`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Win { winner, reason } => write!(f, "{winner} wins: {}", reason.code()),
            Outcome::Draw { reason } => write!(f, "draw: {}", reason.code()),
        }
    }
}
