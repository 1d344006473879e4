//! [`AiPlayer`] and [`SearchCancel`]: the engine's searches, hints, draw offers and reviews,
//! blocking calls for a background thread.

use crate::session::{to_detail, GameSession};
use crate::types::*;
use crate::DamaError;
use dama_core::ai::analysis::{self, Judgement};
use dama_core::ai::{AiError, Engine, Level, Limits, Player, Root};
use dama_core::notation;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// A cancellation flag shared between the caller and a running search.
#[derive(uniffi::Object, Default)]
pub struct SearchCancel {
    flag: AtomicBool,
}

#[uniffi::export]
impl SearchCancel {
    /// A flag, not set.
    #[uniffi::constructor]
    pub fn new() -> Arc<SearchCancel> {
        Arc::new(SearchCancel::default())
    }

    /// Asks the search to stop (from any thread).
    pub fn cancel(&self) {
        self.flag.store(true, Ordering::Relaxed);
    }

    /// Clears the flag for the next search.
    pub fn reset(&self) {
        self.flag.store(false, Ordering::Relaxed);
    }

    /// Whether cancellation was asked.
    pub fn is_cancelled(&self) -> bool {
        self.flag.load(Ordering::Relaxed)
    }
}

fn ai_error(e: AiError) -> DamaError {
    match e {
        AiError::Cancelled => DamaError::Cancelled,
        AiError::GameOver(o) => DamaError::GameOver {
            detail: o.to_string(),
        },
    }
}

/// The AI, with its own transposition table (memory bounded by `table_mib`).
#[derive(uniffi::Object)]
pub struct AiPlayer {
    engine: Mutex<Engine>,
}

impl AiPlayer {
    fn engine(&self) -> MutexGuard<'_, Engine> {
        self.engine.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The core's search root for the session's position (taken under its lock, so the
    /// search runs without holding it).
    fn root(session: &GameSession) -> Result<Root, DamaError> {
        Root::of(&session.lock()).map_err(ai_error)
    }

    fn run(
        &self,
        session: &GameSession,
        cancel: &SearchCancel,
        player: Player,
        seed: u64,
    ) -> Result<SearchReport, DamaError> {
        let root = AiPlayer::root(session)?;
        let r = self
            .engine()
            .play(&root, player, seed, &cancel.flag, |_| {})
            .map_err(ai_error)?;
        let pos = root.position();
        // The session has the chosen move written out already, unless another thread
        // played meanwhile: writing out the routes again cost a big capture position a
        // tenth of a second after the search had used its budget.
        let cached = {
            let s = session.lock();
            (s.position() == pos)
                .then(|| s.legal_moves().iter().find(|d| d.mv == r.best).cloned())
                .flatten()
        };
        let best = cached
            .or_else(|| pos.move_detailed(&r.best))
            .ok_or_else(|| DamaError::Internal {
                detail: "the engine chose a move that is not legal".into(),
            })?;
        let pv = notation::line(pos, &r.info.pv);
        Ok(SearchReport {
            best: to_detail(pos, &best),
            depth: r.info.depth,
            score: r.info.score,
            win_in: r.info.mate_in(),
            nodes: r.info.nodes,
            pv,
        })
    }
}

#[uniffi::export]
impl AiPlayer {
    /// An AI whose table uses at most `table_mib` MiB (1–1024; 32 suits phones).
    #[uniffi::constructor]
    pub fn new(table_mib: u32) -> Arc<AiPlayer> {
        Arc::new(AiPlayer {
            engine: Mutex::new(Engine::new(table_mib.clamp(1, 1024) as usize)),
        })
    }

    /// The move of app level 1–8 (`budget_ms` per move at level 8), reproducible for `seed`.
    pub fn choose_move(
        &self,
        session: Arc<GameSession>,
        level: u8,
        budget_ms: u64,
        seed: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let mut l = Level::new(level);
        l.budget = Duration::from_millis(budget_ms.clamp(10, 600_000));
        self.run(&session, &cancel, Player::Level(l), seed)
    }

    /// A search with explicit limits (any may be left out; none means one second).
    pub fn search(
        &self,
        session: Arc<GameSession>,
        depth: Option<u32>,
        movetime_ms: Option<u64>,
        nodes: Option<u64>,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let limits = Limits {
            depth: depth.map(|d| d.clamp(1, 64)),
            nodes: nodes.map(|n| n.max(1)),
            movetime: movetime_ms.map(Duration::from_millis),
            variety: 0,
        };
        self.run(&session, &cancel, Player::Limits(limits), 0)
    }

    /// The best move for the side to move, with a short line.
    pub fn hint(
        &self,
        session: Arc<GameSession>,
        budget_ms: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<SearchReport, DamaError> {
        let budget = Duration::from_millis(budget_ms.clamp(10, 600_000));
        self.run(&session, &cancel, Player::hint(budget), 0)
    }

    /// Whether the computer accepts a draw offered by the player to move: the
    /// same judgement as the app's, by a search of a fixed size (about a tenth of a second
    /// on a phone). Agree with `GameSession::agree_draw` when it does.
    pub fn accepts_draw(
        &self,
        session: Arc<GameSession>,
        cancel: Arc<SearchCancel>,
    ) -> Result<bool, DamaError> {
        let root = AiPlayer::root(&session)?;
        self.engine()
            .judge_draw_offer(&root, &cancel.flag)
            .map_err(ai_error)
    }

    /// Reviews the session's game from its start, `nodes` per position (0: the app's
    /// default), as the app's review and `dama analyse` do. Cancellable.
    pub fn analyse(
        &self,
        session: Arc<GameSession>,
        nodes: u64,
        cancel: Arc<SearchCancel>,
    ) -> Result<GameReview, DamaError> {
        let record = session.lock().record().clone();
        let nodes = if nodes == 0 {
            analysis::DEFAULT_NODES
        } else {
            nodes.min(100_000_000)
        };
        let a = analysis::analyse(&mut self.engine(), &record, nodes, &cancel.flag, |_, _| {})
            .map_err(ai_error)?;
        Ok(GameReview {
            scores: a.scores,
            moves: a
                .moves
                .into_iter()
                .map(|m| ReviewedMove {
                    played: m.played,
                    best: m.best,
                    loss: m.loss,
                    judgement: match m.judgement {
                        Judgement::Good => MoveJudgement::Good,
                        Judgement::Mistake => MoveJudgement::Mistake,
                        Judgement::Blunder => MoveJudgement::Blunder,
                    },
                })
                .collect(),
            best_last: a.best_last,
        })
    }

    /// Forgets what earlier searches learned (call on a new game).
    pub fn clear(&self) {
        self.engine().clear()
    }
}
