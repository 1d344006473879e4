//! `dama`: the command line of the rules core (perft, moves, status).
//!
//! ```text
//! dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
//! dama moves --game <id> [--position <code>] [--option k=v]...
//! dama status --game <id> [--position <code>] [--option k=v]...
//! ```
//! Errors go to stderr with exit status 2. `dama --help` lists the commands and
//! `dama <command> --help` explains one.

mod play;
mod puzzles;
mod tune;

use dama_core::ai::Limits;
use dama_core::ai::Player;
use dama_core::perft::{self, Count};
use dama_core::tools::Quote;
use dama_core::{Position, Rules};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
  dama moves --game <id> [--position <code>] [--option k=v]...
  dama status --game <id> [--position <code>] [--option k=v]...
  dama go --game <id> [--position <code>] [--option k=v]... [--level N | --depth D | --movetime MS | --nodes N] [--seed S]
  dama engine
  dama match --game <id> [--option k=v]... --a <spec> --b <spec> --games N [--movetime MS] [--threads N]
      spec: random | level=N | limits joined by commas: depth=N, nodes=N, movetime=MS, variety=N (e.g. nodes=100000,variety=10)
  dama tune --game <id> [--option k=v]... [--games N] [--level 1-6] [--threads N]
  dama analyse <record file | -> [--nodes N]
  dama puzzles --game <id> [--count N] [--seed S] [--depth D] [--games N] [--threads N]
  dama help [<command>]   (or dama <command> --help)";

/// `dama <command> --help`: what each command does, its flags and an example.
const COMMANDS: [(&str, &str); 10] = [
    (
        "perft",
        "dama perft <depth> --game <id> [--position <code>] [--option k=v]... [--paths] [--divide] [--threads N]
  Counts the leaf positions <depth> plies ahead (R-0.7a), merged moves by default (R-0.7).
  --paths     count every capture route instead of merged moves
  --divide    print the count under each legal move
  --threads N split the work over N threads (1 to 256)
  Prints the count on stdout, the time and speed on stderr.
  example: dama perft 6 --game zamma --option capture=huffing",
    ),
    (
        "moves",
        "dama moves --game <id> [--position <code>] [--option k=v]...
  Prints the legal moves of the position, one per line, sorted, in canonical notation.
  example: dama moves --game turkish --position 'W:WKe1:Bc5,b4,e3,g3'",
    ),
    (
        "status",
        "dama status --game <id> [--position <code>] [--option k=v]...
  Prints `ongoing`, `white wins: <reason>`, `black wins: <reason>` or `draw: <reason>`.
  example: dama status --game turkish --position 'W:WKa1:Bh8'",
    ),
    (
        "go",
        "dama go --game <id> [--position <code>] [--option k=v]... [--level N | --depth D | --movetime MS | --nodes N] [--seed S]
  Searches the position and prints `info` lines, then `bestmove <move>`.
  --level N     the app's levels 1 (weakest) to 8 (default)
  --depth D     fixed depth, 1 to 64
  --movetime MS time per move in milliseconds
  --nodes N     node budget
  --seed S      the seed of the weaker levels' noise (default 1)
  example: dama go --game zamma --movetime 500",
    ),
    (
        "engine",
        "dama engine
  A line protocol on stdin/stdout for other programs (see docs/cli.md): game, position, moves,
  go, stop, legal, status, code, isready, quit. Errors are answered `error <text>`.
  example: printf 'game zamma\\ngo depth 6\\n' | dama engine",
    ),
    (
        "match",
        "dama match --game <id> [--option k=v]... --a <spec> --b <spec> --games N [--movetime MS] [--threads N]
  Plays N games between two players, colours alternating, and prints wins/draws/losses and Elo.
  spec: random | level=N | depth=N | nodes=N | movetime=MS
  --movetime MS caps both players' time per move
  example: dama match --game turkish --a level=8 --b level=7 --games 20 --threads 2",
    ),
    (
        "help",
        "dama help [<command>]
  Prints the list of commands, or what one command does (the same as `dama <command> --help`).
  example: dama help perft",
    ),
    (
        "tune",
        "dama tune --game <id> [--option k=v]... [--games N] [--level 1-6] [--threads N]
  Fits the evaluation weights to self-play games (Texel-style) and prints them as Rust.
  example: dama tune --game zamma --games 200 --threads 2",
    ),
    (
        "analyse",
        "dama analyse <record file | -> [--nodes N]
  Reviews a game (the app's JSON record or PDN; - reads stdin) as the app's review does: the
  evaluation after every move (White's side, in men, capped at 10), the mistakes (15 % or
  more of the expected result lost against the engine's best: about a man from level) and
  blunders (33 % or more), with the best move, and each side's count.
  --nodes N  the search per position (default 150000: the same review on every machine;
             games over 64 positions share 64 positions' worth, at least N/8 each)
  example: dama analyse game.pdn --nodes 300000",
    ),
    (
        "puzzles",
        "dama puzzles --game <id> [--count N] [--seed S] [--depth D] [--games N] [--threads N]
  Makes a puzzle bank from engine games and prints it (the app's bank format): positions
  where one move is at least two men better than any other at depth D, with the line that
  follows, each player's move in it as clearly best. The same seed and depth give the same
  bank on every machine and thread count. What it took goes to stderr.
  --count N   puzzles (default 300)     --seed S   the first game's seed (default 1)
  --depth D   the proving depth (default 8)   --games N  games at most (default 20000)
  example: dama puzzles --game zamma --count 300 --threads 2 > zamma.txt",
    ),
];

/// The help of one command, or `None` for an unknown one.
fn command_help(name: &str) -> Option<String> {
    COMMANDS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, h)| format!("{h}\n{}", games_and_options()))
}

/// `dama analyse`: reads a record (JSON or PDN) and prints its review.
fn analyse(args: &[String]) -> Result<(), String> {
    use dama_core::ai::analysis::{self, Judgement};
    use dama_core::record::GameRecord;
    let mut file = None;
    let mut nodes = analysis::DEFAULT_NODES;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--nodes" => {
                nodes = args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| (1..=1_000_000_000).contains(&n))
                    .ok_or("--nodes needs a number from 1 to 1000000000")?;
                i += 1;
            }
            a if file.is_none() && (a == "-" || !a.starts_with("--")) => file = Some(a.to_string()),
            a => return Err(format!("unexpected argument '{}'", Quote(a))),
        }
        i += 1;
    }
    let file = file.ok_or("analyse needs a record file (or - for stdin)")?;
    let text = if file == "-" {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t).map_err(|e| e.to_string())?;
        t
    } else {
        std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", Quote(&file)))?
    };
    let record = GameRecord::from_json(&text).or_else(|json| {
        GameRecord::from_pdn(&text).map_err(|p| format!("not a record: as JSON {json}; as PDN {p}"))
    })?;
    let mut engine = dama_core::ai::Engine::new(dama_core::ai::DEFAULT_TT_MIB);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let t = Instant::now();
    let a = analysis::analyse(&mut engine, &record, nodes, &stop, |done, total| {
        eprint!("\ranalysing {done}/{total}");
    })
    .map_err(|e| e.to_string())?;
    eprintln!(" ({:.1} s)", t.elapsed().as_secs_f64());
    println!(
        "{}, {} plies, {}",
        record.rules().game().display_name(),
        a.moves.len(),
        record
            .outcome()
            .map_or("unfinished".to_string(), |o| o.to_string())
    );
    println!("start {:+.2}", a.scores[0] as f64 / 100.0);
    for (i, m) in a.moves.iter().enumerate() {
        let side = (record.start().side_to_move() as usize + i) % 2;
        let number = 1 + (i + record.start().side_to_move() as usize) / 2;
        let dots = if side == 0 { "." } else { "..." };
        let mut line = format!(
            "{number}{dots} {:<14} {:+.2}",
            m.played,
            a.scores[i + 1] as f64 / 100.0
        );
        match m.judgement {
            Judgement::Good => {}
            j => {
                let word = match j {
                    Judgement::Blunder => "blunder",
                    _ => "mistake",
                };
                line += &format!(
                    "  {word} (lost {:.2}, {:.1} % of the game), best {}",
                    m.loss as f64 / 100.0,
                    m.lost as f64 / 10.0,
                    m.best
                );
            }
        }
        println!("{line}");
    }
    if let Some(b) = &a.best_last {
        println!("best now {b}");
    }
    for (side, name) in [
        (dama_core::Color::White, "White"),
        (dama_core::Color::Black, "Black"),
    ] {
        let t = a.tally(side);
        println!("{name}: {} mistakes, {} blunders", t.mistakes, t.blunders);
    }
    Ok(())
}

/// The games, their options (from the rules' option table) and the position code.
fn games_and_options() -> String {
    format!(
        "games: turkish, zamma, damma, fetaix, kharbaga
options (--option key=value, the first value is the default), see docs/RULES.md:
{}position code: W:Wa2,b2,Kd5:Ba7,Kh8[:clock=N][:last=a-b/c-d][:huff=d4,...]",
        dama_core::rules::options_help()
    )
}

/// Options common to every command.
struct Common {
    rules: Rules,
    position: Position,
    depth: Option<u32>,
    paths: bool,
    divide: bool,
    threads: usize,
    /// Flags of the AI commands: (name, value).
    extra: Vec<(String, String)>,
}

impl Common {
    fn get(&self, name: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.get(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} needs a number, not '{}'", Quote(v)))
            })
            .transpose()
    }
}

fn parse(args: &[String], wants_depth: bool) -> Result<Common, String> {
    let mut game: Option<String> = None;
    let mut code: Option<String> = None;
    let mut options: Vec<String> = Vec::new();
    let mut depth = None;
    let mut paths = false;
    let mut divide = false;
    let mut threads = 1usize;
    let mut extra = Vec::new();
    let mut i = 0;
    let value = |i: usize, name: &str| -> Result<String, String> {
        args.get(i + 1)
            .cloned()
            .ok_or_else(|| format!("{name} needs a value"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--game" => {
                game = Some(value(i, a)?);
                i += 1;
            }
            "--position" => {
                code = Some(value(i, a)?);
                i += 1;
            }
            "--option" => {
                options.push(value(i, a)?);
                i += 1;
            }
            "--threads" => {
                threads = value(i, a)?
                    .parse()
                    .ok()
                    .filter(|&n| (1..=256).contains(&n))
                    .ok_or("--threads needs a number from 1 to 256")?;
                i += 1;
            }
            "--level" | "--depth" | "--movetime" | "--nodes" | "--seed" | "--a" | "--b"
            | "--games" | "--count" => {
                extra.push((a[2..].to_string(), value(i, a)?));
                i += 1;
            }
            "--paths" if wants_depth => paths = true,
            "--divide" if wants_depth => divide = true,
            _ if wants_depth && depth.is_none() && !a.starts_with("--") => {
                depth =
                    Some(a.parse::<u32>().ok().filter(|&d| d <= 64).ok_or_else(|| {
                        format!("depth '{}' is not a number from 0 to 64", Quote(a))
                    })?);
            }
            _ => return Err(format!("unexpected argument '{}'", Quote(a))),
        }
        i += 1;
    }
    let game = game.ok_or("--game is required")?;
    let rules = Rules::parse(&game, &options).map_err(|e| e.to_string())?;
    let position = match code {
        Some(c) => Position::from_code(rules, &c).map_err(|e| format!("position: {e}"))?,
        None => Position::start(rules),
    };
    if wants_depth && depth.is_none() {
        return Err("perft needs a depth".into());
    }
    Ok(Common {
        rules,
        position,
        depth,
        paths,
        divide,
        threads,
        extra,
    })
}

/// The player of `dama go` from its flags (level 8 when none is given).
fn go_player(c: &Common) -> Result<Player, String> {
    let given = ["level", "depth", "movetime", "nodes"]
        .iter()
        .filter(|n| c.get(n).is_some())
        .count();
    if given > 1 {
        return Err("give only one of --level, --depth, --movetime, --nodes".into());
    }
    if let Some(l) = c.number("level")? {
        if !(1..=8).contains(&l) {
            return Err("--level must be 1 to 8".into());
        }
        return Ok(Player::Level(dama_core::ai::Level::new(l as u8)));
    }
    if let Some(d) = c.number("depth")? {
        if !(1..=64).contains(&d) {
            return Err("--depth must be 1 to 64".into());
        }
        return Ok(Player::Limits(Limits::depth(d as u32)));
    }
    if let Some(t) = c.number("movetime")? {
        return Ok(Player::Limits(Limits::movetime(
            std::time::Duration::from_millis(t.max(1)),
        )));
    }
    if let Some(n) = c.number("nodes")? {
        return Ok(Player::Limits(Limits::nodes(n.max(1))));
    }
    Ok(Player::Level(dama_core::ai::Level::new(8)))
}

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
        "analyse" | "analyze" => analyse(rest),
        "puzzles" => {
            let c = parse(rest, false)?;
            let settings = dama_core::puzzle::maker::Settings {
                rules: c.rules,
                count: c.number("count")?.unwrap_or(300).clamp(1, 100_000) as usize,
                seed: c.number("seed")?.unwrap_or(1),
                depth: c.number("depth")?.unwrap_or(8).clamp(1, 20) as u32,
                max_games: c.number("games")?.unwrap_or(20_000).clamp(1, 10_000_000) as u32,
                threads: c.threads,
            };
            let command = format!("dama puzzles {}", rest.join(" "));
            puzzles::run(c.rules, settings, &command)
        }
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
