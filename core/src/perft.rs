//! Perft (R-0.7a): the number of move sequences of a given length, counting merged moves
//! or every capture route. Positions ended by a clock or by repetition along the
//! path from the root have no moves. Leaves are bulk-counted at depth 1.

use crate::moves::LegalMove;
use crate::moves::Move;
use crate::position::movegen::{self, turkish};
use crate::position::Position;
use crate::rules::Family;

/// What to count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Count {
    /// Merged moves.
    Moves,
    /// Every capture route separately (a merged move of `k` routes counts `k` times).
    Paths,
}

/// perft(`pos`, `depth`).
pub fn perft(pos: &Position, depth: u32, count: Count) -> u64 {
    Walker::new(pos, depth).run(pos, depth, count)
}

/// perft split by the root's moves: (canonical notation, count), sorted by notation.
pub fn divide(pos: &Position, depth: u32, count: Count) -> Vec<(String, u64)> {
    let mut v: Vec<(String, u64)> = root_moves(pos)
        .into_iter()
        .map(|d| {
            let n = child_count(pos, &d.mv, depth, count);
            (d.notation, n)
        })
        .collect();
    v.sort();
    v
}

/// perft on `threads` threads, splitting the root's moves between them.
pub fn perft_parallel(pos: &Position, depth: u32, count: Count, threads: usize) -> u64 {
    if threads <= 1 || depth < 2 {
        return perft(pos, depth, count);
    }
    let moves: Vec<Move> = root_moves(pos).into_iter().map(|d| d.mv).collect();
    let next = std::sync::atomic::AtomicUsize::new(0);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut sum = 0;
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(m) = moves.get(i) else { break };
                        sum += child_count(pos, m, depth, count);
                    }
                    sum
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap_or(0)).sum()
    })
}

fn root_moves(pos: &Position) -> Vec<LegalMove> {
    if pos.clock_expired() {
        Vec::new()
    } else {
        movegen::detailed(pos)
    }
}

/// The count below one root move, times its routes when counting paths.
fn child_count(pos: &Position, m: &Move, depth: u32, count: Count) -> u64 {
    if depth == 0 {
        return 0;
    }
    let mut child = pos.clone();
    child.play_unchecked(m);
    let mut w = Walker::new(pos, depth);
    w.push(child.placement_hash(), pos.is_reversible(m));
    let mult = if count == Count::Paths {
        m.paths() as u64
    } else {
        1
    };
    mult * w.walk_any(&child, depth - 1, count)
}

/// What perft needs of a position; Turkish Dama runs on a lean 64-bit copy.
trait Node: Sized {
    fn hash(&self) -> u64;
    /// Whether `m` can be undone by later moves (the one rule search uses too).
    fn is_reversible(&self, m: &Move) -> bool;
    fn clock_expired(&self) -> bool;
    fn generate(&self, out: &mut Vec<Move>);
    fn count(&self, scratch: &mut Vec<Move>, paths: bool) -> u64;
    fn after(&self, m: &Move) -> Self;
}

impl Node for Position {
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.placement_hash()
    }
    #[inline(always)]
    fn is_reversible(&self, m: &Move) -> bool {
        Position::is_reversible(self, m)
    }
    #[inline(always)]
    fn clock_expired(&self) -> bool {
        Position::clock_expired(self)
    }
    #[inline(always)]
    fn generate(&self, out: &mut Vec<Move>) {
        self.generate_moves(out)
    }
    #[inline(always)]
    fn count(&self, scratch: &mut Vec<Move>, paths: bool) -> u64 {
        movegen::zamma::count(self, scratch, paths)
    }
    #[inline(always)]
    fn after(&self, m: &Move) -> Self {
        let mut c = self.clone();
        c.play_unchecked(m);
        c
    }
}

impl Node for turkish::Node {
    #[inline(always)]
    fn hash(&self) -> u64 {
        self.hash
    }
    #[inline(always)]
    fn is_reversible(&self, m: &Move) -> bool {
        turkish::Node::is_reversible(self, m)
    }
    #[inline(always)]
    fn clock_expired(&self) -> bool {
        self.clock >= 50
    }
    #[inline(always)]
    fn generate(&self, out: &mut Vec<Move>) {
        turkish::Node::generate(self, out)
    }
    #[inline(always)]
    fn count(&self, scratch: &mut Vec<Move>, paths: bool) -> u64 {
        turkish::Node::count(self, scratch, paths)
    }
    #[inline(always)]
    fn after(&self, m: &Move) -> Self {
        turkish::Node::after(self, m)
    }
}

struct Walker {
    buffers: Vec<Vec<Move>>,
    /// The placements along the path from the root, each with how many reversible plies
    /// lead into it without a break: a repetition can only be found that far back (a
    /// Turkish man's sideways step resets the clock yet can be undone, so the clock is not
    /// that bound).
    history: Vec<(u64, u16)>,
}

impl Walker {
    fn new(root: &Position, depth: u32) -> Walker {
        Walker {
            buffers: (0..=depth).map(|_| Vec::with_capacity(64)).collect(),
            history: {
                let mut h = Vec::with_capacity(depth as usize + 1);
                h.push((root.placement_hash(), 0));
                h
            },
        }
    }

    #[inline(always)]
    fn push(&mut self, hash: u64, reversible: bool) {
        let run = if reversible {
            self.history.last().map_or(0, |&(_, r)| r.saturating_add(1))
        } else {
            0
        };
        self.history.push((hash, run));
    }

    #[inline(always)]
    fn pop(&mut self) {
        self.history.pop();
    }

    fn run(&mut self, pos: &Position, depth: u32, count: Count) -> u64 {
        self.walk_any(pos, depth, count)
    }

    fn walk_any(&mut self, pos: &Position, depth: u32, count: Count) -> u64 {
        match pos.rules().family() {
            // Turkish Dama walks a leaner node (no move memory, u64 boards).
            Family::Turkish => self.walk(&turkish::Node::of(pos), depth, count),
            Family::Zamma => self.walk(pos, depth, count),
        }
    }

    /// A third occurrence of the placement and side to move along the path (R-T11, R-Z17).
    #[inline]
    fn repeated<N: Node>(&self, pos: &N) -> bool {
        let n = self.history.len();
        let window = (self.history[n - 1].1 as usize).min(n - 1);
        if window < 4 {
            return false;
        }
        let h = pos.hash();
        let mut seen = 0;
        let mut i = n - 1;
        while i >= 2 && n - 1 - (i - 2) <= window {
            i -= 2;
            if self.history[i].0 == h {
                seen += 1;
                if seen == 2 {
                    return true;
                }
            }
        }
        false
    }

    fn walk<N: Node>(&mut self, pos: &N, depth: u32, count: Count) -> u64 {
        if depth == 0 {
            return 1;
        }
        if pos.clock_expired() || self.repeated(pos) {
            return 0;
        }
        let paths = count == Count::Paths;
        let d = depth as usize;
        if depth == 1 {
            return pos.count(&mut self.buffers[d], paths);
        }
        let mut moves = std::mem::take(&mut self.buffers[d]);
        pos.generate(&mut moves);
        let mut total = 0;
        for m in &moves {
            let child = pos.after(m);
            self.push(child.hash(), pos.is_reversible(m));
            let n = self.walk(&child, depth - 1, count);
            self.pop();
            total += if paths { n * m.paths() as u64 } else { n };
        }
        self.buffers[d] = moves;
        total
    }
}
