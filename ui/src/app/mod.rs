//! The app: the state the screens share (settings, the unfinished game, the history, the
//! game in play), [`App::update`] routing each screen's message and carrying out the
//! [`Command`]s it returns. The state lives in one [`App`] behind an `Rc` on the UI thread,
//! owned by the [`AppHandle`] that [`create`] returns; the window's callbacks send their
//! messages through a weak reference, so nothing else keeps it alive. The AI runs on
//! its worker thread, saves on the saver's; moves are animated by a timer that updates only
//! the pieces.

mod art;
mod handle;
mod library;
mod stage;

pub use handle::{create_with, AppHandle};

use crate::models::Models;
use crate::opponent::Opponent;
use crate::play::ai_worker::{AiWorker, Answer};
use crate::play::animation::Animation;
use crate::play::editing::CodeStatus;
use crate::play::flow::{Effect, Flow};
use crate::screens::editor::EditorScreen;
use crate::screens::history::HistoryScreen;
use crate::screens::home::LastGame;
use crate::screens::learn::LearnScreen;
use crate::screens::puzzles::PuzzleScreen;
use crate::screens::review::ReviewScreen;
use crate::screens::share_sheet::ShareSheet;
use crate::screens::{editor, history, home, learn, puzzles, settings, Command, Msg};
use crate::share::NotAGame;
use crate::sound::{Feedback, Haptic};
use crate::store::{FinishedGame, History, NewGame, SavedGame, Saver, Settings};
use crate::{AppWindow, GameAdapter, Screen};
use dama_core::{Color, GameRecord, Session};
use slint::{ComponentHandle, Timer};
use std::cell::RefCell;
use std::rc::Weak;
use std::sync::mpsc;

/// The last finished game's game, result and the human's side against the computer, read
/// from its record (the newest that reads: only it is replayed).
fn last_result(history: &History) -> Option<LastGame> {
    history.games.iter().rev().find_map(|g| {
        let rec = GameRecord::from_json(&g.record).ok()?;
        let human = g.human_side();
        Some((rec.rules().game(), rec.outcome()?, human))
    })
}

/// What the window shows: Home (with the settings and rules reached from it), or a game.
enum Mode {
    Home,
    Game(Box<Flow>),
}

/// The unfinished game as last saved: the Home card and Resume read it from memory, not
/// from the file the saver may still be writing.
struct Unfinished {
    saved: SavedGame,
    /// The game as loaded or last saved, ready to play on.
    game: Session,
}

/// The app's state: settings, the unfinished game, the game in play, the AI worker, the
/// animation and the models. The decisions of play are in [`Flow`].
pub struct App {
    me: Weak<RefCell<App>>,
    ui: slint::Weak<AppWindow>,
    saver: Saver,
    settings: Settings,
    unfinished: Option<Unfinished>,
    /// The finished games (newest last), and the last one's game and result for Home.
    history: History,
    last: Option<LastGame>,
    mode: Mode,
    /// Searches off the UI thread; its answers wait in `answers`.
    ai: AiWorker,
    answers: mpsc::Receiver<(u64, Answer)>,
    /// The game screen's lists, updated row by row.
    models: Models,
    animation: Option<Animation>,
    timer: Timer,
    /// The platform's speaker and haptics, and the touch due when the move under way lands.
    feedback: Feedback,
    landing: Option<Haptic>,
    /// The screens that keep state of their own.
    history_screen: HistoryScreen,
    review: ReviewScreen,
    editor: EditorScreen,
    share: ShareSheet,
    puzzles: PuzzleScreen,
    learn: LearnScreen,
}

impl App {
    fn flow(&self) -> Option<&Flow> {
        match &self.mode {
            Mode::Game(f) => Some(f),
            Mode::Home => None,
        }
    }

    /// Runs a decision of the game in play and carries out its effects.
    fn play(&mut self, decide: impl FnOnce(&mut Flow) -> Vec<Effect>) {
        let Mode::Game(flow) = &mut self.mode else {
            return;
        };
        let effects = decide(flow);
        self.apply(effects);
    }

    /// Home's choices, the unfinished game's card and the settings into the window.
    fn show_all(&self, ui: &AppWindow) {
        settings::show(ui, &self.settings);
        home::show(ui, &self.settings.new_game);
        home::show_unfinished(ui, self.unfinished.as_ref().map(|u| &u.game));
        home::show_last(ui, self.last);
    }

    /// Routes a screen's message to its `update` and carries out what it asks.
    pub(crate) fn update(&mut self, msg: Msg) {
        let Some(ui) = self.ui.upgrade() else { return };
        match msg {
            Msg::Home(m) => match home::update(&mut self.settings.new_game, m) {
                Err(command) => self.command(command),
                Ok(true) => {
                    home::show(&ui, &self.settings.new_game);
                    self.saver.settings(&self.settings);
                }
                Ok(false) => {}
            },
            Msg::Settings(m) => {
                settings::update(&mut self.settings, m);
                settings::show(&ui, &self.settings);
                self.saver.settings(&self.settings);
                self.refresh();
            }
            Msg::Game(m) => self.game(m),
            Msg::History(history::Msg::Show) => self.show_history(),
            Msg::History(history::Msg::ShowMore) => {
                self.history_screen.more();
                self.history_screen.list(&ui, &self.history);
            }
            Msg::History(history::Msg::ShowStatistics) => self.show_statistics(),
            Msg::History(history::Msg::Open(row)) => self.open_review(row.max(0) as usize),
            Msg::History(history::Msg::Paste) => self.paste_game(),
            Msg::Review(m) => {
                if let Some(command) = self.review.update(&ui, m) {
                    self.command(command);
                }
            }
            Msg::Editor(editor::Msg::Show) => self.show_editor(),
            Msg::Editor(m) => {
                if let Some(command) = self.editor.update(&ui, m) {
                    self.command(command);
                }
            }
            Msg::Share(m) => self.share.update(&ui, m),
            Msg::Puzzles(m) => {
                if matches!(m, puzzles::Msg::Show) {
                    // Read the first time the screen opens, not at start-up.
                    if !self.puzzles.loaded() {
                        self.puzzles.load(self.saver.store().load_puzzles());
                    }
                    ui.set_screen(Screen::Puzzles);
                }
                if let Some(command) = self.puzzles.update(&ui, m) {
                    self.command(command);
                }
            }
            Msg::Learn(m) => {
                if matches!(m, learn::Msg::Show(_)) {
                    // Read the first time the screen opens, not at start-up.
                    if !self.learn.loaded() {
                        self.learn.load(self.saver.store().load_lessons());
                    }
                    ui.set_screen(Screen::Learn);
                }
                let lang = crate::languages::at(self.settings.language).code;
                if let Some(command) = self.learn.update(&ui, m, lang) {
                    self.command(command);
                }
            }
        }
    }

    /// Carries out what a screen asked for.
    fn command(&mut self, command: Command) {
        let Some(ui) = self.ui.upgrade() else { return };
        match command {
            Command::StartChosenGame => self.start_game(self.settings.new_game.clone()),
            Command::Resume => self.resume(),
            Command::PlayPosition(pos) => {
                // Against Home's opponent, the player's colour as chosen there.
                let new_game = &self.settings.new_game;
                let (opponent, human) = (new_game.opponent, new_game.human());
                self.begin(GameRecord::from_position(pos), opponent, human);
            }
            Command::Share(text) => self.share.open(&ui, text),
            Command::CopyCode(code) => {
                let answer = match self.share.copy(&code) {
                    true => Ok(None),
                    false => Err(CodeStatus::NoClipboard),
                };
                self.editor.clipboard_answered(&ui, answer);
            }
            Command::PasteCode => {
                let answer = match self.share.pasted() {
                    Err(NotAGame::NoClipboard) => Err(CodeStatus::NoClipboard),
                    Err(_) => Err(CodeStatus::Empty),
                    Ok(code) => Ok(Some(code)),
                };
                self.editor.clipboard_answered(&ui, answer);
            }
            Command::SavePuzzles(progress) => self.saver.puzzles(&progress),
            Command::SaveLessons(progress) => self.saver.lessons(&progress),
            Command::KeepAnalysis(id, analysis) => {
                if let Some(g) = self.history.games.iter_mut().find(|g| g.id == id) {
                    g.analysis = Some(analysis);
                    self.saver.history(&self.history.games);
                }
            }
        }
    }

    /// Starts a game of these choices (kept as Home's).
    pub fn start_game(&mut self, new_game: NewGame) {
        self.settings.new_game = new_game.clone();
        self.saver.settings(&self.settings);
        let human = new_game.human();
        self.begin(GameRecord::new(new_game.rules()), new_game.opponent, human);
    }

    /// Starts playing a record (a new game, a saved one, or a position for tests) against
    /// `opponent`.
    pub fn begin(&mut self, record: GameRecord, opponent: Opponent, human: Color) {
        let seed = Self::seed();
        self.play_on(Flow::seeded(record, opponent, human, seed));
    }

    /// A seed per game, from the clock: the computer varies from game to game.
    fn seed() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    }

    /// Shows the game screen for a flow that starts, and carries out its first effects.
    fn play_on(&mut self, (flow, effects): (Flow, Vec<Effect>)) {
        self.ai.stop();
        self.animation = None;
        self.timer.stop();
        self.mode = Mode::Game(Box::new(flow));
        self.ai.clear();
        if let Some(ui) = self.ui.upgrade() {
            let game = ui.global::<GameAdapter>();
            game.set_dialog(crate::Dialog::None);
            game.set_over_dismissed(false);
            ui.set_screen(Screen::Game);
        }
        self.apply(effects);
    }

    /// Continues the unfinished game: the session that loaded it plays on (no replay, no
    /// save: the file holds it already).
    pub fn resume(&mut self) {
        let Some(u) = &self.unfinished else {
            return;
        };
        let human = if u.saved.human_black {
            Color::Black
        } else {
            Color::White
        };
        let (game, opponent) = (u.game.clone(), u.saved.opponent);
        self.play_on(Flow::resumed(game, opponent, human, Self::seed()));
    }

    fn save_game(&mut self) {
        let Mode::Game(flow) = &self.mode else { return };
        let game = flow.game();
        let unfinished = game.outcome().is_none().then(|| Unfinished {
            saved: SavedGame {
                record: game.record().to_json(),
                opponent: flow.opponent(),
                human_black: flow.human() == Color::Black,
            },
            game: game.clone(),
        });
        // A finished game joins the history (once: ending again after an undo replaces
        // its entry, and taking the ending back removes it).
        let outcome = game.outcome();
        let finished = outcome.map(|o| FinishedGame {
            record: game.record().to_json(),
            opponent: flow.opponent(),
            human_black: flow.human() == Color::Black,
            ended: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            id: flow.id(),
            analysis: None,
            ending: Some(crate::store::Ending::new(game.record(), o)),
            imported: false,
        });
        if self.history.settle(flow.id(), finished) {
            self.last = match outcome {
                Some(o) => Some((
                    game.rules().game(),
                    o,
                    flow.vs_computer().then(|| flow.human()),
                )),
                None => last_result(&self.history),
            };
            self.saver.history(&self.history.games);
        }
        self.saver
            .game(unfinished.as_ref().map(|u| u.saved.clone()));
        self.unfinished = unfinished;
    }

    /// Writes the pending saves now (the app goes to the background).
    pub fn flush_saves(&mut self) {
        self.saver.flush();
    }

    /// Back to the home screen; a running search is cancelled, the game stays saved.
    pub fn leave(&mut self) {
        self.play(Flow::pause);
        self.animation = None;
        self.timer.stop();
        self.mode = Mode::Home;
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Home);
            self.show_all(&ui);
        }
    }

    /// Replaces the speaker and haptics (a test records what the app plays).
    pub fn set_feedback(&mut self, feedback: Feedback) {
        if let Some(ui) = self.ui.upgrade() {
            ui.global::<crate::SettingsAdapter>()
                .set_can_feel(feedback.can_feel);
        }
        self.feedback = feedback;
    }

    /// Sets the animation speed (0 off … 3 slow).
    pub fn set_anim_speed(&mut self, speed: u8) {
        self.settings.anim_speed = speed.min(3);
    }

    /// The puzzle on the Puzzles screen: its id and its line as the labels of each move's
    /// route (for tests and the platform layers).
    pub fn puzzle_shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        self.puzzles.shown()
    }

    /// The lesson open on Learn: its id and the routes its step accepts, as labels (for
    /// tests and the platform layers).
    pub fn lesson_shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        self.learn.shown()
    }

    /// The record of the game in play (for tests and the platform layers).
    pub fn record(&self) -> Option<&GameRecord> {
        self.flow().map(|f| f.game().record())
    }

    /// `true` while the game waits for the AI (its move, a hint, the look at a draw offer):
    /// the flow says so, the one owner of that state.
    pub fn is_thinking(&self) -> bool {
        self.flow().is_some_and(|f| f.waiting().is_some())
    }

    /// `true` while a move is animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }
}
