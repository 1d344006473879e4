//! Saving off the UI thread: the newest of each file in a burst of changes, written once the
//! burst has paused.

use super::{FinishedGame, LessonProgress, PuzzleProgress, SavedGame, Settings, Store};
use std::sync::mpsc;
use std::time::Duration;

/// One write for the saver thread.
enum Write {
    Settings(Settings),
    Game(Option<SavedGame>),
    History(Vec<FinishedGame>),
    // Boxed: five banks' tracks would make every write as large.
    Puzzles(Box<PuzzleProgress>),
    Lessons(LessonProgress),
}

/// Saves off the UI thread (each save is a write and an fsync): the newest settings and game
/// of a burst of changes are written once the burst has paused. The thread starts with the
/// first save. Dropping it writes what is still pending.
pub struct Saver {
    store: Store,
    writes: Option<mpsc::Sender<Write>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

/// How long the saver waits for the next change before it writes.
const SAVE_PAUSE: Duration = Duration::from_millis(150);

impl Saver {
    /// A saver writing into `store`.
    pub fn new(store: Store) -> Saver {
        Saver {
            store,
            writes: None,
            thread: None,
        }
    }

    fn send(&mut self, w: Write) {
        if self.writes.is_none() {
            let (writes, pending) = mpsc::channel::<Write>();
            let store = self.store.clone();
            self.thread = Some(std::thread::spawn(move || {
                while let Ok(first) = pending.recv() {
                    let (mut settings, mut game, mut history) = (None, None, None);
                    let (mut puzzles, mut lessons) = (None, None);
                    let mut keep = |w| match w {
                        Write::Settings(s) => settings = Some(s),
                        Write::Game(g) => game = Some(g),
                        Write::History(h) => history = Some(h),
                        Write::Puzzles(p) => puzzles = Some(*p),
                        Write::Lessons(l) => lessons = Some(l),
                    };
                    keep(first);
                    while let Ok(w) = pending.recv_timeout(SAVE_PAUSE) {
                        keep(w);
                    }
                    if let Some(s) = settings {
                        let _ = store.save_settings(&s);
                    }
                    if let Some(p) = puzzles {
                        let _ = store.save_puzzles(&p);
                    }
                    if let Some(l) = lessons {
                        let _ = store.save_lessons(&l);
                    }
                    // The finished game joins the history before the unfinished one is
                    // forgotten: a crash between the two loses nothing.
                    if let Some(h) = history {
                        let _ = store.save_history(&h);
                    }
                    match game {
                        Some(Some(g)) => {
                            let _ = store.save_game(&g);
                        }
                        Some(None) => store.clear_game(),
                        None => {}
                    }
                }
            }));
            self.writes = Some(writes);
        }
        if let Some(tx) = &self.writes {
            let _ = tx.send(w);
        }
    }

    /// Writes what is pending now and waits for it (the app goes to the background, where
    /// the system may end the process without a word). The next save starts a new thread.
    pub fn flush(&mut self) {
        // Closing the channel makes the thread write at once and end.
        self.writes = None;
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Where it writes (what is read back comes from there).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// Saves the settings soon.
    pub fn settings(&mut self, s: &Settings) {
        self.send(Write::Settings(s.clone()));
    }

    /// Saves the history soon.
    pub fn history(&mut self, games: &[FinishedGame]) {
        self.send(Write::History(games.to_vec()));
    }

    /// Saves the puzzle progress soon.
    pub fn puzzles(&mut self, p: &PuzzleProgress) {
        self.send(Write::Puzzles(Box::new(p.clone())));
    }

    /// Saves the lessons done soon.
    pub fn lessons(&mut self, l: &LessonProgress) {
        self.send(Write::Lessons(l.clone()));
    }

    /// Saves the unfinished game soon (`None`: forgets it, the game ended).
    pub fn game(&mut self, g: Option<SavedGame>) {
        self.send(Write::Game(g));
    }
}

impl Drop for Saver {
    fn drop(&mut self) {
        self.flush();
    }
}
