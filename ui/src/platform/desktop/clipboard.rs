//! The desktop's clipboard through arboard.

use crate::share::{Clipboard, Unavailable};
use std::cell::RefCell;

/// arboard's clipboard, kept for the app's life: on X11 the text is served from it
/// while the app runs.
#[derive(Default)]
pub struct SystemClipboard(RefCell<Option<arboard::Clipboard>>);

impl SystemClipboard {
    fn with<R>(
        &self,
        f: impl FnOnce(&mut arboard::Clipboard) -> Result<R, arboard::Error>,
    ) -> Result<R, Unavailable> {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = arboard::Clipboard::new().ok();
        }
        let board = slot.as_mut().ok_or(Unavailable)?;
        f(board).map_err(|_| Unavailable)
    }
}

impl Clipboard for SystemClipboard {
    fn put(&self, text: &str) -> Result<(), Unavailable> {
        self.with(|b| b.set_text(text))
    }
    fn text(&self) -> Result<Option<String>, Unavailable> {
        match self.with(|b| b.get_text()) {
            Ok(t) => Ok(Some(t)),
            // arboard reports an empty clipboard (or one holding only an image) as an
            // error of its own: that is no text, not a broken clipboard.
            Err(_) if self.0.borrow().is_some() => Ok(None),
            Err(e) => Err(e),
        }
    }
}
