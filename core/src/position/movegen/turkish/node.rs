//! The lean Turkish position that perft walks.

use super::super::Fast;
use super::{count_board, generate_board, Board64};
use crate::moves::Move;
use crate::position::Position;
use crate::zobrist;

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
