//! iOS's clipboard and share sheet, on the main thread (the app's UI thread): UIKit's
//! general `UIPasteboard`, and a `UIActivityViewController` presented over the view
//! controller of winit's window (from its window handle).

use crate::share::{Clipboard, ShareSheet, Sharing, Unavailable};
use objc2::rc::Retained;
use objc2::runtime::{AnyClass, AnyObject};
use objc2::{msg_send, msg_send_id};
use objc2_foundation::{CGPoint, CGRect, CGSize, MainThreadMarker, NSArray, NSString};
use objc2_ui_kit::{UIActivityViewController, UIPopoverArrowDirection, UIView, UIViewController};
use std::cell::RefCell;
use std::rc::Rc;
use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};
use winit::window::Window;

/// The window a share sheet is presented over, once winit has made it.
pub type Presenter = Rc<RefCell<Option<Rc<Window>>>>;

/// The app's clipboard and share sheet on this device.
pub fn sharing(presenter: Presenter) -> Sharing {
    Sharing {
        clipboard: Box::new(Pasteboard),
        sheet: Some(Box::new(ActivitySheet(presenter))),
    }
}

/// UIKit's share sheet over the app's window.
struct ActivitySheet(Presenter);

impl ShareSheet for ActivitySheet {
    /// The subject is not passed: a plain text item has none (it would take an
    /// `UIActivityItemSource`, a class of our own in the Objective-C runtime).
    fn share(&self, _subject: &str, text: &str) -> bool {
        let Some(mtm) = MainThreadMarker::new() else {
            return false;
        };
        let Some(window) = self.0.borrow().clone() else {
            return false;
        };
        let Ok(handle) = window.window_handle() else {
            return false;
        };
        let RawWindowHandle::UiKit(h) = handle.as_raw() else {
            return false;
        };
        let Some(controller) = h.ui_view_controller else {
            return false;
        };
        // SAFETY: winit's handle points at the window's live view and view controller,
        // which `window` keeps; this is the main thread.
        let (controller, view) = unsafe {
            (
                controller.cast::<UIViewController>().as_ref(),
                h.ui_view.cast::<UIView>().as_ref(),
            )
        };
        let item: Retained<AnyObject> =
            Retained::into_super(Retained::into_super(NSString::from_str(text)));
        let items = NSArray::from_vec(vec![item]);
        // SAFETY: UIKit's documented calls with the types they take, on the main thread.
        unsafe {
            let sheet = UIActivityViewController::initWithActivityItems_applicationActivities(
                mtm.alloc(),
                &items,
                None,
            );
            // On an iPad the sheet is a popover and must be anchored (UIKit throws without
            // an anchor): the middle of the view, no arrow.
            if let Some(popover) = sheet.popoverPresentationController() {
                let b = view.bounds();
                let middle = CGPoint::new(
                    b.origin.x + b.size.width / 2.0,
                    b.origin.y + b.size.height / 2.0,
                );
                popover.setSourceView(Some(view));
                popover.setSourceRect(CGRect::new(middle, CGSize::new(0.0, 0.0)));
                popover.setPermittedArrowDirections(UIPopoverArrowDirection(0));
            }
            controller.presentViewController_animated_completion(&sheet, true, None);
        }
        true
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
