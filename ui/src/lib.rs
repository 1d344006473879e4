//! Dama & Zamma's touch interface: one crate for desktop, Android and iOS.
//!
//! The rooms, and the arrows allowed between them (`tests/architecture.rs` checks them;
//! `docs/architecture.md` says more):
//!
//! * [`app`]: the state the screens share, `App::update` routing each screen's message and
//!   carrying out the commands it returns; the stage that carries out the play's effects
//!   (animation, the computer's worker, sounds, saves); [`app::AppHandle`].
//! * [`screens`]: one module per screen (home, settings, game, history, review, editor,
//!   share sheet): what it shows, its `Msg`, its `update`, its `connect`. Never imports
//!   the app or another screen.
//! * [`play`]: the play without Slint: one game's decisions as effects (`flow`), the tap
//!   state machine (`selection`), the AI worker, the animation's timing and clock, finished
//!   games' summaries, the position being set up.
//! * [`board`]: where points stand on the screen, and the board's and pieces' painted art.
//! * [`window`]: the types Slint generates, and every core → window conversion.
//! * [`store`]: settings, the unfinished game and the history, saved atomically off the UI
//!   thread. [`opponent`]: who plays against the player (saved with a game).
//! * [`share`]: a game's shared text and reading a pasted one; the clipboard and share sheet
//!   the platforms hand in. [`sound`]: the cues synthesised and mixed, the `Speaker` and
//!   `Haptics` the platforms implement. [`languages`], [`models`].
//! * [`platform`]: our own Slint platform for the phones (host-tested parts, `android`,
//!   `ios`) and the desktop's speaker, clipboard and `create`.
//! * [`selftest`]: the app run end to end without a screen, exported from the phone library
//!   as `dama_ui_selftest` (run on Android's C library under qemu).

#![deny(missing_docs)]

#[cfg(all(feature = "desktop", any(target_os = "android", target_os = "ios")))]
compile_error!("the phone builds use their own platform: build dama-ui with --no-default-features");

pub use window::generated::*;

pub mod app;
pub mod board;
pub mod languages;
pub(crate) mod models;
pub mod opponent;
pub mod platform;
pub(crate) mod play;
pub mod screens;
pub mod selftest;
pub mod share;
pub mod sound;
pub mod store;
mod thread_priority;
pub mod window;

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
