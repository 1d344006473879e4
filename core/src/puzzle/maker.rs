//! Making puzzles (`dama puzzles`): engine games from varied openings, and in them the
//! positions where one move is clearly best.
//!
//! For each game (its seed `seed + g`):
//! 1. Self-play: a few random plies, then moves of a small node budget with variety, so that
//!    games differ and contain the mistakes puzzles come from.
//! 2. Each position with two moves or more is looked at quickly (depth [`GLANCE`]: the best
//!    move against the best of the others); where the gap is large, again at the stated depth.
//!    A puzzle needs the best move at least [`MARGIN`] (two men) better than any other, and
//!    the other moves no better than [`NOT_WON`] (the player is not winning anyway).
//! 3. The line: the opponent's best reply, then the player's move where it is again clearly
//!    best (or the only one), up to [`MAX_MOVES`] moves of the player; it ends on a move of
//!    the player's. Every player's move of the line is unique in this sense.
//! 4. Graded: the shallowest depth from which the search keeps choosing the first move.
//!
//! Every search is depth-limited and starts from a cleared table, so a game's puzzles depend
//! only on its seed: the same bank on every machine, whatever the thread count.

use super::Puzzle;
use crate::ai::{Engine, Limits, Player, Rng, Root, WIN_BOUND};
use crate::moves::Move;
use crate::position::Position;
use crate::rules::Rules;
use crate::session::Session;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Two men (hundredths of a man): how much better the best move must be than any other.
pub const MARGIN: i32 = 200;
/// The best of the other moves must score below this: a position already won whatever is
/// played is no puzzle.
pub const NOT_WON: i32 = 300;
/// The quick look's depth, and the gap it must see to look again.
pub const GLANCE: u32 = 4;
const GLANCE_MARGIN: i32 = 150;
/// The player's moves in a line, at most.
pub const MAX_MOVES: usize = 4;
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

/// The best move of `pos` and how much better it is than the best other one (`None`: not
/// clearly best, or not for a puzzle). A position with one move has it, unique.
fn clear_best(
    engine: &mut Engine,
    pos: &Position,
    depth: u32,
    margin: i32,
    nodes: &mut u64,
) -> Option<Move> {
    let moves = pos.legal_moves();
    match moves.len() {
        0 => None,
        1 => Some(moves[0]),
        _ => {
            let (best, score) = search(engine, pos, moves.clone(), depth, nodes);
            let others: Vec<Move> = moves.into_iter().filter(|m| *m != best).collect();
            let (_, second) = search(engine, pos, others, depth, nodes);
            (score - second >= margin
                && (second < NOT_WON || score > WIN_BOUND && second < WIN_BOUND))
                .then_some(best)
        }
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
        let Some(m) = clear_best(engine, &next, depth, MARGIN, nodes) else {
            break;
        };
        line.extend([reply, m]);
        p = next;
        p.play_unchecked(&m);
    }
    line
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

/// The starting difficulty of a puzzle needing `depth` and `moves` moves of the player's.
pub fn starting_rating(depth: u32, moves: usize) -> u16 {
    (700 + 130 * depth as i32 + 120 * (moves as i32 - 1)).clamp(600, 2800) as u16
}

/// One game's puzzles, in the order found.
fn from_game(rules: Rules, seed: u64, depth: u32, report: &mut Report) -> Vec<Puzzle> {
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
    while game.outcome().is_none() && game.record().ply() < MAX_PLIES {
        let ply = game.record().ply();
        let pos = game.position().clone();
        let apart = last_ply.is_none_or(|l| ply >= l + APART);
        if ply >= FIRST_PLY && apart && found.len() < PER_GAME && pos.legal_moves().len() > 1 {
            report.positions += 1;
            if clear_best(&mut judge, &pos, GLANCE, GLANCE_MARGIN, &mut report.nodes).is_some() {
                report.candidates += 1;
                if let Some(best) = clear_best(&mut judge, &pos, depth, MARGIN, &mut report.nodes) {
                    let line = line(&mut judge, &pos, best, depth, &mut report.nodes);
                    let needed = needed_depth(&mut judge, &pos, best, depth);
                    let moves = line.len().div_ceil(2);
                    found.push(Puzzle {
                        id: format!("{seed}/{ply}"),
                        start: pos.clone(),
                        line,
                        depth: needed as u8,
                        rating: starting_rating(needed, moves),
                    });
                    last_ply = Some(ply);
                }
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

/// Makes `settings.count` puzzles (fewer if `max_games` games do not give them), each from
/// a position no other puzzle starts from; `progress(games, kept)` after each batch.
pub fn make(settings: Settings, mut progress: impl FnMut(u32, usize)) -> (Vec<Puzzle>, Report) {
    let started = Instant::now();
    let mut report = Report::default();
    let mut bank: Vec<Puzzle> = Vec::new();
    let mut seen = HashSet::new();
    let batch = (settings.threads.max(1) * 4) as u32;
    let mut g0 = 0;
    while bank.len() < settings.count && g0 < settings.max_games {
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
                if bank.len() < settings.count && seen.insert(p.start.key()) {
                    bank.push(p);
                }
            }
        }
        g0 += games;
        report.games = g0;
        progress(g0, bank.len());
    }
    report.kept = bank.len();
    report.time = started.elapsed();
    (bank, report)
}

/// Checks `puzzle` again at `depth`: each of the player's moves in its line clearly best
/// (or the only move), each reply legal. Returns what is wrong.
pub fn verify(puzzle: &Puzzle, depth: u32) -> Result<(), String> {
    let mut engine = Engine::new(TABLE_MIB);
    let mut nodes = 0;
    let mut p = puzzle.start.clone();
    for (i, m) in puzzle.line.iter().enumerate() {
        if !p.legal_moves().contains(m) {
            return Err(format!("move {} is not legal", i + 1));
        }
        if i % 2 == 0 {
            match clear_best(&mut engine, &p, depth, MARGIN, &mut nodes) {
                Some(best) if best == *m => {}
                Some(_) => return Err(format!("move {} is not the best at depth {depth}", i + 1)),
                None => {
                    return Err(format!(
                        "move {} is not clearly best at depth {depth}",
                        i + 1
                    ))
                }
            }
        }
        p.play_unchecked(m);
    }
    if puzzle.line.len() % 2 == 0 {
        return Err("the line ends on the opponent's move".into());
    }
    Ok(())
}
