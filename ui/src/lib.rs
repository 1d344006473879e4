//! Dama & Zamma's touch interface: one crate for desktop, Android and iOS.
//!
//! * [`controller`]: tap-to-move as a plain state machine over the core's legal moves.
//! * [`flow`]: the play around one game (turns, the computer, undo, advice) as decisions
//!   returning effects, without Slint.
//! * [`view`]: coordinates and path data for drawing the boards.
//! * [`store`]: settings and the unfinished game, saved atomically.
//! * [`ai_worker`]: the AI's searches (move, hint, draw offer) off the UI thread.
//! * [`animation`]: a move on its way, frame by frame.
//! * [`models`]: the game screen's lists as persistent models updated row by row.
//! * [`app`]: the glue between the Slint window (`ui/*.slint`), the core's session, the AI
//!   worker and the animations.

#![deny(missing_docs)]

#[allow(missing_docs)]
mod generated {
    slint::include_modules!();
}
pub use generated::*;

pub mod ai_worker;
pub mod animation;
pub mod app;
pub mod controller;
pub mod flow;
pub mod models;
pub mod store;
pub mod view;

use slint::ComponentHandle;

/// Builds the window with the saved settings and runs it until it is closed.
pub fn run(store: store::Store) -> Result<(), slint::PlatformError> {
    let ui = app::create(store)?;
    ui.run()
}

/// The Android entry point (the `NativeActivity` loads this library).
#[cfg(target_os = "android")]
#[unsafe(no_mangle)]
fn android_main(android_app: slint::android::AndroidApp) {
    let dir = android_app
        .internal_data_path()
        .unwrap_or_else(|| std::path::PathBuf::from("."));
    if slint::android::init(android_app).is_ok() {
        let _ = run(store::Store::new(dir));
    }
}
