//! The art painted lately and the art being painted ahead, by what it is painted from.
//!
//! Why ahead: a screen with a board used to paint its board and its four pieces in the
//! frame that shows it, about 16 M instructions at 1080×2400 (a third of a screen change's
//! budget on a slow phone, `ui/benches/frame_cost.rs`). Home knows the size the game's board
//! will have and the game chosen, so the art is painted on a worker thread while the player
//! looks at Home; the frame that opens the game only takes the images. Art asked for before
//! its worker is done waits for it: it is never painted twice.

use super::{paint, paint_piece, Art, PieceArt};
use slint::{Image, Rgba8Pixel, SharedPixelBuffer};
use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, Weak};

/// The boards' and the pieces' images.
pub struct Gallery {
    boards: Shelf<Rgba8Pixel>,
    pieces: Shelf<Rgba8Pixel>,
}

impl Default for Gallery {
    fn default() -> Self {
        Gallery {
            // The game's board, the review's and one painted ahead: about 22 MB at 1440
            // pixels across.
            boards: Shelf::new(3, Image::from_rgba8),
            // Three boards' pieces: a white and a black man and king each.
            pieces: Shelf::new(12, Image::from_rgba8),
        }
    }
}

impl Gallery {
    /// The board's art: painted ahead, kept from a recent screen, or painted now.
    pub fn board(&mut self, art: &Art) -> Image {
        self.boards.get_or_paint(art.key(), || paint(art))
    }

    /// A piece's art, as [`Gallery::board`].
    pub fn piece(&mut self, art: &PieceArt) -> Image {
        self.pieces.get_or_paint(art.key(), || paint_piece(art))
    }

    /// Paints `boards` and their pieces on a worker thread, those not painted already.
    pub fn paint_ahead(&mut self, boards: Vec<(Art, [PieceArt; 4])>) {
        let mut jobs: Vec<Job> = Vec::new();
        for (board, pieces) in boards {
            if let Some(to) = self.boards.ahead(board.key()) {
                jobs.push(Job::Board(board, to));
            }
            for piece in pieces {
                if let Some(to) = self.pieces.ahead(piece.key()) {
                    jobs.push(Job::Piece(piece, to));
                }
            }
        }
        if jobs.is_empty() {
            return;
        }
        let spawned = std::thread::Builder::new()
            .name("dama-board-art".into())
            .spawn(move || {
                // Art no longer wanted (its slot let go: the window was resized again, say)
                // is not painted.
                for job in jobs {
                    match job {
                        Job::Board(art, (to, wanted)) if wanted.strong_count() > 0 => {
                            _ = to.send(paint(&art))
                        }
                        Job::Piece(art, (to, wanted)) if wanted.strong_count() > 0 => {
                            _ = to.send(paint_piece(&art))
                        }
                        _ => {}
                    }
                }
            });
        // No thread: the senders are dropped with the jobs, and the art is painted when
        // it is shown, as without this.
        drop(spawned);
    }

    /// How many images were painted on the UI thread, when shown (boards, pieces).
    pub fn painted_when_shown(&self) -> (usize, usize) {
        (self.boards.painted_here, self.pieces.painted_here)
    }
}

/// Art for the worker, and where its image goes while it is wanted.
enum Job {
    Board(Art, Order<Rgba8Pixel>),
    Piece(PieceArt, Order<Rgba8Pixel>),
}

/// Where a worker's image goes, and whether its slot is still on the shelf.
type Order<P> = (Sender<SharedPixelBuffer<P>>, Weak<()>);

/// One kind of image by key, the one used last at the end; at most `kept`.
struct Shelf<P> {
    kept: usize,
    items: Vec<(Vec<u32>, Slot<P>)>,
    image: fn(SharedPixelBuffer<P>) -> Image,
    painted_here: usize,
}

enum Slot<P> {
    Ready(Image),
    /// The worker's image to come; the worker paints it while the token lives.
    Painting(Receiver<SharedPixelBuffer<P>>, Arc<()>),
}

impl<P> Shelf<P> {
    fn new(kept: usize, image: fn(SharedPixelBuffer<P>) -> Image) -> Self {
        Shelf {
            kept,
            items: Vec::new(),
            image,
            painted_here: 0,
        }
    }

    fn get_or_paint(
        &mut self,
        key: Vec<u32>,
        paint: impl FnOnce() -> SharedPixelBuffer<P>,
    ) -> Image {
        let found = self.items.iter().position(|(k, _)| *k == key);
        let image = match found.map(|i| self.items.remove(i).1) {
            Some(Slot::Ready(image)) => image,
            // The worker's image, waited for; painted here if the worker is gone.
            // The token held while waiting: the worker does not skip it.
            Some(Slot::Painting(from, _wanted)) => match from.recv() {
                Ok(buffer) => (self.image)(buffer),
                Err(_) => self.paint_here(paint),
            },
            None => self.paint_here(paint),
        };
        self.keep(key, Slot::Ready(image.clone()));
        image
    }

    fn paint_here(&mut self, paint: impl FnOnce() -> SharedPixelBuffer<P>) -> Image {
        self.painted_here += 1;
        (self.image)(paint())
    }

    /// A slot for art painted ahead, unless it is on the shelf already: then it is moved to
    /// the end, as wanted soon (else the next art foreseen could push it off the shelf).
    fn ahead(&mut self, key: Vec<u32>) -> Option<Order<P>> {
        if let Some(i) = self.items.iter().position(|(k, _)| *k == key) {
            let item = self.items.remove(i);
            self.items.push(item);
            return None;
        }
        let ((to, from), wanted) = (channel(), Arc::new(()));
        let order = (to, Arc::downgrade(&wanted));
        self.keep(key, Slot::Painting(from, wanted));
        Some(order)
    }

    fn keep(&mut self, key: Vec<u32>, slot: Slot<P>) {
        if self.items.len() >= self.kept {
            self.items.remove(0);
        }
        self.items.push((key, slot));
    }
}
