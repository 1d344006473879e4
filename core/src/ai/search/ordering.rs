//! Move ordering: the table's move, captures by size, killers, then the history.

use super::{Search, MAX_PLY};
use crate::ai::tt::fingerprint;
use crate::moves::Move;

impl Search<'_> {
    /// Sorts moves best first: TT move, captures by size, killers, then by history.
    pub(super) fn order(&mut self, moves: &mut [Move], tt_move: u32, ply: usize) {
        let killers = self.killers[ply.min(MAX_PLY)];
        let mut keys = std::mem::take(&mut self.keys);
        keys.clear();
        keys.extend(moves.iter().map(|m| {
            let f = fingerprint(m);
            if f == tt_move {
                1i64 << 40
            } else if m.captured != 0 || m.huff != crate::moves::NO_POINT {
                (1 << 30) + (m.count as i64) * 1000 + m.promote as i64 * 500
            } else if f == killers[0] {
                1 << 29
            } else if f == killers[1] {
                (1 << 29) - 1
            } else {
                self.hist[(m.from as usize & 127) * 128 + (m.to as usize & 127)] as i64
                    + m.promote as i64 * (1 << 28)
            }
        }));
        if moves.len() <= 32 {
            // Insertion sort: lists are short and this allocates nothing.
            for i in 1..moves.len() {
                let mut j = i;
                while j > 0 && keys[j - 1] < keys[j] {
                    keys.swap(j - 1, j);
                    moves.swap(j - 1, j);
                    j -= 1;
                }
            }
        } else {
            // Thousands of Damma routes: sort an index (stable, like the insertion sort).
            let mut order = std::mem::take(&mut self.order);
            order.clear();
            order.extend(0..moves.len() as u32);
            order.sort_by_key(|&i| std::cmp::Reverse(keys[i as usize]));
            let mut sorted = std::mem::take(&mut self.sorted);
            sorted.clear();
            sorted.extend(order.iter().map(|&i| moves[i as usize]));
            moves.copy_from_slice(&sorted);
            self.order = order;
            self.sorted = sorted;
        }
        self.keys = keys;
    }
}
