//! The finished games: History and Statistics listed, a game opened for review, a pasted
//! game taken into the history, the editor opened for Home's game.

use super::App;
use crate::opponent::Opponent;
use crate::screens::history::show_paste_problem;
use crate::screens::review::Review;
use crate::store::FinishedGame;
use crate::Screen;
use dama_core::Color;

impl App {
    /// The History screen, its list read from the summaries (a game's record is read
    /// only the first time it is listed, and only if its entry lacks its ending).
    pub fn show_history(&mut self) {
        self.history_screen.first_page();
        if let Some(ui) = self.ui.upgrade() {
            show_paste_problem(&ui, None, self.settings.new_game.game);
        }
        self.list_history();
    }

    fn list_history(&mut self) {
        if let Some(ui) = self.ui.upgrade() {
            self.history_screen.list(&ui, &self.history);
            ui.set_screen(Screen::History);
        }
    }

    /// The Statistics screen (derived from the same summaries as the list).
    pub fn show_statistics(&mut self) {
        self.show_history();
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Statistics);
        }
    }

    /// Opens the review of the history entry `id` (after the list was made).
    fn open_review_of(&mut self, id: u64) {
        let Some(ui) = self.ui.upgrade() else { return };
        let Some(g) = self.history.games.iter().find(|g| g.id == id) else {
            return;
        };
        if self.review.open(&ui, g) {
            ui.set_screen(Screen::Review);
            self.review.show(&ui);
        }
    }

    /// Opens row `row` of the History list (newest first) for review; its review starts
    /// unless it was made before.
    pub fn open_review(&mut self, row: usize) {
        if let Some(id) = self.history_screen.id_of_row(row) {
            self.open_review_of(id);
        }
    }

    /// Sets the review's search per position (tests use a small one).
    pub fn set_review_nodes(&mut self, nodes: u64) {
        self.review.set_nodes(nodes);
    }

    /// The review thread's reports, on the UI thread: progress shown, a finished review
    /// kept with its game and saved.
    pub fn take_review_reports(&mut self) {
        self.update(crate::screens::Msg::Review(
            crate::screens::review::Msg::Ready,
        ));
    }

    /// The game under review (tests).
    pub fn review(&self) -> Option<&Review> {
        self.review.review.as_ref()
    }

    /// The position editor, for Home's game and options, from its start position.
    pub fn show_editor(&mut self) {
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Editor);
            self.editor.open(&ui, self.settings.new_game.rules());
        }
    }

    /// Imports the game on the clipboard: a finished game joins the history (as imported)
    /// and opens in review; one still in play goes on as a two-player game. What is not a
    /// game is explained on the History screen.
    pub(super) fn paste_game(&mut self) {
        // Moves without tags are a game of the game chosen on Home, with its options.
        let rules = self.settings.new_game.rules();
        let read = self
            .share
            .pasted()
            .and_then(|t| crate::share::read_game(&t, &rules));
        if let Some(ui) = self.ui.upgrade() {
            show_paste_problem(&ui, read.as_ref().err(), rules.game());
        }
        let Ok(record) = read else { return };
        let Some(outcome) = record.outcome() else {
            self.begin(record, Opponent::TwoPlayers, Color::White);
            return;
        };
        // The same game pasted again opens the entry it already has.
        if let Some(id) = crate::share::known_entry(&self.history, &record) {
            self.list_history();
            self.open_review_of(id);
            return;
        }
        let id = Self::seed();
        self.history.add(FinishedGame {
            record: record.to_json(),
            opponent: Opponent::TwoPlayers,
            human_black: false,
            ended: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            id,
            ending: Some(crate::store::Ending::new(&record, outcome)),
            analysis: None,
            imported: true,
        });
        self.saver.history(&self.history.games);
        self.list_history();
        self.open_review_of(id);
    }

    /// Replaces the clipboard and share sheet (a test shares through memory).
    pub fn set_sharing(&mut self, sharing: crate::share::Sharing) {
        self.share.set_sharing(sharing);
    }
}
