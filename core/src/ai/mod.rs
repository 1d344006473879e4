//! The AI opponent: an alpha-beta engine for every game, with levels 1–8 for the app,
//! hints, and the judgement of a draw offer. Deterministic for a given seed when limited by
//! depth or nodes.
//!
//! One way in: a [`Root`] built once from a [`Session`](crate::Session) (its position, the
//! positions before it for repetition, and its legal moves, not generated again) and a
//! [`Player`] saying how to choose ([`Engine::play`]), or [`Engine::judge_draw_offer`]. The
//! app, the FFI and the `dama` tool all call these.
//!
//! Beside the engine (`engine.rs`, the search in `search.rs`): `limits.rs`, `player.rs` (the
//! levels), `root.rs`, `draw.rs` (a draw offer), `rng.rs`.
//!
//! Threading contract: an [`Engine`] is used by one thread at a time (it owns its
//! transposition table); its searches block until done and are meant for a background
//! thread. Another thread may cancel them through the shared `AtomicBool`.
//!
//! ```
//! use dama_core::ai::{Engine, Limits, Player, Root};
//! use dama_core::{GameId, Rules, Session};
//! use std::sync::atomic::AtomicBool;
//!
//! let game = Session::new(Rules::new(GameId::Turkish));
//! let root = Root::of(&game).unwrap();
//! let mut engine = Engine::new(8);
//! let player = Player::Limits(Limits::depth(4));
//! let result = engine.play(&root, player, 0, &AtomicBool::new(false), |_| {}).unwrap();
//! assert!(game.legal_moves().iter().any(|m| m.mv == result.best));
//! ```

mod alarm;
pub mod analysis;
#[cfg(feature = "tools")]
pub(crate) mod arena;
mod draw;
mod engine;
pub mod eval;
mod limits;
mod player;
mod rng;
mod root;
mod search;
pub mod tt;
pub mod weights;

pub use draw::accepts_draw;
pub use engine::Engine;
pub use limits::Limits;
pub use player::{Level, Player, VARIETY, VARIETY_PLIES};
pub use rng::Rng;
pub use root::Root;
pub use search::{MATE, WIN_BOUND};

use crate::moves::Move;
use crate::outcome::Outcome;
use std::fmt;
use std::time::Duration;

/// Default transposition table size, small enough for phones.
pub const DEFAULT_TT_MIB: usize = 32;

/// The computer's time per move when nothing else is asked: level 8's budget, and the
/// search of the FFI and of `dama engine` without limits.
pub const DEFAULT_BUDGET: Duration = Duration::from_millis(1000);

/// What one finished iteration found.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchInfo {
    /// Depth of the iteration.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Score for the side to move, in hundredths of a man; beyond [`WIN_BOUND`] a win.
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time so far.
    pub time: Duration,
    /// Principal variation, best move first.
    pub pv: Vec<Move>,
}

impl SearchInfo {
    /// Plies to a forced win (positive) or loss (negative), if the score says so.
    pub fn mate_in(&self) -> Option<i32> {
        if self.score > WIN_BOUND {
            Some(MATE - self.score)
        } else if self.score < -WIN_BOUND {
            Some(-(MATE + self.score))
        } else {
            None
        }
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchResult {
    /// The move chosen.
    pub best: Move,
    /// The last completed iteration.
    pub info: SearchInfo,
}

/// Why the AI gave no move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The game is over.
    GameOver(Outcome),
    /// The caller cancelled the search.
    Cancelled,
}

impl fmt::Display for AiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AiError::GameOver(o) => write!(f, "the game is over ({o})"),
            AiError::Cancelled => f.write_str("search cancelled"),
        }
    }
}

impl std::error::Error for AiError {}
