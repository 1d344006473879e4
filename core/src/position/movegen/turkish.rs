//! Turkish Dama move generation on `u64` bitboards (R-T1..R-T8).
//!
//! Squares are indexed `rank * 8 + file`. Men step and jump N (White) or S (Black), E and W;
//! kings slide and fly in the four orthogonal directions. Captures are compulsory and
//! maximal (R-T6), captured pieces vanish at once (R-T5), no 180° turn between jumps (R-T7).

use super::{Counter, Fast, Sink, Trail};
use crate::geometry::{BoardKind, Geometry};
use crate::moves::Move;
use crate::position::Position;
use crate::zobrist;

const N: usize = 0;
const E: usize = 2;
const S: usize = 4;
const W: usize = 6;
const NO_DIR: usize = 8;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_B: u64 = FILE_A << 1;
const FILE_G: u64 = FILE_A << 6;
const FILE_H: u64 = FILE_A << 7;
const RANK_1: u64 = 0xFF;
const RANK_8: u64 = 0xFF << 56;

/// Directions a man of each colour may move and capture in (R-T3).
const MAN_DIRS: [[usize; 3]; 2] = [[N, E, W], [S, E, W]];
const KING_DIRS: [usize; 4] = [N, E, S, W];

/// `RAYS[d][sq]`: the squares beyond `sq` in direction `d` (N, E, S, W by compass index).
static RAYS: [[u64; 64]; 8] = rays();

const fn rays() -> [[u64; 64]; 8] {
    let mut r = [[0u64; 64]; 8];
    let mut sq = 0;
    while sq < 64 {
        let (f, k) = ((sq % 8) as i32, (sq / 8) as i32);
        let dirs = [(N, 0, 1), (E, 1, 0), (S, 0, -1), (W, -1, 0)];
        let mut i = 0;
        while i < 4 {
            let (d, df, dk) = dirs[i];
            let (mut x, mut y) = (f + df, k + dk);
            while x >= 0 && x < 8 && y >= 0 && y < 8 {
                r[d][sq] |= 1u64 << (y * 8 + x);
                x += df;
                y += dk;
            }
            i += 1;
        }
        sq += 1;
    }
    r
}

/// The empty squares from `sq` along `d` up to the first occupied one, and that square
/// (`u8::MAX` at the edge).
#[inline(always)]
fn scan(sq: u8, d: usize, occ: u64) -> (u64, u8) {
    let ray = RAYS[d][sq as usize];
    let blockers = ray & occ;
    if blockers == 0 {
        return (ray, u8::MAX);
    }
    let q = if d == N || d == E {
        blockers.trailing_zeros()
    } else {
        63 - blockers.leading_zeros()
    } as u8;
    (ray & !RAYS[d][q as usize] & !(1u64 << q), q)
}

#[inline(always)]
fn far_row(white: bool) -> u64 {
    if white {
        RANK_8
    } else {
        RANK_1
    }
}

/// The side-relative view the generator works on.
#[derive(Clone, Copy)]
pub(crate) struct Board64 {
    own: u64,
    opp: u64,
    kings: u64,
    white: bool,
    at_end: bool,
}

impl Board64 {
    #[inline(always)]
    fn of(pos: &Position) -> Board64 {
        let us = pos.side.index();
        Board64 {
            own: pos.pieces[us] as u64,
            opp: pos.pieces[1 - us] as u64,
            kings: pos.kings as u64,
            white: us == 0,
            at_end: pos.rules.promotion_at_end(),
        }
    }
}

/// A lean Turkish position for perft: pieces, side, clock and the placement hash (the same
/// hash as [`Position::placement_hash`]).
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pieces: [u64; 2],
    kings: u64,
    white: bool,
    at_end: bool,
    pub clock: u16,
    pub hash: u64,
}

impl Node {
    pub fn of(pos: &Position) -> Node {
        Node {
            pieces: [pos.pieces[0] as u64, pos.pieces[1] as u64],
            kings: pos.kings as u64,
            white: pos.side == crate::rules::Color::White,
            at_end: pos.rules.promotion_at_end(),
            clock: pos.clock,
            hash: pos.hash,
        }
    }

    #[inline(always)]
    fn board(&self) -> Board64 {
        let us = !self.white as usize;
        Board64 {
            own: self.pieces[us],
            opp: self.pieces[1 - us],
            kings: self.kings,
            white: self.white,
            at_end: self.at_end,
        }
    }

    /// Legal moves into `out` (cleared first).
    #[inline]
    pub fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        generate_board(&self.board(), &mut Fast::<false>::new(out));
    }

    /// Bulk count, as [`count`].
    #[inline]
    pub fn count(&self, scratch: &mut Vec<Move>, paths: bool) -> u64 {
        count_board(&self.board(), scratch, paths)
    }

    /// `true` when later moves can undo `m`: no capture or promotion, and a king's move or
    /// a man's sideways step (R-T3). The same rule as [`Position::is_reversible`].
    #[inline(always)]
    pub fn is_reversible(&self, m: &Move) -> bool {
        m.captured == 0 && !m.promote && (self.kings >> m.from & 1 == 1 || m.from / 8 == m.to / 8)
    }

    /// The node after a move; the same update as [`Position::play_unchecked`].
    #[inline(always)]
    pub fn after(&self, m: &Move) -> Node {
        let us = !self.white as usize;
        let them = 1 - us;
        let mut n = *self;
        let mut h = self.hash;
        let captured = m.captured as u64;
        if captured != 0 {
            let mut c = captured;
            while c != 0 {
                let sq = c.trailing_zeros() as u8;
                c &= c - 1;
                h ^= zobrist::piece(them, n.kings >> sq & 1 == 1, sq);
            }
            n.pieces[them] &= !captured;
            n.kings &= !captured;
        }
        let from_bit = 1u64 << m.from;
        let to_bit = 1u64 << m.to;
        let was_king = n.kings & from_bit != 0;
        let king_after = was_king || m.promote;
        h ^= zobrist::piece(us, was_king, m.from) ^ zobrist::piece(us, king_after, m.to);
        n.pieces[us] = (n.pieces[us] & !from_bit) | to_bit;
        n.kings &= !from_bit;
        if king_after {
            n.kings |= to_bit;
        }
        n.clock = if captured != 0 || !was_king {
            0
        } else {
            self.clock.saturating_add(1)
        };
        n.white = !self.white;
        n.hash = h ^ zobrist::side();
        n
    }
}

/// Legal moves into `out` (which the caller has cleared).
#[inline]
pub(crate) fn generate(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, &mut Fast::<false>::new(out));
}

/// Men that can make at least one short jump right now (all men at once).
#[inline(always)]
fn men_with_jumps(men: u64, opp: u64, empty: u64, white: bool) -> u64 {
    let side = (men & !(FILE_G | FILE_H) & (opp >> 1) & (empty >> 2))
        | (men & !(FILE_A | FILE_B) & (opp << 1) & (empty << 2));
    let fwd = if white {
        men & (opp >> 8) & (empty >> 16)
    } else {
        men & (opp << 8) & (empty << 16)
    };
    side | fwd
}

/// The legal moves of `pos` into any sink.
pub(crate) fn generate_into<K: Sink>(pos: &Position, sink: &mut K) {
    generate_board(&Board64::of(pos), sink);
}

#[inline(always)]
fn generate_board<K: Sink>(b: &Board64, sink: &mut K) {
    let white = b.white;
    let own = b.own;
    let opp = b.opp;
    let kings = b.kings;
    let men = own & !kings;
    let own_kings = own & kings;
    let occ = own | opp;
    let empty = !occ;

    let start = sink.len();
    captures(b, sink);
    if sink.len() > start {
        return; // R-T6: capturing is compulsory.
    }

    // Steps of men (R-T3): forward and sideways onto empty squares.
    let (fwd, delta): (u64, i8) = if white {
        ((men << 8) & empty, 8)
    } else {
        ((men >> 8) & empty, -8)
    };
    let promo = far_row(white);
    push_steps(sink, fwd, delta, promo);
    push_steps(sink, ((men & !FILE_H) << 1) & empty, 1, promo);
    push_steps(sink, ((men & !FILE_A) >> 1) & empty, -1, promo);

    // King slides (R-T4).
    let mut ks = own_kings;
    while ks != 0 {
        let sq = ks.trailing_zeros() as u8;
        ks &= ks - 1;
        let root = Trail {
            point: sq,
            prev: None,
        };
        for d in KING_DIRS {
            let (mut free, _) = scan(sq, d, occ);
            while free != 0 {
                let t = free.trailing_zeros() as u8;
                free &= free - 1;
                let len = sink.len();
                sink.add(
                    Move::step(sq, t, false),
                    &Trail {
                        point: t,
                        prev: Some(&root),
                    },
                    len,
                );
            }
        }
    }
}

/// The capture search of every piece that may capture, into `sink` (only maximal ones stay).
#[inline]
fn captures<K: Sink>(b: &Board64, sink: &mut K) {
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

#[inline(always)]
fn push_steps<K: Sink>(sink: &mut K, mut targets: u64, delta: i8, promo: u64) {
    while targets != 0 {
        let to = targets.trailing_zeros() as u8;
        targets &= targets - 1;
        let from = (to as i8 - delta) as u8;
        let root = Trail {
            point: from,
            prev: None,
        };
        let len = sink.len();
        sink.add(
            Move::step(from, to, promo >> to & 1 == 1),
            &Trail {
                point: to,
                prev: Some(&root),
            },
            len,
        );
    }
}

/// Number of legal moves (merged, or every route when `paths`), for bulk-counting perft:
/// captures are counted without building a move list, steps with popcounts.
#[inline(always)]
fn count_board(b: &Board64, scratch: &mut Vec<Move>, paths: bool) -> u64 {
    let white = b.white;
    let own = b.own;
    let opp = b.opp;
    let kings = b.kings;
    let men = own & !kings;
    let own_kings = own & kings;
    let occ = own | opp;
    let empty = !occ;
    if own_kings != 0 || men_with_jumps(men, opp, empty, white) != 0 {
        scratch.clear();
        let mut counter = Counter::new(paths, false, own_kings as u128, scratch);
        captures(b, &mut counter);
        let n = counter.len() as u64;
        if n > 0 {
            return n;
        }
    }
    let fwd = if white {
        (men << 8) & empty
    } else {
        (men >> 8) & empty
    };
    let mut n = fwd.count_ones()
        + (((men & !FILE_H) << 1) & empty).count_ones()
        + (((men & !FILE_A) >> 1) & empty).count_ones();
    let mut ks = own_kings;
    while ks != 0 {
        let sq = ks.trailing_zeros() as u8;
        ks &= ks - 1;
        for d in KING_DIRS {
            n += scan(sq, d, occ).0.count_ones();
        }
    }
    n as u64
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Rules};

    /// The lean perft node must follow `Position::play_unchecked` exactly (R-T5, R-T8, R-T11).
    #[test]
    fn lean_node_follows_the_position() {
        for options in [&[][..], &["promotion=at-end"][..]] {
            let rules = Rules::with_options(GameId::Turkish, options).unwrap();
            let mut seed = 0x9E37_79B9_7F4A_7C15u64;
            for _ in 0..40 {
                let mut pos = Position::start(rules);
                let mut node = Node::of(&pos);
                let mut moves = Vec::new();
                for _ in 0..150 {
                    pos.generate_moves(&mut moves);
                    let mut lean = Vec::new();
                    node.generate(&mut lean);
                    assert_eq!(moves, lean);
                    if moves.is_empty() {
                        break;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let m = moves[(seed % moves.len() as u64) as usize];
                    pos.play_unchecked(&m);
                    node = node.after(&m);
                    let expect = Node::of(&pos);
                    assert_eq!(node.pieces, expect.pieces);
                    assert_eq!(node.kings, expect.kings);
                    assert_eq!(node.white, expect.white);
                    assert_eq!(node.clock, expect.clock);
                    assert_eq!(node.hash, expect.hash);
                }
            }
        }
    }
}
