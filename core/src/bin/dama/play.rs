//! The AI commands of `dama`: `go`, `engine` (line protocol) and `match`.

use dama_core::ai::arena::{elo, play_match, tally, Player};
use dama_core::ai::{AiError, Engine, Level, Limits, Rng, SearchInfo, DEFAULT_TT_MIB};
use dama_core::notation;
use dama_core::quote::Quote;
use dama_core::{GameRecord, Move, Position, Rules, Session};
use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// Text of a score for `info` lines: `cp N` or `win N` / `loss N` (plies).
fn score_text(i: &SearchInfo) -> String {
    match i.mate_in() {
        Some(n) if n >= 0 => format!("win {n}"),
        Some(n) => format!("loss {}", -n),
        None => format!("cp {}", i.score),
    }
}

/// The notation of root moves, each written once: in a position of thousands of capture
/// routes, writing one move's notation means generating the routes again, and each `info`
/// line and `bestmove` would otherwise do it anew.
#[derive(Default)]
struct RootNames(Vec<(Move, String)>);

impl RootNames {
    fn name(&mut self, pos: &Position, m: &Move) -> Option<String> {
        if let Some((_, s)) = self.0.iter().find(|(k, _)| k == m) {
            return Some(s.clone());
        }
        let s = notation::move_to_string(pos, m)?;
        self.0.push((*m, s.clone()));
        Some(s)
    }
}

/// Notation of a line of moves from `pos`: its first move through `names`, the rest with the
/// formatter the FFI uses.
fn line_text(pos: &Position, moves: &[Move], names: &mut RootNames) -> String {
    let Some((first, rest)) = moves.split_first() else {
        return String::new();
    };
    let Some(head) = names.name(pos, first) else {
        return String::new();
    };
    let mut next = pos.clone();
    next.play_unchecked(first);
    let mut out = vec![head];
    out.extend(notation::line(&next, rest));
    out.join(" ")
}

fn info_line(pos: &Position, i: &SearchInfo, names: &mut RootNames) -> String {
    format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} pv {}",
        i.depth,
        i.seldepth,
        score_text(i),
        i.nodes,
        i.nps,
        i.time.as_millis(),
        line_text(pos, &i.pv, names)
    )
}

/// `dama go`: prints `info` lines and `bestmove <move>` last.
pub fn go(pos: &Position, player: Player, seed: u64) -> Result<(), String> {
    let mut engine = Engine::new(DEFAULT_TT_MIB);
    let stop = AtomicBool::new(false);
    let mut names = RootNames::default();
    let result = match player {
        Player::Level(l) => engine.play_level(pos, &[], l, seed, &stop),
        Player::Limits(limits) => engine.think(pos, &[], &limits, &stop, |i| {
            println!("{}", info_line(pos, i, &mut names));
        }),
        Player::Random => {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                return Err(pos
                    .outcome()
                    .map(|o| format!("the game is over ({o})"))
                    .unwrap_or_else(|| "no legal move".into()));
            }
            let m = moves[Rng::new(seed).below(moves.len() as u64) as usize];
            println!(
                "bestmove {}",
                notation::move_to_string(pos, &m).unwrap_or_default()
            );
            return Ok(());
        }
    };
    let r = result.map_err(|e| e.to_string())?;
    if matches!(player, Player::Level(_)) {
        println!("{}", info_line(pos, &r.info, &mut names));
    }
    let text = names
        .name(pos, &r.best)
        .ok_or("internal: best move not legal")?;
    println!("bestmove {text}");
    Ok(())
}

/// `dama match`: N games, colours alternating, printed as wins/draws/losses and Elo.
pub fn run_match(
    rules: Rules,
    a: Player,
    b: Player,
    games: u32,
    threads: usize,
) -> Result<(), String> {
    let points = play_match(rules, a, b, games, 0xDA3A_0000_0000, threads);
    let (w, d, l) = tally(&points);
    let (e, m) = elo(&points);
    println!("games {} wins {w} draws {d} losses {l}", points.len());
    println!(
        "score {:.1}% elo {e:+.0} +/- {m:.0}",
        100.0 * points.iter().sum::<u32>() as f64 / (2.0 * points.len().max(1) as f64)
    );
    Ok(())
}

/// The longest line `dama engine` reads (a `moves` line of a long game is a few kB).
const MAX_LINE: usize = 1 << 20;

/// Reads and drops the rest of a line, chunk by chunk.
fn skip_line(input: &mut impl BufRead) -> std::io::Result<()> {
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(());
        }
        match buf.iter().position(|&b| b == b'\n') {
            Some(i) => {
                input.consume(i + 1);
                return Ok(());
            }
            None => {
                let n = buf.len();
                input.consume(n);
            }
        }
    }
}

/// `dama engine`: the line protocol (see the README).
pub fn engine_loop() -> Result<(), String> {
    let stdin = std::io::stdin();
    let out = Arc::new(Mutex::new(std::io::stdout()));
    let say = |out: &Arc<Mutex<std::io::Stdout>>, s: &str| {
        if let Ok(mut o) = out.lock() {
            let _ = writeln!(o, "{s}");
            let _ = o.flush();
        }
    };
    let engine = Arc::new(Mutex::new(Engine::new(DEFAULT_TT_MIB)));
    // The game the protocol plays, each position's moves generated once.
    let mut rec = Session::new(Rules::new(dama_core::GameId::Turkish));
    let mut running: Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)> = None;
    let wait = |running: &mut Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>| {
        if let Some((_, h)) = running.take() {
            let _ = h.join();
        }
    };
    let halt = |running: &mut Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>| {
        if let Some((flag, _)) = running {
            flag.store(true, Ordering::Relaxed);
        }
        wait(running);
    };
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        // End of input or a read error ends the session like `quit`. A line is read up to
        // MAX_LINE bytes: a longer one is skipped to its end without being kept in memory.
        match std::io::Read::take(&mut input, MAX_LINE as u64).read_until(b'\n', &mut bytes) {
            Ok(n) if n > 0 => {}
            _ => break,
        }
        if bytes.len() == MAX_LINE && bytes.last() != Some(&b'\n') {
            if skip_line(&mut input).is_err() {
                break;
            }
            say(
                &out,
                &format!("error the line is longer than {MAX_LINE} bytes"),
            );
            continue;
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            say(&out, "error the line is not valid UTF-8");
            continue;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some(&cmd) = words.first() else { continue };
        if !matches!(cmd, "stop" | "isready" | "quit") {
            wait(&mut running);
        }
        match cmd {
            "quit" => break,
            "isready" => say(&out, "readyok"),
            "stop" => halt(&mut running),
            "game" => match words.get(1).map(|g| Rules::parse(g, &words[2..])) {
                Some(Ok(rules)) => {
                    rec = Session::new(rules);
                    if let Ok(mut e) = engine.lock() {
                        e.clear();
                    }
                }
                Some(Err(e)) => say(&out, &format!("error {e}")),
                None => say(&out, "error game needs an id"),
            },
            "position" => {
                let rules = *rec.rules();
                let arg = words[1..].join(" ");
                let pos = if arg == "startpos" {
                    Ok(Position::start(rules))
                } else {
                    Position::from_code(rules, &arg).map_err(|e| e.to_string())
                };
                match pos {
                    Ok(p) => rec = Session::from_record(GameRecord::from_position(p)),
                    Err(e) => say(&out, &format!("error {e}")),
                }
            }
            "moves" => {
                // All or nothing: the moves are played on a copy, kept only if every one is
                // legal. Moves with a huff are written `[xd4] e6-e5`: join the two words again.
                let text = words[1..].join(" ").replace("] ", "]\u{1}");
                let mut next = rec.clone();
                let played = text.split(' ').filter(|m| !m.is_empty()).try_for_each(|m| {
                    let m = m.replace('\u{1}', " ");
                    next.play_notation(&m)
                        .map(|_| ())
                        .map_err(|e| format!("error {e} (no move of the line was played)"))
                });
                match played {
                    Ok(()) => rec = next,
                    Err(e) => say(&out, &e),
                }
            }
            "legal" => {
                let mut v: Vec<&str> = rec
                    .legal_moves()
                    .iter()
                    .map(|d| d.notation.as_str())
                    .collect();
                v.sort();
                say(&out, &format!("legal {}", v.join(", ")));
            }
            "status" => match rec.outcome() {
                Some(o) => say(&out, &o.to_string()),
                None => say(&out, "ongoing"),
            },
            "code" => say(&out, &format!("code {}", rec.position().to_code())),
            "go" => {
                let mut limits = Limits::default();
                let mut level = None;
                let mut i = 1;
                let mut bad = None;
                while i < words.len() {
                    let v: Option<u64> = words.get(i + 1).and_then(|v| v.parse().ok());
                    match (words[i], v) {
                        ("depth", Some(v)) => limits.depth = Some(v.clamp(1, 64) as u32),
                        ("nodes", Some(v)) => limits.nodes = Some(v.max(1)),
                        ("movetime", Some(v)) => limits.movetime = Some(Duration::from_millis(v)),
                        ("level", Some(v)) => level = Some(v.clamp(1, 8) as u8),
                        _ => bad = Some(words[i].to_string()),
                    }
                    i += 2;
                }
                if let Some(b) = bad {
                    say(&out, &format!("error go: bad limit '{}'", Quote(&b)));
                    continue;
                }
                if limits == Limits::default() && level.is_none() {
                    limits.movetime = Some(Duration::from_millis(1000));
                }
                let flag = Arc::new(AtomicBool::new(false));
                if let Some(o) = rec.outcome() {
                    say(&out, &format!("error the game is over ({o})"));
                    continue;
                }
                let (pos, hist) = (rec.position().clone(), rec.record().history());
                let (engine, out2, flag2) = (engine.clone(), out.clone(), flag.clone());
                let handle = std::thread::spawn(move || {
                    let Ok(mut e) = engine.lock() else { return };
                    let mut last: Option<Move> = None;
                    let mut names = RootNames::default();
                    let r = match level {
                        Some(l) => e.play_level(&pos, &hist, Level::new(l), pos.key(), &flag2),
                        None => e.think(&pos, &hist, &limits, &flag2, |i| {
                            last = i.pv.first().copied();
                            say(&out2, &info_line(&pos, i, &mut names));
                        }),
                    };
                    let best = match r {
                        Ok(r) => Some(r.best),
                        Err(AiError::Cancelled) => {
                            last.or_else(|| pos.legal_moves().first().copied())
                        }
                        Err(e) => {
                            say(&out2, &format!("error {e}"));
                            return;
                        }
                    };
                    if let Some(m) = best.and_then(|m| names.name(&pos, &m)) {
                        say(&out2, &format!("bestmove {m}"));
                    }
                });
                running = Some((flag, handle));
            }
            other => say(&out, &format!("error unknown command '{}'", Quote(other))),
        }
    }
    halt(&mut running);
    Ok(())
}
