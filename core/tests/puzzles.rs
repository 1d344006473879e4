//! The bundled puzzle banks (`core/puzzles/`, made by `dama puzzles`): enough puzzles, each
//! position valid and every line legal, no position twice, a sample proved again at the depth
//! the bank states, and one game of each bank made again by the tool giving the same lines.

use dama_core::puzzle::{self, maker, Puzzle};
use dama_core::{GameId, Rules};
use std::collections::HashSet;

fn text(game: GameId) -> String {
    let name = match game {
        GameId::Turkish => "turkish",
        _ => "zamma",
    };
    let path = format!("{}/puzzles/{name}.tsv", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn bank(game: GameId) -> Vec<Puzzle> {
    puzzle::parse_bank(Rules::new(game), &text(game)).unwrap()
}

/// The depth the bank's head says every puzzle was proved at.
fn stated_depth(game: GameId) -> u32 {
    let text = text(game);
    let head = text
        .lines()
        .find(|l| l.starts_with("# each:"))
        .expect("the head states the depth");
    let after = head.split("at depth ").nth(1).expect("a depth");
    after
        .split(|c: char| !c.is_ascii_digit())
        .next()
        .and_then(|d| d.parse().ok())
        .expect("a number")
}

#[test]
fn each_bank_has_300_puzzles_from_different_positions_ending_on_the_players_move() {
    for game in [GameId::Turkish, GameId::Zamma] {
        let bank = bank(game);
        assert!(bank.len() >= 300, "{game:?}: {} puzzles", bank.len());
        let mut starts = HashSet::new();
        for p in &bank {
            assert!(starts.insert(p.start.key()), "{}: a position twice", p.id);
            assert_eq!(p.line.len() % 2, 1, "{}: ends on the opponent's move", p.id);
            assert!(p.start.legal_moves().len() > 1, "{}: a forced move", p.id);
            assert!(
                (1..=stated_depth(game)).contains(&(p.depth as u32)),
                "{}",
                p.id
            );
            assert!((600..=2800).contains(&p.rating), "{}", p.id);
        }
        // The levels spread: not all of one depth.
        let depths: HashSet<u8> = bank.iter().map(|p| p.depth).collect();
        assert!(depths.len() >= 3, "{game:?}: depths {depths:?}");
    }
}

#[test]
fn a_sample_is_proved_again_at_the_stated_depth() {
    for game in [GameId::Turkish, GameId::Zamma] {
        let depth = stated_depth(game);
        for p in bank(game).iter().step_by(40) {
            maker::verify(p, depth).unwrap_or_else(|e| panic!("{}: {e}", p.id));
        }
    }
}

#[test]
fn the_tool_makes_a_banks_game_again_the_same() {
    for game in [GameId::Turkish, GameId::Zamma] {
        let bank = bank(game);
        let first = &bank[0];
        let seed: u64 = first.id.split('/').next().unwrap().parse().unwrap();
        let settings = maker::Settings {
            rules: Rules::new(game),
            count: 10,
            seed,
            depth: stated_depth(game),
            max_games: 1,
            threads: 1,
        };
        let (again, report) = maker::make(settings, |_, _| {});
        assert_eq!(report.games, 1);
        let lines: HashSet<String> = bank.iter().map(|p| p.to_bank_line()).collect();
        assert!(again.iter().any(|p| p.id == first.id));
        for p in &again {
            assert!(lines.contains(&p.to_bank_line()), "{}", p.to_bank_line());
        }
    }
}

#[test]
fn a_puzzle_judges_the_players_moves() {
    let bank = bank(GameId::Turkish);
    let p = bank
        .iter()
        .find(|p| p.line.len() >= 3)
        .expect("a longer line");
    assert_eq!(p.judge(0, &p.line[0]), puzzle::Attempt::Right);
    let other = p
        .start
        .legal_moves()
        .into_iter()
        .find(|m| *m != p.line[0])
        .unwrap();
    assert_eq!(p.judge(0, &other), puzzle::Attempt::Wrong);
    let last = p.line.len() - 1;
    assert_eq!(p.judge(last, &p.line[last]), puzzle::Attempt::Solved);
    assert_eq!(p.position_at(1), {
        let mut x = p.start.clone();
        x.play_unchecked(&p.line[0]);
        x
    });
}
