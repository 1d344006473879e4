//! The share sheet: a game's text shown, copied to the clipboard or handed to the
//! platform's share sheet. It owns the platform's clipboard, which pasting reads too.

use super::{send, Command, Ctx, Msg as M, Sender};
use crate::share::{NotAGame, Sharing};
use crate::{AppWindow, ShareAdapter, ShareStatus};
use slint::ComponentHandle;

/// What the player does in the share sheet.
pub(crate) enum Msg {
    /// *Copy*.
    Copy,
    /// *Share…*.
    Send,
    /// *Close*.
    Close,
}

/// The sheet's state: the platform's clipboard and share sheet, and the text offered.
pub(crate) struct ShareSheet {
    sharing: Sharing,
    shared: String,
}

impl ShareSheet {
    /// A closed sheet over the platform's clipboard and share sheet.
    pub(crate) fn new(sharing: Sharing) -> ShareSheet {
        ShareSheet {
            sharing,
            shared: String::new(),
        }
    }

    /// Replaces the clipboard and share sheet (a test shares through memory).
    pub(crate) fn set_sharing(&mut self, sharing: Sharing) {
        self.sharing = sharing;
    }

    /// Opens the sheet with `text`.
    pub(crate) fn open(&mut self, ui: &AppWindow, text: String) {
        let a = ui.global::<ShareAdapter>();
        a.set_text(crate::window::unbroken_moves(&text).into());
        a.set_can_share(self.sharing.sheet.is_some());
        a.set_status(ShareStatus::None);
        a.set_open(true);
        self.shared = text;
    }

    /// What `msg` does, shown.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, _cx: &Ctx) -> Vec<Command> {
        let a = ui.global::<ShareAdapter>();
        match msg {
            Msg::Close => a.set_open(false),
            Msg::Copy => a.set_status(match self.sharing.clipboard.put(&self.shared) {
                Ok(()) => ShareStatus::Copied,
                Err(_) => ShareStatus::NoClipboard,
            }),
            Msg::Send => {
                let Some(sheet) = &self.sharing.sheet else {
                    return Vec::new();
                };
                a.set_status(if sheet.share("Dama & Zamma", &self.shared) {
                    ShareStatus::Sent
                } else {
                    ShareStatus::NotSent
                });
            }
        }
        Vec::new()
    }

    /// Puts `text` on the clipboard; `false` if there is none.
    pub(crate) fn copy(&self, text: &str) -> bool {
        self.sharing.clipboard.put(text).is_ok()
    }

    /// The clipboard's text, or why there is none.
    pub(crate) fn pasted(&self) -> Result<String, NotAGame> {
        match self.sharing.clipboard.text() {
            Err(_) => Err(NotAGame::NoClipboard),
            Ok(None) => Err(NotAGame::Empty),
            Ok(Some(t)) if t.trim().is_empty() => Err(NotAGame::Empty),
            Ok(Some(t)) => Ok(t),
        }
    }
}

/// Wires the share sheet's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let s = ui.global::<ShareAdapter>();
    let m = |msg| M::Share(msg);
    s.on_copy(send(tx, move || m(Msg::Copy)));
    s.on_share(send(tx, move || m(Msg::Send)));
    s.on_close(send(tx, move || m(Msg::Close)));
}
