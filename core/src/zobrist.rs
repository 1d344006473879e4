//! Zobrist keys, generated at compile time from a fixed seed so that hashes are the same
//! on every platform and in every run.

use crate::geometry::Bits;

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const N: usize = 128;

/// Keys: `[color][king?][point]`, then per-colour last-move from/to keys, huff keys.
struct Keys {
    piece: [[[u64; N]; 2]; 2],
    last_from: [[u64; N]; 2],
    last_to: [[u64; N]; 2],
    huff: [u64; N],
    side: u64,
}

const fn generate() -> Keys {
    let mut k = Keys {
        piece: [[[0; N]; 2]; 2],
        last_from: [[0; N]; 2],
        last_to: [[0; N]; 2],
        huff: [0; N],
        side: 0,
    };
    let mut s = 0x0DA4_A5EE_D5EE_D001u64;
    let mut i = 0;
    while i < N {
        let mut c = 0;
        while c < 2 {
            let (s1, a) = splitmix(s);
            let (s2, b) = splitmix(s1);
            let (s3, f) = splitmix(s2);
            let (s4, t) = splitmix(s3);
            s = s4;
            k.piece[c][0][i] = a;
            k.piece[c][1][i] = b;
            k.last_from[c][i] = f;
            k.last_to[c][i] = t;
            c += 1;
        }
        let (s5, h) = splitmix(s);
        s = s5;
        k.huff[i] = h;
        i += 1;
    }
    let (_, side) = splitmix(s);
    k.side = side;
    k
}

static KEYS: Keys = generate();

/// Key of a piece of `color` (0/1), `king` or man, on point index `p`.
#[inline(always)]
pub(crate) fn piece(color: usize, king: bool, p: u8) -> u64 {
    KEYS.piece[color][king as usize][p as usize]
}

/// Key of the side to move being Black.
#[inline(always)]
pub(crate) fn side() -> u64 {
    KEYS.side
}

/// Key of one side's previous move (R-Z6 memory).
#[inline]
pub(crate) fn last_move(color: usize, from: u8, to: u8) -> u64 {
    KEYS.last_from[color][from as usize] ^ KEYS.last_to[color][to as usize]
}

/// Key of a set of liable points (R-Z14).
#[inline]
pub(crate) fn huff(set: u128) -> u64 {
    Bits(set).fold(0, |h, p| h ^ KEYS.huff[p as usize])
}
