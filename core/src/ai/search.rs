//! Iterative-deepening principal-variation search with a transposition table, move ordering
//! (TT move, captures by size, killers, history), late-move reductions and a quiescence
//! search over captures. The game's end rules are judged inside the tree: no legal move,
//! both blocked and counted endings, king versus lone man, one piece each, clocks and
//! repetition.

use super::alarm::Alarm;
use super::eval;
use super::tt::{fingerprint, Bound, Tt};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rules::Color;
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
}

/// Score of a finished game for the side to move, `ply` plies from the root.
pub(crate) fn outcome_score(o: &Outcome, side: Color, ply: usize) -> i32 {
    match o.winner() {
        None => 0,
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
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

    /// Enters the child reached from `pos` by `m`.
    #[inline]
    fn push(&mut self, pos: &Position, m: &Move, child: &Position) {
        let run = if pos.is_reversible(m) {
            self.reversible.last().map_or(0, |r| r.saturating_add(1))
        } else {
            0
        };
        self.path.push(child.placement_hash());
        self.reversible.push(run);
    }

    /// Leaves the node entered by the last [`Search::push`].
    #[inline]
    fn pop(&mut self) {
        self.path.pop();
        self.reversible.pop();
    }

    /// A repetition along the game and the search path (R-T11, R-Z17). A return to a
    /// position of the search path (the root included) is scored as the repetition ending
    /// at once, as engines usually do: whoever can repeat once can repeat again. A position
    /// the game went through before the root counts only when this is its third time, the
    /// rule itself: the other side could still leave a second occurrence, and scoring it as
    /// the end made the review's evaluation swing to a draw and back every time a game
    /// came back to a position it had seen once. Only the run of reversible plies is
    /// searched: nothing before a capture, promotion or man advance can recur. The clock is
    /// no guide to that run, because Turkish sideways man moves reset it and are still
    /// reversible.
    fn repeated(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let run = self.reversible[n - 1] as usize;
        let h = pos.placement_hash();
        let mut back = 4;
        while back <= run.min(n - 1) {
            if self.path[n - 1 - back] == h {
                return true;
            }
            back += 2;
        }
        // Reversible all the way back to the root: the game before it counts too, twice.
        run >= n - 1 && {
            let first = self.game.partition_point(|&k| k < h);
            self.game.get(first + 1) == Some(&h)
        }
    }

    /// The game-ending rules that do not depend on the move list, for the side to move.
    fn rule_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        if self.repeated(pos) {
            return Some(outcome_score(
                &pos.repetition_outcome(),
                pos.side_to_move(),
                ply,
            ));
        }
        if pos.rules().family().one_piece_each_ends() {
            let (w, b) = (pos.count(Color::White), pos.count(Color::Black));
            if w == 1 && b == 1 {
                if let Some(o) = pos.outcome_without_moves() {
                    return Some(outcome_score(&o, pos.side_to_move(), ply));
                }
            }
        }
        if pos.clock_expired() {
            let o = pos.outcome_without_moves()?;
            return Some(outcome_score(&o, pos.side_to_move(), ply));
        }
        None
    }

    /// Score of a position whose side to move has no legal move (R-T9, R-Z16).
    fn no_move_score(&self, pos: &Position, ply: usize) -> i32 {
        match pos.outcome() {
            Some(o) => outcome_score(&o, pos.side_to_move(), ply),
            None => -(MATE - ply as i32),
        }
    }

    /// Sorts moves best first: TT move, captures by size, killers, then by history.
    fn order(&mut self, moves: &mut [Move], tt_move: u32, ply: usize) {
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
            if let Some(s) = self.rule_end(pos, ply) {
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
            let score = if let Some(s) = self.rule_end_quiet(&child, ply + 1) {
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

    /// End rules inside the quiescence search (no repetition: captures never repeat).
    fn rule_end_quiet(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.rules().family().one_piece_each_ends()
            && pos.count(Color::White) == 1
            && pos.count(Color::Black) == 1
        {
            if let Some(o) = pos.outcome_without_moves() {
                return Some(outcome_score(&o, pos.side_to_move(), ply));
            }
        }
        None
    }

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_move;
    use crate::rules::Rules;

    /// White men d3, h2; Black king a8, man h7. White's man steps sideways and back while
    /// Black's king goes b8 and back: the start returns after four plies, yet every White
    /// move reset the clock (R-T11: the clock counts king moves only).
    fn shuffle() -> (Position, Vec<Move>) {
        let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
        let start = Position::from_code(rules, "W:Wd3,h2:BKa8,h7").unwrap();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in ["d3-e3", "a8-b8", "e3-d3", "b8-a8"] {
            let m = parse_move(&pos, text).unwrap();
            pos.play_unchecked(&m);
            moves.push(m);
        }
        assert_eq!(pos.placement_hash(), start.placement_hash());
        assert!(pos.clock() < 4, "the clock window alone would miss it");
        (start, moves)
    }

    /// The game from `start` through `moves`: the placement hashes of the positions before
    /// its last one (a search's history), and that last one (its root).
    fn game_through<'m>(
        start: &Position,
        moves: impl IntoIterator<Item = &'m Move>,
    ) -> (Vec<u64>, Position) {
        let mut history = Vec::new();
        let mut pos = start.clone();
        for m in moves {
            history.push(pos.placement_hash());
            pos.play_unchecked(m);
        }
        (history, pos)
    }

    // R-T11: a repetition along the search path, through sideways man moves.
    #[test]
    fn repetition_through_sideways_man_moves_on_the_path() {
        let (start, moves) = shuffle();
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &[], &start);
        let mut pos = start.clone();
        for (i, m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            s.push(&pos, m, &child);
            pos = child;
            assert_eq!(s.repeated(&pos), i == 3, "after ply {}", i + 1);
        }
    }

    // R-T11: a position the game went through twice before the root, reached a third time.
    #[test]
    fn repetition_through_sideways_man_moves_in_the_game() {
        let (start, moves) = shuffle();
        // The shuffle once (the start seen twice), then three plies of it again.
        let (history, root) = game_through(&start, moves.iter().chain(&moves[..3]));
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &history, &root);
        let mut child = root.clone();
        child.play_unchecked(&moves[3]);
        s.push(&root, &moves[3], &child);
        assert!(s.repeated(&child), "the start's third time ends the game");
        // A man's advance cannot be undone: behind it nothing repeats.
        let advance = parse_move(&root, "h7-h6").unwrap();
        let mut other = root.clone();
        other.play_unchecked(&advance);
        s.pop();
        s.push(&root, &advance, &other);
        assert_eq!(s.reversible.last(), Some(&0));
        assert!(!s.repeated(&other));
    }

    // R-T11: a position the game went through once before the root is no ending when it
    // comes back: only its third time is. A return to the root itself is (the side that
    // repeated once can repeat again).
    #[test]
    fn a_second_time_in_the_game_is_no_repetition() {
        let (start, moves) = shuffle();
        let (history, root) = game_through(&start, &moves[..3]);
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &history, &root);
        let mut at = root.clone();
        // Four plies of the shuffle from the root: the start again (its second time), then
        // on round to the root.
        let order = [3, 0, 1, 2];
        for (i, &k) in order.iter().enumerate() {
            let mut child = at.clone();
            child.play_unchecked(&moves[k]);
            s.push(&at, &moves[k], &child);
            at = child;
            assert_eq!(s.repeated(&at), i == 3, "after ply {} of the search", i + 1);
        }
        assert_eq!(at.placement_hash(), root.placement_hash());
    }
}
