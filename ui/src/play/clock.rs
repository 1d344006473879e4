//! The time the app's own animations are drawn at: the real clock on a phone or the desktop;
//! on a screenless phone (`headless`, for the benches and the self-test) that phone's own
//! clock, which moves only when it is advanced. So each frame of a move is drawn at a known
//! time whatever the machine's speed: callgrind, which runs the app fifty times slower,
//! counts the same frames a phone draws. A process has one Slint platform, so one clock.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;
use std::time::{Duration, Instant};

/// When the screenless phone's clock started.
static START: OnceLock<Instant> = OnceLock::new();
/// How far it has been advanced, in nanoseconds; `REAL`: there is none, the real clock rules.
static ELAPSED: AtomicU64 = AtomicU64::new(REAL);
const REAL: u64 = u64::MAX;

/// Now, on the clock animations follow.
pub fn now() -> Instant {
    match ELAPSED.load(Ordering::Relaxed) {
        REAL => Instant::now(),
        nanos => *START.get_or_init(Instant::now) + Duration::from_nanos(nanos),
    }
}

/// Makes animations follow a screenless phone's clock, `elapsed` after it started.
pub(crate) fn follow_screenless(elapsed: Duration) {
    START.get_or_init(Instant::now);
    let nanos = u64::try_from(elapsed.as_nanos()).unwrap_or(REAL - 1);
    ELAPSED.store(nanos.min(REAL - 1), Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_screenless_clock_moves_only_when_advanced() {
        follow_screenless(Duration::ZERO);
        let start = now();
        std::thread::sleep(Duration::from_millis(5));
        let still = now();
        follow_screenless(Duration::from_millis(16));
        let later = now();
        // Back to the real clock for the other tests of this process.
        ELAPSED.store(REAL, Ordering::Relaxed);
        assert_eq!(still, start, "real time does not move it");
        assert_eq!(later - start, Duration::from_millis(16));
        assert!(now() >= start, "the real clock again");
    }
}
