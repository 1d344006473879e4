//! Making puzzles (`dama puzzles`): engine games from varied openings, and in them the
//! positions where one move is clearly best and leads somewhere worth going.
//!
//! For each game (its seed `seed + g`):
//! 1. Self-play: a few random plies, then moves of a small node budget with variety, so that
//!    games differ and contain the mistakes puzzles come from.
//! 2. A position is looked at when it has three legal moves or more and its clock (R-T11,
//!    R-Z17) is far from the limit ([`CLOCK_ROOM`] plies and the longest line to spare):
//!    quickly (depth [`GLANCE`]: the best move against the best of the others), and where the
//!    gap is large, again at the stated depth. The best move must be at least [`MARGIN`] (two
//!    men) better than any other, the others no better than [`NOT_WON`] (a position won
//!    whatever is played is no puzzle), and the best not lost ([`LEVEL`]).
//! 3. The line: the opponent's best reply, then the player's move where it is again the only
//!    good one ([`LINE_MARGIN`], or the only legal move), up to [`MAX_MOVES`] moves of the
//!    player; it ends on a move of the player's.
//! 4. Where it leads, searched two plies deeper than the stated depth from the line's end:
//!    *winning* (two men up or a forced win, [`MARGIN`]), or, if the start was level and the
//!    end is still level (within [`LEVEL`]), *defend* ([`Theme::Defence`]); anything else
//!    (the player lost either way) is dropped. A crowded Zamma board ([`super::theme::crowded`])
//!    needs a capture or a crowning among the player's moves.
//! 5. Graded: the shallowest depth from which the search keeps choosing the first move; rated
//!    from it, the line's length and how many moves look good at a shallow depth.
//!
//! The bank keeps the longer lines first: at least [`MULTI_SHARE`] of it needs two moves of
//! the player's or more ([`choose`]). Every search is depth-limited and starts from a cleared
//! table, so a game's puzzles depend only on its seed: the same on every machine, whatever the
//! thread count.

use super::theme::{check_shape, themes_of, CLOCK_ROOM};
use super::{Puzzle, Theme};
use crate::ai::{Engine, Limits, Player, Rng, Root, WIN_BOUND};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::session::Session;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

mod choose;
mod verify;
use choose::enough;
pub use choose::{choose, make};
pub use verify::verify;

/// Two men (hundredths of a man): how much better the first move must be than any other,
/// and how far up the player must be after the line to be winning.
pub const MARGIN: i32 = 200;
/// How much better each later move of the player's must be than the next best.
pub const LINE_MARGIN: i32 = 150;
/// The best of the other moves must score below this: a position already won whatever is
/// played is no puzzle.
pub const NOT_WON: i32 = 300;
/// Within this of level (hundredths of a man) a position is level: a defend puzzle starts
/// and ends there, and no puzzle starts below it.
pub const LEVEL: i32 = 100;
/// The quick look's depth, and the gap it must see to look again.
pub const GLANCE: u32 = 4;
const GLANCE_MARGIN: i32 = 150;
/// How much deeper than the stated depth the line's end is searched.
pub const DEEPER: u32 = 2;
/// The player's moves in a line, at most.
pub const MAX_MOVES: usize = 4;
/// The share of a bank (percent) that needs two moves of the player's or more.
pub const MULTI_SHARE: usize = 40;
/// The depth at which moves "look good", and how near the best they must score.
const SHALLOW: u32 = 2;
const LOOKS_GOOD: i32 = 50;
/// Puzzles from one game, at most, and the plies between two of them.
const PER_GAME: usize = 2;
const APART: usize = 10;
/// Plies of the self-play that are not looked at (the random opening).
const FIRST_PLY: usize = 6;
/// The self-play's search: a small budget with variety (hundredths of a man).
const PLAY_NODES: u64 = 4_000;
const PLAY_VARIETY: i32 = 40;
const MAX_PLIES: usize = 300;
const TABLE_MIB: usize = 16;

/// What to make.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// The game.
    pub rules: Rules,
    /// How many puzzles.
    pub count: usize,
    /// The first game's seed.
    pub seed: u64,
    /// The depth every puzzle is proved at.
    pub depth: u32,
    /// Games played at most.
    pub max_games: u32,
    /// Threads.
    pub threads: usize,
    /// No new games after this long (the bank is then chosen from what was found).
    pub time: Option<Duration>,
}

/// What making them took.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: u32,
    /// Positions looked at.
    pub positions: u64,
    /// Positions looked at again at the full depth.
    pub candidates: u64,
    /// Puzzles found (before the bank is chosen from them).
    pub found: usize,
    /// Puzzles kept.
    pub kept: usize,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
}

/// One depth-limited search from a cleared table over `moves` of `pos`: the best and its
/// score for the side to move.
fn search(
    engine: &mut Engine,
    pos: &Position,
    moves: Vec<Move>,
    depth: u32,
    nodes: &mut u64,
) -> (Move, i32) {
    engine.clear();
    let root = Root::among(pos, moves);
    let stop = AtomicBool::new(false);
    let r = engine
        .play(
            &root,
            Player::Limits(Limits::depth(depth)),
            0,
            &stop,
            |_| {},
        )
        .expect("a position with moves, never cancelled");
    *nodes += r.info.nodes;
    (r.best, r.info.score)
}

/// The best move of `pos`, its score, and the best other move's score (`None`: the only
/// move).
fn best_two(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    nodes: &mut u64,
) -> Option<(Move, i32, Option<i32>)> {
    let moves = pos.legal_moves();
    match moves.len() {
        0 => None,
        1 => Some((moves[0], 0, None)),
        _ => {
            let (best, score) = search(engine, pos, moves.clone(), depth, nodes);
            let others: Vec<Move> = moves.into_iter().filter(|m| *m != best).collect();
            let (_, second) = search(engine, pos, others, depth, nodes);
            Some((best, score, Some(second)))
        }
    }
}

/// `score` is `margin` better than `second`, and the position is not won whatever is played.
fn clearly(score: i32, second: i32, margin: i32) -> bool {
    score - second >= margin && (second < NOT_WON || score > WIN_BOUND && second < WIN_BOUND)
}

/// The player's move of `pos` inside a line: the only legal move, or the only good one.
fn line_move(engine: &mut Engine, pos: &Position, depth: u32, nodes: &mut u64) -> Option<Move> {
    match best_two(engine, pos, depth, nodes)? {
        (m, _, None) => Some(m),
        (m, score, Some(second)) => clearly(score, second, LINE_MARGIN).then_some(m),
    }
}

/// The line from `pos` where `first` is clearly best: the opponent's replies and the
/// player's next clear moves, ending on a move of the player's.
fn line(
    engine: &mut Engine,
    pos: &Position,
    first: Move,
    depth: u32,
    nodes: &mut u64,
) -> Vec<Move> {
    let mut line = vec![first];
    let mut p = pos.clone();
    p.play_unchecked(&first);
    while line.len() < MAX_MOVES * 2 - 1 && p.outcome().is_none() {
        let replies = p.legal_moves();
        let (reply, _) = search(engine, &p, replies, depth, nodes);
        let mut next = p.clone();
        next.play_unchecked(&reply);
        if next.outcome().is_some() {
            break;
        }
        let Some(m) = line_move(engine, &next, depth, nodes) else {
            break;
        };
        line.extend([reply, m]);
        p = next;
        p.play_unchecked(&m);
    }
    line
}

/// What the line's end is worth to the player who solved it (hundredths of a man; beyond
/// [`WIN_BOUND`] a win): the game's result if it ended, else a search to `depth`.
fn end_score(
    engine: &mut Engine,
    start: &Position,
    line: &[Move],
    depth: u32,
    nodes: &mut u64,
) -> i32 {
    let mut end = start.clone();
    for m in line {
        end.play_unchecked(m);
    }
    match end.outcome() {
        Some(o) => match o.winner() {
            Some(w) if w == start.side_to_move() => WIN_BOUND + 1,
            Some(_) => -WIN_BOUND - 1,
            None => 0,
        },
        None => -search(engine, &end, end.legal_moves(), depth, nodes).1,
    }
}

/// The bucket of a puzzle that starts at `start` and ends at `end` (the player's side):
/// `Some(false)` winning, `Some(true)` defend, `None` lost either way or neither.
fn bucket(start: i32, end: i32) -> Option<bool> {
    if end >= MARGIN {
        Some(false)
    } else if start.abs() < LEVEL && end.abs() < LEVEL {
        Some(true)
    } else {
        None
    }
}

/// The clock leaves room for the longest line and [`CLOCK_ROOM`] plies more.
fn clock_far(pos: &Position) -> bool {
    pos.clock() + (MAX_MOVES * 2 - 1) as u16 + CLOCK_ROOM <= pos.rules().clock_limit()
}

/// The shallowest depth from which every search to `depth` chooses `first`.
fn needed_depth(engine: &mut Engine, pos: &Position, first: Move, depth: u32) -> u32 {
    engine.clear();
    let root = Root::among(pos, pos.legal_moves());
    let stop = AtomicBool::new(false);
    let mut chosen = Vec::new();
    let _ = engine.play(
        &root,
        Player::Limits(Limits::depth(depth)),
        0,
        &stop,
        |info| chosen.push((info.depth, info.pv.first().copied())),
    );
    let mut needed = depth;
    for (d, m) in chosen.iter().rev() {
        if *m != Some(first) {
            break;
        }
        needed = *d;
    }
    needed
}

/// The starting difficulty of a puzzle needing `depth` and `moves` moves of the player's,
/// with `decoys` other moves that look as good as the answer at a shallow depth.
pub fn starting_rating(depth: u32, moves: usize, decoys: usize) -> u16 {
    (700 + 130 * depth as i32 + 120 * (moves as i32 - 1) + 60 * decoys.min(5) as i32)
        .clamp(600, 2800) as u16
}

/// The other moves of `pos` that score at depth [`SHALLOW`] within [`LOOKS_GOOD`] of the best
/// or at least as well as `first`: what tempts a player who does not look far.
fn decoys(engine: &mut Engine, pos: &Position, first: Move, nodes: &mut u64) -> usize {
    let scores: Vec<(Move, i32)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m, search(engine, pos, vec![m], SHALLOW, nodes).1))
        .collect();
    let top = scores.iter().map(|s| s.1).max().unwrap_or(0);
    let mine = scores.iter().find(|s| s.0 == first).map_or(top, |s| s.1);
    scores
        .iter()
        .filter(|(m, s)| *m != first && (*s >= top - LOOKS_GOOD || *s >= mine))
        .count()
}

/// The puzzle at `pos` (its id `id`), if there is one.
fn examine(
    judge: &mut Engine,
    pos: &Position,
    id: String,
    depth: u32,
    report: &mut Report,
) -> Option<Puzzle> {
    if pos.legal_moves().len() < 3 || !clock_far(pos) {
        return None;
    }
    report.positions += 1;
    let nodes = &mut report.nodes;
    let (_, score, second) = best_two(judge, pos, GLANCE, nodes)?;
    if !clearly(score, second?, GLANCE_MARGIN) {
        return None;
    }
    report.candidates += 1;
    let (best, score, second) = best_two(judge, pos, depth, nodes)?;
    if !clearly(score, second?, MARGIN) || score <= -LEVEL {
        return None;
    }
    let line = line(judge, pos, best, depth, nodes);
    let end = end_score(judge, pos, &line, depth + DEEPER, nodes);
    let defend = bucket(score, end)?;
    let mut themes = themes_of(pos, &line);
    if defend {
        themes.push(Theme::Defence);
    }
    let needed = needed_depth(judge, pos, best, depth);
    let decoys = decoys(judge, pos, best, nodes);
    let puzzle = Puzzle {
        id,
        start: pos.clone(),
        rating: starting_rating(needed, line.len().div_ceil(2), decoys),
        line,
        depth: needed as u8,
        themes,
    };
    check_shape(&puzzle).ok()?;
    Some(puzzle)
}

/// The puzzles of game `seed` up to its ply `last` (a bank's id names both), in the order
/// found (before a bank is chosen from them).
pub fn game(rules: Rules, seed: u64, depth: u32, last: usize) -> Vec<Puzzle> {
    from_game(rules, seed, depth, last, &mut Report::default())
}

/// The puzzles at `positions` (id, position), each examined as a game's position is
/// (from another bank's starts, say), in their order; on `threads` threads.
pub fn examine_all(
    positions: &[(String, Position)],
    depth: u32,
    threads: usize,
) -> (Vec<Puzzle>, Report) {
    let started = Instant::now();
    let next = AtomicU32::new(0);
    let results = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut judge = Engine::new(TABLE_MIB);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed) as usize;
                    let Some((id, pos)) = positions.get(i) else {
                        break;
                    };
                    let mut r = Report::default();
                    let found = examine(&mut judge, pos, id.clone(), depth, &mut r);
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((i, found, r));
                }
            });
        }
    });
    let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
    results.sort_by_key(|(i, _, _)| *i);
    let mut report = Report::default();
    let mut out = Vec::new();
    for (_, found, r) in results {
        report.positions += r.positions;
        report.candidates += r.candidates;
        report.nodes += r.nodes;
        out.extend(found);
    }
    report.found = out.len();
    report.kept = out.len();
    report.time = started.elapsed();
    (out, report)
}

/// One game's puzzles, in the order found.
fn from_game(rules: Rules, seed: u64, depth: u32, last: usize, report: &mut Report) -> Vec<Puzzle> {
    let mut rng = Rng::new(seed);
    let mut game = Session::new(rules);
    for _ in 0..(2 + rng.below(4)) {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        let _ = game.play(&moves[rng.below(moves.len() as u64) as usize]);
    }
    let mut player = Engine::new(TABLE_MIB);
    let mut judge = Engine::new(TABLE_MIB);
    let play = Player::Limits(Limits {
        nodes: Some(PLAY_NODES),
        variety: PLAY_VARIETY,
        ..Limits::default()
    });
    let stop = AtomicBool::new(false);
    let mut found: Vec<Puzzle> = Vec::new();
    let mut last_ply = None;
    while game.outcome().is_none() && game.record().ply() <= last.min(MAX_PLIES - 1) {
        let ply = game.record().ply();
        let pos = game.position().clone();
        let apart = last_ply.is_none_or(|l| ply >= l + APART);
        if ply >= FIRST_PLY && apart && found.len() < PER_GAME {
            let id = format!("{seed}/{ply}");
            if let Some(p) = examine(&mut judge, &pos, id, depth, report) {
                found.push(p);
                last_ply = Some(ply);
            }
        }
        let Ok(root) = Root::of(&game) else { break };
        match player.play(&root, play, rng.next_u64(), &stop, |_| {}) {
            Ok(r) if game.play(&r.best).is_ok() => {}
            _ => break,
        }
    }
    found
}

/// Every puzzle the games of [`make`] find, in the order found (a bank is chosen from them;
/// several runs' finds may be joined before it is).
pub fn find(settings: Settings, mut progress: impl FnMut(u32, usize)) -> (Vec<Puzzle>, Report) {
    let started = Instant::now();
    let mut report = Report::default();
    let mut pool: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    // Small batches: the time limit is looked at between them.
    let batch = (settings.threads.max(1) * 2) as u32;
    let mut g0 = 0;
    while !enough(&pool, settings.count)
        && g0 < settings.max_games
        && settings.time.is_none_or(|t| started.elapsed() < t)
    {
        let games = batch.min(settings.max_games - g0);
        let next = AtomicU32::new(0);
        let results = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..settings.threads.max(1) {
                s.spawn(|| loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= games {
                        break;
                    }
                    let g = g0 + i;
                    let mut r = Report::default();
                    let found = from_game(
                        settings.rules,
                        settings.seed + g as u64,
                        settings.depth,
                        MAX_PLIES,
                        &mut r,
                    );
                    results
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push((g, found, r));
                });
            }
        });
        let mut results = results.into_inner().unwrap_or_else(|e| e.into_inner());
        // In game order, so that which of two equal positions is kept does not depend on
        // the threads.
        results.sort_by_key(|(g, _, _)| *g);
        for (_, found, r) in results {
            report.positions += r.positions;
            report.candidates += r.candidates;
            report.nodes += r.nodes;
            for p in found {
                if seen.insert(p.start.key()) {
                    pool.push(p);
                }
            }
        }
        g0 += games;
        report.games = g0;
        progress(g0, pool.len());
    }
    report.found = pool.len();
    report.kept = pool.len();
    report.time = started.elapsed();
    (pool, report)
}
