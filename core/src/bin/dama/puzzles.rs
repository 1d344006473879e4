//! `dama puzzles`: makes a puzzle bank from engine games (see `dama_core::puzzle::maker`)
//! and prints it; what it took goes to stderr. With `--verify <bank>`, checks a bank again.

use dama_core::puzzle::maker::{
    self, Settings, DEEPER, GLANCE, LEVEL, LINE_MARGIN, MARGIN, MAX_MOVES, MULTI_SHARE, NOT_WON,
};
use dama_core::puzzle::{self, theme::CLOCK_ROOM};
use dama_core::Rules;
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// The head's lines that say what every puzzle keeps, at `depth`.
fn rules_text(depth: u32) -> [String; 4] {
    let men = |h: i32| h as f64 / 100.0;
    [
        format!(
            "# each: the first move at least {:.1} men better than any other at depth {} (the others below {:.1} men, the best above -{:.1}),",
            men(MARGIN),
            depth,
            men(NOT_WON),
            men(LEVEL)
        ),
        format!(
            "# each later move of the player's {:.1} men better than the next (or forced), at most {MAX_MOVES}; looked at first at depth {GLANCE};",
            men(LINE_MARGIN)
        ),
        format!(
            "# the end at depth +{DEEPER}: {:.1} men up or a forced win, or level within {:.1} (defence); three legal moves or more;",
            men(MARGIN),
            men(LEVEL)
        ),
        format!(
            "# the clock {CLOCK_ROOM} plies from its limit after the line; a crowded Zamma board only with a capture or crowning; {MULTI_SHARE}% with two moves or more."
        ),
    ]
}

/// The head's lines that say what every puzzle keeps, printed.
fn print_rules(depth: u32) {
    for l in rules_text(depth) {
        println!("{l}");
    }
}

/// A bank's text: its head (how it was made, so that it can be made again) and its puzzles.
fn bank_text(
    rules: Rules,
    command: &str,
    depth: u32,
    report: &maker::Report,
    bank: &[puzzle::Puzzle],
) -> String {
    let mut out = String::new();
    let mut say = |l: String| {
        out.push_str(&l);
        out.push('\n');
    };
    say(format!("# Dama & Zamma puzzle bank: {}", rules.game()));
    say(format!("# made by: {command}"));
    for l in rules_text(depth) {
        say(l);
    }
    say(format!(
        "# {g} games (--games {g} makes the same bank), {} puzzles found, {} kept.",
        report.found,
        bank.len(),
        g = report.games
    ));
    say("# id (game seed/ply)\tdepth needed\trating\tposition\tline\tthemes".into());
    for p in bank {
        say(p.to_bank_line());
    }
    out
}

/// Makes the bank and prints it, headed by how it was made (so that it can be made again);
/// with `pool`, every puzzle found is also written there, as a bank of its own (for
/// `--merge`: the printed bank keeps only as many single-move puzzles as the 40 % rule lets).
pub fn run(
    rules: Rules,
    settings: Settings,
    pool: Option<&str>,
    command: &str,
) -> Result<(), String> {
    let (found, mut report) = maker::find(Settings { rules, ..settings }, |games, found| {
        eprintln!("games {games}, puzzles found {found}");
    });
    if let Some(file) = pool {
        let text = bank_text(rules, command, settings.depth, &report, &found);
        std::fs::write(file, text).map_err(|e| format!("{file}: {e}"))?;
    }
    let bank = maker::choose(found, settings.count);
    report.kept = bank.len();
    print!(
        "{}",
        bank_text(rules, command, settings.depth, &report, &bank)
    );
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
        .or_else(|| stated_depth(&text))
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

/// The banks in `files`, read for `rules`.
fn read(rules: Rules, files: &[String]) -> Result<Vec<puzzle::Puzzle>, String> {
    let mut out = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(file).map_err(|e| format!("{file}: {e}"))?;
        out.extend(puzzle::parse_bank(rules, &text).map_err(|e| format!("{file}: {e}"))?);
    }
    Ok(out)
}

/// `--from`: the start positions of other banks (an older maker's, say) examined again by
/// this maker, each kept under its id; printed as a bank in their order.
pub fn from(
    rules: Rules,
    files: &[String],
    depth: u32,
    threads: usize,
    command: &str,
) -> Result<(), String> {
    let starts: Vec<(String, dama_core::Position)> = read(rules, files)?
        .into_iter()
        .map(|p| (p.id, p.start))
        .collect();
    let (bank, report) = maker::examine_all(&starts, depth, threads);
    println!("# Dama & Zamma puzzle bank: {}", rules.game());
    println!("# made by: {command}");
    print_rules(depth);
    println!(
        "# {} positions examined again, {} puzzles kept.",
        starts.len(),
        bank.len()
    );
    println!("# id (game seed/ply)\tdepth needed\trating\tposition\tline\tthemes");
    for p in &bank {
        println!("{}", p.to_bank_line());
    }
    eprintln!(
        "{} positions, {} looked at, {} at depth {depth}, {} kept; {} nodes in {:.1} s",
        starts.len(),
        report.positions,
        report.candidates,
        report.kept,
        report.nodes,
        report.time.as_secs_f64()
    );
    Ok(())
}

/// `--merge`: banks of this maker joined in the order given (a position once, the first
/// kept; every id once) and chosen as `maker::choose` chooses, `count` at most; with
/// `keep_all` (`--keep-all`) every one of them (a game whose longer lines are too few for
/// the 40 % rule).
pub fn merge(
    rules: Rules,
    files: &[String],
    count: usize,
    keep_all: bool,
    command: &str,
) -> Result<(), String> {
    let mut seen = HashSet::new();
    let mut ids = HashSet::new();
    let pool: Vec<puzzle::Puzzle> = read(rules, files)?
        .into_iter()
        .filter(|p| seen.insert(p.start.key()) && ids.insert(p.id.clone()))
        .collect();
    let found = pool.len();
    let bank = if keep_all {
        pool
    } else {
        maker::choose(pool, count)
    };
    let depth = files
        .iter()
        .filter_map(|f| std::fs::read_to_string(f).ok())
        .filter_map(|t| stated_depth(&t))
        .max()
        .ok_or("no depth in the banks' heads")?;
    println!("# Dama & Zamma puzzle bank: {}", rules.game());
    println!("# made by: {command}");
    print_rules(depth);
    for f in files {
        // Each bank's own head: how it was made.
        let text = std::fs::read_to_string(f).unwrap_or_default();
        for l in text
            .lines()
            .filter(|l| l.starts_with("# made by:") || l.ends_with(" kept."))
        {
            println!("# {f}: {}", l.trim_start_matches("# "));
        }
    }
    println!(
        "# {found} puzzles in the banks merged, {} kept.",
        bank.len()
    );
    println!("# id (game seed/ply)\tdepth needed\trating\tposition\tline\tthemes");
    for p in &bank {
        println!("{}", p.to_bank_line());
    }
    Ok(())
}

/// The depth a bank's head states.
fn stated_depth(text: &str) -> Option<u32> {
    let head = text.lines().find(|l| l.starts_with("# each:"))?;
    let after = head.split("at depth ").nth(1)?;
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()?
        .parse()
        .ok()
}
