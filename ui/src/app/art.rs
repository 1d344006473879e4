//! The board art wired into the window: `board::art` paints, and knows no window; here its
//! gallery answers the window's `BoardArt` callbacks.

use crate::board::art::{rgb, Board, Gallery, PieceArt};
use crate::board::coords::Segment;
use crate::{AppWindow, BoardArt};
use slint::{ComponentHandle, Model};
use std::cell::RefCell;
use std::rc::Rc;

/// Answers the window's `BoardArt` callbacks for art with the [`Gallery`], which is
/// returned: it paints into it ahead what Home asks for (`BoardArt.prepare`), and tests
/// count the art painted when shown.
pub(super) fn install(ui: &AppWindow) -> Rc<RefCell<Gallery>> {
    let gallery = Rc::new(RefCell::new(Gallery::default()));
    let art = ui.global::<BoardArt>();
    let (shelf, window) = (gallery.clone(), ui.as_weak());
    art.on_piece(move |board_width, size, squares, face, rim, king, crown| {
        let board = Board {
            width: board_width,
            size,
            squares,
        };
        shelf
            .borrow_mut()
            .piece(&board.piece([face, rim, crown], king))
    });
    let shelf = gallery.clone();
    art.on_sized_piece(move |side, face, rim, king, crown| {
        shelf.borrow_mut().piece(&PieceArt {
            // A float cast saturates: a NaN or negative side is 0 (nothing painted).
            side: side.round() as u32,
            face: rgb(face),
            rim: rgb(rim),
            king,
            crown: rgb(crown),
        })
    });
    let shelf = gallery.clone();
    art.on_paint(
        move |width, height, lines, squares, size, wood, edge, ink, surface| {
            let scale = window.upgrade().map_or(1.0, |w| w.window().scale_factor());
            let segments = lines
                .iter()
                .map(|l| Segment {
                    x: l.x,
                    y: l.y,
                    w: l.w,
                    h: l.h,
                    rising: l.rising,
                })
                .collect();
            // Whole physical pixels, as Home foresees it: a side laid out in whole pixels
            // comes here as 1016.99994 where Home computed 1017 (a point board's puzzle).
            let board = Board {
                width: width.round(),
                size,
                squares,
            };
            let art = board.art(height, segments, scale, [wood, edge, ink], surface);
            shelf.borrow_mut().board(&art)
        },
    );
    // Home asks for the art of the boards it may open next: painted ahead, off this thread.
    let (shelf, window) = (gallery.clone(), ui.as_weak());
    art.on_prepare(move |width, height| {
        if let Some(ui) = window.upgrade() {
            let boards = crate::screens::home::boards_ahead(&ui, width, height);
            shelf.borrow_mut().paint_ahead(boards);
        }
    });
    gallery
}
