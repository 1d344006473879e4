//! # dama-core
//!
//! The rules of Turkish Dama and of the Zamma family (Zamma, Damma, Fetaix, Kharbaga) as
//! specified by the project's rule book, with position codes, move notation, game records
//! and perft.
//!
//! ```
//! use dama_core::{GameId, Position, Rules};
//!
//! let rules = Rules::new(GameId::Turkish);
//! let start = Position::start(rules);
//! assert_eq!(start.legal_moves().len(), 8);
//! let mv = dama_core::notation::parse_move(&start, "d3-d4").unwrap();
//! let next = start.play(&mv).unwrap();
//! assert_eq!(next.side_to_move(), dama_core::Color::Black);
//! ```
//!
//! Layout: [`geometry`] (boards), [`rules`] (games and options), [`position`] and
//! [`setup`] (positions and the position code), `games` (move generation per family),
//! [`notation`], [`record`] (game records, JSON and PDN), [`session`] (a game in play, with
//! its legal moves cached), [`perft`], [`outcome`], [`puzzle`] (the puzzle bank, its maker
//! and the Glicko-2 ratings), [`lesson`] (the courses, as data checked through the rules).

#![deny(missing_docs)]

pub mod ai;
pub mod geometry;
pub mod lesson;
pub mod moves;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod position;
pub mod puzzle;
pub mod record;
pub mod rules;
pub mod session;
pub mod setup;
pub mod stats;
pub mod tables;

/// For the `dama` tool, its benches and tuning, behind the `tools` feature (on by default;
/// the app and the FFI leave it out): engine-against-engine matches and the quoting of user
/// input in error messages.
#[cfg(feature = "tools")]
pub mod tools {
    pub use crate::ai::arena::{elo, play_game, play_match, tally};
    pub use crate::quote::Quote;
}

#[cfg(feature = "bundled")]
mod bundled;
mod quote;
mod zobrist;

pub use geometry::{BoardKind, Direction, Geometry, Line, Point};
pub use moves::{LegalMove, Move};
pub use notation::NotationError;
pub use outcome::{Outcome, Reason};
pub use position::{Piece, PlayError, Position, Role};
pub use record::{GameRecord, RecordError};
pub use rules::{CaptureRule, Color, Family, GameId, Rules, RulesError};
pub use session::Session;
pub use setup::{CodeError, Setup};
