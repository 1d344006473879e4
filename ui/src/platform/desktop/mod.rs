//! The desktop's ends of the app: the speaker (cpal) and the clipboard (arboard), and the
//! app built with them for Slint's winit window.

mod clipboard;
mod speaker;

use crate::app::AppHandle;
use crate::share::Sharing;
use crate::sound::{Feedback, Silent};
use crate::store::Store;

/// The desktop's sound: its default audio device (opened off the UI thread; silent without
/// one), no haptics.
pub fn feedback() -> Feedback {
    Feedback {
        speaker: Box::new(speaker::DeviceSpeaker::open()),
        haptics: Box::new(Silent),
        can_feel: false,
    }
}

/// The desktop's system clipboard (the window system's, opened at the first use); no share
/// sheet.
pub fn sharing() -> Sharing {
    Sharing {
        clipboard: Box::new(clipboard::SystemClipboard::default()),
        sheet: None,
    }
}

/// Builds the app with the desktop's speaker and clipboard: the window is returned unshown
/// inside its handle (the caller runs it, or a test drives it).
pub fn create(store: Store) -> Result<AppHandle, slint::PlatformError> {
    crate::app::create_with(store, feedback(), sharing())
}
