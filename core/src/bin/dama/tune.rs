//! `dama tune`: Texel-style tuning of the evaluation weights.
//!
//! 1. Self-play: games between two noisy fixed-depth engines from random openings; every
//!    quiet position (no capture available) is kept with the game's final result.
//! 2. Fit: the logistic of the static evaluation, `1 / (1 + 10^(-K·eval/400))`, is fitted to
//!    the results (1, ½, 0 for White) by coordinate descent on each weight; K is fitted first.
//! 3. The weights are printed as the `Weights` table of `core/src/ai/weights.rs`.

use dama_core::ai::eval::{self, Weights, FEATURES, NAMES};
use dama_core::ai::{Engine, Level, Limits, Player, Rng, Root};
use dama_core::{Color, Rules, Session};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// A training position: its features (White's view) and White's result.
struct Sample {
    f: [i32; FEATURES],
    side_white: bool,
    result: f64,
}

fn self_play(rules: Rules, games: u32, level: u8, threads: usize) -> Vec<Sample> {
    let next = AtomicU32::new(0);
    let out = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| {
                let mut engine = Engine::new(8);
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= games {
                        break;
                    }
                    let mut rng = Rng::new(0x7E57_0000 + g as u64);
                    let mut rec = Session::new(rules);
                    for _ in 0..(2 + rng.below(6)) {
                        let moves = rec.position().legal_moves();
                        if moves.is_empty() || rec.outcome().is_some() {
                            break;
                        }
                        let _ = rec.play(&moves[rng.below(moves.len() as u64) as usize]);
                    }
                    let mut positions = Vec::new();
                    let stop = AtomicBool::new(false);
                    let lvl = Level {
                        level,
                        budget: Duration::from_millis(300),
                    };
                    while rec.outcome().is_none() && rec.record().ply() < 400 {
                        let pos = rec.position().clone();
                        if !pos.legal_moves().iter().any(|m| m.is_capture()) {
                            positions.push(pos.clone());
                        }
                        let chosen = Root::of(&rec).and_then(|root| {
                            engine.play(&root, Player::Level(lvl), rng.next_u64(), &stop, |_| {})
                        });
                        match chosen {
                            Ok(r) => {
                                if rec.play(&r.best).is_err() {
                                    break;
                                }
                            }
                            Err(_) => break,
                        }
                    }
                    let result = match rec.outcome().and_then(|o| o.winner()) {
                        Some(Color::White) => 1.0,
                        Some(Color::Black) => 0.0,
                        None => 0.5,
                    };
                    let samples: Vec<Sample> = positions
                        .iter()
                        .map(|p| Sample {
                            f: eval::features(p),
                            side_white: p.side_to_move() == Color::White,
                            result,
                        })
                        .collect();
                    if let Ok(mut o) = out.lock() {
                        o.extend(samples);
                    }
                }
            });
        }
    });
    out.into_inner().unwrap_or_default()
}

fn white_eval(s: &Sample, w: &Weights) -> f64 {
    let raw: i32 = s.f.iter().zip(w.w.iter()).map(|(a, b)| a * b).sum::<i32>() / 16;
    let tempo = if s.side_white { w.tempo } else { -w.tempo };
    (raw + tempo) as f64
}

fn error(samples: &[Sample], w: &Weights, k: f64) -> f64 {
    let sum: f64 = samples
        .iter()
        .map(|s| {
            let p = 1.0 / (1.0 + 10f64.powf(-k * white_eval(s, w) / 400.0));
            (s.result - p).powi(2)
        })
        .sum();
    sum / samples.len().max(1) as f64
}

/// Games between the fitted weights and the current ones (colours alternating, random
/// openings): wins, draws and losses of the fitted weights.
fn verify(rules: Rules, fitted: &Weights, games: u32, threads: usize) -> (usize, usize, usize) {
    let next = AtomicU32::new(0);
    let tally = Mutex::new((0usize, 0usize, 0usize));
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let g = next.fetch_add(1, Ordering::Relaxed);
                if g >= games {
                    break;
                }
                let fitted_white = g % 2 == 0;
                let mut engines = [Engine::new(8), Engine::new(8)];
                engines[0].set_weights(Some(*fitted));
                let mut rng = Rng::new(0xF17 + (g / 2) as u64);
                let mut rec = Session::new(rules);
                for _ in 0..(2 + rng.below(4)) {
                    let moves = rec.position().legal_moves();
                    if moves.is_empty() || rec.outcome().is_some() {
                        break;
                    }
                    let _ = rec.play(&moves[rng.below(moves.len() as u64) as usize]);
                }
                let stop = AtomicBool::new(false);
                while rec.outcome().is_none() && rec.record().ply() < 400 {
                    let white = rec.position().side_to_move() == Color::White;
                    let e = &mut engines[if white == fitted_white { 0 } else { 1 }];
                    let depth4 = Player::Limits(Limits::depth(4));
                    let chosen =
                        Root::of(&rec).and_then(|root| e.play(&root, depth4, 0, &stop, |_| {}));
                    match chosen {
                        Ok(r) if rec.play(&r.best).is_ok() => {}
                        _ => break,
                    }
                }
                let winner = rec.outcome().and_then(|o| o.winner());
                if let Ok(mut t) = tally.lock() {
                    match winner {
                        Some(c) if (c == Color::White) == fitted_white => t.0 += 1,
                        Some(_) => t.2 += 1,
                        None => t.1 += 1,
                    }
                }
            });
        }
    });
    tally.into_inner().unwrap_or_default()
}

/// Runs the tuner and prints the fitted table.
pub fn run(rules: Rules, games: u32, level: u8, threads: usize) -> Result<(), String> {
    eprintln!("self-play: {games} games of {rules} at level {level}");
    let samples = self_play(rules, games, level, threads);
    if samples.len() < 100 {
        return Err(format!("only {} positions: play more games", samples.len()));
    }
    let mut w = *eval::weights_for(rules.game());
    let mut k = 1.0;
    let mut best = error(&samples, &w, k);
    for step in [0.5, 0.1, 0.02] {
        for dir in [1.0, -1.0] {
            loop {
                let e = error(&samples, &w, k + dir * step);
                if e < best && k + dir * step > 0.0 {
                    best = e;
                    k += dir * step;
                } else {
                    break;
                }
            }
        }
    }
    eprintln!("{} positions, K = {k:.2}, error {best:.5}", samples.len());
    // Material stays the scale: the man's weight is fixed.
    for round in 0..6 {
        let mut improved = false;
        for i in 1..FEATURES {
            let step = (w.w[i].abs() / 8).max(2);
            for delta in [step, -step] {
                loop {
                    let mut t = w;
                    t.w[i] += delta;
                    let e = error(&samples, &t, k);
                    if e < best {
                        best = e;
                        w = t;
                        improved = true;
                    } else {
                        break;
                    }
                }
            }
        }
        eprintln!("round {round}: error {best:.6}");
        if !improved {
            break;
        }
    }
    let (won, drawn, lost) = verify(rules, &w, games.clamp(20, 200), threads);
    let n = (won + drawn + lost).max(1) as f64;
    let points: Vec<u32> = std::iter::repeat_n(2, won)
        .chain(std::iter::repeat_n(1, drawn))
        .chain(std::iter::repeat_n(0, lost))
        .collect();
    let (elo, margin) = dama_core::tools::elo(&points);
    println!(
        "// verification, fitted vs current weights at depth 4: +{won} ={drawn} -{lost} ({:.1}%), elo {elo:+.0} +/- {margin:.0}",
        100.0 * (won as f64 + drawn as f64 / 2.0) / n
    );
    println!(
        "// {rules}: {} positions from {games} self-play games, K = {k:.2}, error {best:.6}",
        samples.len()
    );
    println!("w: {:?},", w.w);
    println!("tempo: {},", w.tempo);
    for (n, v) in NAMES.iter().zip(w.w.iter()) {
        println!("//   {n:<18} {v}");
    }
    Ok(())
}
