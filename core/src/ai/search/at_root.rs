//! One iteration at the root, and the principal variation read back from the table.

use super::{RootScores, Search, INF};
use crate::ai::tt::fingerprint;
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::Ordering;

impl Search<'_> {
    /// Root search of one iteration: every root move with its score, best first.
    /// `noise` is added to root scores (weaker levels); exact scores for all moves are
    /// computed when `exact` is set (needed for noise). With a `margin`, the moves that score
    /// within it of the best are found too (for the top levels' variety); a margin of 0
    /// searches exactly as without one.
    pub fn root(
        &mut self,
        pos: &Position,
        moves: &[Move],
        depth: i32,
        noise: &[i32],
        exact: bool,
        margin: i32,
    ) -> RootScores {
        let mut alpha = -INF;
        let beta = INF;
        let mut scored = Vec::with_capacity(moves.len());
        let mut near = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            self.push(pos, m, &child);
            let a = if exact { -INF } else { alpha };
            // The lower bound proven for this move, when it may be within the margin.
            let mut lower = None;
            let score = if i == 0 || exact {
                let score = -self.pvs(&child, depth - 1, -beta, -a, 1);
                lower = Some(score);
                score
            } else {
                // With a margin, first ask whether the move comes within it of the best so
                // far (a null window below alpha), and only then whether it beats it.
                let mut s = -self.pvs(&child, depth - 1, -alpha - 1, -alpha, 1);
                if margin > 0 && s <= alpha && self.aborted.is_none() {
                    let bar = alpha - margin;
                    let t = -self.pvs(&child, depth - 1, -bar - 1, -bar, 1);
                    if t > bar {
                        lower = Some(t.min(alpha));
                    }
                } else if s > alpha && self.aborted.is_none() {
                    s = -self.pvs(&child, depth - 1, -beta, -alpha, 1);
                    lower = Some(s);
                }
                s
            };
            self.pop();
            if self.aborted.is_some() {
                break;
            }
            if margin > 0 {
                near.extend(lower.map(|l| (l, i)));
            }
            let adjusted = score + noise.get(i).copied().unwrap_or(0);
            if score > alpha {
                alpha = score;
            }
            scored.push((adjusted, i));
        }
        scored.sort_by_key(|&(s, i)| (std::cmp::Reverse(s), i));
        // Bounds were proven against the best so far: keep the moves still within the margin
        // of the final best (the best itself excluded).
        if let Some(&(best, first)) = scored.first() {
            near.retain(|&(lower, i)| i != first && lower >= best - margin);
        }
        RootScores { scored, near }
    }

    /// The principal variation from the table, starting with `first`.
    pub fn pv(&self, pos: &Position, first: &Move, max: usize) -> Vec<Move> {
        let mut pv = vec![*first];
        let mut p = pos.clone();
        p.play_unchecked(first);
        let mut seen = vec![p.key()];
        let mut buf = Vec::new();
        // Each step generates moves, which can take a while in huffing positions: the line
        // is cut short once the time is up.
        while pv.len() < max && !self.alarm.rung() && !self.stop.load(Ordering::Relaxed) {
            let Some(e) = self.tt.probe(p.key()) else {
                break;
            };
            if e.mv == 0 {
                break;
            }
            p.generate_moves(&mut buf);
            let Some(m) = buf.iter().find(|m| fingerprint(m) == e.mv).copied() else {
                break;
            };
            p.play_unchecked(&m);
            if seen.contains(&p.key()) {
                break;
            }
            seen.push(p.key());
            pv.push(m);
        }
        pv
    }
}
