//! `dama puzzles`: makes a puzzle bank from engine games (see `dama_core::puzzle::maker`)
//! and prints it; what it took goes to stderr. With `--verify <bank>`, checks a bank again.

use dama_core::puzzle::maker::{
    self, Settings, DEEPER, GLANCE, LEVEL, LINE_MARGIN, MARGIN, MAX_MOVES, MULTI_SHARE, NOT_WON,
};
use dama_core::puzzle::{self, theme::CLOCK_ROOM};
use dama_core::Rules;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Makes the bank and prints it, headed by how it was made (so that it can be made again).
pub fn run(rules: Rules, settings: Settings, command: &str) -> Result<(), String> {
    let (bank, report) = maker::make(Settings { rules, ..settings }, |games, found| {
        eprintln!("games {games}, puzzles found {found}");
    });
    let men = |h: i32| h as f64 / 100.0;
    println!("# Dama & Zamma puzzle bank: {}", rules.game());
    println!("# made by: {command}");
    println!(
        "# each: the first move at least {:.1} men better than any other at depth {} (the others below {:.1} men, the best above -{:.1}),",
        men(MARGIN),
        settings.depth,
        men(NOT_WON),
        men(LEVEL)
    );
    println!(
        "# each later move of the player's {:.1} men better than the next (or forced), at most {MAX_MOVES}; looked at first at depth {GLANCE};",
        men(LINE_MARGIN)
    );
    println!(
        "# the end at depth +{DEEPER}: {:.1} men up or a forced win, or level within {:.1} (defence); three legal moves or more;",
        men(MARGIN),
        men(LEVEL)
    );
    println!(
        "# the clock {CLOCK_ROOM} plies from its limit after the line; a crowded Zamma board only with a capture or crowning; {MULTI_SHARE}% with two moves or more."
    );
    println!(
        "# {g} games (--games {g} makes the same bank), {} puzzles found, {} kept.",
        report.found,
        report.kept,
        g = report.games
    );
    println!("# id (game seed/ply)\tdepth needed\trating\tposition\tline\tthemes");
    for p in &bank {
        println!("{}", p.to_bank_line());
    }
    eprintln!(
        "{} games, {} positions looked at, {} again at depth {}, {} puzzles found, {} kept; {} nodes in {:.1} s",
        report.games,
        report.positions,
        report.candidates,
        settings.depth,
        report.found,
        report.kept,
        report.nodes,
        report.time.as_secs_f64()
    );
    if bank.len() < settings.count {
        return Err(format!(
            "only {} of {} puzzles in {} games (raise --games)",
            bank.len(),
            settings.count,
            report.games
        ));
    }
    Ok(())
}

/// Checks every puzzle of the bank in `file` again (`maker::verify`) at `depth`, or at the
/// depth its head states; prints each failure and a count.
pub fn verify(rules: Rules, file: &str, depth: Option<u32>, threads: usize) -> Result<(), String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
    let bank = puzzle::parse_bank(rules, &text).map_err(|e| e.to_string())?;
    let depth = depth
        .or_else(|| {
            let head = text.lines().find(|l| l.starts_with("# each:"))?;
            let after = head.split("at depth ").nth(1)?;
            after
                .split(|c: char| !c.is_ascii_digit())
                .next()?
                .parse()
                .ok()
        })
        .ok_or("no --depth and no depth in the bank's head")?;
    let started = Instant::now();
    let next = AtomicUsize::new(0);
    let failed = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads.max(1) {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(p) = bank.get(i) else { break };
                if let Err(e) = maker::verify(p, depth) {
                    failed
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(format!("{}: {e}", p.id));
                }
            });
        }
    });
    let failed = failed.into_inner().unwrap_or_else(|e| e.into_inner());
    for f in &failed {
        println!("{f}");
    }
    println!(
        "{} puzzles checked at depth {depth}, {} failed, in {:.1} s",
        bank.len(),
        failed.len(),
        started.elapsed().as_secs_f64()
    );
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("{} puzzles fail", failed.len()))
    }
}
