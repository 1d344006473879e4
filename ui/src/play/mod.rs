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
pub mod selection;
pub mod summary;
