//! The move type shared by every game.

use crate::geometry::{Bits, Point};

pub(crate) const NO_POINT: u8 = u8::MAX;

/// A legal move of a position as players see it: the move, its canonical route and its
/// notation, with every route it stands for (what a tap, a move list and the notation read).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegalMove {
    /// The move.
    pub mv: Move,
    /// Start point and every landing point of the canonical route.
    pub path: Vec<Point>,
    /// Every route the merged move stands for, the canonical one first.
    pub routes: Vec<Vec<Point>>,
    /// The notation of the canonical route (`b3xd3xd5`, `[xd4] e6-e5`).
    pub notation: String,
}

/// A legal move, identified as in: start, final point, set of captured points,
/// promotion and huff point. Equality and hashing are that identity: two routes that lead
/// to the same result are the same move. Small and `Copy`; the full path is recovered with
/// [`crate::Position::move_path`] or comes with [`crate::Position::legal_moves_detailed`].
#[derive(Clone, Copy, Debug)]
pub struct Move {
    pub(crate) captured: u128,
    /// Pieces of the mover liable to huffing after this move (R-Z14), where they will stand.
    pub(crate) liable: u128,
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) huff: u8,
    pub(crate) count: u8,
    pub(crate) jumps: u16,
    pub(crate) promote: bool,
    pub(crate) paths: u32,
}

impl Move {
    pub(crate) const fn step(from: u8, to: u8, promote: bool) -> Move {
        Move {
            captured: 0,
            liable: 0,
            from,
            to,
            huff: NO_POINT,
            count: 0,
            jumps: 0,
            promote,
            paths: 1,
        }
    }

    /// Where the moving piece starts.
    #[inline]
    pub fn from(&self) -> Point {
        Point(self.from)
    }

    /// Where the moving piece ends.
    #[inline]
    pub fn to(&self) -> Point {
        Point(self.to)
    }

    /// `true` for a capture sequence.
    #[inline]
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The captured points as a bitboard (point indices).
    #[inline]
    pub fn captured_bits(&self) -> u128 {
        self.captured
    }

    /// The captured points, in index order.
    pub fn captured(&self) -> Vec<Point> {
        Bits(self.captured).map(Point).collect()
    }

    /// Number of distinct pieces captured.
    #[inline]
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// Number of jumps of the sequence (Damma may jump one piece more than once).
    #[inline]
    pub fn jumps(&self) -> u32 {
        self.jumps as u32
    }

    /// The moving man is crowned by this move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promote
    }

    /// The liable piece removed first (R-Z14), if any.
    #[inline]
    pub fn huff(&self) -> Option<Point> {
        (self.huff != NO_POINT).then_some(Point(self.huff))
    }

    /// The mover's pieces that become liable to removal by this move (R-Z14).
    pub fn liable_after(&self) -> Vec<Point> {
        Bits(self.liable).map(Point).collect()
    }

    /// How many distinct capture routes this merged move stands for.
    #[inline]
    pub fn paths(&self) -> u32 {
        self.paths
    }

    /// The identity: start, end, captured set, promotion, huff point.
    #[inline]
    fn identity(&self) -> (u8, u8, u128, bool, u8) {
        (self.from, self.to, self.captured, self.promote, self.huff)
    }
}

impl PartialEq for Move {
    /// Same identity: what the route took (jumps, merged route count) does not matter.
    #[inline]
    fn eq(&self, o: &Move) -> bool {
        self.identity() == o.identity()
    }
}

impl Eq for Move {}

impl std::hash::Hash for Move {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.identity().hash(h);
    }
}
