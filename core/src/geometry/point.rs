//! A point of a board, and bitboards of points.

/// A point of a board, by index in the board's label space (`rank * stride + file`).
///
/// A `Point` only makes sense together with its [`Geometry`](super::Geometry); use
/// [`Geometry::point`](super::Geometry::point) or
/// [`Geometry::parse_label`](super::Geometry::parse_label) to obtain one that exists on a
/// board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(crate) u8);

impl Point {
    /// The raw index (also the bit number in bitboards).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The bitboard with only this point set.
    #[inline]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
    }
}

/// Shifts a bitboard by a signed index offset.
#[inline(always)]
pub(crate) fn shift(b: u128, delta: i8) -> u128 {
    if delta >= 0 {
        b << delta
    } else {
        b >> (-delta)
    }
}

/// Iterates the set bits of a bitboard as point indices, lowest first.
#[derive(Clone, Copy)]
pub(crate) struct Bits(pub u128);

impl Iterator for Bits {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as u8;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}
