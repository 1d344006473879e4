//! Tactics suites for the engine, built by hand (the reasoning is written beside each
//! position), solved at fixed depth, plus the engine's contract: always a legal move, a typed
//! error when the game is over, cancellation, determinism for a seed.

use dama_core::ai::{AiError, Engine, Level, Limits, Player, Root};
use dama_core::notation::move_to_string;
use dama_core::{GameRecord, Position, Rules, Session};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn position(game: &str, options: &[&str], code: &str) -> Position {
    Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap()
}

/// The search root of a game that starts at `pos`.
fn root(pos: &Position) -> Result<Root, AiError> {
    Root::of(&Session::from_record(GameRecord::from_position(
        pos.clone(),
    )))
}

/// Brute force, no pruning: can the side to move force a win within `plies` plies?
fn forced_win(pos: &Position, plies: u32) -> bool {
    if let Some(o) = pos.outcome() {
        return o.winner() == Some(pos.side_to_move());
    }
    if plies == 0 {
        return false;
    }
    pos.legal_moves().iter().any(|m| {
        let child = pos.play(m).unwrap();
        match child.outcome() {
            Some(o) => o.winner() == Some(pos.side_to_move()),
            None => {
                plies >= 3
                    && child
                        .legal_moves()
                        .iter()
                        .all(|r| forced_win(&child.play(r).unwrap(), plies - 2))
            }
        }
    })
}

struct Case {
    game: &'static str,
    options: &'static [&'static str],
    code: &'static str,
    depth: u32,
    /// Plies to the win the engine must report (`None`: it must only avoid losing).
    win_in: Option<i32>,
    /// The moves that solve it (any of them).
    solutions: &'static [&'static str],
}

fn solve(c: &Case) {
    let pos = position(c.game, c.options, c.code);
    let mut engine = Engine::new(8);
    let r = engine
        .play(
            &root(&pos).unwrap(),
            Player::Limits(Limits::depth(c.depth)),
            0,
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
    let text = move_to_string(&pos, &r.best).unwrap();
    assert!(
        c.solutions.contains(&text.as_str()),
        "{} {}: played {text} (score {}), want one of {:?}",
        c.game,
        c.code,
        r.info.score,
        c.solutions
    );
    match c.win_in {
        Some(n) => {
            assert_eq!(
                r.info.mate_in(),
                Some(n),
                "{} {}: score {}",
                c.game,
                c.code,
                r.info.score
            );
            assert!(
                forced_win(&pos, n as u32),
                "brute force disagrees: {}",
                c.code
            );
        }
        None => assert!(
            r.info.mate_in().is_none_or(|n| n > 0),
            "{}: thinks it loses",
            c.code
        ),
    }
}

#[test]
fn turkish_tactics() {
    let cases = [
        // R-T10: the king takes one of the two men (no 180° turn, so only one) and the king
        // against the lone man wins at once.
        Case {
            game: "turkish",
            options: &[],
            code: "W:WKd4:Bb4,f4",
            depth: 2,
            win_in: Some(1),
            solutions: &["d4xa4", "d4xg4", "d4xh4"],
        },
        // R-T9: b6-b7 walls in the man on a7 (a6/a5 and b7/c7 stop its steps and jumps), and
        // a side without a move loses. c7-b7 would open c7 for the jump a7xc7.
        Case {
            game: "turkish",
            options: &[],
            code: "W:WKa8,a5,a6,b6,c7:Ba7",
            depth: 3,
            win_in: Some(1),
            solutions: &["b6-b7"],
        },
        // R-T4, R-T10: the king on d7 attacks b7 and g7 along rank 7 at once; whatever Black
        // does, one man falls and the king against the lone man wins (3 plies).
        Case {
            game: "turkish",
            options: &[],
            code: "W:WKd1:Bb7,g7",
            depth: 5,
            win_in: Some(3),
            solutions: &["d1-d7"],
        },
        // R-T6: the maximal capture is forced; after d4xf4xh4 Black has no piece left.
        Case {
            game: "turkish",
            options: &[],
            code: "W:Wd4:Be4,g4",
            depth: 2,
            win_in: Some(1),
            solutions: &["d4xf4xh4"],
        },
    ];
    for c in &cases {
        solve(c);
    }
}

#[test]
fn zamma_family_tactics() {
    let cases = [
        // R-Z8: capturing is optional and may stop early, but the full sequence takes all
        // three black men: Black has no piece and loses.
        Case {
            game: "zamma",
            options: &[],
            code: "W:Wa1:Bb2,d4,e6",
            depth: 2,
            win_in: Some(1),
            solutions: &["a1xc3xe5xe7"],
        },
        // R-Z10: the Mullah flies over a5 to a6, turns 90° over c6 to d6, goes straight on
        // over h6 to i6: all three pieces, a win.
        Case {
            game: "zamma",
            options: &[],
            code: "W:WKa1:Ba5,c6,h6",
            depth: 2,
            win_in: Some(1),
            solutions: &["a1xa6xd6xi6"],
        },
        // R-Z12: in Damma d4 can be jumped twice; c3xe5xe3 already takes both pieces.
        Case {
            game: "damma",
            options: &[],
            code: "W:Wc3:Bd4,e4",
            depth: 2,
            win_in: Some(1),
            solutions: &["c3xe5xe3", "c3xe5xe3xc5"],
        },
        // R-Z17, R-Z18: the 40th capture-free ply ends the game by count; 3 against 2 wins.
        Case {
            game: "zamma",
            options: &[],
            code: "W:Wa1,c1,e1:Bi9,g9:clock=39",
            depth: 2,
            win_in: Some(1),
            solutions: &[
                "a1-a2", "a1-b1", "a1-b2", "c1-b1", "c1-b2", "c1-c2", "c1-d1", "c1-d2", "e1-d1",
                "e1-d2", "e1-e2", "e1-f1", "e1-f2",
            ],
        },
        // R-Z17: one against two with the clock at 39: any step loses by count, only the
        // capture a1xc3 (which resets the clock) does not.
        Case {
            game: "zamma",
            options: &[],
            code: "W:Wa1:Bb2,i9:clock=39",
            depth: 3,
            win_in: None,
            solutions: &["a1xc3"],
        },
        // R-Z14: under huffing, capturing fewer than three with a1 (or capturing with i1)
        // makes a1 liable; the full three-capture avoids the huff.
        Case {
            game: "zamma",
            options: &["capture=huffing"],
            code: "W:Wa1,i1:Bb2,c4,d4,e6,h2",
            depth: 3,
            win_in: None,
            solutions: &["a1xc3xc5xe3", "a1xc3xe5xe7"],
        },
        // R-Z2: Kharbaga's orthogonal jump over c5 lands on c7 and takes the last piece.
        Case {
            game: "kharbaga",
            options: &[],
            code: "W:Wc3:Bc5",
            depth: 2,
            win_in: Some(1),
            solutions: &["c3xc7"],
        },
        // R-Z1, R-Z7: in Fetaix c2 (odd) has no diagonal, so c2xc4 takes only c3; d2 (even)
        // jumps d3 to d4, then backward-diagonally over c3 to b2: both pieces, a win.
        Case {
            game: "fetaix",
            options: &[],
            code: "W:Wc2,d2:Bc3,d3",
            depth: 3,
            win_in: Some(1),
            solutions: &["d2xd4xb2"],
        },
    ];
    for c in &cases {
        solve(c);
    }
}

#[test]
fn always_a_legal_move_or_a_typed_error() {
    let mut engine = Engine::new(4);
    let stop = AtomicBool::new(false);
    // One legal move.
    let one = position("turkish", &[], "W:Wd4:Be4,g4");
    let depth6 = Player::Limits(Limits::depth(6));
    let r = engine
        .play(&root(&one).unwrap(), depth6, 0, &stop, |_| {})
        .unwrap();
    assert_eq!(move_to_string(&one, &r.best).unwrap(), "d4xf4xh4");
    // Game over: a typed error.
    let over = position("zamma", &[], "W:Wa9:Bb9,c9");
    assert!(matches!(root(&over), Err(AiError::GameOver(_))));
    // Random positions of every game, every level 1 to 8 (each game meets each level three
    // times in its 24 plies): the move is legal.
    for (game, options) in [
        ("turkish", &[][..]),
        ("zamma", &["capture=huffing"][..]),
        ("damma", &[][..]),
        ("fetaix", &["capture=compulsory"][..]),
        ("kharbaga", &[][..]),
    ] {
        let rules = Rules::parse(game, options).unwrap();
        let mut pos = Position::start(rules);
        for ply in 0..24 {
            if pos.outcome().is_some() {
                break;
            }
            let level = Level {
                level: (ply % 8 + 1) as u8,
                budget: Duration::from_millis(60),
            };
            let r = engine
                .play(
                    &root(&pos).unwrap(),
                    Player::Level(level),
                    ply,
                    &stop,
                    |_| {},
                )
                .unwrap();
            assert!(
                pos.legal_moves().contains(&r.best),
                "{game}: illegal {:?}",
                r.best
            );
            pos = pos.play(&r.best).unwrap();
        }
    }
}

#[test]
fn levels_are_deterministic_for_a_seed() {
    let pos = Position::start(Rules::parse("zamma", &[] as &[&str]).unwrap());
    let stop = AtomicBool::new(false);
    let start = root(&pos).unwrap();
    for level in 1..=4 {
        let player = Player::Level(Level::new(level));
        let a = Engine::new(4)
            .play(&start, player, 42, &stop, |_| {})
            .unwrap();
        let b = Engine::new(4)
            .play(&start, player, 42, &stop, |_| {})
            .unwrap();
        assert_eq!(a.best, b.best);
    }
}

// Issue 15: the computer is not predictable. At the strongest levels (no noise) the seed
// picks among root moves that score exactly alike, so games differ at no cost in strength;
// the same seed still plays the same move.
#[test]
fn the_top_level_varies_with_the_seed_and_repeats_with_it() {
    let pos = Position::start(Rules::parse("turkish", &[] as &[&str]).unwrap());
    let stop = AtomicBool::new(false);
    let start = root(&pos).unwrap();
    let mut level = Level::new(8);
    level.budget = Duration::from_millis(60);
    let first: std::collections::BTreeSet<String> = (1..=12u64)
        .map(|seed| {
            let r = Engine::new(4)
                .play(&start, Player::Level(level), seed, &stop, |_| {})
                .unwrap();
            move_to_string(&pos, &r.best).unwrap()
        })
        .collect();
    assert!(first.len() >= 2, "one opening for every seed: {first:?}");
    // Level 6 is bounded by nodes, so a seed repeats exactly.
    let once = |seed| {
        Engine::new(4)
            .play(&start, Player::Level(Level::new(6)), seed, &stop, |_| {})
            .unwrap()
            .best
    };
    assert_eq!(once(7), once(7));
}

#[test]
fn cancellation_from_another_thread() {
    let pos = Position::start(Rules::parse("zamma", &[] as &[&str]).unwrap());
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let t = std::thread::spawn(move || {
        let mut engine = Engine::new(8);
        let start = Instant::now();
        let minute = Player::Limits(Limits::movetime(Duration::from_secs(60)));
        let r = engine.play(&root(&pos).unwrap(), minute, 0, &flag, |_| {});
        (r, start.elapsed())
    });
    std::thread::sleep(Duration::from_millis(100));
    stop.store(true, Ordering::Relaxed);
    let (r, elapsed) = t.join().unwrap();
    assert_eq!(r.unwrap_err(), AiError::Cancelled);
    assert!(
        elapsed < Duration::from_secs(30),
        "did not stop: {elapsed:?}"
    );
}

#[test]
fn hint_gives_a_line() {
    let pos = position("turkish", &[], "W:WKd1:Bb7,g7");
    let hint = Player::hint(Duration::from_millis(300));
    let r = Engine::new(4)
        .play(
            &root(&pos).unwrap(),
            hint,
            0,
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
    assert_eq!(move_to_string(&pos, &r.best).unwrap(), "d1-d7");
    assert!(r.info.pv.len() >= 2, "pv {:?}", r.info.pv);
}
