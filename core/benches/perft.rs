//! Perft speed: Turkish Dama from the start against the `kish` crate (single thread, both
//! with bulk counting at depth 1), and the Zamma family. Prints figures; asserts nothing
//! about time. Run: `cargo bench -p dama-core --bench perft` (add `-- quick` for a short run).

use dama_core::perft::{perft, Count};
use dama_core::{Position, Rules};
use std::hint::black_box;
use std::time::Instant;

/// Best of `runs` timings of `f`, with its result.
fn best_of<F: FnMut() -> u64>(runs: usize, mut f: F) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut n = 0;
    for _ in 0..runs {
        let t = Instant::now();
        n = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (n, best)
}

fn main() {
    let quick = std::env::args().any(|a| a == "quick");
    let runs = if quick { 1 } else { 3 };
    let tdepth = if quick { 7 } else { 8 };

    println!("perft benchmark (single thread, bulk counting at depth 1 in both engines)");
    // kish follows the federation rules and lists every capture route: compare like with like.
    let turkish = Position::start(Rules::parse("turkish", &["preset=federation"]).unwrap());
    let (ours, t_ours) = best_of(runs, || perft(&turkish, tdepth, Count::Paths));
    let board = kish::Board::new_default();
    let (theirs, t_kish) = best_of(runs, || board.perft(tdepth as u64));
    let (r_ours, r_kish) = (ours as f64 / t_ours, theirs as f64 / t_kish);
    println!(
        "turkish start depth {tdepth}: dama-core {ours} leaves in {t_ours:.3} s = {:.1} M leaves/s",
        r_ours / 1e6
    );
    println!(
        "turkish start depth {tdepth}: kish      {theirs} leaves in {t_kish:.3} s = {:.1} M leaves/s",
        r_kish / 1e6
    );
    if theirs != ours {
        println!(
            "  (counts differ by {}: kish counts a position without moves as a leaf, R-0.7a does not)",
            theirs.abs_diff(ours)
        );
    }
    println!("turkish ratio dama-core / kish: {:.2}x", r_ours / r_kish);

    let zamma_family: [(&str, &[&str], u32); 7] = [
        ("zamma", &[], 9),
        ("zamma", &["capture=compulsory"], 12),
        ("zamma", &["capture=huffing"], 7),
        ("damma", &[], 9),
        ("fetaix", &[], 10),
        ("kharbaga", &[], 10),
        ("zamma", &["no-return-to-start=on"], 9),
    ];
    for (game, options, depth) in zamma_family {
        let depth = if quick { depth - 1 } else { depth };
        let rules = Rules::parse(game, options).unwrap();
        let pos = Position::start(rules);
        let (n, t) = best_of(runs, || perft(&pos, depth, Count::Moves));
        println!(
            "{:<40} depth {depth}: {n:>12} leaves in {t:.3} s = {:.1} M leaves/s",
            rules.to_string(),
            n as f64 / t / 1e6
        );
    }
}
