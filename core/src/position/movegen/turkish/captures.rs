//! The Turkish capture search: every piece's jumps, depth first, the longest kept (R-T5..R-T8).

use super::super::{Sink, Trail};
use super::{far_row, scan, Board64, E, FILE_A, FILE_B, FILE_G, FILE_H, KING_DIRS, MAN_DIRS};
use super::{N, NO_DIR};
use crate::geometry::{BoardKind, Geometry};
use crate::moves::Move;

/// Men that can make at least one short jump right now (all men at once).
#[inline(always)]
pub(super) fn men_with_jumps(men: u64, opp: u64, empty: u64, white: bool) -> u64 {
    let side = (men & !(FILE_G | FILE_H) & (opp >> 1) & (empty >> 2))
        | (men & !(FILE_A | FILE_B) & (opp << 1) & (empty << 2));
    let fwd = if white {
        men & (opp >> 8) & (empty >> 16)
    } else {
        men & (opp << 8) & (empty << 16)
    };
    side | fwd
}

/// The capture search of every piece that may capture, into `sink` (only maximal ones stay).
#[inline]
pub(super) fn captures<K: Sink>(b: &Board64, sink: &mut K) {
    let white = b.white;
    let own = b.own;
    let opp = b.opp;
    let own_kings = own & b.kings;
    let occ = own | opp;
    let mut candidates =
        (men_with_jumps(own & !own_kings, opp, !occ, white) | own_kings) & sink.capturers() as u64;
    if candidates == 0 {
        return;
    }
    let start = sink.len();
    let mut cap = Captures {
        g: Geometry::of(BoardKind::Squares8),
        opp,
        occ: 0,
        from: 0,
        white,
        at_end: b.at_end,
        best: 0,
        start,
        sink,
    };
    while candidates != 0 {
        let sq = candidates.trailing_zeros() as u8;
        candidates &= candidates - 1;
        cap.from = sq;
        cap.occ = occ & !(1u64 << sq);
        let root = Trail {
            point: sq,
            prev: None,
        };
        cap.dfs(sq, own_kings >> sq & 1 == 1, false, NO_DIR, 0, 0, &root);
    }
}

struct Captures<'a, K: Sink> {
    g: &'static Geometry,
    /// Enemy pieces at the start of the move.
    opp: u64,
    /// Occupied squares, without the moving piece.
    occ: u64,
    from: u8,
    white: bool,
    at_end: bool,
    best: u8,
    start: usize,
    sink: &'a mut K,
}

impl<K: Sink> Captures<'_, K> {
    /// Explores every continuation from `sq`. `captured` pieces are already gone (R-T5).
    #[allow(clippy::too_many_arguments)]
    fn dfs(
        &mut self,
        sq: u8,
        king: bool,
        promoted: bool,
        last: usize,
        captured: u64,
        count: u8,
        trail: &Trail,
    ) {
        let occ = self.occ & !captured;
        let enemies = self.opp & !captured;
        let back = if last == NO_DIR {
            NO_DIR
        } else {
            (last + 4) & 7
        }; // R-T7: no 180° turn
        let mut extended = false;
        let g = self.g;
        if king {
            for d in KING_DIRS {
                if d == back {
                    continue;
                }
                let (_, q) = scan(sq, d, occ);
                if q == u8::MAX || enemies >> q & 1 == 0 {
                    continue;
                }
                let (mut landings, _) = scan(q, d, occ);
                // Walk the landing squares outward from the captured piece.
                while landings != 0 {
                    let r = if d == N || d == E {
                        landings.trailing_zeros()
                    } else {
                        63 - landings.leading_zeros()
                    } as u8;
                    landings &= !(1u64 << r);
                    extended = true;
                    let t = Trail {
                        point: r,
                        prev: Some(trail),
                    };
                    self.dfs(r, true, promoted, d, captured | 1u64 << q, count + 1, &t);
                }
            }
        } else if g.adjacent(sq) as u64 & enemies != 0 {
            for d in MAN_DIRS[!self.white as usize] {
                let q = g.neighbour_raw(sq, d);
                if q == u8::MAX || enemies >> q & 1 == 0 {
                    continue;
                }
                let r = g.neighbour_raw(q, d);
                if r == u8::MAX || occ >> r & 1 == 1 {
                    continue;
                }
                extended = true;
                let t = Trail {
                    point: r,
                    prev: Some(trail),
                };
                // R-T8: crowned on arrival; goes on as a king unless `promotion=at-end`.
                let crowned = far_row(self.white) >> r & 1 == 1;
                if crowned && !self.at_end {
                    self.dfs(r, true, true, d, captured | 1u64 << q, count + 1, &t);
                } else {
                    self.dfs(r, false, crowned, d, captured | 1u64 << q, count + 1, &t);
                }
            }
        }
        if !extended && count > 0 {
            self.finish(sq, promoted, captured, count, trail);
        }
    }

    /// A complete sequence: keep it only if it captures the most (R-T6).
    #[inline]
    fn finish(&mut self, to: u8, promote: bool, captured: u64, count: u8, trail: &Trail) {
        if count < self.best {
            return;
        }
        if count > self.best {
            self.best = count;
            self.sink.truncate(self.start);
        }
        let m = Move {
            captured: captured as u128,
            liable: 0,
            from: self.from,
            to,
            huff: crate::moves::NO_POINT,
            count,
            jumps: count as u16,
            promote,
            paths: 1,
        };
        self.sink.add(m, trail, self.start);
    }
}
