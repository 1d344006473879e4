//! Our own Slint platform for the phones: Slint's software renderer draws into a frame we own,
//! and each phone's window system only shows it. The pieces that need no device live here and
//! are tested on the host (the render benchmark and a test draw the real app through them):
//!
//! * [`insets`]: system bars, gesture bar and display cutout as edges; the scale factor.
//! * [`input`]: touches to Slint's pointer events (one finger), the back button.
//! * [`frame`]: the frame buffer with partial rendering: only what changed is drawn and shown.
//! * [`shell`]: the event-loop queue (work handed in from other threads) and the app's hooks.
//! * [`headless`]: a platform without a screen, for benchmarks and tests on the host.
//! * [`lifecycle`]: what the activity's events (surface, pause, destroy) mean for the app.
//! * [`accessibility`]: the screen reader's tree (AccessKit) built from the window's items,
//!   and its actions carried out ([`accessibility_node`]: one item as one node).
//! * [`java_calls`]: the Java methods Android's platform calls, with their API levels.
//!
//! `desktop` (the speaker through cpal, the clipboard through arboard, the app built with
//! them), `android` (NativeActivity, the NDK's window buffer; `android_access`: the system's
//! text size and "Remove animations"; `android_feedback`: the sound and haptics over JNI;
//! `android_share`: the clipboard and share sheet; `android_talkback`: TalkBack through
//! AccessKit's Android adapter) and `ios` (winit's UIKit window and softbuffer, AVFoundation
//! and UIKit's haptics, `ios_share`: the pasteboard; `ios_voiceover`: VoiceOver through
//! AccessKit's iOS adapter) are the two device ends.

pub mod accessibility;
pub mod accessibility_node;
pub mod frame;
pub mod headless;
pub mod input;
pub mod insets;
pub mod java_calls;
pub mod lifecycle;
pub mod shell;

#[cfg(target_os = "android")]
pub mod android;
#[cfg(target_os = "android")]
pub mod android_access;
#[cfg(target_os = "android")]
pub mod android_feedback;
#[cfg(target_os = "android")]
pub mod android_share;
#[cfg(target_os = "android")]
pub mod android_talkback;
#[cfg(all(
    feature = "desktop",
    not(any(target_os = "android", target_os = "ios"))
))]
pub mod desktop;
#[cfg(target_os = "ios")]
pub mod ios;
#[cfg(target_os = "ios")]
pub mod ios_feedback;
#[cfg(target_os = "ios")]
pub mod ios_share;
#[cfg(target_os = "ios")]
pub mod ios_voiceover;
