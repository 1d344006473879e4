//! The transposition table: a fixed-size array of 16-byte entries, two per bucket
//! (one kept by depth, one always replaced), sized in MiB so memory stays bounded on phones.

use crate::moves::Move;

/// A score is exact, a lower bound (fail high) or an upper bound (fail low).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Bound {
    /// Nothing stored.
    None = 0,
    /// Exact score.
    Exact = 1,
    /// At least this score.
    Lower = 2,
    /// At most this score.
    Upper = 3,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    /// Fingerprint of the best move ([`fingerprint`]), 0 if none.
    pub mv: u32,
    /// Score, relative to the node (mate scores adjusted by ply by the caller).
    pub score: i16,
    /// Depth searched.
    pub depth: i8,
    /// What the score means.
    pub bound: Bound,
}

const EMPTY: Entry = Entry {
    key: 0,
    mv: 0,
    score: 0,
    depth: -1,
    bound: Bound::None,
};

/// A compact identity of a move, enough to find it again among a position's moves.
#[inline]
pub fn fingerprint(m: &Move) -> u32 {
    let c = (m.captured as u64) ^ ((m.captured >> 64) as u64).rotate_left(17);
    let h = (c ^ (m.huff as u64) << 56).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 48;
    1 | (m.from as u32) << 1
        | (m.to as u32) << 8
        | (h as u32 & 0xFFFF) << 16
        | (m.promote as u32) << 15
}

/// The table.
pub struct Tt {
    entries: Vec<Entry>,
    mask: usize,
}

impl Tt {
    /// A table of at most `mib` MiB (at least one bucket).
    pub fn new(mib: usize) -> Tt {
        let bytes = mib.max(1) * 1024 * 1024;
        let buckets = (bytes / (2 * std::mem::size_of::<Entry>())).next_power_of_two() / 2;
        let buckets = buckets.max(1);
        Tt {
            entries: vec![EMPTY; buckets * 2],
            mask: buckets - 1,
        }
    }

    /// Size in bytes.
    pub fn bytes(&self) -> usize {
        self.entries.len() * std::mem::size_of::<Entry>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * 2
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let i = self.bucket(key);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key == key && e.bound != Bound::None)
            .copied()
    }

    /// Stores a result: the deep slot keeps the deepest, the other takes the rest.
    #[inline]
    pub fn store(&mut self, key: u64, depth: i32, score: i32, bound: Bound, mv: u32) {
        let i = self.bucket(key);
        let e = Entry {
            key,
            mv,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            depth: depth.clamp(0, 127) as i8,
            bound,
        };
        let deep = &mut self.entries[i];
        if deep.key == key || e.depth >= deep.depth {
            let keep_move = deep.key == key && mv == 0;
            let old_mv = deep.mv;
            *deep = e;
            if keep_move {
                deep.mv = old_mv;
            }
        } else {
            self.entries[i + 1] = e;
        }
    }
}
