//! The screens. Each one reads what it shows into its adapter global (`show`), and turns
//! the player's taps into its own `Msg` (`connect`, the one wiring style: every callback
//! sends a message). The app routes each message to the screen's `update`, one signature
//! for all: `update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command>`. It
//! changes only what the screen owns, reads the app's shared state through [`Ctx`], and
//! returns the [`Command`]s it needs of the app (show a screen, start a search, save, share a
//! text…). No screen imports the app or another screen.

use crate::opponent::Opponent;
use crate::play::ai_worker::Search;
use crate::sound::{Cue, Haptic};
use crate::store::{FinishedGame, History, Settings, Store};
use crate::Screen;
use dama_core::{Color, GameRecord};
use std::rc::Rc;
use std::time::Duration;

pub(crate) mod editor;
pub(crate) mod game;
pub(crate) mod history;
pub(crate) mod home;
pub(crate) mod learn;
pub(crate) mod puzzles;
pub mod review;
pub(crate) mod settings;
pub(crate) mod share_sheet;

/// A player's action on one of the screens, as the app receives it.
pub(crate) enum Msg {
    /// On Home.
    Home(home::Msg),
    /// On the settings screen.
    Settings(settings::Msg),
    /// On the game screen.
    Game(game::Msg),
    /// On History or Statistics.
    History(history::Msg),
    /// On the review.
    Review(review::Msg),
    /// In the position editor.
    Editor(editor::Msg),
    /// In the share sheet.
    Share(share_sheet::Msg),
    /// On the Puzzles screen.
    Puzzles(puzzles::Msg),
    /// On Learn.
    Learn(learn::Msg),
}

/// What every screen may read of the app's shared state while it handles a message (the
/// app owns it; a screen asks for a change with a [`Command`]).
pub(crate) struct Ctx<'a> {
    /// The settings, Home's choices among them.
    pub(crate) settings: &'a Settings,
    /// What the system asks for (no animations, a text size), where it speaks.
    pub(crate) system: &'a crate::store::System,
    /// The finished games.
    pub(crate) history: &'a History,
    /// The store, for what a screen reads the first time it opens (not at start-up).
    pub(crate) store: &'a Store,
}

/// The last finished game's game, result and the human's side against the computer (Home's
/// line about it).
pub(crate) type LastGame = (dama_core::GameId, dama_core::Outcome, Option<Color>);

/// What a screen needs of the app, outside itself. The app carries each out (`app/`): it
/// owns the window's screen, the settings, the history, the AI worker, the speaker and the
/// haptics, the saver and the animation's timer.
pub(crate) enum Command {
    /// Show this screen: the one place the screen changes from Rust.
    Navigate(Screen),
    /// The settings (Home's choices among them) are now these: keep and save them.
    ChangeSettings(Box<Settings>),
    /// Play a game of Home's choices.
    StartChosenGame,
    /// Play on in the unfinished game.
    Resume,
    /// Play this set-up position against Home's opponent.
    PlayPosition(dama_core::Position),
    /// Play this record against `Opponent`, the human being `Color`.
    Begin(Box<GameRecord>, Opponent, Color),
    /// Open the share sheet with this text.
    Share(String),
    /// Put this text on the clipboard; the editor is told how it went.
    CopyCode(String),
    /// Read the clipboard into the editor as a position code.
    PasteCode,
    /// Read the clipboard for History's *Paste a game*.
    PasteGame,
    /// Take this pasted finished game into the history (and save it), then open it.
    Import(Box<FinishedGame>),
    /// Open the review of the history entry of this id.
    OpenReview(u64),
    /// Keep this finished review with the history entry of this id (and save it).
    KeepAnalysis(u64, dama_core::ai::analysis::Analysis),
    /// Save the puzzle progress.
    SavePuzzles(Box<crate::store::PuzzleProgress>),
    /// Save the lessons done.
    SaveLessons(Box<crate::store::LessonProgress>),
    /// Start this search on the AI worker (cancelling any running one).
    Search(Box<Search>),
    /// Cancel the running search; its answer, when it comes, is dropped.
    StopSearch,
    /// The engine forgets what it learned (a new game).
    ForgetSearch,
    /// Play these sounds (when the player has them on).
    Sound(Vec<(Duration, Cue)>),
    /// A touch (on a phone with haptics on).
    Feel(Haptic),
    /// Keep the game in play as it is now (the unfinished game, the history).
    SaveGame(Box<game::Save>),
    /// Start the animation's frame timer (it sends `game::Msg::Tick`).
    StartTimer,
    /// Stop the animation's frame timer.
    StopTimer,
}

/// Where the screens' messages go: the app, through a weak reference (so the window's
/// callbacks do not keep the app alive).
pub(crate) type Sender = Rc<dyn Fn(Msg)>;

/// The one wiring helper: a callback without arguments that sends `msg()`.
pub(crate) fn send(tx: &Sender, msg: impl Fn() -> Msg + 'static) -> impl Fn() + 'static {
    let tx = tx.clone();
    move || tx(msg())
}

/// [`send`] for a callback that carries arguments (as one tuple or value).
pub(crate) fn send_with<T>(tx: &Sender, msg: impl Fn(T) -> Msg + 'static) -> impl Fn(T) + 'static {
    let tx = tx.clone();
    move |arg| tx(msg(arg))
}
