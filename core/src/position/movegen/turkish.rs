//! Turkish Dama move generation on `u64` bitboards (R-T1..R-T8).
//!
//! Squares are indexed `rank * 8 + file`. Men step and jump N (White) or S (Black), E and W;
//! kings slide and fly in the four orthogonal directions. Captures are compulsory and
//! maximal (R-T6), captured pieces vanish at once (R-T5), no 180° turn between jumps (R-T7).
//!
//! Here the boards, the steps and the bulk count; the capture search in `turkish/captures.rs`,
//! the lean perft node in `turkish/node.rs`.

mod captures;
mod node;

pub(crate) use node::Node;

use super::{Counter, Fast, Sink, Trail};
use crate::moves::Move;
use crate::position::Position;
use captures::{captures, men_with_jumps};

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

/// Legal moves into `out` (which the caller has cleared).
#[inline]
pub(crate) fn generate(pos: &Position, out: &mut Vec<Move>) {
    generate_into(pos, &mut Fast::<false>::new(out));
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
