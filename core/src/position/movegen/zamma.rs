//! Zamma family move generation on `u128` bitboards over the board's label space
//! (R-Z1..R-Z15): Zamma, Damma (deferred removal), Fetaix and Kharbaga.

use super::{Counter, Fast, Sink, Trail};
use crate::geometry::{shift, Bits, Geometry};
use crate::moves::{Move, NO_POINT};
use crate::position::Position;
use crate::rules::CaptureRule;

const NO_DIR: usize = 8;

/// Forward and sideways directions of a man (R-Z5), per colour: N, NE, NW, E, W.
const MAN_STEP_DIRS: [[usize; 5]; 2] = [[0, 1, 7, 2, 6], [4, 3, 5, 2, 6]];

/// Legal moves into `out` (which the caller has cleared).
#[inline]
/// Like [`generate`], but Damma's long generations are abandoned once `stop` says so; the
/// moves are then incomplete (the caller's search is out of time and discards them).
pub(crate) fn generate_until(pos: &Position, out: &mut Vec<Move>, stop: &dyn Fn() -> bool) {
    if pos.rules.deferred_removal() {
        generate_into(pos, &mut Fast::<true>::with_stop(out, stop));
    } else {
        generate_into(pos, &mut Fast::<false>::new(out));
    }
}

pub(crate) fn generate(pos: &Position, out: &mut Vec<Move>) {
    // Only Damma's deferred removal (R-Z12) can give a piece thousands of routes.
    if pos.rules.deferred_removal() {
        generate_into(pos, &mut Fast::<true>::new(out));
    } else {
        generate_into(pos, &mut Fast::<false>::new(out));
    }
}

/// The legal moves of `pos` into any sink. With a pending huff (R-Z14) every move starts
/// by removing one liable piece; the rest of the move is generated after that removal.
pub(crate) fn generate_into<K: Sink>(pos: &Position, sink: &mut K) {
    let us = pos.side.index();
    let own = pos.pieces[us];
    let opp = pos.pieces[1 - us];
    if pos.huff == 0 {
        generate_after_huff(pos, own, opp, NO_POINT, sink);
    } else {
        for h in Bits(pos.huff & opp) {
            generate_after_huff(pos, own, opp & !(1u128 << h), h, sink);
        }
    }
}

/// Own men that can make a first short jump (R-Z7), all at once.
#[inline(always)]
fn men_with_jumps(g: &Geometry, men: u128, opp: u128, empty: u128) -> u128 {
    let mut m = 0;
    for d in 0..8 {
        let delta = g.delta(d);
        m |= men & g.jump_mask(d) & shift(opp, -delta) & shift(empty, -2 * delta);
    }
    m
}

/// Runs the capture search of every piece that can capture into `sink`; returns the most
/// pieces a legally ending sequence takes and the pieces that can take that many.
fn captures<K: Sink>(pos: &Position, own: u128, opp: u128, huff: u8, sink: &mut K) -> (u8, u128) {
    let g = pos.geometry();
    let rules = &pos.rules;
    let kings = pos.kings & own;
    let men = own & !kings;
    let empty = g.valid() & !(own | opp);
    let start = sink.len();
    let mut cap = Captures {
        g,
        opp,
        occ: 0,
        from: 0,
        deferred: rules.deferred_removal(),
        no_return_to_start: rules.no_return_to_start(),
        rule: rules.capture(),
        far: far_row(g, pos.side.index()),
        huff,
        best: 0,
        max: 0,
        liable: 0,
        start,
        sink,
    };
    let wanted = cap.sink.capturers();
    for sq in Bits((men_with_jumps(g, men, opp, empty) | kings) & wanted) {
        cap.from = sq;
        cap.occ = (own | opp) & !(1u128 << sq);
        let root = Trail {
            point: sq,
            prev: None,
        };
        if kings >> sq & 1 == 1 {
            cap.dfs::<true>(sq, NO_DIR, 0, 0, &root);
        } else {
            cap.dfs::<false>(sq, NO_DIR, 0, 0, &root);
        }
    }
    (cap.max, cap.liable)
}

#[inline(always)]
fn far_row(g: &Geometry, us: usize) -> u128 {
    g.rank_mask(if us == 0 { g.size() - 1 } else { 0 })
}

fn generate_after_huff<K: Sink>(pos: &Position, own: u128, opp: u128, huff: u8, sink: &mut K) {
    let g = pos.geometry();
    let us = pos.side.index();
    let rules = &pos.rules;
    let kings = pos.kings & own;
    let men = own & !kings;
    let empty = g.valid() & !(own | opp);
    let far = far_row(g, us);
    let rule = rules.capture();

    let start = sink.len();
    let (max, liable) = captures(pos, own, opp, huff, sink);
    if rule == CaptureRule::Compulsory && sink.len() > start {
        return; // R-Z13: a capture must be made.
    }

    // Steps (R-Z5, R-Z10), except the R-Z6 return of the last moved piece.
    let (ban_from, ban_to) = {
        let (a, b) = pos.last[us];
        (b, a)
    };
    let any_arrival = rules.any_arrival();
    let step = |sink: &mut K, from: u8, to: u8, man: bool| {
        if from == ban_from && to == ban_to {
            return;
        }
        let root = Trail {
            point: from,
            prev: None,
        };
        let len = sink.len();
        let promote = man && any_arrival && far >> to & 1 == 1;
        sink.add(
            with_huff(Move::step(from, to, promote), huff),
            &Trail {
                point: to,
                prev: Some(&root),
            },
            len,
        );
    };
    for d in MAN_STEP_DIRS[us] {
        let delta = g.delta(d);
        for to in Bits(shift(men & g.line_mask(d), delta) & empty) {
            step(sink, (to as i8 - delta) as u8, to, true);
        }
    }
    for from in Bits(kings) {
        for d in 0..8 {
            let to = g.neighbour_raw(from, d);
            if to != u8::MAX && empty >> to & 1 == 1 {
                step(sink, from, to, false);
            }
        }
    }

    // R-Z14: an under-capture makes the pieces that could have taken the most liable,
    // where they stand after the move.
    if rule == CaptureRule::Huffing && max > 0 {
        for m in &mut sink.moves_mut()[start..] {
            if m.count < max {
                let from_bit = 1u128 << m.from;
                m.liable = if liable & from_bit != 0 {
                    (liable & !from_bit) | 1u128 << m.to
                } else {
                    liable
                };
            }
        }
    }
}

#[inline(always)]
fn with_huff(mut m: Move, huff: u8) -> Move {
    m.huff = huff;
    m
}

/// Number of legal moves (merged, or every route when `paths`), for bulk-counting perft.
/// Steps are counted with popcounts and capture routes without building a move list,
/// except the few long routes that may merge.
#[inline]
pub(crate) fn count(pos: &Position, scratch: &mut Vec<Move>, paths: bool) -> u64 {
    if pos.huff != 0 || pos.rules.capture() == CaptureRule::Compulsory {
        scratch.clear();
        generate(pos, scratch);
        return if paths {
            scratch.iter().map(|m| m.paths as u64).sum()
        } else {
            scratch.len() as u64
        };
    }
    let g = pos.geometry();
    let us = pos.side.index();
    let own = pos.pieces[us];
    let opp = pos.pieces[1 - us];
    let kings = pos.kings & own;
    let men = own & !kings;
    let empty = g.valid() & !(own | opp);

    scratch.clear();
    let mut counter = Counter::new(paths, pos.rules.deferred_removal(), kings, scratch);
    captures(pos, own, opp, NO_POINT, &mut counter);
    let mut n = counter.len() as u64;

    for d in MAN_STEP_DIRS[us] {
        let delta = g.delta(d);
        n += (shift(men & g.line_mask(d), delta) & empty).count_ones() as u64;
    }
    for k in Bits(kings) {
        n += (g.adjacent(k) & empty).count_ones() as u64;
    }
    // R-Z6: the piece that moved last may not step straight back.
    let (a, b) = pos.last[us];
    if a != NO_POINT && own >> b & 1 == 1 && empty >> a & 1 == 1 {
        let king = kings >> b & 1 == 1;
        let can = if king {
            g.adjacent(b) >> a & 1 == 1
        } else {
            MAN_STEP_DIRS[us]
                .iter()
                .any(|&d| g.neighbour_raw(b, d) == a)
        };
        n -= can as u64;
    }
    n
}

struct Captures<'a, K: Sink> {
    g: &'static Geometry,
    /// Enemy pieces at the start of the move (after any huff removal).
    opp: u128,
    /// Occupied points, without the moving piece.
    occ: u128,
    from: u8,
    deferred: bool,
    no_return_to_start: bool,
    rule: CaptureRule,
    far: u128,
    huff: u8,
    /// Compulsory: the most pieces of a move kept so far.
    best: u8,
    /// Most pieces any legally ending sequence captures, and who can (R-Z13, R-Z14).
    max: u8,
    liable: u128,
    start: usize,
    sink: &'a mut K,
}

impl<K: Sink> Captures<'_, K> {
    /// Explores every jump from `sq`; returns whether this node or a continuation of it
    /// may legally end the move.
    fn dfs<const KING: bool>(
        &mut self,
        sq: u8,
        last: usize,
        captured: u128,
        jumps: u16,
        trail: &Trail,
    ) -> bool {
        if self.sink.interrupted() {
            return false;
        }
        // R-Z11: captured pieces vanish at once; R-Z12: in Damma they stay until the end.
        let (occ, enemies) = if self.deferred {
            (self.occ, self.opp)
        } else {
            (self.occ & !captured, self.opp & !captured)
        };
        let g = self.g;
        let mut below = false;
        if KING {
            for d in 0..8 {
                // R-Z10: a Mullah goes straight on or turns exactly 90°.
                if last != NO_DIR && d != last && d != (last + 2) & 7 && d != (last + 6) & 7 {
                    continue;
                }
                let mut q = g.neighbour_raw(sq, d);
                while q != u8::MAX && occ >> q & 1 == 0 {
                    q = g.neighbour_raw(q, d);
                }
                if q == u8::MAX || enemies >> q & 1 == 0 {
                    continue;
                }
                let r = g.neighbour_raw(q, d);
                if r == u8::MAX || occ >> r & 1 == 1 {
                    continue;
                }
                below |= self.jump::<KING>(sq, q, r, d, captured, jumps, trail);
            }
        } else if g.adjacent(sq) & enemies != 0 {
            // R-Z7: men jump short, in any direction along a line.
            for j in g.short_jumps(sq) {
                if enemies >> j.over & 1 == 0 || occ >> j.to & 1 == 1 {
                    continue;
                }
                below |=
                    self.jump::<KING>(sq, j.over, j.to, j.dir as usize, captured, jumps, trail);
            }
        }
        if jumps == 0 {
            return below;
        }
        // R-Z15: a sequence of two or more jumps may not end where it started.
        let end = !(self.no_return_to_start && jumps >= 2 && sq == self.from);
        if end {
            self.record(sq, KING, captured, jumps, below, trail);
        }
        end || below
    }

    /// One jump from `sq` over `q` to `r`, then everything after it.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn jump<const KING: bool>(
        &mut self,
        sq: u8,
        q: u8,
        r: u8,
        d: usize,
        captured: u128,
        jumps: u16,
        trail: &Trail,
    ) -> bool {
        if self.deferred && trail.has_jump(sq, r) {
            return false; // R-Z12: the same jump only once per move
        }
        let t = Trail {
            point: r,
            prev: Some(trail),
        };
        self.dfs::<KING>(r, d, captured | 1u128 << q, jumps + 1, &t)
    }

    fn record(
        &mut self,
        to: u8,
        king: bool,
        captured: u128,
        jumps: u16,
        below: bool,
        trail: &Trail,
    ) {
        if self.rule == CaptureRule::Free && self.sink.counted(jumps, self.from) {
            return; // bulk counting: nothing else is needed of this route
        }
        let count = captured.count_ones() as u8;
        if count > self.max {
            self.max = count;
            self.liable = 1u128 << self.from;
        } else if count == self.max {
            self.liable |= 1u128 << self.from;
        }
        if self.rule == CaptureRule::Compulsory {
            // R-Z13: most pieces, and no stopping while a legal continuation exists.
            if below || count < self.best {
                return;
            }
            if count > self.best {
                self.best = count;
                self.sink.truncate(self.start);
            }
        }
        let m = Move {
            captured,
            liable: 0,
            from: self.from,
            to,
            huff: self.huff,
            count,
            jumps,
            // R-Z9: a man whose capture ends on the far row is crowned.
            promote: !king && self.far >> to & 1 == 1,
            paths: 1,
        };
        self.sink.add(m, trail, self.start);
    }
}

#[cfg(test)]
mod interruption_tests {
    use super::*;
    use crate::rules::Rules;

    /// A Damma position with thousands of merged moves for White (seen in a search).
    const LONG: &str = "W:Wa1,a2,a3,a4,b1,b2,b3,c1,c2,c3,c4,d1,d2,d3,d4,e1,e2,e3,e6,f1,f2,f3,f4,f8,g1,g2,g3,h1,h2,h3,h4,h5,i1,i2,i3,i4,i5:Ba5,a6,a7,a8,a9,b5,b6,b7,b8,b9,c6,c8,c9,d6,d7,d8,d9,e8,f5,f6,f7,f9,g6,g8,g9,h6,h7,h8,h9,i6,i8,i9:clock=1:last=e4-e6/i7-h6:huff=g9";

    // R-Z12, R-Z14: the long list is the same with or without a stop that never fires, and
    // a stop that fires cuts the generation short.
    #[test]
    fn a_long_damma_generation_can_be_abandoned() {
        let rules = Rules::parse("damma", &["capture=huffing"]).unwrap();
        let pos = Position::from_code(rules, LONG).unwrap();
        let mut all = Vec::new();
        generate(&pos, &mut all);
        assert!(all.len() > 1000, "{} moves", all.len());
        let mut same = Vec::new();
        generate_until(&pos, &mut same, &|| false);
        assert_eq!(same, all);
        let mut cut = Vec::new();
        generate_until(&pos, &mut cut, &|| true);
        assert!(cut.len() < all.len() / 2, "{} of {}", cut.len(), all.len());
    }
}
