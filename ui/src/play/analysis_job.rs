//! The engine's review of a finished game, run on its own thread below the UI's priority:
//! cancellable, its progress reported, the result taken back on the UI thread.

use dama_core::ai::analysis::{self, Analysis};
use dama_core::ai::Engine;
use dama_core::GameRecord;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver};
use std::sync::Arc;

/// The transposition table of a review's engine (MiB): a phone's share.
const REVIEW_TABLE_MIB: usize = 16;

/// What the review thread reports.
enum Report {
    /// Positions done of all.
    Progress(usize, usize),
    /// The review, or `None` when it was cancelled.
    Done(Option<Analysis>),
}

/// A review running on its thread.
pub struct AnalysisJob {
    stop: Arc<AtomicBool>,
    reports: Receiver<Report>,
    /// Positions done of all, as last reported.
    progress: (usize, usize),
}

impl AnalysisJob {
    /// Starts the review of `record` (`nodes` per position); `wake` is called from the
    /// thread after each report. `None` if no thread could be started.
    pub fn start(
        record: &GameRecord,
        nodes: u64,
        wake: impl Fn() + Send + 'static,
    ) -> Option<AnalysisJob> {
        let stop = Arc::new(AtomicBool::new(false));
        let (tx, reports) = mpsc::channel();
        let (record, flag) = (record.clone(), stop.clone());
        let positions = record.ply() + 1;
        std::thread::Builder::new()
            .name("dama-review".into())
            .spawn(move || {
                crate::thread_priority::run_below_ui();
                let mut engine = Engine::new(REVIEW_TABLE_MIB);
                let progress = |done, total| {
                    let _ = tx.send(Report::Progress(done, total));
                    wake();
                };
                let a = analysis::analyse(&mut engine, &record, nodes, &flag, progress).ok();
                let _ = tx.send(Report::Done(a));
                wake();
            })
            .ok()?;
        Some(AnalysisJob {
            stop,
            reports,
            progress: (0, positions),
        })
    }

    /// Positions done of all.
    pub fn progress(&self) -> (usize, usize) {
        self.progress
    }

    /// Stops the review (nothing is kept of it).
    pub fn cancel(self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Takes the thread's reports: `Some` once it has finished (with `None` inside when the
    /// review was cancelled or failed).
    pub fn take_reports(&mut self) -> Option<Option<Analysis>> {
        let mut done = None;
        while let Ok(r) = self.reports.try_recv() {
            match r {
                Report::Progress(d, t) => self.progress = (d, t),
                Report::Done(a) => done = Some(a),
            }
        }
        done
    }
}
