//! Board geometry: the points of each board, their labels and coordinates, the lines
//! drawn between them and the neighbour of every point in every direction.
//!
//! Everything here is data, built once per board (rule book, R-T1, R-Z1, R-Z2).
//! A point is identified by its *index* in the board's label space: `rank * stride + file`,
//! so `a1` is index 0 on every board. Bitboards use the same indices.
//!
//! Here the boards themselves; beside them the compass (`geometry/direction.rs`), a point and
//! bitboards of points (`point.rs`), and labels and path texts (`label.rs`).

mod direction;
mod label;
mod point;

pub use direction::Direction;
pub use point::Point;
pub(crate) use point::{shift, Bits};

use once_cell::sync::Lazy;
use std::fmt;

/// The largest index any board uses (9×9 label space), plus one.
pub const MAX_POINTS: usize = 81;

/// The shape of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// Turkish Dama: 8×8 squares, orthogonal lines only (R-T1).
    Squares8,
    /// Zamma and Damma: 9×9 alquerque points (R-Z1).
    Alquerque9,
    /// Fetaix: 5×5 alquerque points (R-Z1).
    Alquerque5,
    /// Kharbaga: 41 points in a 9×9 label space (R-Z2).
    Kharbaga,
}

/// A straight segment between two neighbouring points, as drawn on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line {
    /// One end (the smaller index).
    pub a: Point,
    /// The other end.
    pub b: Point,
}

const NONE: u8 = u8::MAX;

/// Everything about one board's shape: points, labels, lines and neighbours.
pub struct Geometry {
    kind: BoardKind,
    name: &'static str,
    stride: u8,
    size: u8,
    points: Vec<Point>,
    valid: u128,
    neighbour: [[u8; 8]; MAX_POINTS],
    line_mask: [u128; 8],
    jump_mask: [u128; 8],
    delta: [i8; 8],
    lines: Vec<Line>,
    rank_mask: [u128; 9],
    adjacent: [u128; MAX_POINTS],
    short_jumps: Vec<Vec<ShortJump>>,
}

/// A short jump from a point: over `over` (its neighbour in direction `dir`) to `to`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct ShortJump {
    pub over: u8,
    pub to: u8,
    pub dir: u8,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("kind", &self.kind)
            .finish()
    }
}

static SQUARES8: Lazy<Geometry> = Lazy::new(|| Geometry::build(BoardKind::Squares8));
static ALQUERQUE9: Lazy<Geometry> = Lazy::new(|| Geometry::build(BoardKind::Alquerque9));
static ALQUERQUE5: Lazy<Geometry> = Lazy::new(|| Geometry::build(BoardKind::Alquerque5));
static KHARBAGA: Lazy<Geometry> = Lazy::new(|| Geometry::build(BoardKind::Kharbaga));

impl Geometry {
    /// The shared, lazily built geometry of a board kind.
    pub fn of(kind: BoardKind) -> &'static Geometry {
        match kind {
            BoardKind::Squares8 => &SQUARES8,
            BoardKind::Alquerque9 => &ALQUERQUE9,
            BoardKind::Alquerque5 => &ALQUERQUE5,
            BoardKind::Kharbaga => &KHARBAGA,
        }
    }

    fn build(kind: BoardKind) -> Geometry {
        let (name, stride, size) = match kind {
            BoardKind::Squares8 => ("8x8", 8u8, 8u8),
            BoardKind::Alquerque9 => ("9x9", 9, 9),
            BoardKind::Alquerque5 => ("5x5", 5, 5),
            BoardKind::Kharbaga => ("kharbaga", 9, 9),
        };
        let exists = |f: i8, r: i8| -> bool {
            if f < 0 || r < 0 || f >= size as i8 || r >= size as i8 {
                return false;
            }
            match kind {
                // Grid points (both even) and square centres (both odd).
                BoardKind::Kharbaga => f % 2 == r % 2,
                _ => true,
            }
        };
        // The unit step of a direction at (f, r), if the board draws that line.
        let unit = |f: i8, r: i8, d: Direction| -> Option<(i8, i8)> {
            let (df, dr) = d.step();
            match kind {
                BoardKind::Squares8 => d.is_orthogonal().then_some((df, dr)),
                BoardKind::Alquerque9 | BoardKind::Alquerque5 => {
                    (d.is_orthogonal() || (f + r) % 2 == 0).then_some((df, dr))
                }
                BoardKind::Kharbaga => {
                    if d.is_orthogonal() {
                        // Orthogonal lines join grid points only, two labels apart.
                        (f % 2 == 0 && r % 2 == 0).then_some((2 * df, 2 * dr))
                    } else {
                        Some((df, dr))
                    }
                }
            }
        };
        let mut g = Geometry {
            kind,
            name,
            stride,
            size,
            points: Vec::new(),
            valid: 0,
            neighbour: [[NONE; 8]; MAX_POINTS],
            line_mask: [0; 8],
            jump_mask: [0; 8],
            delta: [0; 8],
            lines: Vec::new(),
            rank_mask: [0; 9],
            adjacent: [0; MAX_POINTS],
            short_jumps: (0..MAX_POINTS).map(|_| Vec::new()).collect(),
        };
        for r in 0..size as i8 {
            for f in 0..size as i8 {
                if !exists(f, r) {
                    continue;
                }
                let idx = (r as usize) * stride as usize + f as usize;
                g.points.push(Point(idx as u8));
                g.valid |= 1u128 << idx;
                g.rank_mask[r as usize] |= 1u128 << idx;
                for d in Direction::ALL {
                    if let Some((df, dr)) = unit(f, r, d) {
                        let (nf, nr) = (f + df, r + dr);
                        if exists(nf, nr) {
                            let n = nr as usize * stride as usize + nf as usize;
                            g.neighbour[idx][d as usize] = n as u8;
                            g.adjacent[idx] |= 1u128 << n;
                            g.line_mask[d as usize] |= 1u128 << idx;
                            g.delta[d as usize] = (n as i32 - idx as i32) as i8;
                            if n > idx {
                                g.lines.push(Line {
                                    a: Point(idx as u8),
                                    b: Point(n as u8),
                                });
                            }
                        }
                    }
                }
            }
        }
        for d in 0..8 {
            let mut m = 0u128;
            for p in &g.points {
                let q = g.neighbour[p.index()][d];
                if q != NONE && g.neighbour[q as usize][d] != NONE {
                    m |= p.bit();
                    g.short_jumps[p.index()].push(ShortJump {
                        over: q,
                        to: g.neighbour[q as usize][d],
                        dir: d as u8,
                    });
                }
            }
            g.jump_mask[d] = m;
        }
        g
    }

    /// Which board this is.
    pub fn kind(&self) -> BoardKind {
        self.kind
    }

    /// A short name of the board (`8x8`, `9x9`, `5x5`, `kharbaga`).
    pub fn name(&self) -> &'static str {
        self.name
    }

    /// Number of files (and ranks) of the label space.
    pub fn size(&self) -> u8 {
        self.size
    }

    /// All points in index order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The bitboard of every point of the board.
    #[inline]
    pub fn valid(&self) -> u128 {
        self.valid
    }

    /// Every segment the board draws between two neighbouring points.
    pub fn lines(&self) -> &[Line] {
        &self.lines
    }

    /// The point at file and rank (both from 0), if the board has one there.
    pub fn point(&self, file: u8, rank: u8) -> Option<Point> {
        if file >= self.size || rank >= self.size {
            return None;
        }
        let idx = rank as usize * self.stride as usize + file as usize;
        (self.valid >> idx & 1 == 1).then_some(Point(idx as u8))
    }

    /// `true` when `p` is a point of this board.
    #[inline]
    pub fn contains(&self, p: Point) -> bool {
        p.index() < 128 && self.valid >> p.index() & 1 == 1
    }

    /// File and rank of a point (both from 0; `a1` is (0, 0)).
    #[inline]
    pub fn coords(&self, p: Point) -> (u8, u8) {
        (p.0 % self.stride, p.0 / self.stride)
    }

    /// The neighbour of `p` in direction `d` along a drawn line.
    #[inline]
    pub fn neighbour(&self, p: Point, d: Direction) -> Option<Point> {
        let n = self.neighbour[p.index()][d as usize];
        (n != NONE).then_some(Point(n))
    }

    #[inline]
    pub(crate) fn neighbour_raw(&self, p: u8, d: usize) -> u8 {
        self.neighbour[p as usize][d]
    }

    /// Points that have a line leaving in direction `d`.
    #[inline]
    pub(crate) fn line_mask(&self, d: usize) -> u128 {
        self.line_mask[d]
    }

    /// Points `p` from which `p+d` and `p+2d` both exist along one line (short jumps).
    #[inline]
    pub(crate) fn jump_mask(&self, d: usize) -> u128 {
        self.jump_mask[d]
    }

    /// Every point linked to `p` by a line.
    #[inline(always)]
    pub(crate) fn adjacent(&self, p: u8) -> u128 {
        self.adjacent[p as usize]
    }

    /// The short jumps that exist from `p`, in direction order.
    #[inline(always)]
    pub(crate) fn short_jumps(&self, p: u8) -> &[ShortJump] {
        &self.short_jumps[p as usize]
    }

    /// Index offset of one unit in direction `d` (the same at every point that has the line).
    #[inline]
    pub(crate) fn delta(&self, d: usize) -> i8 {
        self.delta[d]
    }

    /// The bitboard of one rank (0-based).
    #[inline]
    pub fn rank_mask(&self, rank: u8) -> u128 {
        self.rank_mask[rank as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn point_counts() {
        // R-T1, R-Z1, R-Z2
        assert_eq!(Geometry::of(BoardKind::Squares8).points().len(), 64);
        assert_eq!(Geometry::of(BoardKind::Alquerque9).points().len(), 81);
        assert_eq!(Geometry::of(BoardKind::Alquerque5).points().len(), 25);
        assert_eq!(Geometry::of(BoardKind::Kharbaga).points().len(), 41);
    }

    #[test]
    fn alquerque_diagonals_only_on_even_points() {
        // R-Z1
        let g = Geometry::of(BoardKind::Alquerque5);
        let c2 = g.parse_label("c2").unwrap();
        assert!(g.neighbour(c2, Direction::NE).is_none());
        let c3 = g.parse_label("c3").unwrap();
        assert_eq!(g.label(g.neighbour(c3, Direction::NE).unwrap()), "d4");
    }

    #[test]
    fn kharbaga_links() {
        // R-Z2
        let g = Geometry::of(BoardKind::Kharbaga);
        let a1 = g.parse_label("a1").unwrap();
        assert_eq!(g.label(g.neighbour(a1, Direction::E).unwrap()), "c1");
        assert_eq!(g.label(g.neighbour(a1, Direction::NE).unwrap()), "b2");
        let b2 = g.parse_label("b2").unwrap();
        assert!(g.neighbour(b2, Direction::N).is_none());
        assert_eq!(g.label(g.neighbour(b2, Direction::NE).unwrap()), "c3");
        assert!(g.parse_label("b1").is_none());
        // 5x5 grid: 40 orthogonal segments; 16 centres × 4 diagonal half-links = 64.
        assert_eq!(g.lines().len(), 40 + 64);
    }
}
