//! The review screen's state: the game under review (its board, graph and moves are drawn
//! by `Review::show` in `review.rs`), its engine's review started and its reports taken.

use super::{Msg, Review};
use crate::screens::{Command, Ctx};
use crate::store::FinishedGame;
use crate::{AppWindow, Screen};
use dama_core::ai::analysis;
use slint::ComponentHandle;

/// The review screen's state: the game under review, and the engine's budget a position.
pub(crate) struct ReviewScreen {
    /// The game under review.
    pub(crate) review: Option<Review>,
    nodes: u64,
}

impl ReviewScreen {
    /// No game under review yet.
    pub(crate) fn new() -> ReviewScreen {
        ReviewScreen {
            review: None,
            nodes: analysis::DEFAULT_NODES,
        }
    }

    /// Sets the review's search per position (tests use a small one).
    pub(crate) fn set_nodes(&mut self, nodes: u64) {
        self.nodes = nodes.max(1);
    }

    /// Opens the review of a finished game (the one before is cancelled); its review
    /// starts unless it was made before. `false` if its record does not read.
    fn open(&mut self, ui: &AppWindow, g: &FinishedGame) -> bool {
        if let Some(r) = &mut self.review {
            r.cancel();
        }
        self.review = Review::open(g);
        if self.review.is_none() {
            return false;
        }
        self.analyse(ui);
        true
    }

    /// Starts the engine's review of the game under review (off the UI thread).
    fn analyse(&mut self, ui: &AppWindow) {
        let wake = ui.as_weak();
        if let Some(r) = &mut self.review {
            r.analyse(self.nodes, move || {
                let _ = wake
                    .upgrade_in_event_loop(|ui| ui.global::<crate::Wakeup>().invoke_review_ready());
            });
        }
    }

    /// What `msg` changes, shown; a finished review is returned to be kept with its game
    /// (its id), a shared text to be shown in the share sheet, the review opened to be shown.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut out = Vec::new();
        match msg {
            Msg::Open(id) => {
                let Some(g) = cx.history.games.iter().find(|g| g.id == id) else {
                    return out;
                };
                if !self.open(ui, g) {
                    return out;
                }
                out.push(Command::Navigate(Screen::Review));
            }
            Msg::Analyse => self.analyse(ui),
            Msg::Share => {
                let text = self.review.as_ref().map(Review::shared_text);
                return text.map(Command::Share).into_iter().collect();
            }
            msg => {
                let Some(r) = self.review.as_mut() else {
                    return out;
                };
                match msg {
                    Msg::GoTo(ply) => r.go_to(ply),
                    Msg::Step(by) => r.step(by),
                    Msg::GraphTapped(f) => r.graph_tapped(f),
                    Msg::ToggleBest => r.toggle_best(),
                    Msg::Cancel => r.cancel(),
                    Msg::Ready => {
                        if let Some(a) = r.take_reports() {
                            out.push(Command::KeepAnalysis(r.id, a));
                        }
                    }
                    Msg::Analyse | Msg::Share | Msg::Open(_) => {}
                }
            }
        }
        self.show(ui);
        out
    }

    /// The review as it is now, into the window.
    pub(crate) fn show(&self, ui: &AppWindow) {
        if let Some(r) = &self.review {
            r.show(ui);
        }
    }
}
