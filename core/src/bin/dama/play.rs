//! The AI commands of `dama`: `go`, `engine` (line protocol) and `match`.

use dama_core::ai::{AiError, Engine, Level, Limits, Player, Root, SearchInfo, DEFAULT_TT_MIB};
use dama_core::notation;
use dama_core::tools::Quote;
use dama_core::tools::{elo, play_match, tally};
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

impl RootNames {
    /// The names of a session's moves, already written out by the session.
    fn of(game: &Session) -> RootNames {
        RootNames(
            game.legal_moves()
                .iter()
                .map(|d| (d.mv, d.notation.clone()))
                .collect(),
        )
    }
}

/// `dama go`: prints `info` lines and `bestmove <move>` last. The position is searched as
/// the start of a game (no earlier positions), through the same root as every client.
pub fn go(pos: &Position, player: Player, seed: u64) -> Result<(), String> {
    let game = Session::from_record(GameRecord::from_position(pos.clone()));
    let root = Root::of(&game).map_err(|e| e.to_string())?;
    let mut names = RootNames::of(&game);
    let mut engine = Engine::new(DEFAULT_TT_MIB);
    let stop = AtomicBool::new(false);
    let r = engine
        .play(&root, player, seed, &stop, |i| {
            if matches!(player, Player::Limits(_)) {
                println!("{}", info_line(pos, i, &mut names));
            }
        })
        .map_err(|e| e.to_string())?;
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

/// A search running in the background: its stop flag and thread.
type Running = Option<(Arc<AtomicBool>, std::thread::JoinHandle<()>)>;

/// The state of `dama engine`: the game (a session: each position's moves generated once),
/// the engine, the search running and the output shared with it.
struct Protocol {
    out: Arc<Mutex<std::io::Stdout>>,
    engine: Arc<Mutex<Engine>>,
    game: Session,
    running: Running,
}

/// Writes one line of the protocol's output at once.
fn say(out: &Mutex<std::io::Stdout>, s: &str) {
    if let Ok(mut o) = out.lock() {
        let _ = writeln!(o, "{s}");
        let _ = o.flush();
    }
}

impl Protocol {
    fn reply(&self, s: &str) {
        say(&self.out, s);
    }

    /// Waits for the running search to end by itself.
    fn wait(&mut self) {
        if let Some((_, h)) = self.running.take() {
            let _ = h.join();
        }
    }

    /// Stops the running search (it still prints its best move).
    fn halt(&mut self) {
        if let Some((flag, _)) = &self.running {
            flag.store(true, Ordering::Relaxed);
        }
        self.wait();
    }

    /// Carries out one command line; `false` for `quit`.
    fn command(&mut self, words: &[&str]) -> bool {
        let Some(&cmd) = words.first() else {
            return true;
        };
        if !matches!(cmd, "stop" | "isready" | "quit") {
            self.wait();
        }
        match cmd {
            "quit" => return false,
            "isready" => self.reply("readyok"),
            "stop" => self.halt(),
            "game" => self.set_game(&words[1..]),
            "position" => self.set_position(&words[1..].join(" ")),
            "moves" => self.play_line(&words[1..]),
            "legal" => {
                let mut v: Vec<&str> = self
                    .game
                    .legal_moves()
                    .iter()
                    .map(|d| d.notation.as_str())
                    .collect();
                v.sort();
                self.reply(&format!("legal {}", v.join(", ")));
            }
            "status" => match self.game.outcome() {
                Some(o) => self.reply(&o.to_string()),
                None => self.reply("ongoing"),
            },
            "code" => self.reply(&format!("code {}", self.game.position().to_code())),
            "go" => self.go(&words[1..]),
            other => self.reply(&format!("error unknown command '{}'", Quote(other))),
        }
        true
    }

    fn set_game(&mut self, args: &[&str]) {
        match args.first().map(|g| Rules::parse(g, &args[1..])) {
            Some(Ok(rules)) => {
                self.game = Session::new(rules);
                if let Ok(mut e) = self.engine.lock() {
                    e.clear();
                }
            }
            Some(Err(e)) => self.reply(&format!("error {e}")),
            None => self.reply("error game needs an id"),
        }
    }

    fn set_position(&mut self, arg: &str) {
        let rules = *self.game.rules();
        let pos = if arg == "startpos" {
            Ok(Position::start(rules))
        } else {
            Position::from_code(rules, arg).map_err(|e| e.to_string())
        };
        match pos {
            Ok(p) => self.game = Session::from_record(GameRecord::from_position(p)),
            Err(e) => self.reply(&format!("error {e}")),
        }
    }

    /// All or nothing: the moves are played on a copy, kept only if every one is legal.
    fn play_line(&mut self, words: &[&str]) {
        let mut next = self.game.clone();
        let played = notation::join_huffs(words.iter().copied())
            .map_err(|e| format!("error {e} (no move of the line was played)"))
            .and_then(|moves| {
                moves.iter().try_for_each(|m| {
                    next.play_notation(m)
                        .map(|_| ())
                        .map_err(|e| format!("error {e} (no move of the line was played)"))
                })
            });
        match played {
            Ok(()) => self.game = next,
            Err(e) => self.reply(&e),
        }
    }

    /// `go [depth D] [movetime MS] [nodes N] [level L]`: searches the session's moves in
    /// the background; `info` lines, then `bestmove`.
    fn go(&mut self, args: &[&str]) {
        let mut limits = Limits::default();
        let mut level = None;
        for pair in args.chunks(2) {
            let v: Option<u64> = pair.get(1).and_then(|v| v.parse().ok());
            match (pair[0], v) {
                ("depth", Some(v)) => limits.depth = Some(v.clamp(1, 64) as u32),
                ("nodes", Some(v)) => limits.nodes = Some(v.max(1)),
                ("movetime", Some(v)) => limits.movetime = Some(Duration::from_millis(v)),
                ("level", Some(v)) => level = Some(v.clamp(1, 8) as u8),
                (bad, _) => {
                    self.reply(&format!("error go: bad limit '{}'", Quote(bad)));
                    return;
                }
            }
        }
        // Nothing given: the default budget (Engine::play's).
        let player = match level {
            Some(l) => Player::Level(Level::new(l)),
            None => Player::Limits(limits),
        };
        let root = match Root::of(&self.game) {
            Ok(root) => root,
            Err(e) => {
                self.reply(&format!("error {e}"));
                return;
            }
        };
        // The root moves and their notation come from the session: not generated again.
        let mut names = RootNames::of(&self.game);
        let flag = Arc::new(AtomicBool::new(false));
        let (engine, out, stop) = (self.engine.clone(), self.out.clone(), flag.clone());
        let handle = std::thread::spawn(move || {
            let Ok(mut e) = engine.lock() else { return };
            let mut last: Option<Move> = None;
            let pos = root.position();
            let seed = pos.key();
            let r = e.play(&root, player, seed, &stop, |i| {
                if matches!(player, Player::Limits(_)) {
                    last = i.pv.first().copied();
                    say(&out, &info_line(pos, i, &mut names));
                }
            });
            let best = match r {
                Ok(r) => Some(r.best),
                Err(AiError::Cancelled) => last.or_else(|| root.moves().first().copied()),
                Err(e) => {
                    say(&out, &format!("error {e}"));
                    return;
                }
            };
            if let Some(m) = best.and_then(|m| names.name(pos, &m)) {
                say(&out, &format!("bestmove {m}"));
            }
        });
        self.running = Some((flag, handle));
    }
}

/// `dama engine`: the line protocol (see docs/cli.md).
pub fn engine_loop() -> Result<(), String> {
    let mut protocol = Protocol {
        out: Arc::new(Mutex::new(std::io::stdout())),
        engine: Arc::new(Mutex::new(Engine::new(DEFAULT_TT_MIB))),
        game: Session::new(Rules::new(dama_core::GameId::Turkish)),
        running: None,
    };
    let stdin = std::io::stdin();
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
            protocol.reply(&format!("error the line is longer than {MAX_LINE} bytes"));
            continue;
        }
        let Ok(line) = std::str::from_utf8(&bytes) else {
            protocol.reply("error the line is not valid UTF-8");
            continue;
        };
        let words: Vec<&str> = line.split_whitespace().collect();
        if !protocol.command(&words) {
            break;
        }
    }
    protocol.halt();
    Ok(())
}
