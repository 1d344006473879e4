//! The eight compass directions.

/// One of the eight compass directions of the rule book. `N` points toward Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Direction {
    /// Toward Black (rank + 1).
    N = 0,
    /// North-east.
    NE = 1,
    /// Toward the h/i file.
    E = 2,
    /// South-east.
    SE = 3,
    /// Toward White (rank − 1).
    S = 4,
    /// South-west.
    SW = 5,
    /// Toward the a file.
    W = 6,
    /// North-west.
    NW = 7,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The direction with this index (0 = N, clockwise).
    #[inline]
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i & 7]
    }

    /// The direction turned by 180°.
    #[inline]
    pub const fn opposite(self) -> Direction {
        Direction::from_index(self as usize + 4)
    }

    /// `true` for N, E, S and W.
    #[inline]
    pub const fn is_orthogonal(self) -> bool {
        (self as u8) & 1 == 0
    }

    /// File and rank step of one unit in this direction.
    #[inline]
    pub const fn step(self) -> (i8, i8) {
        match self {
            Direction::N => (0, 1),
            Direction::NE => (1, 1),
            Direction::E => (1, 0),
            Direction::SE => (1, -1),
            Direction::S => (0, -1),
            Direction::SW => (-1, -1),
            Direction::W => (-1, 0),
            Direction::NW => (-1, 1),
        }
    }
}
