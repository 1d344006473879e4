//! Iterative-deepening principal-variation search with a transposition table, move ordering
//! (TT move, captures by size, killers, history: `search/ordering.rs`), late-move reductions
//! and a quiescence search over captures. The game's end rules are judged inside the tree
//! (`search/ends.rs`): no legal move, both blocked and counted endings, king versus lone man,
//! one piece each, clocks and repetition; a position in the endgame tables made so far
//! scores exactly from them. `search/at_root.rs`: one iteration at the root.

mod at_root;
mod ends;
mod ordering;

pub(crate) use ends::table_score;

use super::alarm::Alarm;
use super::eval;
use super::tt::{fingerprint, Bound, Tt};
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, Ordering};

/// Score of a win at the root; a win `n` plies away scores `MATE - n`.
pub const MATE: i32 = 30_000;
/// Scores beyond this are wins or losses.
pub const WIN_BOUND: i32 = MATE - 1_000;
const INF: i32 = MATE + 1;

/// One iteration at the root: every searched move's score with its index, best first (exact
/// for the best, bounds for the rest), and the moves proven to score within the asked
/// margin of the best, with the lower bound proven for each.
pub struct RootScores {
    /// (score, index in the given moves), best first.
    pub scored: Vec<(i32, usize)>,
    /// (lower bound, index) of the moves within the margin of the best, the best excluded.
    pub near: Vec<(i32, usize)>,
}
pub(crate) const MAX_PLY: usize = 128;

/// Why the search stopped early.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Abort {
    /// The caller's flag.
    Cancelled,
    /// Time or node budget.
    Budget,
}

pub(crate) struct Search<'a> {
    pub tt: &'a mut Tt,
    pub stop: &'a AtomicBool,
    /// The time budget, checked at every node with the caller's flag.
    pub alarm: Alarm,
    pub node_limit: u64,
    pub nodes: u64,
    pub aborted: Option<Abort>,
    /// Placement hashes of the game before the root, sorted (looked up by binary search).
    game: Vec<u64>,
    /// Placement hashes of the path: the root first, then each node down to the current one.
    path: Vec<u64>,
    /// For each path entry, how many reversible plies lead into it without a break
    /// (`u16::MAX` at the root: the game before it is searched through `game`).
    reversible: Vec<u16>,
    killers: Vec<[u32; 2]>,
    hist: Vec<i32>,
    buffers: Vec<Vec<Move>>,
    keys: Vec<i64>,
    /// Scratch of long move lists' sort.
    order: Vec<u32>,
    sorted: Vec<Move>,
    pub seldepth: usize,
    pub weights: eval::Weights,
    /// The endgame tables probed in the tree (made before the search began), if any.
    pub tables: Option<crate::tables::Ready>,
}

impl<'a> Search<'a> {
    /// A search of `root`, whose game went through the positions of `history` (placement
    /// hashes, oldest first) before it.
    pub fn new(
        tt: &'a mut Tt,
        stop: &'a AtomicBool,
        history: &[u64],
        root: &Position,
    ) -> Search<'a> {
        let mut game = history.to_vec();
        game.sort_unstable();
        let mut path = Vec::with_capacity(MAX_PLY + 2);
        path.push(root.placement_hash());
        let mut reversible = Vec::with_capacity(MAX_PLY + 2);
        reversible.push(u16::MAX);
        Search {
            tt,
            stop,
            alarm: Alarm::new(None),
            node_limit: u64::MAX,
            nodes: 0,
            aborted: None,
            game,
            path,
            reversible,
            killers: vec![[0; 2]; MAX_PLY + 1],
            hist: vec![0; 128 * 128],
            buffers: (0..=MAX_PLY + 1).map(|_| Vec::with_capacity(64)).collect(),
            keys: Vec::with_capacity(256),
            order: Vec::new(),
            sorted: Vec::new(),
            seldepth: 0,
            tables: None,
            weights: eval::Weights {
                w: [0; eval::FEATURES],
                tempo: 0,
            },
        }
    }

    /// Two relaxed loads and a compare, made every 16 nodes and after every long move list,
    /// so a search stops within a few nodes of its budget or of a cancel.
    #[inline]
    fn check_limits(&mut self) {
        if self.stop.load(Ordering::Relaxed) {
            self.aborted = Some(Abort::Cancelled);
        } else if self.nodes >= self.node_limit || self.alarm.rung() {
            self.aborted = Some(Abort::Budget);
        }
    }

    /// Principal variation search.
    pub fn pvs(
        &mut self,
        pos: &Position,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.nodes & 15 == 0 {
            self.check_limits();
        }
        if self.aborted.is_some() {
            return 0;
        }
        if ply > 0 {
            if let Some(s) = self.rule_end(pos, ply).or_else(|| self.table_end(pos, ply)) {
                return s;
            }
        }
        if ply >= MAX_PLY {
            return eval::evaluate_with(pos, &self.weights);
        }
        let mut moves = std::mem::take(&mut self.buffers[ply]);
        let (stop, alarm) = (self.stop, &self.alarm);
        pos.generate_moves_until(&mut moves, &|| stop.load(Ordering::Relaxed) || alarm.rung());
        // A Damma generation may have been abandoned, and a long list (Damma with huffing)
        // takes time to sort: look at the clock before using it.
        if moves.len() > 256 || pos.rules().deferred_removal() {
            self.check_limits();
            if self.aborted.is_some() {
                self.buffers[ply] = moves;
                return 0;
            }
        }
        if moves.is_empty() {
            self.buffers[ply] = moves;
            return self.no_move_score(pos, ply);
        }
        if depth <= 0 {
            let s = self.quiesce(pos, &mut moves, alpha, beta, ply);
            self.buffers[ply] = moves;
            return s;
        }
        let pv_node = beta - alpha > 1;
        let key = pos.key();
        let mut tt_move = 0;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            if !pv_node && e.depth as i32 >= depth && ply > 0 {
                let s = from_tt(e.score as i32, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                    Bound::None => false,
                };
                if cut {
                    self.buffers[ply] = moves;
                    return s;
                }
            }
        }
        self.order(&mut moves, tt_move, ply);
        // One legal move: no need to spend depth on it.
        let ext = (moves.len() == 1) as i32;
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move = 0;
        for (i, m) in moves.iter().enumerate() {
            let child = {
                let mut c = pos.clone();
                c.play_unchecked(m);
                c
            };
            self.push(pos, m, &child);
            let quiet = m.captured == 0 && !m.promote && m.huff == crate::moves::NO_POINT;
            let mut score;
            if i == 0 {
                score = -self.pvs(&child, depth - 1 + ext, -beta, -alpha, ply + 1);
            } else {
                // Late quiet moves are searched shallower first (late-move reduction).
                let r = if depth >= 3 && i >= 3 && quiet {
                    1 + (i >= 8 && depth >= 5) as i32
                } else {
                    0
                };
                score = -self.pvs(&child, depth - 1 - r + ext, -alpha - 1, -alpha, ply + 1);
                if score > alpha && (r > 0 || score < beta) {
                    score = -self.pvs(&child, depth - 1 + ext, -beta, -alpha, ply + 1);
                }
            }
            self.pop();
            if self.aborted.is_some() {
                self.buffers[ply] = moves;
                return 0;
            }
            if score > best {
                best = score;
                best_move = fingerprint(m);
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply.min(MAX_PLY)];
                    if k[0] != best_move {
                        k[1] = k[0];
                        k[0] = best_move;
                    }
                    let h = &mut self.hist[(m.from as usize & 127) * 128 + (m.to as usize & 127)];
                    *h = (*h + depth * depth).min(1 << 20);
                }
                break;
            }
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, depth, to_tt(best, ply), bound, best_move);
        self.buffers[ply] = moves;
        best
    }

    /// Captures only (every move when a capture is forced), with stand-pat where the rules
    /// let a player decline to capture.
    fn quiesce(
        &mut self,
        pos: &Position,
        moves: &mut Vec<Move>,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.seldepth = self.seldepth.max(ply);
        if moves.len() > 256 {
            self.check_limits();
            if self.aborted.is_some() {
                return 0;
            }
        }
        let has_capture = moves.iter().any(|m| m.captured != 0);
        let forced = has_capture && pos.rules().capture_forced();
        let mut best = -INF;
        if !forced {
            let stand = eval::evaluate_with(pos, &self.weights);
            if stand >= beta || !has_capture || ply >= MAX_PLY {
                return stand;
            }
            best = stand;
            alpha = alpha.max(stand);
        }
        moves.retain(|m| m.captured != 0);
        moves.sort_by_key(|m| std::cmp::Reverse(m.count));
        for m in moves.iter() {
            self.nodes += 1;
            if self.nodes & 15 == 0 {
                self.check_limits();
            }
            if self.aborted.is_some() {
                return 0;
            }
            let mut child = pos.clone();
            child.play_unchecked(m);
            let end = self.rule_end_quiet(&child, ply + 1);
            let score = if let Some(s) = end.or_else(|| self.table_end(&child, ply + 1)) {
                -s
            } else {
                let mut next = std::mem::take(&mut self.buffers[(ply + 1).min(MAX_PLY + 1)]);
                let (stop, alarm) = (self.stop, &self.alarm);
                child.generate_moves_until(&mut next, &|| {
                    stop.load(Ordering::Relaxed) || alarm.rung()
                });
                if child.rules().deferred_removal() {
                    self.check_limits();
                    if self.aborted.is_some() {
                        self.buffers[(ply + 1).min(MAX_PLY + 1)] = next;
                        return 0;
                    }
                }
                let s = if next.is_empty() {
                    -self.no_move_score(&child, ply + 1)
                } else if ply + 1 >= MAX_PLY {
                    -eval::evaluate_with(&child, &self.weights)
                } else {
                    -self.quiesce(&child, &mut next, -beta, -alpha, ply + 1)
                };
                self.buffers[(ply + 1).min(MAX_PLY + 1)] = next;
                s
            };
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}
