//! Engine-against-engine games (for `dama match`, the strength ladder and tuning):
//! one game from a varied opening, and the Elo difference of a result.

use super::{AiError, Engine, Player, Rng, Root};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::rules::{Color, Rules};
use crate::session::Session;
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;

/// One side's choice in a match game.
fn choose(
    engine: &mut Engine,
    game: &Session,
    player: Player,
    rng: &mut Rng,
) -> Result<Move, AiError> {
    let root = Root::of(game)?;
    let stop = AtomicBool::new(false);
    engine
        .play(&root, player, rng.next_u64(), &stop, |_| {})
        .map(|r| r.best)
}

/// Plies after which a match game is adjudicated a draw.
pub const MAX_PLIES: usize = 600;

/// Plays one game; returns the result for player A (1, ½, 0 as 2, 1, 0).
pub fn play_game(
    rules: Rules,
    a: Player,
    b: Player,
    a_white: bool,
    seed: u64,
) -> (u32, Option<Outcome>) {
    let mut rng = Rng::new(seed);
    let mut rec = Session::new(rules);
    // Varied openings: a few random plies, the same for both colour assignments.
    let mut opening = Rng::new(seed / 2);
    for _ in 0..(2 + opening.below(3)) {
        let moves = rec.position().legal_moves();
        if moves.is_empty() || rec.outcome().is_some() {
            break;
        }
        let m = moves[opening.below(moves.len() as u64) as usize];
        if rec.play(&m).is_err() {
            break;
        }
    }
    let mut engines = [Engine::new(16), Engine::new(16)];
    while rec.outcome().is_none() && rec.record().ply() < MAX_PLIES {
        let white_to_move = rec.position().side_to_move() == Color::White;
        let a_to_move = white_to_move == a_white;
        let (player, engine) = if a_to_move {
            (a, &mut engines[0])
        } else {
            (b, &mut engines[1])
        };
        match choose(engine, &rec, player, &mut rng) {
            Ok(m) => {
                if rec.play(&m).is_err() {
                    break;
                }
            }
            Err(_) => break,
        }
    }
    let outcome = rec.outcome();
    let points = match outcome.and_then(|o| o.winner()) {
        Some(w) if (w == Color::White) == a_white => 2,
        Some(_) => 0,
        None => 1,
    };
    (points, outcome)
}

/// Plays `games` games of A against B on `threads` threads: colours alternate and each opening
/// is played from both sides (game `g` uses `seed + (g / 2) * 2`). Returns A's points per game
/// (2, 1, 0) in game order, so the result does not depend on the thread count.
pub fn play_match(
    rules: Rules,
    a: Player,
    b: Player,
    games: u32,
    seed: u64,
    threads: usize,
) -> Vec<u32> {
    let next = AtomicU32::new(0);
    let points = Mutex::new(vec![1u32; games as usize]);
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let (p, _) = play_game(rules, a, b, g % 2 == 0, seed + (g as u64 / 2) * 2);
                // A poisoned lock only means another game thread panicked; keep its neighbours.
                points.lock().unwrap_or_else(|e| e.into_inner())[g as usize] = p;
            });
        }
    });
    points.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// Wins, draws and losses in per-game points (2, 1, 0).
pub fn tally(points: &[u32]) -> (usize, usize, usize) {
    let count = |v| points.iter().filter(|&&p| p == v).count();
    (count(2), count(1), count(0))
}

/// Elo difference and its 95 % margin from per-game points (0, 1, 2 half-points).
pub fn elo(points: &[u32]) -> (f64, f64) {
    let n = points.len() as f64;
    if n == 0.0 {
        return (0.0, 0.0);
    }
    let scores: Vec<f64> = points.iter().map(|&p| p as f64 / 2.0).collect();
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / n;
    let se = (var / n).sqrt();
    let to_elo = |s: f64| {
        let s = s.clamp(0.001, 0.999);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let d = to_elo(mean);
    let margin = (to_elo(mean + 1.96 * se) - to_elo(mean - 1.96 * se)) / 2.0;
    (d, margin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::Level;

    #[test]
    fn a_match_does_not_depend_on_the_thread_count() {
        let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
        let (a, b) = (Player::Level(Level::new(2)), Player::Level(Level::new(1)));
        let one = play_match(rules, a, b, 4, 7, 1);
        assert_eq!(one, play_match(rules, a, b, 4, 7, 2));
        let (w, d, l) = tally(&one);
        assert_eq!(w + d + l, 4);
    }
}
