//! Where a Turkish position stands in its table: its material (the [`Material`], how many
//! kings and men each side has) and, within it, an index made of the side to move and one
//! combination of squares for each group of like pieces (colex order, so two white kings
//! on a1 and b2 are one entry, not two).

use crate::position::Position;
use crate::rules::Color;

/// The pieces of a Turkish ending: kings and men of each side (`[white, black]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// Kings of White and Black.
    pub kings: [u8; 2],
    /// Men of White and Black.
    pub men: [u8; 2],
}

/// The four groups of like pieces, in index order.
const GROUPS: [(usize, bool); 4] = [(0, true), (0, false), (1, true), (1, false)];

impl Material {
    /// The material of a position.
    pub fn of(pos: &Position) -> Material {
        let k = pos.kings();
        let w = pos.pieces(Color::White);
        let b = pos.pieces(Color::Black);
        Material {
            kings: [(w & k).count_ones() as u8, (b & k).count_ones() as u8],
            men: [(w & !k).count_ones() as u8, (b & !k).count_ones() as u8],
        }
    }

    /// Every piece on the board.
    pub fn pieces(&self) -> u8 {
        self.kings[0] + self.kings[1] + self.men[0] + self.men[1]
    }

    /// Men of both sides.
    pub fn all_men(&self) -> u8 {
        self.men[0] + self.men[1]
    }

    /// The same material with the colours exchanged.
    pub fn flipped(&self) -> Material {
        Material {
            kings: [self.kings[1], self.kings[0]],
            men: [self.men[1], self.men[0]],
        }
    }

    /// The one of the material and its colour reversal that is stored (the stronger side,
    /// by kings then men, as White): `true` when the position must be turned to find it.
    pub fn canonical(&self) -> (Material, bool) {
        let f = self.flipped();
        if (self.kings[0], self.men[0]) >= (self.kings[1], self.men[1]) {
            (*self, false)
        } else {
            (f, true)
        }
    }

    /// A short name: White's pieces, `v`, Black's (`KK-K`, `KM-M`, `KK-KM`).
    pub fn name(&self) -> String {
        let side =
            |c: usize| "K".repeat(self.kings[c] as usize) + &"M".repeat(self.men[c] as usize);
        format!("{}v{}", side(0), side(1))
    }

    /// Reads [`Material::name`] back.
    pub fn parse(s: &str) -> Option<Material> {
        let (w, b) = s.split_once('v')?;
        let side = |t: &str| -> Option<(u8, u8)> {
            let k = t.chars().take_while(|&c| c == 'K').count();
            let m = t[k..].chars().take_while(|&c| c == 'M').count();
            (k + m == t.len() && k + m > 0).then_some((k as u8, m as u8))
        };
        let (wk, wm) = side(w)?;
        let (bk, bm) = side(b)?;
        Some(Material {
            kings: [wk, bk],
            men: [wm, bm],
        })
    }

    /// The number of each group (white kings, white men, black kings, black men).
    fn count(&self, g: usize) -> u8 {
        let (c, king) = GROUPS[g];
        if king {
            self.kings[c]
        } else {
            self.men[c]
        }
    }
}

/// Squares a piece of a group may stand on: any for a king; a man never stands on the row
/// where it would be crowned (ranks 1–7 for White, 2–8 for Black).
fn domain(g: usize) -> (u8, u8) {
    match GROUPS[g] {
        (_, true) => (0, 64),
        (0, false) => (0, 56),
        _ => (8, 56),
    }
}

/// `C(n, k)` for the small numbers of a table.
pub(crate) const fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    let mut r = 1u64;
    let mut i = 0;
    while i < k {
        r = r * (n - i) as u64 / (i + 1) as u64;
        i += 1;
    }
    r
}

/// One material's layout: how many entries each group takes, and the squares of each
/// group's combinations in colex order (to decode an index without arithmetic).
pub(crate) struct Layout {
    pub material: Material,
    sizes: [u64; 4],
    combos: [Vec<[u8; 3]>; 4],
    /// Entries for one side to move.
    pub half: u64,
}

impl Layout {
    pub fn new(material: Material) -> Layout {
        let mut sizes = [1u64; 4];
        let mut combos: [Vec<[u8; 3]>; 4] = Default::default();
        for g in 0..4 {
            let k = material.count(g) as usize;
            assert!(k <= 3, "at most three like pieces in a table");
            let (_, n) = domain(g);
            sizes[g] = binomial(n as u32, k as u32);
            // Colex order: the combinations sorted by their largest square, then the next.
            let mut all = Vec::with_capacity(sizes[g] as usize);
            let mut c = [0u8; 3];
            enumerate(k, n, 0, &mut c, &mut all);
            all.sort_by_key(|c| rank(&c[..k]));
            combos[g] = all;
        }
        Layout {
            material,
            sizes,
            combos,
            half: sizes.iter().product(),
        }
    }

    /// Entries in the table: both sides to move.
    pub fn len(&self) -> u64 {
        2 * self.half
    }

    /// The index of a position of this material (not turned: the caller turns it).
    pub fn index(&self, pos: &Position) -> u64 {
        let k = pos.kings() as u64;
        let p = [
            pos.pieces(Color::White) as u64,
            pos.pieces(Color::Black) as u64,
        ];
        let boards = [p[0] & k, p[0] & !k, p[1] & k, p[1] & !k];
        self.index_of(pos.side_to_move(), &boards)
    }

    /// The index of pieces given as boards of each group (`[wk, wm, bk, bm]`).
    pub fn index_of(&self, side: Color, boards: &[u64; 4]) -> u64 {
        let mut idx = side.index() as u64;
        for (g, &b) in boards.iter().enumerate() {
            idx = idx * self.sizes[g] + group_rank(b, domain(g).0);
        }
        idx
    }

    /// The side to move and the boards of each group at `idx`; `None` where two pieces
    /// would share a square.
    pub fn decode(&self, mut idx: u64) -> Option<(Color, [u64; 4])> {
        let mut boards = [0u64; 4];
        for g in (0..4).rev() {
            let r = idx % self.sizes[g];
            idx /= self.sizes[g];
            let k = self.material.count(g) as usize;
            let off = domain(g).0;
            for &s in &self.combos[g][r as usize][..k] {
                boards[g] |= 1u64 << (s + off);
            }
        }
        let side = if idx == 0 { Color::White } else { Color::Black };
        let total: u32 = boards.iter().map(|b| b.count_ones()).sum();
        let all = boards.iter().fold(0, |a, b| a | b);
        (all.count_ones() == total).then_some((side, boards))
    }
}

fn enumerate(k: usize, n: u8, from: u8, c: &mut [u8; 3], out: &mut Vec<[u8; 3]>) {
    fn go(k: usize, i: usize, n: u8, from: u8, c: &mut [u8; 3], out: &mut Vec<[u8; 3]>) {
        if i == k {
            out.push(*c);
            return;
        }
        for s in from..n {
            c[i] = s;
            go(k, i + 1, n, s + 1, c, out);
        }
    }
    go(k, 0, n, from, c, out);
}

/// Colex rank of ascending squares: `Σ C(s_i, i + 1)`.
fn rank(squares: &[u8]) -> u64 {
    squares
        .iter()
        .enumerate()
        .map(|(i, &s)| binomial(s as u32, i as u32 + 1))
        .sum()
}

/// The colex rank of a group's board, its squares counted from `off`.
#[inline]
fn group_rank(mut b: u64, off: u8) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while b != 0 {
        let s = b.trailing_zeros() - off as u32;
        r += BINOMIALS[s as usize][i];
        b &= b - 1;
        i += 1;
    }
    r
}

static BINOMIALS: [[u64; 4]; 64] = {
    let mut t = [[0u64; 4]; 64];
    let mut n = 0;
    while n < 64 {
        let mut k = 0;
        while k < 4 {
            t[n][k] = binomial(n as u32, k as u32);
            k += 1;
        }
        n += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{GameId, Rules};

    #[test]
    fn every_entry_reads_back_to_its_index() {
        let rules = Rules::new(GameId::Turkish);
        for name in ["KvK", "KMvM", "MMvM", "KvMM"] {
            let layout = Layout::new(Material::parse(name).unwrap());
            let mut positions = 0;
            for idx in 0..layout.len() {
                if let Some((side, b)) = layout.decode(idx) {
                    let pos = crate::tables::generate::position_of(rules, side, &b);
                    assert_eq!(Material::of(&pos), layout.material);
                    assert_eq!(layout.index(&pos), idx, "{}", pos.to_code());
                    positions += 1;
                }
            }
            // Two sides to move, pieces on distinct squares.
            let expected = match name {
                "KvK" => 2 * 64 * 63,
                "KMvM" => 2 * 64 * 56 * 56 - 2 * (56 * 56 + 56 * 56 + 48 * 64 - 48 * 2),
                _ => 0,
            };
            if expected > 0 {
                assert_eq!(positions, expected, "{name}");
            }
        }
    }

    #[test]
    fn names_read_back() {
        for name in ["KvK", "KKvKM", "MMvM", "KKKvK"] {
            assert_eq!(Material::parse(name).unwrap().name(), name);
        }
        assert_eq!(Material::parse("KvX"), None);
        assert_eq!(Material::parse("MKvK"), None);
    }
}
