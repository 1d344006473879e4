//! Counts of whole-position move generations outside the search (feature `stats`, for the
//! tests that count what a move costs; without it the counters compile to nothing).

#[cfg(feature = "stats")]
use std::sync::atomic::{AtomicU64, Ordering};

#[cfg(feature = "stats")]
static GENERATIONS: AtomicU64 = AtomicU64::new(0);

/// One generation of every move of a position (plain, with routes, or to find one move).
#[inline(always)]
pub(crate) fn generation() {
    #[cfg(feature = "stats")]
    GENERATIONS.fetch_add(1, Ordering::Relaxed);
}

/// Generations so far in this process (always 0 without the `stats` feature).
pub fn generations() -> u64 {
    #[cfg(feature = "stats")]
    return GENERATIONS.load(Ordering::Relaxed);
    #[cfg(not(feature = "stats"))]
    0
}
