//! Static evaluation: a weighted sum of features, one weight table per family (see
//! [`super::weights`]). Linear in the weights, so the tuner can fit them to game results.

pub use super::weights::{weights_for, Weights, FEATURES, NAMES};
use crate::geometry::shift;
use crate::position::Position;
use crate::rules::{Color, Family};

/// The features of a position, each White's value minus Black's (or signed for White).
pub fn features(pos: &Position) -> [i32; FEATURES] {
    let g = pos.geometry();
    let size = g.size() as i32;
    let w = pos.pieces(Color::White);
    let b = pos.pieces(Color::Black);
    let k = pos.kings();
    let empty = g.valid() & !(w | b);
    let mut f = [0i32; FEATURES];
    f[0] = (w & !k).count_ones() as i32 - (b & !k).count_ones() as i32;
    f[1] = (w & k).count_ones() as i32 - (b & k).count_ones() as i32;
    let turkish = pos.rules().family() == Family::Turkish;
    let t = tables(pos);
    for (c, men, sign) in [(0usize, w & !k, 1), (1usize, b & !k, -1)] {
        let mut adv = 0;
        let mut adv_sq = 0;
        for r in 1..size {
            let n = (men & t.rank_from[c][r as usize]).count_ones() as i32;
            adv += r * n;
            adv_sq += r * r * n;
        }
        f[2] += sign * adv;
        f[3] += sign * adv_sq;
        f[5] += sign * (men & t.centre).count_ones() as i32;
        f[7] += sign * (men & t.back[c]).count_ones() as i32;
        if !turkish {
            f[8] += sign * (men & t.strong).count_ones() as i32;
        }
    }
    // Promotion threats (Turkish): a man one step from its far row with the square free.
    if turkish {
        let w_men = (w & !k) as u64;
        let b_men = (b & !k) as u64;
        let e = empty as u64;
        f[4] = ((w_men & (0xFFu64 << 48)) & (e >> 8)).count_ones() as i32
            - ((b_men & 0xFF00) & (e << 8)).count_ones() as i32;
    }
    f[6] = mobility(pos, Color::White, empty) - mobility(pos, Color::Black, empty);
    // Count endings (R-Z17, R-Z18): the nearer the 40-ply clock, the more a lead in pieces
    // is worth.
    if !turkish {
        let lead = w.count_ones() as i32 - b.count_ones() as i32;
        f[9] = lead * pos.clock() as i32;
        // R-Z14: a pending huff costs the side not to move one piece.
        if !pos.liable().is_empty() {
            f[10] = if pos.side_to_move() == Color::White {
                1
            } else {
                -1
            };
        }
    }
    f
}

/// Per-board masks the evaluation counts with.
struct Tables {
    /// `[colour][r]`: the rank `r` steps from that colour's own back row.
    rank_from: [[u128; 9]; 2],
    centre: u128,
    back: [u128; 2],
    strong: u128,
}

fn build_tables(kind: crate::geometry::BoardKind) -> Tables {
    let g = crate::geometry::Geometry::of(kind);
    let size = g.size() as i32;
    let mid = size / 2;
    let turkish = kind == crate::geometry::BoardKind::Squares8;
    let reach = 1 + (size > 5) as i32;
    let mut t = Tables {
        rank_from: [[0; 9]; 2],
        centre: 0,
        back: [0; 2],
        strong: 0,
    };
    for &p in g.points() {
        let (file, rank) = g.coords(p);
        let (file, rank) = (file as i32, rank as i32);
        t.rank_from[0][rank as usize] |= p.bit();
        t.rank_from[1][(size - 1 - rank) as usize] |= p.bit();
        if (file - mid).abs() <= reach && (rank - mid).abs() <= reach {
            t.centre |= p.bit();
        }
        let guard = if turkish { 1 } else { 0 };
        if rank <= guard {
            t.back[0] |= p.bit();
        }
        if size - 1 - rank <= guard {
            t.back[1] |= p.bit();
        }
        if (file + rank) % 2 == 0 {
            t.strong |= p.bit();
        }
    }
    t
}

fn tables(pos: &Position) -> &'static Tables {
    use crate::geometry::BoardKind;
    use once_cell::sync::Lazy;
    static T: Lazy<[Tables; 4]> = Lazy::new(|| {
        [
            build_tables(BoardKind::Squares8),
            build_tables(BoardKind::Alquerque9),
            build_tables(BoardKind::Alquerque5),
            build_tables(BoardKind::Kharbaga),
        ]
    });
    &T[pos.geometry().kind() as usize]
}

/// Steps available to one side's men (a cheap mobility measure from bitboard shifts).
fn mobility(pos: &Position, c: Color, empty: u128) -> i32 {
    let g = pos.geometry();
    let men = pos.pieces(c) & !pos.kings();
    let kings = pos.pieces(c) & pos.kings();
    let dirs: &[usize] = match (pos.rules().family().orthogonal_only(), c) {
        (true, Color::White) => &[0, 2, 6],
        (true, Color::Black) => &[4, 2, 6],
        (false, Color::White) => &[0, 1, 7, 2, 6],
        (false, Color::Black) => &[4, 3, 5, 2, 6],
    };
    let mut n = 0;
    for &d in dirs {
        n += (shift(men & g.line_mask(d), g.delta(d)) & empty).count_ones() as i32;
    }
    for d in 0..8 {
        n += (shift(kings & g.line_mask(d), g.delta(d)) & empty).count_ones() as i32;
    }
    n
}

/// The evaluation from the side to move's point of view.
pub fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, weights_for(pos.rules().game()))
}

/// [`evaluate`] with given weights (for the tuner).
pub fn evaluate_with(pos: &Position, weights: &Weights) -> i32 {
    let f = features(pos);
    let white: i32 = f
        .iter()
        .zip(weights.w.iter())
        .map(|(a, b)| a * b)
        .sum::<i32>()
        / 16;
    let s = if pos.side_to_move() == Color::White {
        white
    } else {
        -white
    };
    s + weights.tempo
}
