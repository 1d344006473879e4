//! The AI off the UI thread: one persistent worker thread owns the engine and takes its
//! jobs from a channel (the computer's move, a hint, or the look that decides whether the
//! computer accepts a draw), so the UI thread never waits on the engine. Each search gets a
//! generation number, so an answer that arrives after an undo, a new game or leaving the
//! screen is recognised as stale and dropped. No Slint here: the answer goes to a callback
//! on the worker thread, which the app routes back to the UI thread.

use dama_core::ai::{AiError, Engine, Level, Player, Root, DEFAULT_TT_MIB};
use dama_core::{Move, Session};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
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

/// A job and the position it starts from, ready to hand to the worker.
pub struct Search {
    job: Job,
    root: Result<Root, AiError>,
}

impl Search {
    /// `job` from the game's current position (its root built here, once).
    pub fn of(job: Job, game: &Session) -> Search {
        Search {
            job,
            root: Root::of(game),
        }
    }
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

/// Time of a hint search.
const HINT_TIME: Duration = Duration::from_millis(700);

/// What the UI thread asks the worker thread.
enum Request {
    Search {
        job: Job,
        /// The game's result instead, when it is over.
        root: Result<Root, AiError>,
        generation: u64,
        cancel: Arc<AtomicBool>,
    },
    /// Forget what the engine learned (a new game).
    Clear,
}

/// The callback that receives each answer, on the worker thread.
type Done = Box<dyn Fn(u64, Answer) + Send>;

/// Runs searches on its own thread, one at a time, in the order asked. The thread starts
/// with the first request, so an app that only shows Home starts none. Which job the game
/// waits for is the flow's to know (`Flow::waiting`); the worker knows only the generation
/// of the search outstanding, to drop stale answers.
pub struct AiWorker {
    requests: Option<mpsc::Sender<Request>>,
    done: Option<Done>,
    generation: u64,
    /// The outstanding search's cancel flag; `None` when none is outstanding.
    cancel: Option<Arc<AtomicBool>>,
}

impl AiWorker {
    /// A worker with the phone-sized transposition table; `done` is called on the worker
    /// thread with each search's generation and answer.
    pub fn new(done: impl Fn(u64, Answer) + Send + 'static) -> AiWorker {
        AiWorker {
            requests: None,
            done: Some(Box::new(done)),
            generation: 0,
            cancel: None,
        }
    }

    /// Sends a request, starting the thread on the first one.
    fn send(&mut self, request: Request) {
        if self.requests.is_none() {
            let (requests, jobs) = mpsc::channel::<Request>();
            let done = self.done.take().unwrap_or_else(|| Box::new(|_, _| {}));
            // The thread ends when the worker (the sender) is dropped.
            std::thread::spawn(move || {
                crate::thread_priority::run_below_ui();
                let mut engine = Engine::new(DEFAULT_TT_MIB);
                for request in jobs {
                    match request {
                        Request::Clear => engine.clear(),
                        Request::Search {
                            job,
                            root,
                            generation,
                            cancel,
                        } => {
                            // Cancelled before it began (a newer job is queued): skip it.
                            if cancel.load(Ordering::Relaxed) {
                                continue;
                            }
                            done(generation, search(&mut engine, job, &root, &cancel));
                        }
                    }
                }
            });
            self.requests = Some(requests);
        }
        if let Some(r) = &self.requests {
            let _ = r.send(request);
        }
    }

    /// Starts `job` from the game's current position (its root built here, once),
    /// cancelling any running search. Returns the job's generation, which its answer
    /// carries.
    pub fn start(&mut self, job: Job, game: &Session) -> u64 {
        self.begin(Search::of(job, game))
    }

    /// Starts a search made ready by [`Search::of`] (the game screen makes it; the app, which
    /// owns the worker, starts it), cancelling any running search. Returns its generation.
    pub fn begin(&mut self, Search { job, root }: Search) -> u64 {
        self.stop();
        let generation = self.generation;
        let cancel = Arc::new(AtomicBool::new(false));
        self.cancel = Some(cancel.clone());
        self.send(Request::Search {
            job,
            root,
            generation,
            cancel,
        });
        generation
    }

    /// Marks the search of `generation` as answered; `false` when it is stale (a newer
    /// search started, or it was stopped) and its answer must be dropped.
    pub fn finish(&mut self, generation: u64) -> bool {
        if generation != self.generation || self.cancel.is_none() {
            return false;
        }
        self.cancel = None;
        true
    }

    /// Cancels the running search; its answer, when it comes, is stale.
    pub fn stop(&mut self) {
        if let Some(c) = self.cancel.take() {
            c.store(true, Ordering::Relaxed);
        }
        self.generation += 1;
    }

    /// Forgets what the engine learned (a new game), after the searches asked before.
    /// Nothing to forget before the first search.
    pub fn clear(&mut self) {
        if self.requests.is_some() {
            self.send(Request::Clear);
        }
    }
}

/// One job on the worker thread.
fn search(
    engine: &mut Engine,
    job: Job,
    root: &Result<Root, AiError>,
    cancel: &AtomicBool,
) -> Answer {
    // A game over answers nothing: no move, no hint, no draw.
    let root = root.as_ref().map_err(Clone::clone);
    match job {
        Job::Move { level, seed } => {
            let player = Player::Level(Level::new(level));
            let r = root.and_then(|root| engine.play(root, player, seed, cancel, |_| {}));
            Answer::Move(r.ok().map(|r| r.best))
        }
        Job::Hint => {
            let hint = Player::hint(HINT_TIME);
            let r = root.and_then(|root| engine.play(root, hint, 0, cancel, |_| {}));
            Answer::Hint(r.ok().map(|r| r.best))
        }
        // A cancelled look declines: nothing is agreed without a judgement.
        Job::DrawOffer => Answer::Draw(
            root.and_then(|root| engine.judge_draw_offer(root, cancel))
                .unwrap_or(false),
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{GameId, Position, Rules};
    use std::sync::mpsc;

    fn game(pos: Position) -> Session {
        Session::from_record(dama_core::GameRecord::from_position(pos))
    }

    fn worker() -> (AiWorker, mpsc::Receiver<(u64, Answer)>) {
        let (tx, rx) = mpsc::channel();
        let w = AiWorker::new(move |g, a| {
            let _ = tx.send((g, a));
        });
        (w, rx)
    }

    #[test]
    fn a_move_comes_back_legal_and_current() {
        let (mut w, rx) = worker();
        let pos = Position::start(Rules::new(GameId::Zamma));
        let g = w.start(Job::Move { level: 1, seed: 3 }, &game(pos.clone()));
        let (got, answer) = rx.recv_timeout(Duration::from_secs(30)).unwrap();
        assert_eq!(got, g);
        assert!(w.finish(got));
        assert!(!w.finish(got), "answered once");
        let Answer::Move(Some(m)) = answer else {
            panic!("{answer:?}")
        };
        assert!(pos.legal_moves().contains(&m));
    }

    #[test]
    fn an_answer_after_stop_or_a_newer_search_is_stale() {
        let (mut w, rx) = worker();
        let pos = Position::start(Rules::new(GameId::Turkish));
        let first = w.start(Job::Hint, &game(pos.clone()));
        let second = w.start(Job::Hint, &game(pos.clone()));
        w.stop();
        let third = w.start(Job::Hint, &game(pos.clone()));
        // The first may have begun before it was cancelled (then it answers, stale); the
        // second was cancelled before it began and never answers; the third is current.
        let mut answered = Vec::new();
        while let Ok((g, _)) = rx.recv_timeout(Duration::from_secs(30)) {
            answered.push(g);
            if g == third {
                break;
            }
        }
        assert_eq!(answered.last(), Some(&third));
        assert!(!answered.contains(&second), "{answered:?}");
        for &g in &answered[..answered.len() - 1] {
            assert_eq!(g, first);
            assert!(!w.finish(g), "the first search was replaced");
        }
        assert!(w.finish(third));
    }

    #[test]
    fn the_draw_look_runs_off_the_calling_thread() {
        let (mut w, rx) = worker();
        // White (to move, the player) is a king up: the computer accepts.
        let rules = Rules::new(GameId::Turkish);
        let up = Position::from_code(rules, "W:WKa1,b2,c2:Bh7,g7").unwrap();
        w.start(Job::DrawOffer, &game(up));
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(30)).unwrap().1,
            Answer::Draw(true)
        );
        // A man down: the computer declines.
        let down = Position::from_code(rules, "W:Wa2:Bh7,g7,f7").unwrap();
        w.start(Job::DrawOffer, &game(down));
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(30)).unwrap().1,
            Answer::Draw(false)
        );
        // The start of the game: the computer plays on (it accepted here before).
        w.start(Job::DrawOffer, &game(Position::start(rules)));
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(30)).unwrap().1,
            Answer::Draw(false)
        );
    }
}
