//! Retrograde analysis of one material. Every position's moves are generated once by the
//! core (`Position::generate_moves`, the rules' own truth, captures compulsory and maximal):
//! a capture or crowning leaves the material and is valued from the smaller table it
//! reaches; the other moves stay inside and are counted. Then, from the ended positions
//! outward, ply by ply: a position with a move to a loss in `n` is won in `n + 1`, one
//! whose every move reaches a win is lost in one more than the slowest. The steps back
//! (a king sliding back, a man stepping back or sideways) are the only moves made here
//! without the core; `verify.rs` checks every value against the core's moves again.

use super::index::Layout;
use super::{Value, DRAW, MAX_PLIES, NONE};
use crate::moves::{Move, NO_POINT};
use crate::position::Position;
use crate::rules::{Color, Rules};

/// Not a target of a step back: no position, the game is over, or a capture is due.
const SKIP: u8 = 1;
/// Can never be lost: a move out of the material wins or draws.
const NO_LOSS: u8 = 2;
const NO_WIN: u8 = u8::MAX;
const LOST: u32 = 1 << 31;

/// The position of pieces given as boards of each group (`[wk, wm, bk, bm]`).
pub(crate) fn position_of(rules: Rules, side: Color, b: &[u64; 4]) -> Position {
    Position::from_parts(
        rules,
        [(b[0] | b[1]) as u128, (b[2] | b[3]) as u128],
        (b[0] | b[2]) as u128,
        side,
        0,
        [(NO_POINT, NO_POINT); 2],
        0,
    )
}

struct Work {
    vals: Vec<u8>,
    /// Moves inside the material not yet known to reach a win for the opponent.
    left: Vec<u8>,
    /// One more than the slowest win a move out of the material gives the opponent.
    worst: Vec<u8>,
    /// The quickest win known, not yet settled.
    win: Vec<u8>,
    flags: Vec<u8>,
    levels: Vec<Vec<u32>>,
}

impl Work {
    fn push(&mut self, level: u8, idx: usize, lost: bool) {
        assert!(level <= MAX_PLIES, "a distance beyond the table's code");
        let l = level as usize;
        if self.levels.len() <= l {
            self.levels.resize_with(l + 1, Vec::new);
        }
        self.levels[l].push(idx as u32 | if lost { LOST } else { 0 });
    }
}

/// The values of every entry of `layout` under `rules`; `exit` values a position reached
/// by a move out of the material.
pub(super) fn generate(
    layout: &Layout,
    rules: Rules,
    exit: &dyn Fn(&Position) -> Value,
) -> Vec<u8> {
    let n = layout.len() as usize;
    let mut w = Work {
        vals: vec![DRAW; n],
        left: vec![0; n],
        worst: vec![0; n],
        win: vec![NO_WIN; n],
        flags: vec![0; n],
        levels: Vec::new(),
    };
    let mut moves: Vec<Move> = Vec::with_capacity(64);
    for idx in 0..n {
        let Some((side, b)) = layout.decode(idx as u64) else {
            w.vals[idx] = NONE;
            w.flags[idx] = SKIP;
            continue;
        };
        let pos = position_of(rules, side, &b);
        pos.generate_moves(&mut moves);
        if moves.is_empty() {
            // R-T9: no move (or no piece) loses.
            w.flags[idx] = SKIP;
            w.push(0, idx, true);
            continue;
        }
        if let Some(o) = pos.outcome_without_moves() {
            // R-T10, R-T11: one piece each.
            w.flags[idx] = SKIP | NO_LOSS;
            if let Some(winner) = o.winner() {
                if winner == side {
                    w.win[idx] = 0;
                }
                w.push(0, idx, winner != side);
            }
            continue;
        }
        let mut inside = 0u8;
        let mut best_win = NO_WIN;
        for m in &moves {
            if m.captured == 0 && !m.promote {
                inside += 1;
                continue;
            }
            if m.captured != 0 {
                w.flags[idx] |= SKIP;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            match exit(&child).before() {
                Value::Win(d) => best_win = best_win.min(d),
                Value::Draw => w.flags[idx] |= NO_LOSS,
                Value::Loss(d) => w.worst[idx] = w.worst[idx].max(d),
            }
        }
        w.left[idx] = inside;
        if best_win != NO_WIN {
            w.flags[idx] |= NO_LOSS;
            w.win[idx] = best_win;
            w.push(best_win, idx, false);
        } else if inside == 0 && w.flags[idx] & NO_LOSS == 0 {
            let worst = w.worst[idx];
            w.push(worst, idx, true);
        }
    }
    let mut level = 0;
    let mut preds = Vec::with_capacity(64);
    while level < w.levels.len() {
        let here = std::mem::take(&mut w.levels[level]);
        let l = level as u8;
        for e in here {
            let idx = (e & !LOST) as usize;
            let lost = e & LOST != 0;
            if w.vals[idx] != DRAW || (!lost && w.win[idx] != l) {
                continue;
            }
            w.vals[idx] = if lost { Value::Loss(l) } else { Value::Win(l) }.code();
            steps_back(layout, idx, &mut preds);
            for &q in &preds {
                if w.flags[q] & SKIP != 0 || w.vals[q] != DRAW {
                    continue;
                }
                if lost {
                    if w.win[q] == NO_WIN || w.win[q] > l + 1 {
                        w.win[q] = l + 1;
                        w.push(l + 1, q, false);
                    }
                } else {
                    w.left[q] -= 1;
                    if w.left[q] == 0 && w.flags[q] & NO_LOSS == 0 && w.win[q] == NO_WIN {
                        let at = w.worst[q].max(l + 1);
                        w.push(at, q, true);
                    }
                }
            }
        }
        level += 1;
    }
    w.vals
}

/// The entries from which one move inside the material (a king's slide, a man's step)
/// reaches the entry `idx`.
fn steps_back(layout: &Layout, idx: usize, out: &mut Vec<usize>) {
    out.clear();
    let Some((side, b)) = layout.decode(idx as u64) else {
        return;
    };
    let mover = side.other();
    let occ = b.iter().fold(0, |a, x| a | x);
    let groups = if mover == Color::White {
        [0, 1]
    } else {
        [2, 3]
    };
    for g in groups {
        let king = g % 2 == 0;
        let mut bits = b[g];
        while bits != 0 {
            let sq = bits.trailing_zeros() as i32;
            bits &= bits - 1;
            let (f, r) = (sq % 8, sq / 8);
            let back = |to: i32, out: &mut Vec<usize>| {
                let mut nb = b;
                nb[g] = (nb[g] & !(1u64 << sq)) | 1u64 << to;
                out.push(layout.index_of(mover, &nb) as usize);
            };
            if king {
                for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                    let (mut x, mut y) = (f + df, r + dr);
                    while (0..8).contains(&x) && (0..8).contains(&y) && occ >> (y * 8 + x) & 1 == 0
                    {
                        back(y * 8 + x, out);
                        x += df;
                        y += dr;
                    }
                }
            } else {
                // A white man came from below or beside, a black one from above or beside.
                let dr = if mover == Color::White { -1 } else { 1 };
                for (df, dr) in [(0, dr), (1, 0), (-1, 0)] {
                    let (x, y) = (f + df, r + dr);
                    if (0..8).contains(&x) && (0..8).contains(&y) && occ >> (y * 8 + x) & 1 == 0 {
                        back(y * 8 + x, out);
                    }
                }
            }
        }
    }
}
