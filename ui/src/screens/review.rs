//! The review: one finished game stepped through move by move with the engine's review, which
//! runs on its own thread (`play::analysis_job`) and is kept with the game once made.

mod screen;
pub(crate) use screen::ReviewScreen;

use super::{send, send_with, Msg as M, Sender};
use crate::play::analysis_job::AnalysisJob;
use crate::play::summary::{self, Summary};
use crate::store::FinishedGame;
use crate::window::board::{self, BoardView, Seat, Shown};
use crate::window::game_kind;
use crate::{AppWindow, GraphMarkVm, ReviewAdapter, ReviewMoveVm, ReviewRowVm};
use dama_core::ai::analysis::{self, Analysis, Judgement};
use dama_core::{Color, GameRecord, Point, Position, Session};
use slint::{ComponentHandle, ModelRc, VecModel};

/// One finished game under review.
pub struct Review {
    /// The history entry's id.
    pub id: u64,
    summary: Summary,
    human: Color,
    /// The game, with every position it reached and each move's notation and route.
    record: GameRecord,
    ply: usize,
    analysis: Option<Analysis>,
    show_best: bool,
    job: Option<AnalysisJob>,
    /// The board, kept for the review's life and updated row by row: a step touches only
    /// the rows that changed.
    board: BoardView,
    /// The analysis the graph was drawn for (its length; `Some(None)`: none yet).
    graph_for: std::cell::Cell<Option<Option<usize>>>,
}

impl Review {
    /// The review of `g` (its record replayed once); `None` if the record does not read.
    pub fn open(g: &FinishedGame) -> Option<Review> {
        // The record keeps what it replayed while it was read: the positions, each move's
        // notation and route.
        let record = GameRecord::from_json(&g.record).ok()?;
        let summary = Summary::of_read(g, &record)?;
        let ply = record.ply();
        Some(Review {
            id: g.id,
            summary,
            human: g.human(),
            record,
            ply,
            // A review made by an older version is made again.
            analysis: g
                .analysis
                .clone()
                .filter(|a| a.version == analysis::VERSION),
            show_best: false,
            job: None,
            board: BoardView::new(),
            graph_for: std::cell::Cell::new(None),
        })
    }

    /// The number of moves.
    pub fn plies(&self) -> usize {
        self.record.ply()
    }

    /// Shows position `ply` (clamped).
    pub fn go_to(&mut self, ply: i32) {
        self.ply = ply.clamp(0, self.plies() as i32) as usize;
    }

    /// One move on (`1`) or back (`-1`).
    pub fn step(&mut self, by: i32) {
        self.go_to(self.ply as i32 + by);
    }

    /// The position nearest to a tap at `fraction` of the graph.
    pub fn graph_tapped(&mut self, fraction: f32) {
        self.ply = summary::ply_at(fraction, self.plies());
    }

    /// Shows or hides the engine's best move.
    pub fn toggle_best(&mut self) {
        self.show_best = !self.show_best && self.analysis.is_some();
    }

    /// The review made so far, if any.
    pub fn analysis(&self) -> Option<&Analysis> {
        self.analysis.as_ref()
    }

    /// `true` while the engine reviews the game.
    pub fn analysing(&self) -> bool {
        self.job.is_some()
    }

    /// Starts the engine's review (`nodes` per position) on its own thread; `wake` is
    /// called from it after each report.
    pub fn analyse(&mut self, nodes: u64, wake: impl Fn() + Send + 'static) {
        if self.job.is_none() && self.analysis.is_none() {
            self.job = AnalysisJob::start(&self.record, nodes, wake);
        }
    }

    /// Stops the review under way (nothing is kept of it).
    pub fn cancel(&mut self) {
        if let Some(job) = self.job.take() {
            job.cancel();
        }
    }

    /// Takes the thread's reports; the finished review when it has just been made.
    pub fn take_reports(&mut self) -> Option<Analysis> {
        let a = self.job.as_mut()?.take_reports()?;
        self.job = None;
        self.analysis = a.clone();
        a
    }

    /// What the board shows: the index of the position, and the engine's better move drawn
    /// on it. Best move answers the line above the board ("Mistake: b4-a4 was better"): it
    /// shows the position before the move that led here, with the move the engine preferred
    /// there (at the start, the engine's first move). Without it, the position reached.
    pub fn board_shown(&self) -> (usize, Option<&str>) {
        let a = match &self.analysis {
            Some(a) if self.show_best => a,
            _ => return (self.ply, None),
        };
        match self.ply.checked_sub(1) {
            Some(before) => (before, a.moves.get(before).map(|m| m.best.as_str())),
            None => (
                0,
                a.moves
                    .first()
                    .map(|m| m.best.as_str())
                    .or(a.best_last.as_deref()),
            ),
        }
    }

    /// Everything into the review screen.
    pub fn show(&self, ui: &AppWindow) {
        let r = ui.global::<ReviewAdapter>();
        let (shown, _) = self.board_shown();
        let pos = &self.record.positions()[shown];
        r.set_game(game_kind(self.summary.game));
        r.set_result(crate::window::result_code(self.summary.result));
        let played = self
            .ply
            .checked_sub(1)
            .and_then(|i| self.record.played_move(i));
        // The move that led to the position drawn (none while the better move is drawn in
        // the position before it).
        let last = if shown == self.ply {
            played.map(|(_, path)| path)
        } else {
            None
        };
        let best = self.best_here(pos);
        let piece = |p| pos.piece_at(p);
        // The player's side at the bottom, as in the game; White's for two players.
        let flipped = board::flipped(match self.summary.opponent.level() {
            Some(_) => Seat::Player(self.human),
            None => Seat::Shared {
                turns: false,
                to_move: pos.side_to_move(),
            },
        });
        self.board.show(&Shown {
            last,
            // The engine's better move, while it is asked for.
            hint: best.as_deref().filter(|_| self.show_best),
            ..Shown::still(pos.geometry(), flipped, &piece)
        });
        r.set_board(self.board.vm());
        r.set_show_best(self.show_best);
        r.set_ply(self.ply as i32);
        r.set_plies(self.plies() as i32);
        if let Some((text, _)) = played {
            let (number, second) = self.move_number(self.ply - 1);
            r.set_move_number(format!("{number}{}", if second { "..." } else { "." }).into());
            r.set_move_text(text.into());
        }
        let a = self.analysis.as_ref();
        let review = self
            .ply
            .checked_sub(1)
            .and_then(|i| a.and_then(|a| a.moves.get(i)));
        r.set_judgement(match review.map(|m| m.judgement) {
            Some(Judgement::Mistake) => 1,
            Some(Judgement::Blunder) => 2,
            _ => 0,
        });
        r.set_best_move(review.map(|m| m.best.clone()).unwrap_or_default().into());
        r.set_score(
            a.and_then(|a| a.scores.get(self.ply))
                .map(|&s| summary::score_text(s))
                .unwrap_or_default()
                .into(),
        );
        r.set_analysed(a.is_some());
        r.set_analysing(self.job.is_some());
        let (done, total) = self.job.as_ref().map_or((0, 0), AnalysisJob::progress);
        r.set_done(done as i32);
        r.set_total(total as i32);
        // The graph and its marks change only with the analysis: set again on a step,
        // they would be laid out and drawn again.
        let graph_for = a.map(|a| a.scores.len());
        if self.graph_for.replace(Some(graph_for)) == Some(graph_for) {
            return;
        }
        r.set_rows(ModelRc::new(VecModel::from(self.rows())));
        r.set_row_offset(self.move_number(0).1 as i32);
        match a {
            Some(a) => {
                r.set_graph(summary::graph_path(&a.scores, 1000.0, 200.0).into());
                let n = a.scores.len().saturating_sub(1).max(1) as f32;
                let marks: Vec<GraphMarkVm> = summary::marked(a)
                    .into_iter()
                    .map(|(i, j)| {
                        let (x, y) = summary::graph_point(i + 1, a.scores[i + 1], n, 1.0, 1.0);
                        GraphMarkVm {
                            x,
                            y,
                            blunder: j == Judgement::Blunder,
                        }
                    })
                    .collect();
                r.set_marks(ModelRc::new(VecModel::from(marks)));
                let versus = self.summary.opponent.level().is_some();
                r.set_tally(crate::window::tally_vm(a, versus.then_some(self.human)));
            }
            None => {
                r.set_graph("".into());
                r.set_marks(ModelRc::default());
            }
        }
    }

    /// The number of move `i` (from 0) and whether it is the second player's.
    fn move_number(&self, i: usize) -> (usize, bool) {
        let k = i + (self.record.start().side_to_move() == Color::Black) as usize;
        (1 + k / 2, k % 2 == 1)
    }

    /// The moves in rows of two, each with its judgement (the list beside the graph).
    fn rows(&self) -> Vec<ReviewRowVm> {
        let judgements = self.analysis.as_ref().map(|a| &a.moves);
        let mut rows: Vec<ReviewRowVm> = Vec::new();
        for i in 0..self.plies() {
            let Some((text, _)) = self.record.played_move(i) else {
                break;
            };
            let (number, second) = self.move_number(i);
            if !second || rows.is_empty() {
                rows.push(ReviewRowVm {
                    number: format!("{number}.").into(),
                    ..Default::default()
                });
            }
            let mv = ReviewMoveVm {
                ply: i as i32 + 1,
                text: text.into(),
                judgement: match judgements.and_then(|m| m.get(i)).map(|m| m.judgement) {
                    Some(Judgement::Mistake) => 1,
                    Some(Judgement::Blunder) => 2,
                    _ => 0,
                },
            };
            let row = rows.last_mut().expect("a row was pushed");
            if second {
                row.second = mv;
            } else {
                row.first = mv;
            }
        }
        rows
    }

    /// The game as it is shared (PDN with its players and date).
    pub fn shared_text(&self) -> String {
        crate::share::game_text(
            &self.record,
            self.summary.opponent,
            self.human,
            Some(self.summary.ended),
        )
    }

    /// The better move [`Review::board_shown`] draws, as a route in `pos`.
    fn best_here(&self, pos: &Position) -> Option<Vec<Point>> {
        let name = self.board_shown().1?;
        let s = Session::from_record(GameRecord::from_position(pos.clone()));
        s.legal_moves()
            .iter()
            .find(|d| d.notation == name)
            .map(|d| d.path.clone())
    }
}

/// What the player does on the review (and the review thread's wake-up).
pub(crate) enum Msg {
    /// To the position after this ply.
    GoTo(i32),
    /// A step forward or back.
    Step(i32),
    /// A tap on the graph, this far along it.
    GraphTapped(f32),
    /// The best move shown or hidden.
    ToggleBest,
    /// The engine's review started again.
    Analyse,
    /// The engine's review stopped.
    Cancel,
    /// *Share*.
    Share,
    /// The review thread has reports.
    Ready,
    /// Open the review of the history entry of this id (sent by the app).
    Open(u64),
}

/// Wires the review's callbacks (and the review thread's wake-up): each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let r = ui.global::<ReviewAdapter>();
    let m = |msg| M::Review(msg);
    r.on_go_to(send_with(tx, move |ply| m(Msg::GoTo(ply))));
    r.on_step(send_with(tx, move |by| m(Msg::Step(by))));
    r.on_graph_tapped(send_with(tx, move |f| m(Msg::GraphTapped(f))));
    r.on_toggle_best(send(tx, move || m(Msg::ToggleBest)));
    r.on_analyse(send(tx, move || m(Msg::Analyse)));
    r.on_cancel(send(tx, move || m(Msg::Cancel)));
    r.on_share_game(send(tx, move || m(Msg::Share)));
    ui.global::<crate::Wakeup>()
        .on_review_ready(send(tx, move || m(Msg::Ready)));
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
