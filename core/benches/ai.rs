//! AI benchmarks (figures, not asserts). `cargo bench -p dama-core --bench ai` prints:
//! search speed on fixed positions per game, time to depth 10 from the start of Turkish Dama
//! and Zamma, the latency of a cancellation; `-- ladder [GAMES] [MS] [GAME...]` runs the strength
//! ladder instead (each level against the one below, GAMES per pair and family on every core,
//! level 8 budget MS per move, level 7 half of it) and level 8 against a random mover;
//! `-- limits [N]` only measures how closely searches keep their time budget and a cancel on
//! N random positions per game and capture rule.

use dama_core::ai::{Engine, Level, Limits, Player, Rng, Root};
use dama_core::tools::{elo, play_match, tally};
use dama_core::{GameRecord, Position, Rules, Session};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn pos(game: &str, code: Option<&str>) -> Position {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    match code {
        Some(c) => Position::from_code(rules, c).unwrap(),
        None => Position::start(rules),
    }
}

/// The search root of a game that starts at `p`.
fn root(p: &Position) -> Root {
    Root::of(&Session::from_record(GameRecord::from_position(p.clone()))).unwrap()
}

fn speed() {
    println!("search speed (fixed depth, fresh 32 MiB table)");
    let cases: [(&str, Option<&str>, u32); 7] = [
        ("turkish", None, 11),
        ("turkish", Some("W:Wa3,b4,c3,d4,e3,f4,g3,h3,Kc1:Ba6,b5,c6,d5,e6,f6,g6,h5,Kf8"), 9),
        ("zamma", None, 12),
        ("zamma", Some("W:Wa1,a2,b1,b2,c1,c3,d2,d4,e1,e3,f1,f2,g1,g2,h1,h3,i1,i2:Ba9,a8,b9,b8,c7,c9,d8,e9,e7,f9,f8,g9,g8,h9,h7,i9,i8"), 10),
        ("damma", None, 12),
        ("fetaix", None, 14),
        ("kharbaga", None, 13),
    ];
    for (game, code, depth) in cases {
        let p = pos(game, code);
        let mut e = Engine::new(32);
        let root = root(&p);
        let t = Instant::now();
        let r = e
            .play(
                &root,
                Player::Limits(Limits::depth(depth)),
                0,
                &AtomicBool::new(false),
                |_| {},
            )
            .unwrap();
        let s = t.elapsed().as_secs_f64();
        println!(
            "{game:<9} {:<6} depth {depth:>2}: {:>9} nodes in {s:.2} s = {:.2} M nodes/s",
            if code.is_some() { "middle" } else { "start" },
            r.info.nodes,
            r.info.nodes as f64 / s / 1e6
        );
    }
    for game in ["turkish", "zamma"] {
        let p = pos(game, None);
        let mut e = Engine::new(32);
        let root = root(&p);
        let t = Instant::now();
        let depth10 = Player::Limits(Limits::depth(10));
        e.play(&root, depth10, 0, &AtomicBool::new(false), |_| {})
            .unwrap();
        println!(
            "{game}: time to depth 10 from the start: {:.3} s",
            t.elapsed().as_secs_f64()
        );
    }
}

/// How long a search of `p` takes to return once it is cancelled `after` its start.
fn cancel_latency(p: &Position, after: Duration) -> Duration {
    let stop = Arc::new(AtomicBool::new(false));
    let (flag, q) = (stop.clone(), p.clone());
    let h = std::thread::spawn(move || {
        let mut e = Engine::new(32);
        let _ = e.play(
            &root(&q),
            Player::Limits(Limits::movetime(Duration::from_secs(60))),
            0,
            &flag,
            |_| {},
        );
        Instant::now()
    });
    std::thread::sleep(after);
    let cancelled = Instant::now();
    stop.store(true, Ordering::Relaxed);
    h.join().unwrap().saturating_duration_since(cancelled)
}

fn cancellation() {
    let worst = ["turkish", "zamma", "kharbaga"]
        .iter()
        .map(|g| cancel_latency(&pos(g, None), Duration::from_millis(300)))
        .max()
        .unwrap_or_default();
    println!(
        "cancellation: search returned {:.2} ms after the flag (worst of 3)",
        worst.as_secs_f64() * 1e3
    );
}

/// Positions of random games (every game and capture rule, huffing included): how far past
/// its budget a 50 ms search returns, and how soon after a cancel, worst and 99th percentile.
fn limits(per_config: usize) {
    let configs: [(&str, &[&str]); 9] = [
        ("turkish", &[]),
        ("zamma", &[]),
        ("zamma", &["capture=compulsory"]),
        ("zamma", &["capture=huffing"]),
        ("damma", &[]),
        ("damma", &["capture=huffing"]),
        ("fetaix", &["capture=huffing"]),
        ("kharbaga", &[]),
        ("kharbaga", &["capture=huffing"]),
    ];
    let budget = Duration::from_millis(50);
    println!("limits: {per_config} random positions per game and option, movetime 50 ms, cancel after 20 ms");
    let mut rng = Rng::new(7);
    let (mut all_over, mut all_cancel) = (Vec::new(), Vec::new());
    for (game, options) in configs {
        let rules = Rules::parse(game, options).unwrap();
        let (mut over, mut cancel) = (Vec::new(), Vec::new());
        let mut engine = Engine::new(32);
        while over.len() < per_config {
            let mut p = Position::start(rules);
            let plies = 6 + rng.below(60);
            for _ in 0..plies {
                let moves = p.legal_moves();
                if moves.is_empty() || p.outcome().is_some() {
                    break;
                }
                p = p
                    .play(&moves[rng.below(moves.len() as u64) as usize])
                    .unwrap();
            }
            if p.outcome().is_some() || p.legal_moves().is_empty() {
                continue;
            }
            let never = AtomicBool::new(false);
            let root = root(&p);
            let t = Instant::now();
            let timed = Player::Limits(Limits::movetime(budget));
            let _ = engine.play(&root, timed, 0, &never, |_| {});
            over.push(t.elapsed().saturating_sub(budget));
            cancel.push(cancel_latency(&p, Duration::from_millis(20)));
        }
        let ms = |v: &mut Vec<Duration>, q: f64| {
            v.sort();
            v[((v.len() - 1) as f64 * q) as usize].as_secs_f64() * 1e3
        };
        println!(
            "  {:<28} past budget: worst {:.2} ms, p99 {:.2} ms; after cancel: worst {:.2} ms, p99 {:.2} ms",
            format!("{game} {}", options.join(" ")),
            ms(&mut over, 1.0),
            ms(&mut over, 0.99),
            ms(&mut cancel, 1.0),
            ms(&mut cancel, 0.99)
        );
        all_over.extend(over);
        all_cancel.extend(cancel);
    }
    all_over.sort();
    all_cancel.sort();
    println!(
        "  all: past budget worst {:.2} ms, after cancel worst {:.2} ms",
        all_over.last().map_or(0.0, |d| d.as_secs_f64() * 1e3),
        all_cancel.last().map_or(0.0, |d| d.as_secs_f64() * 1e3)
    );
}

fn ladder(games: u32, ms: u64, families: &[String]) {
    println!(
        "strength ladder: {games} games per pair and family, level 7 at {} ms and level 8 at {ms} ms per move",
        ms / 2
    );
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let level = |l: u8| {
        let mut lv = Level::new(l);
        lv.budget = Duration::from_millis(ms);
        Player::Level(lv)
    };
    for game in families {
        let rules = match Rules::parse(game, &[] as &[&str]) {
            Ok(r) => r,
            Err(e) => {
                println!("{game}: {e}");
                continue;
            }
        };
        let mut total = 0.0;
        for l in 2..=8u8 {
            let t = Instant::now();
            let points = play_match(rules, level(l), level(l - 1), games, 0xB00, threads);
            let (d, m) = elo(&points);
            total += d;
            let (w, dr, lost) = tally(&points);
            println!(
                "{game:<8} level {l} vs {}: +{w} ={dr} -{} score {:.1} % elo {d:+.0} +/- {m:.0} (ladder {total:+.0}) [{:.0} s]",
                l - 1,
                lost,
                points.iter().sum::<u32>() as f64 * 50.0 / points.len() as f64,
                t.elapsed().as_secs_f64()
            );
        }
        let t = Instant::now();
        let points = play_match(rules, level(8), Player::Random, games, 0xC00, threads);
        let (won, _, _) = tally(&points);
        println!(
            "{game:<8} level 8 vs random: {won}/{} won [{:.0} s]",
            points.len(),
            t.elapsed().as_secs_f64()
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // `ladder` alone skips the speed figures, so a long ladder run can be split by family.
    if let Some(i) = args.iter().position(|a| a == "ladder") {
        let games = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(100);
        let ms = args.get(i + 2).and_then(|s| s.parse().ok()).unwrap_or(1000);
        let mut families: Vec<String> = args
            .iter()
            .skip(i + 3)
            .filter(|a| !a.starts_with('-'))
            .cloned()
            .collect();
        if families.is_empty() {
            families = vec!["turkish".into(), "zamma".into()];
        }
        ladder(games, ms, &families);
        return;
    }
    if let Some(i) = args.iter().position(|a| a == "limits") {
        limits(args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(40));
        return;
    }
    speed();
    cancellation();
    limits(20);
}
