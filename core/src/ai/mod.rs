//! The AI opponent: an alpha-beta engine for every game, with levels 1–8 for the app and a
//! hint. Deterministic for a given seed when limited by depth or nodes.
//!
//! Threading contract: an [`Engine`] is used by one thread at a time (it owns its
//! transposition table); [`Engine::think`] blocks until done and is meant for a background
//! thread. Another thread may cancel it through the shared `AtomicBool`.
//!
//! ```
//! use dama_core::ai::{Engine, Limits};
//! use dama_core::{GameId, Position, Rules};
//! use std::sync::atomic::AtomicBool;
//!
//! let pos = Position::start(Rules::new(GameId::Turkish));
//! let mut engine = Engine::new(8);
//! let result = engine.think(&pos, &[], &Limits::depth(4), &AtomicBool::new(false), |_| {}).unwrap();
//! assert!(pos.legal_moves().contains(&result.best));
//! ```

mod alarm;
#[cfg(feature = "tools")]
pub(crate) mod arena;
pub mod eval;
mod search;
pub mod tt;
pub mod weights;

use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use alarm::Alarm;
use search::{Abort, Search};
pub use search::{MATE, WIN_BOUND};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tt::Tt;

/// Default transposition table size, small enough for phones.
pub const DEFAULT_TT_MIB: usize = 32;

/// How long or how deep to think. Unset fields do not limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most time.
    pub movetime: Option<Duration>,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// A hint's search: as deep as `budget` allows.
    pub fn hint(budget: Duration) -> Limits {
        Limits {
            depth: Some(64),
            nodes: None,
            movetime: Some(budget),
        }
    }
}

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

/// A playing strength for the app, 1 (weakest) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1..=8.
    pub level: u8,
    /// Time per move at level 8 (and a cap at every level).
    pub budget: Duration,
}

impl Level {
    /// A level (clamped to 1..=8) with the default 1 s budget.
    pub fn new(level: u8) -> Level {
        Level {
            level: level.clamp(1, 8),
            budget: Duration::from_millis(1000),
        }
    }

    /// Limits, root noise (hundredths of a man) and the chance to overlook a longer capture.
    fn settings(&self) -> (Limits, i32, u32) {
        let cap = Some(self.budget);
        // Levels 5 and 6 are bounded by nodes as well as depth: a depth alone means 5 ms in
        // Turkish Dama but 200 ms in a Zamma middle game (branching ~4 vs ~15), which left
        // Zamma's level 6 as strong as level 8. A node count is the same effort in every family.
        let (depth, nodes, noise, miss) = match self.level {
            1 => (1, None, 150, 50),
            2 => (2, None, 100, 35),
            3 => (3, None, 60, 20),
            4 => (4, None, 35, 10),
            5 => (7, Some(20_000), 15, 0),
            6 => (10, Some(100_000), 5, 0),
            _ => (0, None, 0, 0),
        };
        let limits = match self.level {
            7 => Limits::movetime(self.budget / 2),
            8 => Limits::movetime(self.budget),
            _ => Limits {
                depth: Some(depth),
                nodes,
                movetime: cap,
            },
        };
        (limits, noise, miss)
    }
}

/// A small deterministic generator (SplitMix64) for the levels' noise.
#[derive(Clone, Copy, Debug)]
pub struct Rng(u64);

impl Rng {
    /// From a seed.
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n.max(1)
    }
}

/// The search engine with its transposition table.
pub struct Engine {
    tt: Tt,
    weights: Option<eval::Weights>,
}

impl Engine {
    /// An engine whose table uses at most `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_mib),
            weights: None,
        }
    }

    /// Evaluates with these weights instead of the game's own (for tuning and tests).
    pub fn set_weights(&mut self, weights: Option<eval::Weights>) {
        self.weights = weights;
        self.tt.clear();
    }

    /// Memory of the transposition table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets what earlier searches stored (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Searches `pos` within `limits`. `history` holds the placement hashes of the
    /// positions of the game before `pos` (for repetition). `on_info` is called after each
    /// completed iteration.
    pub fn think<F: FnMut(&SearchInfo)>(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: F,
    ) -> Result<SearchResult, AiError> {
        self.search(pos, None, history, limits, stop, 0, 0, None, on_info)
    }

    /// [`Engine::think`] over root moves the caller has already (a session's legal moves,
    /// in any order): the root is not generated again.
    pub fn think_over<F: FnMut(&SearchInfo)>(
        &mut self,
        pos: &Position,
        moves: &[Move],
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: F,
    ) -> Result<SearchResult, AiError> {
        self.search(pos, Some(moves), history, limits, stop, 0, 0, None, on_info)
    }

    /// Chooses a move at an app level (1–8), reproducibly for a given `seed`.
    pub fn play_level(
        &mut self,
        pos: &Position,
        history: &[u64],
        level: Level,
        seed: u64,
        stop: &AtomicBool,
    ) -> Result<SearchResult, AiError> {
        let (limits, noise, miss) = level.settings();
        self.search(
            pos,
            None,
            history,
            &limits,
            stop,
            noise,
            miss,
            Some(seed),
            |_| {},
        )
    }

    /// [`Engine::play_level`] over root moves the caller has already.
    pub fn play_level_over(
        &mut self,
        pos: &Position,
        moves: &[Move],
        history: &[u64],
        level: Level,
        seed: u64,
        stop: &AtomicBool,
    ) -> Result<SearchResult, AiError> {
        let (limits, noise, miss) = level.settings();
        let seed = Some(seed);
        self.search(
            pos,
            Some(moves),
            history,
            &limits,
            stop,
            noise,
            miss,
            seed,
            |_| {},
        )
    }

    /// The best move for the side to move and a short principal variation.
    pub fn hint(
        &mut self,
        pos: &Position,
        history: &[u64],
        budget: Duration,
        stop: &AtomicBool,
    ) -> Result<SearchResult, AiError> {
        self.think(pos, history, &Limits::hint(budget), stop, |_| {})
    }

    #[allow(clippy::too_many_arguments)]
    fn search<F: FnMut(&SearchInfo)>(
        &mut self,
        pos: &Position,
        roots: Option<&[Move]>,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
        noise: i32,
        miss: u32,
        seed: Option<u64>,
        mut on_info: F,
    ) -> Result<SearchResult, AiError> {
        // The budget counts from the call: generating the root moves of a huffing position
        // can itself take milliseconds.
        let alarm = Alarm::new(limits.movetime);
        // One generation (or none, when the caller has the moves) gives both the root moves
        // and whether the game is over. Given moves are searched in the caller's order
        // (where scores tie, the order decides, as the seed does).
        let mut moves = Vec::new();
        match roots {
            Some(given) => moves.extend_from_slice(given),
            None => {
                crate::stats::generation();
                pos.generate_moves(&mut moves);
            }
        }
        if let Some(o) = pos.outcome_given(!moves.is_empty()) {
            return Err(AiError::GameOver(o));
        }
        // The third occurrence ended the game (R-T11, R-Z17).
        let h = pos.placement_hash();
        if history.iter().filter(|&&k| k == h).count() >= 2 {
            return Err(AiError::GameOver(pos.repetition_outcome()));
        }
        let start = Instant::now();
        let mut rng = Rng::new(seed.unwrap_or(0) ^ pos.key());
        // Weaker levels sometimes overlook a longer capture where shorter ones are legal.
        if miss > 0 && rng.below(100) < miss as u64 {
            let shortest = moves
                .iter()
                .filter(|m| m.is_capture())
                .map(|m| m.jumps)
                .min();
            if let Some(short) = shortest {
                if moves.iter().any(|m| m.jumps > short) {
                    moves.retain(|m| !m.is_capture() || m.jumps == short);
                }
            }
        }
        let noise_of: Vec<i32> = moves
            .iter()
            .map(|_| {
                if noise > 0 {
                    rng.below(2 * noise as u64 + 1) as i32 - noise
                } else {
                    0
                }
            })
            .collect();
        let weights = self
            .weights
            .unwrap_or(*eval::weights_for(pos.rules().game()));
        let mut s = Search::new(&mut self.tt, stop, history, pos);
        s.weights = weights;
        s.alarm = alarm;
        s.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64) as i32;
        let mut best: Option<(usize, SearchInfo)> = None;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        // A seeded game (the app's levels) searches the root moves in a shuffled first
        // order: of moves that score exactly the same at every depth the first searched is
        // kept, so each game's seed picks among them. No strength is lost, and the same
        // seed plays the same game.
        if seed.is_some() {
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        for depth in 1..=max_depth {
            let ordered: Vec<Move> = order.iter().map(|&i| moves[i]).collect();
            let noise_ordered: Vec<i32> = order.iter().map(|&i| noise_of[i]).collect();
            let scored = s.root(pos, &ordered, depth, &noise_ordered, noise > 0);
            if s.aborted.is_some() && scored.is_empty() {
                break;
            }
            // A partial iteration still improves on the last one when its first (previous
            // best) move was searched: keep its best.
            let (score, idx) = scored[0];
            let chosen = order[idx];
            let time = start.elapsed();
            let info = SearchInfo {
                depth: depth as u32,
                seldepth: s.seldepth as u32,
                score: score - noise_of[chosen],
                nodes: s.nodes,
                nps: (s.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                time,
                pv: s.pv(pos, &moves[chosen], depth as usize + 4),
            };
            let complete = s.aborted.is_none();
            if complete {
                on_info(&info);
            }
            best = Some((chosen, info));
            if !complete {
                break;
            }
            // Searched moves first next time, best first.
            let mut next: Vec<usize> = scored.iter().map(|&(_, i)| order[i]).collect();
            for &i in &order {
                if !next.contains(&i) {
                    next.push(i);
                }
            }
            order = next;
            if moves.len() == 1 || (score.abs() > WIN_BOUND && depth > MATE - score.abs()) {
                break;
            }
            if limits
                .movetime
                .is_some_and(|t| start.elapsed() * 2 > t && depth >= 2)
            {
                break; // the next iteration would not finish in time
            }
        }
        if s.aborted == Some(Abort::Cancelled) {
            return Err(AiError::Cancelled);
        }
        let (chosen, info) = match best {
            Some(b) => b,
            // Out of budget before the first iteration ended: the first ordered move.
            None => (
                0,
                SearchInfo {
                    depth: 0,
                    seldepth: 0,
                    score: 0,
                    nodes: s.nodes,
                    nps: 0,
                    time: start.elapsed(),
                    pv: vec![moves[0]],
                },
            ),
        };
        Ok(SearchResult {
            best: moves[chosen],
            info,
        })
    }
}
