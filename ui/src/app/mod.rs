//! The app: the state the screens share (settings, the unfinished game, the history), the
//! resources their commands use, and [`App::update`] routing each screen's message to that
//! screen's `update` (one call per arm) and carrying out the [`Command`]s it returns: the
//! one place the screen changes, a search starts or stops, a sound plays, a save is made.
//! The state lives in one [`App`] behind an `Rc` on the UI thread, owned by the
//! [`AppHandle`] that [`create`] returns; the window's callbacks send their messages through
//! a weak reference, so nothing else keeps it alive. The AI runs on its worker thread, saves
//! on the saver's; moves are animated on a timer whose ticks go to the game screen.

mod art;
mod handle;
mod library;
mod stage;

pub use handle::{create_with, AppHandle};

use crate::play::ai_worker::{AiWorker, Answer};
use crate::play::editing::CodeStatus;
use crate::screens::editor::EditorScreen;
use crate::screens::game::GameScreen;
use crate::screens::history::HistoryScreen;
use crate::screens::home::HomeScreen;
use crate::screens::learn::LearnScreen;
use crate::screens::puzzles::PuzzleScreen;
use crate::screens::review::ReviewScreen;
use crate::screens::settings::SettingsScreen;
use crate::screens::share_sheet::ShareSheet;
use crate::screens::{game, home, settings};
use crate::screens::{Command, Ctx, LastGame, Msg};
use crate::share::NotAGame;
use crate::sound::Feedback;
use crate::store::{History, SavedGame, Saver, Settings, System};
use crate::{AppWindow, Screen};
use dama_core::{GameRecord, Session};
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

/// The unfinished game as last saved: the Home card and Resume read it from memory, not
/// from the file the saver may still be writing.
struct Unfinished {
    saved: SavedGame,
    /// The game as loaded or last saved, ready to play on.
    game: Session,
}

/// The screens' own states, each changed only by its `update`.
pub(crate) struct Screens {
    home: HomeScreen,
    settings: SettingsScreen,
    game: GameScreen,
    history: HistoryScreen,
    review: ReviewScreen,
    editor: EditorScreen,
    share: ShareSheet,
    puzzles: PuzzleScreen,
    learn: LearnScreen,
}

/// The app's state: what the screens share (settings, the unfinished game, the history)
/// and the resources their commands use (the window, the saver, the AI worker, the timer,
/// the speaker and haptics); the screens' own states in [`Screens`].
pub struct App {
    me: Weak<RefCell<App>>,
    ui: slint::Weak<AppWindow>,
    saver: Saver,
    settings: Settings,
    /// What the system asks for (no animations, a text size): read by the platform.
    system: System,
    unfinished: Option<Unfinished>,
    /// The finished games (newest last), and the last one's game and result for Home.
    history: History,
    last: Option<LastGame>,
    /// Searches off the UI thread; its answers wait in `answers`.
    ai: AiWorker,
    answers: mpsc::Receiver<(u64, Answer)>,
    /// The animation's frame timer.
    timer: Timer,
    /// The platform's speaker and haptics.
    feedback: Feedback,
    screens: Screens,
}

impl App {
    /// Runs a screen's `update` with the window and the shared state, and carries out the
    /// commands it returns.
    fn run(&mut self, update: impl FnOnce(&mut Screens, &AppWindow, &Ctx) -> Vec<Command>) {
        let Some(ui) = self.ui.upgrade() else { return };
        let cx = Ctx {
            settings: &self.settings,
            system: &self.system,
            history: &self.history,
            store: self.saver.store(),
        };
        for command in update(&mut self.screens, &ui, &cx) {
            self.command(command);
        }
    }

    /// Home's choices, the unfinished game's card and the settings into the window.
    fn show_all(&self, ui: &AppWindow) {
        settings::show(ui, &self.settings, &self.system);
        home::show(ui, &self.settings.new_game);
        home::show_unfinished(ui, self.unfinished.as_ref().map(|u| &u.game));
        home::show_last(ui, self.last);
    }

    /// Routes a screen's message to its `update` and carries out what it asks: one call an
    /// arm (`tests/architecture.rs` checks it).
    pub(crate) fn update(&mut self, msg: Msg) {
        match msg {
            Msg::Home(m) => self.run(|s, ui, cx| s.home.update(ui, m, cx)),
            Msg::Settings(m) => self.run(|s, ui, cx| s.settings.update(ui, m, cx)),
            Msg::Game(game::Msg::AnswerReady) => self.take_answers(),
            Msg::Game(m) => self.run(|s, ui, cx| s.game.update(ui, m, cx)),
            Msg::History(m) => self.run(|s, ui, cx| s.history.update(ui, m, cx)),
            Msg::Review(m) => self.run(|s, ui, cx| s.review.update(ui, m, cx)),
            Msg::Editor(m) => self.run(|s, ui, cx| s.editor.update(ui, m, cx)),
            Msg::Share(m) => self.run(|s, ui, cx| s.share.update(ui, m, cx)),
            Msg::Puzzles(m) => self.run(|s, ui, cx| s.puzzles.update(ui, m, cx)),
            Msg::Learn(m) => self.run(|s, ui, cx| s.learn.update(ui, m, cx)),
        }
    }

    /// Carries out what a screen asked for.
    fn command(&mut self, command: Command) {
        let Some(ui) = self.ui.upgrade() else { return };
        match command {
            Command::Navigate(screen) => {
                ui.set_screen(screen);
                // Home shows what the app keeps: the settings, the unfinished game, the
                // last result.
                if screen == Screen::Home {
                    self.show_all(&ui);
                }
            }
            Command::ChangeSettings(settings) => {
                self.settings = *settings;
                self.saver.settings(&self.settings);
                self.run(|s, ui, cx| s.game.update(ui, game::Msg::Redraw, cx));
            }
            Command::StartChosenGame => self.start_game(self.settings.new_game.clone()),
            Command::Resume => self.resume(),
            Command::PlayPosition(pos) => {
                // Against Home's opponent, the player's colour as chosen there.
                let new_game = &self.settings.new_game;
                let (opponent, human) = (new_game.opponent, new_game.human());
                self.begin(GameRecord::from_position(pos), opponent, human);
            }
            Command::Begin(record, opponent, human) => self.begin(*record, opponent, human),
            Command::Share(text) => self.screens.share.open(&ui, text),
            Command::CopyCode(code) => {
                let answer = match self.screens.share.copy(&code) {
                    true => Ok(None),
                    false => Err(CodeStatus::NoClipboard),
                };
                self.screens.editor.clipboard_answered(&ui, answer);
            }
            Command::PasteCode => {
                let answer = match self.screens.share.pasted() {
                    Err(NotAGame::NoClipboard) => Err(CodeStatus::NoClipboard),
                    Err(_) => Err(CodeStatus::Empty),
                    Ok(code) => Ok(Some(code)),
                };
                self.screens.editor.clipboard_answered(&ui, answer);
            }
            Command::PasteGame => self.paste_game(),
            Command::Import(game) => self.import(*game),
            Command::OpenReview(id) => self.open_review_of(id),
            Command::SavePuzzles(progress) => self.saver.puzzles(&progress),
            Command::SaveLessons(progress) => self.saver.lessons(&progress),
            Command::KeepAnalysis(id, analysis) => {
                if let Some(g) = self.history.games.iter_mut().find(|g| g.id == id) {
                    g.analysis = Some(analysis);
                    self.saver.history(&self.history.games);
                }
            }
            Command::Search(search) => {
                self.ai.begin(*search);
            }
            Command::StopSearch => self.ai.stop(),
            Command::ForgetSearch => self.ai.clear(),
            Command::Sound(cues) => self.sound(&cues),
            Command::Feel(haptic) => self.feel(haptic),
            Command::SaveGame(save) => self.save_game(*save),
            Command::StartTimer => self.start_timer(),
            Command::StopTimer => self.timer.stop(),
        }
    }

    /// Writes the pending saves now (the app goes to the background).
    pub fn flush_saves(&mut self) {
        self.saver.flush();
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

    /// What the system asks for now (the platform read it at start, or again on coming
    /// back): shown at once, the board redrawn for a new text size; nothing is saved.
    pub fn set_system(&mut self, system: System) {
        if system == self.system {
            return;
        }
        self.system = system;
        if let Some(ui) = self.ui.upgrade() {
            settings::show(&ui, &self.settings, &self.system);
        }
        self.run(|s, ui, cx| s.game.update(ui, game::Msg::Redraw, cx));
    }

    /// The puzzle on the Puzzles screen: its id and its line as the labels of each move's
    /// route (for tests and the platform layers).
    pub fn puzzle_shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        self.screens.puzzles.shown()
    }

    /// The lesson open on Learn: its id and the routes its step accepts, as labels (for
    /// tests and the platform layers).
    pub fn lesson_shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        self.screens.learn.shown()
    }

    /// The record of the game in play (for tests and the platform layers).
    pub fn record(&self) -> Option<&GameRecord> {
        self.screens.game.flow().map(|f| f.game().record())
    }

    /// `true` while the game waits for the AI (its move, a hint, the look at a draw offer):
    /// the flow says so, the one owner of that state.
    pub fn is_thinking(&self) -> bool {
        self.screens
            .game
            .flow()
            .is_some_and(|f| f.waiting().is_some())
    }

    /// `true` while a move is animated.
    pub fn is_animating(&self) -> bool {
        self.screens.game.animating()
    }
}
