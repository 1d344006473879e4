//! A time budget as a flag: a small thread raises it when the time is up, so the search
//! checks one atomic at every node instead of reading the clock every thousand nodes
//! (nodes of huffing positions can each cost a millisecond).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

/// Raises [`Alarm::rung`] once `budget` has passed; dropping it ends its thread at once.
pub(crate) struct Alarm {
    rung: Arc<AtomicBool>,
    finished: Arc<(Mutex<bool>, Condvar)>,
    thread: Option<JoinHandle<()>>,
}

impl Alarm {
    /// An alarm `budget` from now; `None` never rings.
    pub fn new(budget: Option<Duration>) -> Alarm {
        let rung = Arc::new(AtomicBool::new(false));
        let finished = Arc::new((Mutex::new(false), Condvar::new()));
        let thread = budget.and_then(|budget| {
            let deadline = Instant::now() + budget;
            let (rung, finished) = (rung.clone(), finished.clone());
            std::thread::Builder::new()
                .name("dama-alarm".into())
                .spawn(move || {
                    let (lock, wake) = &*finished;
                    let Ok(mut done) = lock.lock() else { return };
                    while !*done {
                        let now = Instant::now();
                        if now >= deadline {
                            rung.store(true, Ordering::Relaxed);
                            return;
                        }
                        match wake.wait_timeout(done, deadline - now) {
                            Ok((d, _)) => done = d,
                            Err(_) => return,
                        }
                    }
                })
                .ok()
        });
        if budget.is_some() && thread.is_none() {
            // No thread to be had: fail safe, the search stops after its first node.
            rung.store(true, Ordering::Relaxed);
        }
        Alarm {
            rung,
            finished,
            thread,
        }
    }

    /// `true` once the time is up.
    #[inline]
    pub fn rung(&self) -> bool {
        self.rung.load(Ordering::Relaxed)
    }
}

impl Drop for Alarm {
    /// Wakes the alarm's thread to end it, without waiting for it: a search that returns
    /// must not wait on the scheduler.
    fn drop(&mut self) {
        let (lock, wake) = &*self.finished;
        if let Ok(mut done) = lock.lock() {
            *done = true;
        }
        wake.notify_all();
        drop(self.thread.take());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rings_after_its_budget_and_not_before() {
        let a = Alarm::new(Some(Duration::from_millis(30)));
        assert!(!a.rung());
        std::thread::sleep(Duration::from_millis(200));
        assert!(a.rung());
        assert!(!Alarm::new(None).rung());
    }

    #[test]
    fn dropping_a_long_alarm_returns_at_once() {
        let t = Instant::now();
        drop(Alarm::new(Some(Duration::from_secs(60))));
        assert!(t.elapsed() < Duration::from_secs(10));
    }
}
