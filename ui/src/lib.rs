//! Dama & Zamma's touch interface: one crate for desktop, Android and iOS.
//!
//! * [`selection`]: tap-to-move, the player's selection as a plain state machine over the
//!   core's legal moves.
//! * [`flow`]: the play around one game (turns, the computer, undo, advice) as decisions
//!   returning effects, without Slint.
//! * [`board_coords`]: the boards' coordinates and path data for drawing them.
//! * [`board_art`]: the board's wood, lines and points, painted once per size into an image.
//! * [`store`]: settings and the unfinished game, saved atomically.
//! * [`editor`]: the position editor, validated through the core's `Setup`.
//! * [`history`]: the finished games' summaries, statistics and evaluation graphs.
//! * [`review`]: the History, Statistics and Review screens, the engine's review on its thread.
//! * [`ai_worker`]: the AI's searches (move, hint, draw offer) off the UI thread.
//! * [`animation`]: a move on its way, frame by frame.
//! * [`sound`]: the sounds, synthesised and mixed, and the touches felt, for the platform's
//!   speaker and haptics.
//! * [`models`]: the game screen's lists as persistent models updated row by row.
//! * [`mapping`]: the window's enums and rows from the core's types.
//! * [`languages`]: the bundled translations, in one table.
//! * `present`, `home`, `settings`: the presenters of the game screen (drawn from the flow,
//!   part by part), Home and the settings screen, each with its adapter's callbacks.
//! * [`app`]: the glue between the Slint window (`ui/*.slint`), the core's session, the AI
//!   worker and the animations.
//! * [`platform`]: our own Slint platform for Android and iOS, so that every platform draws
//!   with the same software renderer as the desktop and the tests.
//! * [`selftest`]: the app run end to end without a screen, exported from the phone library
//!   as `dama_ui_selftest` (run on Android's C library under qemu).

#![deny(missing_docs)]

#[cfg(all(feature = "desktop", any(target_os = "android", target_os = "ios")))]
compile_error!("the phone builds use their own platform: build dama-ui with --no-default-features");

#[allow(missing_docs)]
mod generated {
    slint::include_modules!();
}
pub use generated::*;

pub mod app;
pub mod board;
pub mod languages;
pub mod mapping;
pub mod models;
pub mod platform;
pub mod play;
pub mod screens;
pub mod selftest;
pub mod share;
pub mod sound;
pub mod store;
mod thread_priority;

/// The Android entry point (the `NativeActivity` loads this library).
#[cfg(target_os = "android")]
#[unsafe(no_mangle)]
fn android_main(android_app: android_activity::AndroidApp) {
    // Returning ends the activity; a failure to start has no one to tell but the log.
    if let Err(e) = platform::android::run(android_app) {
        eprintln!("dama-ui: {e}");
    }
    // The activity ended and the game is on disk. Slint's platform and window belong to this
    // process and this thread for good, and a new activity would call android_main again on
    // a new thread, where they cannot be made again: the process ends with the activity, and
    // the next start (which reopens the saved game) is a fresh process.
    std::process::exit(0);
}

/// The self-test of the shipped library ([`selftest::run`]): `out_dir` (a C string) gets the
/// frames as PNG and the app's data; each step is printed on standard output as
/// `selftest: <step> <ms> ms: <detail>`. 0 when every step passed, 1 when one failed, 2 for a
/// bad argument. Exported by the phone builds: the APK's library, run on bionic by
/// `scripts/android-bionic.sh`, and the Linux build with the phone features, run on glibc by
/// `scripts/arm64.sh` (there it is also what keeps the app in the size proxy: a cdylib keeps
/// only what an exported symbol reaches). It needs nothing of the Android framework.
///
/// # Safety
/// `out_dir` is null or a NUL-terminated string that stays valid for the call.
#[cfg(any(
    target_os = "android",
    all(target_os = "linux", not(feature = "desktop"))
))]
#[unsafe(no_mangle)]
pub unsafe extern "C" fn dama_ui_selftest(out_dir: *const std::ffi::c_char) -> i32 {
    if out_dir.is_null() {
        return 2;
    }
    // SAFETY: the caller passes a NUL-terminated string that outlives the call.
    let dir = unsafe { std::ffi::CStr::from_ptr(out_dir) };
    let Ok(dir) = dir.to_str() else { return 2 };
    match selftest::run(std::path::Path::new(dir), |s| println!("{s}")) {
        Ok(_) => 0,
        Err(e) => {
            println!("selftest: FAILED: {e}");
            1
        }
    }
}
