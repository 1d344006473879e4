//! iOS's clipboard: UIKit's general `UIPasteboard`, read and written on the main thread
//! (the app's UI thread). There is no share sheet here: presenting a
//! `UIActivityViewController` needs the window's view controller, which winit keeps; the
//! copied PDN is pasted into any app instead.

use crate::share::{Clipboard, Sharing, Unavailable};
use objc2::rc::Retained;
use objc2::runtime::{AnyClass, AnyObject};
use objc2::{msg_send, msg_send_id};
use objc2_foundation::NSString;

/// The app's clipboard on this device.
pub fn sharing() -> Sharing {
    Sharing {
        clipboard: Box::new(Pasteboard),
        sheet: None,
    }
}

struct Pasteboard;

impl Pasteboard {
    fn general() -> Option<Retained<AnyObject>> {
        let cls = AnyClass::get("UIPasteboard")?;
        // SAFETY: `generalPasteboard` is a class method returning the shared pasteboard.
        unsafe { msg_send_id![cls, generalPasteboard] }
    }
}

impl Clipboard for Pasteboard {
    fn put(&self, text: &str) -> Result<(), Unavailable> {
        let board = Pasteboard::general().ok_or(Unavailable)?;
        let text = NSString::from_str(text);
        // SAFETY: `setString:` takes an NSString.
        let _: () = unsafe { msg_send![&board, setString: &*text] };
        Ok(())
    }

    fn text(&self) -> Result<Option<String>, Unavailable> {
        let board = Pasteboard::general().ok_or(Unavailable)?;
        // SAFETY: `string` returns the first item as an NSString, or nil.
        let text: Option<Retained<NSString>> = unsafe { msg_send_id![&board, string] };
        Ok(text.map(|t| t.to_string()))
    }
}
