//! `dama`: the command line of the rules core (perft, moves, status).
//!
//! ```text
//! dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
//! dama moves --game <id> [--position <code>] [--option k=v]...
//! dama status --game <id> [--position <code>] [--option k=v]...
//! ```
//! Errors go to stderr with exit status 2. `dama --help` lists the commands and
//! `dama <command> --help` explains one.
//!
//! Here the dispatch and the perft, moves and status commands; beside it the common flags
//! (`args.rs`), the help texts (`help.rs`), `analyse.rs`, the AI commands (`play.rs`),
//! `puzzles.rs` and `tune.rs`.

mod analyse;
mod args;
mod help;
mod play;
mod puzzles;
mod tables;
mod tables_bench;
mod tune;

use args::{go_player, parse};
use dama_core::ai::Player;
use dama_core::perft::{self, Count};
use dama_core::tools::Quote;
use help::{command_help, games_and_options, USAGE};
use std::process::ExitCode;
use std::time::Instant;

fn run(args: &[String]) -> Result<(), String> {
    let Some(cmd) = args.first() else {
        return Err(USAGE.into());
    };
    let rest = &args[1..];
    if rest.iter().any(|a| a == "--help" || a == "-h") {
        if let Some(h) = command_help(cmd) {
            println!("{h}");
            return Ok(());
        }
    }
    match cmd.as_str() {
        "perft" => {
            let c = parse(rest, true)?;
            let depth = c.depth.unwrap_or(0);
            let count = if c.paths { Count::Paths } else { Count::Moves };
            let t = Instant::now();
            let total = if c.divide {
                let rows = perft::divide(&c.position, depth, count);
                for (m, n) in &rows {
                    println!("{m} {n}");
                }
                rows.iter().map(|(_, n)| n).sum()
            } else {
                perft::perft_parallel(&c.position, depth, count, c.threads)
            };
            let secs = t.elapsed().as_secs_f64();
            eprintln!(
                "{} perft {depth}: {total} in {secs:.3} s ({:.1} M/s)",
                c.rules,
                total as f64 / secs.max(1e-9) / 1e6
            );
            println!("{total}");
            Ok(())
        }
        "moves" => {
            let c = parse(rest, false)?;
            let mut lines: Vec<String> = c
                .position
                .legal_moves_detailed()
                .into_iter()
                .map(|d| d.notation)
                .collect();
            lines.sort();
            for l in lines {
                println!("{l}");
            }
            Ok(())
        }
        "status" => {
            let c = parse(rest, false)?;
            match c.position.outcome() {
                Some(o) => println!("{o}"),
                None => println!("ongoing"),
            }
            Ok(())
        }
        "go" => {
            let c = parse(rest, false)?;
            let player = go_player(&c)?;
            play::go(&c.position, player, c.number("seed")?.unwrap_or(1))
        }
        "engine" => play::engine_loop(),
        "analyse" | "analyze" => analyse::analyse(rest),
        "puzzles" => {
            let c = parse(rest, false)?;
            if let Some(file) = c.get("verify") {
                let depth = c.number("depth")?.map(|d| d.clamp(1, 20) as u32);
                return puzzles::verify(c.rules, file, depth, c.threads);
            }
            let files = |flag: &str| -> Vec<String> {
                c.extra
                    .iter()
                    .filter(|(n, _)| n == flag)
                    .map(|(_, v)| v.clone())
                    .collect()
            };
            let command = format!("dama puzzles {}", rest.join(" "));
            let count = c.number("count")?.unwrap_or(300).clamp(1, 100_000) as usize;
            if !files("merge").is_empty() {
                let all = c.get("keep-all").is_some();
                return puzzles::merge(c.rules, &files("merge"), count, all, &command);
            }
            if !files("from").is_empty() {
                let depth = c.number("depth")?.unwrap_or(8).clamp(1, 20) as u32;
                return puzzles::from(c.rules, &files("from"), depth, c.threads, &command);
            }
            let settings = dama_core::puzzle::maker::Settings {
                rules: c.rules,
                count,
                seed: c.number("seed")?.unwrap_or(1),
                depth: c.number("depth")?.unwrap_or(8).clamp(1, 20) as u32,
                max_games: c.number("games")?.unwrap_or(20_000).clamp(1, 10_000_000) as u32,
                threads: c.threads,
                time: c
                    .number("minutes")?
                    .map(|m| std::time::Duration::from_secs(m * 60)),
            };
            puzzles::run(c.rules, settings, c.get("pool"), &command)
        }
        "tables" => tables::run(rest),
        "tune" => {
            let c = parse(rest, false)?;
            let games = c.number("games")?.unwrap_or(200).clamp(1, 1_000_000) as u32;
            let level = c.number("level")?.unwrap_or(3).clamp(1, 6) as u8;
            tune::run(c.rules, games, level, c.threads)
        }
        "match" => {
            let c = parse(rest, false)?;
            let spec = |n: &str| -> Result<Player, String> {
                let s = c.get(n).ok_or(format!("match needs --{n}"))?;
                let p = Player::parse(s)?;
                // --movetime: the time per move of both players (a cap for depth/nodes specs).
                Ok(match c.number("movetime")? {
                    Some(t) => p.with_movetime(std::time::Duration::from_millis(t.max(1))),
                    None => p,
                })
            };
            let (a, b) = (spec("a")?, spec("b")?);
            let games = c.number("games")?.ok_or("match needs --games")?;
            if games == 0 || games > 100_000 {
                return Err("--games must be 1 to 100000".into());
            }
            play::run_match(c.rules, a, b, games as u32, c.threads)
        }
        "help" | "--help" | "-h" => {
            match rest.first() {
                Some(c) => println!(
                    "{}",
                    command_help(c).ok_or(format!("no command '{}'", Quote(c)))?
                ),
                None => println!("{USAGE}\n{}", games_and_options()),
            }
            Ok(())
        }
        other => Err(format!("unknown command '{}'\n{USAGE}", Quote(other))),
    }
}

/// The arguments as text; an argument that is not UTF-8 is an error, not a panic.
fn arguments() -> Result<Vec<String>, String> {
    std::env::args_os()
        .skip(1)
        .enumerate()
        .map(|(i, a)| {
            a.into_string().map_err(|a| {
                format!(
                    "argument {} is not valid UTF-8: '{}'",
                    i + 1,
                    Quote(&a.to_string_lossy())
                )
            })
        })
        .collect()
}

fn main() -> ExitCode {
    match arguments().and_then(|args| run(&args)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("dama: {e}");
            ExitCode::from(2)
        }
    }
}
