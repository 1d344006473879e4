//! The screens. Each one reads what it shows into its adapter global (`show`), and turns
//! the player's taps into its own `Msg` (`connect`, the one wiring style: every callback
//! sends a message). The app routes each message to the screen's `update`, which changes
//! only what the screen owns and returns the [`Command`] it needs of the app (start a game,
//! open a review, share a text…). No screen imports the app or another screen.

use std::rc::Rc;

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

/// What a screen needs of the app, outside itself.
pub(crate) enum Command {
    /// Play a game of Home's choices.
    StartChosenGame,
    /// Play on in the unfinished game.
    Resume,
    /// Play this set-up position against Home's opponent.
    PlayPosition(dama_core::Position),
    /// Open the share sheet with this text.
    Share(String),
    /// Put this text on the clipboard; the editor is told how it went.
    CopyCode(String),
    /// Read the clipboard into the editor as a position code.
    PasteCode,
    /// Keep this finished review with the history entry of this id (and save it).
    KeepAnalysis(u64, dama_core::ai::analysis::Analysis),
    /// Save the puzzle progress.
    SavePuzzles(Box<crate::store::PuzzleProgress>),
    /// Save the lessons done.
    SaveLessons(Box<crate::store::LessonProgress>),
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
