//! The review's figures (not asserts): `cargo bench -p dama-core --bench review -- time`
//! reviews a long Zamma game (engine self-play, the first seed whose game lasts 380 plies or
//! more) with the app's budget and prints how long it took; `-- agree [FACTOR] [GAMES] [FIRST]`
//! reviews GAMES engine games per family from game FIRST (level 3 against level 6, colours
//! alternating)
//! with the app's budget and with FACTOR times it, and prints how often the quick review's
//! marks agree with the deep one's. The games are written to `target/review-games/` so
//! `dama analyse` can read them again.

use dama_core::ai::analysis::{self, Analysis, Judgement};
use dama_core::ai::{Engine, Level, Player, Root};
use dama_core::{GameId, GameRecord, Rules, Session};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

/// A game between `white` and `black` from the start, seeded, at most `max` plies.
fn game(rules: Rules, seed: u64, white: Player, black: Player, max: usize) -> GameRecord {
    let mut s = Session::new(rules);
    let mut e = Engine::new(8);
    let stop = AtomicBool::new(false);
    while s.record().ply() < max {
        let Ok(root) = Root::of(&s) else { break };
        let p = if s.position().side_to_move() == dama_core::Color::White {
            white
        } else {
            black
        };
        let seed = seed * 1000 + s.record().ply() as u64;
        let m = e.play(&root, p, seed, &stop, |_| {}).unwrap().best;
        s.play(&m).unwrap();
    }
    s.into_record()
}

fn save(name: &str, rec: &GameRecord) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/review-games");
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(dir.join(name), rec.to_json());
}

/// This thread's CPU time in seconds (user and system, from /proc; 0 elsewhere): steadier
/// than the wall clock on a shared machine.
fn cpu() -> f64 {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are 14 and 15.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let f: Vec<f64> = rest
        .split_whitespace()
        .map(|x| x.parse().unwrap_or(0.0))
        .collect();
    f.get(11)
        .zip(f.get(12))
        .map_or(0.0, |(u, s)| (u + s) / 100.0)
}

/// The review of `rec` with the app's table, its wall and CPU time.
fn review(rec: &GameRecord, nodes: u64) -> (Analysis, f64, f64) {
    let mut e = Engine::new(16);
    let stop = AtomicBool::new(false);
    let (t, c) = (Instant::now(), cpu());
    let a = analysis::analyse(&mut e, rec, nodes, &stop, |_, _| {}).unwrap();
    (a, t.elapsed().as_secs_f64(), cpu() - c)
}

fn long_zamma() -> GameRecord {
    let rules = Rules::new(GameId::Zamma);
    for seed in 1.. {
        let p = Player::Level(Level::new(5));
        let rec = game(rules, seed, p, p, 600);
        if rec.ply() >= 380 {
            println!("seed {seed}: {} plies", rec.ply());
            save("long-zamma.json", &rec);
            return rec;
        }
    }
    unreachable!()
}

fn time() {
    let rec = long_zamma();
    let (a, secs, cpu) = review(&rec, analysis::DEFAULT_NODES);
    let marked = a.moves.iter().filter(|m| m.judgement != Judgement::Good);
    println!(
        "long Zamma game, {} plies: reviewed in {secs:.2} s, {cpu:.2} s of CPU ({} marks)",
        rec.ply(),
        marked.count()
    );
}

fn agree(factor: u64, games: u64, first: u64) {
    let (mut both, mut quick_only, mut deep_only, mut moves) = (0, 0, 0, 0);
    let (mut exact, mut quick_t, mut deep_t) = (0, 0.0, 0.0);
    for game_id in [GameId::Turkish, GameId::Zamma] {
        for g in first..first + games {
            let (weak, strong) = (Player::Level(Level::new(3)), Player::Level(Level::new(6)));
            let (w, b) = if g % 2 == 0 {
                (weak, strong)
            } else {
                (strong, weak)
            };
            let rec = game(Rules::new(game_id), 100 + g, w, b, 300);
            save(&format!("{game_id:?}-{g}.json").to_lowercase(), &rec);
            let (q, _, tq) = review(&rec, analysis::DEFAULT_NODES);
            let (d, _, td) = review(&rec, analysis::DEFAULT_NODES * factor);
            quick_t += tq;
            deep_t += td;
            let mut line = String::new();
            for (i, (a, b)) in q.moves.iter().zip(&d.moves).enumerate() {
                moves += 1;
                let (qm, dm) = (
                    a.judgement != Judgement::Good,
                    b.judgement != Judgement::Good,
                );
                match (qm, dm) {
                    (true, true) => both += 1,
                    (true, false) => quick_only += 1,
                    (false, true) => deep_only += 1,
                    _ => {}
                }
                exact += (a.judgement == b.judgement) as u32;
                if qm || dm {
                    line += &format!(" {}:{}/{}", i + 1, mark(a.judgement), mark(b.judgement));
                }
            }
            println!(
                "{game_id:?} game {g} ({} plies, {}): quick/deep marks{line}",
                rec.ply(),
                rec.outcome().map_or("unfinished".into(), |o| o.to_string())
            );
        }
    }
    println!(
        "{moves} moves: marked by both {both}, by the quick review only {quick_only}, by the deep \
         only {deep_only}; the same judgement {exact} ({:.1} %); quick {quick_t:.1} s of CPU, \
         deep ({factor}x nodes) {deep_t:.1} s",
        exact as f64 * 100.0 / moves.max(1) as f64
    );
}

fn mark(j: Judgement) -> &'static str {
    match j {
        Judgement::Good => "-",
        Judgement::Mistake => "?",
        Judgement::Blunder => "??",
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "agree") {
        let factor = args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or(20);
        let games = args.get(i + 2).and_then(|s| s.parse().ok()).unwrap_or(3);
        let first = args.get(i + 3).and_then(|s| s.parse().ok()).unwrap_or(0);
        agree(factor, games, first);
        return;
    }
    time();
}
