//! The time the app's own animations are drawn at: the real clock on a phone or the desktop;
//! on a screenless phone (`headless`, for the benches and the self-test) that phone's own
//! clock, which moves only when it is advanced. So each frame of a move is drawn at a known
//! time whatever the machine's speed: callgrind, which runs the app fifty times slower,
//! counts the same frames a phone draws.

use std::cell::Cell;
use std::time::{Duration, Instant};

thread_local! {
    /// The screenless phone's clock: when it started, and how far it has been advanced.
    static SCREENLESS: Cell<Option<(Instant, Duration)>> = const { Cell::new(None) };
}

/// Now, on the clock animations follow.
pub fn now() -> Instant {
    SCREENLESS.with(|c| match c.get() {
        Some((start, elapsed)) => start + elapsed,
        None => Instant::now(),
    })
}

/// Makes this thread's animations follow a screenless phone's clock, `elapsed` after it started.
pub(crate) fn follow_screenless(elapsed: Duration) {
    SCREENLESS.with(|c| {
        let start = c.get().map_or_else(Instant::now, |(s, _)| s);
        c.set(Some((start, elapsed)));
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_screenless_clock_moves_only_when_advanced() {
        let real = now();
        assert!(now() >= real, "the real clock by default");
        follow_screenless(Duration::ZERO);
        let start = now();
        std::thread::sleep(Duration::from_millis(5));
        assert_eq!(now(), start, "real time does not move it");
        follow_screenless(Duration::from_millis(16));
        assert_eq!(now() - start, Duration::from_millis(16));
    }
}
