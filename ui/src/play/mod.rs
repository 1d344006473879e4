//! The play without Slint: one game's decisions (`flow`), the tap state machine
//! (`selection`), the computer's worker thread, the move animation's timing, finished games'
//! summaries and the position being set up. Nothing here names the window; the screens and
//! the app carry what it decides into it.

pub mod ai_worker;
pub mod analysis_job;
pub mod animation;
pub mod clock;
pub mod editing;
pub mod effect;
pub mod flow;
pub mod lesson;
pub mod puzzle;
pub mod refusal;
pub mod selection;
pub mod summary;

/// A number from the clock: a game's seed (the computer varies from game to game) and a
/// pasted game's history id.
pub fn seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
