//! The `dama` command line and `dama engine` against hostile input: bad bytes, huge input,
//! quitting during a search, searching a finished game.
//!
//! Host-only: under qemu's user-mode emulation (the aarch64 test run) a test process cannot
//! start another ARM program, so these tests are built for x86_64 only.
#![cfg(target_arch = "x86_64")]

use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn dama() -> Command {
    Command::new(env!("CARGO_BIN_EXE_dama"))
}

/// Runs `dama engine` with `input` on stdin (then closed), returns stdout and the time taken.
fn engine(input: &[u8]) -> (String, Duration) {
    let t = Instant::now();
    let mut child = dama()
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(child.wait().unwrap().success());
    (out, t.elapsed())
}

#[cfg(unix)]
#[test]
fn a_non_utf8_argument_is_an_error_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let out = dama()
        .args(["moves", "--game", "turkish", "--position"])
        .arg(std::ffi::OsStr::from_bytes(b"\xff"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("argument 5 is not valid UTF-8"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn errors_quote_at_most_80_characters_of_the_input() {
    let huge = "W:W".to_string() + &"x".repeat(100_000) + ":B";
    let out = dama()
        .args(["status", "--game", "turkish", "--position", &huge])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 300, "{} bytes", out.stderr.len());
    let out = dama().args(["moves", "--game", &huge]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stderr.len() < 300, "{} bytes", out.stderr.len());
}

#[test]
fn engine_quit_stops_a_running_search_at_once() {
    let (out, took) = engine(b"game turkish\ngo movetime 30000\nquit\n");
    assert!(took < Duration::from_secs(10), "quit took {took:?}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn engine_end_of_input_stops_a_running_search_at_once() {
    let (out, took) = engine(b"game zamma\ngo movetime 30000\n");
    assert!(took < Duration::from_secs(10), "end of input took {took:?}");
    assert!(out.contains("bestmove "), "{out}");
}

#[test]
fn engine_reports_a_non_utf8_line_and_goes_on() {
    let (out, _) = engine(b"game turkish\nmoves \xff\xfe\nisready\nmoves d3-d4\ncode\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "error the line is not valid UTF-8");
    assert_eq!(lines[1], "readyok");
    assert!(lines[2].starts_with("code B:"), "{out}");
}

// R-T11: a third repetition ends the game; the engine does not search on.
#[test]
fn engine_refuses_to_search_a_game_ended_by_repetition() {
    let shuffle = "a1-b1 h8-g8 b1-a1 g8-h8 ";
    let input = format!(
        "game turkish\nposition W:WKa1,d2:BKh8,e7\nmoves {}\nstatus\ngo depth 3\nisready\n",
        shuffle.repeat(2)
    );
    let (out, _) = engine(input.as_bytes());
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "draw: repetition", "{out}");
    assert_eq!(
        lines[1], "error the game is over (draw: repetition)",
        "{out}"
    );
    assert_eq!(lines[2], "readyok");
}

#[test]
fn help_for_the_tool_and_for_each_command() {
    let out = dama().arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    for cmd in [
        "perft", "moves", "status", "go", "engine", "match", "tune", "help", "tables",
    ] {
        assert!(
            text.contains(&format!("dama {cmd}")),
            "{cmd} missing:\n{text}"
        );
        for ask in [vec![cmd, "--help"], vec!["help", cmd], vec![cmd, "-h"]] {
            let out = dama().args(&ask).output().unwrap();
            assert!(out.status.success(), "{ask:?}");
            let help = String::from_utf8(out.stdout).unwrap();
            assert!(help.starts_with(&format!("dama {cmd}")), "{ask:?}: {help}");
            assert!(help.contains("example: "), "{ask:?}: {help}");
        }
    }
    let out = dama().args(["help", "nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn engine_moves_are_all_or_nothing() {
    // d3-d4 and d6-d5 are legal, h1-h8 is not: none of the three is played.
    let (out, _) =
        engine(b"game turkish\nmoves d3-d4 d6-d5 h1-h8\ncode\nmoves d3-d4 d6-d5\ncode\n");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(
        lines[0].starts_with("error ") && lines[0].contains("h1-h8"),
        "{out}"
    );
    assert!(
        lines[1].contains(",d3,") && lines[1].contains(",d6,"),
        "{out}"
    );
    assert!(
        lines[2].contains(",d4,") && lines[2].contains(",d5,"),
        "{out}"
    );
}

#[test]
fn engine_skips_a_line_longer_than_its_cap_without_keeping_it() {
    let mut input = b"game turkish\nmoves ".to_vec();
    input.extend(std::iter::repeat_n(b'x', 3 << 20));
    input.extend(b"\nisready\n");
    let (out, _) = engine(&input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        ["error the line is longer than 1048576 bytes", "readyok"],
        "{out}"
    );
}

/// `dama analyse` reviews a PDN game from stdin: the man walked into a capture (R-T5) is a
/// mistake with the best move named; a file that is no record is a clear error.
#[test]
fn analyse_marks_the_man_given_away_and_refuses_what_is_no_record() {
    let mut child = dama()
        .args(["analyse", "-", "--nodes", "40000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pdn = "[GameType \"30\"]\n[FEN \"W:Wb3,g2:Bb5,h8\"]\n\n1. b3-b4 *\n";
    child
        .stdin
        .take()
        .unwrap()
        .write_all(pdn.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let line = text
        .lines()
        .find(|l| l.starts_with("1. b3-b4"))
        .expect(&text);
    assert!(
        line.contains("mistake") || line.contains("blunder"),
        "{line}"
    );
    assert!(line.contains("best g2-"), "{line}");
    assert!(text.contains("best now b5xb3"), "{text}");
    let out = dama().args(["analyse", "/dev/null"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not a record"));
}

/// `dama puzzles` prints a bank the app reads, headed by how it was made; too few puzzles in
/// the games allowed is an error, said so.
#[test]
fn puzzles_prints_a_bank_the_app_reads() {
    let out = dama()
        .args([
            "puzzles", "--game", "turkish", "--count", "2", "--depth", "4",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("# Dama & Zamma puzzle bank: turkish\n"));
    assert!(text.contains("at depth 4"));
    let rules = dama_core::Rules::new(dama_core::GameId::Turkish);
    assert_eq!(
        dama_core::puzzle::parse_bank(rules, &text).unwrap().len(),
        2
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("positions looked at"), "{stderr}");
    let few = dama()
        .args([
            "puzzles", "--game", "zamma", "--count", "50", "--games", "1", "--depth", "2",
        ])
        .output()
        .unwrap();
    assert_eq!(few.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&few.stderr).contains("raise --games"));
}
