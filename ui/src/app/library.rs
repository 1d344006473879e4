//! History's commands carried out with the app's state: a pasted game read from the
//! clipboard, taken into the history and saved, a review opened; and the calls tests and
//! platforms make on History, the review and the editor, each a message to its screen.

use super::App;
use crate::screens::review::Review;
use crate::screens::{editor, history, review, Msg};
use crate::store::FinishedGame;

impl App {
    /// The History screen, its list read from the summaries (a game's record is read
    /// only the first time it is listed, and only if its entry lacks its ending).
    pub fn show_history(&mut self) {
        self.update(Msg::History(history::Msg::Show));
    }

    /// The Statistics screen (derived from the same summaries as the list).
    pub fn show_statistics(&mut self) {
        self.update(Msg::History(history::Msg::ShowStatistics));
    }

    /// Opens row `row` of the History list (newest first) for review; its review starts
    /// unless it was made before.
    pub fn open_review(&mut self, row: usize) {
        let row = i32::try_from(row).unwrap_or(i32::MAX);
        self.update(Msg::History(history::Msg::Open(row)));
    }

    /// Opens the review of the history entry `id` (after the list was made).
    pub(super) fn open_review_of(&mut self, id: u64) {
        self.update(Msg::Review(review::Msg::Open(id)));
    }

    /// Sets the review's search per position (tests use a small one).
    pub fn set_review_nodes(&mut self, nodes: u64) {
        self.screens.review.set_nodes(nodes);
    }

    /// The review thread's reports, on the UI thread: progress shown, a finished review
    /// kept with its game and saved.
    pub fn take_review_reports(&mut self) {
        self.update(Msg::Review(review::Msg::Ready));
    }

    /// The game under review (tests).
    pub fn review(&self) -> Option<&Review> {
        self.screens.review.review.as_ref()
    }

    /// The position editor, for Home's game and options, from its start position.
    pub fn show_editor(&mut self) {
        self.update(Msg::Editor(editor::Msg::Show));
    }

    /// History's *Paste a game*: the clipboard (the share sheet's) read, and what it holds
    /// handed to History.
    pub(super) fn paste_game(&mut self) {
        let pasted = self.screens.share.pasted();
        self.update(Msg::History(history::Msg::Pasted(pasted)));
    }

    /// A pasted finished game joins the history (as imported) and is saved; History lists
    /// and opens it.
    pub(super) fn import(&mut self, game: FinishedGame) {
        let id = game.id;
        self.history.add(game);
        self.saver.history(&self.history.games);
        self.update(Msg::History(history::Msg::Imported(id)));
    }

    /// Replaces the clipboard and share sheet (a test shares through memory).
    pub fn set_sharing(&mut self, sharing: crate::share::Sharing) {
        self.screens.share.set_sharing(sharing);
    }
}
