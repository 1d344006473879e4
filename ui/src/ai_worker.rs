//! The AI off the UI thread. One search at a time runs on a background thread: the
//! computer's move, a hint, or the look that decides whether the computer accepts a draw.
//! Each search gets a generation number, so an answer that arrives after an undo, a new game
//! or leaving the screen is recognised as stale and dropped. No Slint here: the answer goes
//! to a callback, which the app routes back to the UI thread.

use dama_core::ai::{Engine, Level, Limits, DEFAULT_TT_MIB};
use dama_core::{Move, Position};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// What the worker is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    /// The computer's move at a level (1..=8), with the seed of its noise.
    Move {
        /// The app's level.
        level: u8,
        /// Seed of the weaker levels' noise.
        seed: u64,
    },
    /// A suggestion for the player.
    Hint,
    /// Whether the computer accepts the player's draw offer.
    DrawOffer,
}

/// The answer to a [`Job`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The computer's move (`None`: cancelled or the game is over).
    Move(Option<Move>),
    /// The suggested move.
    Hint(Option<Move>),
    /// `true` when the computer accepts the draw.
    Draw(bool),
}

/// Nodes of the draw-offer look: a few milliseconds on a phone.
const DRAW_LOOK_NODES: u64 = 20_000;
/// The computer accepts a draw unless it stands at least this much better (centi-men).
const DRAW_MARGIN: i32 = 30;
/// Time of a hint search.
const HINT_TIME: Duration = Duration::from_millis(700);

/// Runs searches on a background thread, one at a time.
pub struct AiWorker {
    engine: Arc<Mutex<Engine>>,
    generation: u64,
    cancel: Option<Arc<AtomicBool>>,
    running: Option<Job>,
}

impl Default for AiWorker {
    fn default() -> Self {
        AiWorker::new()
    }
}

impl AiWorker {
    /// A worker with the phone-sized transposition table.
    pub fn new() -> AiWorker {
        AiWorker {
            engine: Arc::new(Mutex::new(Engine::new(DEFAULT_TT_MIB))),
            generation: 0,
            cancel: None,
            running: None,
        }
    }

    /// The job running now, if any.
    pub fn running(&self) -> Option<Job> {
        self.running
    }

    /// Starts `job` on `pos` (whose game went through `history`), cancelling any running
    /// search. `done` is called on the worker thread with the job's generation and answer.
    pub fn start(
        &mut self,
        job: Job,
        pos: Position,
        history: Vec<u64>,
        done: impl FnOnce(u64, Answer) + Send + 'static,
    ) -> u64 {
        self.stop();
        let generation = self.generation;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        self.running = Some(job);
        let engine = self.engine.clone();
        std::thread::spawn(move || {
            let answer = match job {
                Job::Move { level, seed } => {
                    let mut e = engine.lock().unwrap_or_else(|e| e.into_inner());
                    let r = e.play_level(&pos, &history, Level::new(level), seed, &cancel);
                    Answer::Move(r.ok().map(|r| r.best))
                }
                Job::Hint => {
                    let mut e = engine.lock().unwrap_or_else(|e| e.into_inner());
                    Answer::Hint(
                        e.hint(&pos, &history, HINT_TIME, &cancel)
                            .ok()
                            .map(|r| r.best),
                    )
                }
                Job::DrawOffer => {
                    // The player's side to move: a score of at least the margin for the
                    // player means the computer does not stand better.
                    let score = Engine::new(1)
                        .think(
                            &pos,
                            &history,
                            &Limits::nodes(DRAW_LOOK_NODES),
                            &cancel,
                            |_| {},
                        )
                        .map(|r| r.info.score)
                        .unwrap_or(0);
                    Answer::Draw(score >= DRAW_MARGIN)
                }
            };
            done(generation, answer);
        });
        generation
    }

    /// Marks the search of `generation` as answered; `false` when it is stale (a newer
    /// search started, or it was stopped) and its answer must be dropped.
    pub fn finish(&mut self, generation: u64) -> bool {
        if generation != self.generation || self.running.is_none() {
            return false;
        }
        self.running = None;
        self.cancel = None;
        true
    }

    /// Cancels the running search; its answer, when it comes, is stale.
    pub fn stop(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.running = None;
        self.generation += 1;
    }

    /// Forgets what the engine learned (a new game).
    pub fn clear(&self) {
        if let Ok(mut e) = self.engine.lock() {
            e.clear();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{GameId, Rules};
    use std::sync::mpsc;

    fn run(w: &mut AiWorker, job: Job, pos: Position) -> (u64, mpsc::Receiver<(u64, Answer)>) {
        let (tx, rx) = mpsc::channel();
        let g = w.start(job, pos, Vec::new(), move |g, a| {
            let _ = tx.send((g, a));
        });
        (g, rx)
    }

    #[test]
    fn a_move_comes_back_legal_and_current() {
        let mut w = AiWorker::new();
        let pos = Position::start(Rules::new(GameId::Zamma));
        let (g, rx) = run(&mut w, Job::Move { level: 1, seed: 3 }, pos.clone());
        assert!(w.running().is_some());
        let (got, answer) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_eq!(got, g);
        assert!(w.finish(got));
        assert!(w.running().is_none());
        let Answer::Move(Some(m)) = answer else {
            panic!("{answer:?}")
        };
        assert!(pos.legal_moves().contains(&m));
    }

    #[test]
    fn an_answer_after_stop_or_a_newer_search_is_stale() {
        let mut w = AiWorker::new();
        let pos = Position::start(Rules::new(GameId::Turkish));
        let (first, rx1) = run(&mut w, Job::Hint, pos.clone());
        let (second, rx2) = run(&mut w, Job::Hint, pos.clone());
        let (g1, _) = rx1.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_eq!(g1, first);
        assert!(!w.finish(g1), "the first search was replaced");
        w.stop();
        let (g2, _) = rx2.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_eq!(g2, second);
        assert!(!w.finish(g2), "stopped");
    }

    #[test]
    fn the_draw_look_runs_off_the_calling_thread() {
        let mut w = AiWorker::new();
        // White (to move, the player) is a king up: the computer accepts.
        let rules = Rules::new(GameId::Turkish);
        let up = Position::from_code(rules, "W:WKa1,b2,c2:Bh7,g7").unwrap();
        let (_, rx) = run(&mut w, Job::DrawOffer, up);
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(30)).unwrap().1,
            Answer::Draw(true)
        );
        // A man down: the computer declines.
        let down = Position::from_code(rules, "W:Wa2:Bh7,g7,f7").unwrap();
        let (_, rx) = run(&mut w, Job::DrawOffer, down);
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(30)).unwrap().1,
            Answer::Draw(false)
        );
    }
}
