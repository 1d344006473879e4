//! The bundled puzzle banks (`core/puzzles/`, made by `dama puzzles`): enough puzzles, each
//! position valid and every line legal, no position twice, every puzzle keeping the rules
//! that need no search (`theme::check_shape`: three legal moves or more, the clock far from
//! its limit, a crowded Zamma board only with a combination, the themes those of the line),
//! two moves or more in at least 40 % of the Turkish bank (see BANKS); a sample proved again with the engine at
//! the depth the bank states (all of them in the ignored test, or `dama puzzles --verify`),
//! and one game of each bank made again by the tool giving the same lines.

use dama_core::puzzle::{self, maker, theme, Puzzle, Theme};
use dama_core::{GameId, Rules};
use std::collections::HashSet;

/// Each bundled bank's game, the puzzles it must hold at least, the share (%) of them that
/// need two moves or more, and how many depths they spread over. Turkish Dama's is what issue
/// 52 asks (500, 40 %), and so are Fetaix's and Kharbaga's (100, 40 %). The others fall short
/// (every puzzle keeps the other rules): Zamma's of the count and the share (324, 4 % two moves
/// or more, three depths: every puzzle six runs found, about one in 30 games; the 40 % rule
/// would keep 35), Damma's of the share only (106, 7.5 %, three depths: the earlier bank's 12
/// and every puzzle three runs found; the 40 % rule would keep 20).
const BANKS: [(GameId, usize, usize, usize); 5] = [
    (GameId::Turkish, 500, 40, 3),
    (GameId::Zamma, 300, 4, 3),
    (GameId::Fetaix, 100, 40, 3),
    (GameId::Kharbaga, 100, 40, 3),
    (GameId::Damma, 100, 7, 3),
];

fn text(game: GameId) -> String {
    let name = format!("{game:?}").to_lowercase();
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
fn each_bank_is_full_of_puzzles_that_keep_the_rules_seen_on_the_board() {
    for (game, least, share, spread) in BANKS {
        let bank = bank(game);
        assert!(bank.len() >= least, "{game:?}: {} puzzles", bank.len());
        let mut starts = HashSet::new();
        for p in &bank {
            assert!(starts.insert(p.start.key()), "{}: a position twice", p.id);
            theme::check_shape(p).unwrap_or_else(|e| panic!("{game:?} {}: {e}", p.id));
            assert!(
                (1..=stated_depth(game)).contains(&(p.depth as u32)),
                "{}",
                p.id
            );
            assert!((600..=2800).contains(&p.rating), "{}", p.id);
        }
        let multi = bank.iter().filter(|p| p.moves_to_find() >= 2).count();
        assert!(
            multi * 100 >= bank.len() * share,
            "{game:?}: {multi} longer"
        );
        // The levels spread: not all of one depth.
        let depths: HashSet<u8> = bank.iter().map(|p| p.depth).collect();
        assert!(depths.len() >= spread, "{game:?}: depths {depths:?}");
    }
}

#[test]
fn themes_are_read_from_the_line() {
    let rules = Rules::new(GameId::Turkish);
    let read = |code: &str, line: &str| {
        let text = format!("t/1\t1\t800\t{code}\t{line}");
        let p = &puzzle::parse_bank(rules, &text).unwrap()[0];
        theme::themes_of(&p.start, &p.line)
    };
    // A man offered on d4, taken, and four men taken back in one move.
    let offer = "W:Wa2,b2,c2,d2,e2,e3,e4,f2,g2,h2,h3,h4:Bb7,c4,d7,e6,f5,f7,g7,h5,h6,h7";
    assert_eq!(
        read(offer, "e4-d4 c4xe4 e3xe5xe7xc7xa7"),
        [Theme::Sacrifice, Theme::MultiCapture]
    );
    // The move alone: no answer, no sacrifice; the man's step is no capture.
    assert_eq!(read(offer, "e4-d4"), []);
    // A king takes one of two men: a king against a lone man, in an ending.
    assert_eq!(
        read("W:WKd1:Bd4,h7", "d1xd6"),
        [Theme::KingVsLoneMan, Theme::Endgame]
    );
    // A man crowned.
    assert_eq!(
        read("W:Wa7,b2,c2:Bg7,h7,h6,g6,f6", "a7-a8"),
        [Theme::Promotion]
    );
    for t in Theme::ALL {
        assert_eq!(Theme::from_code(t.code()), Some(t));
    }
    assert_eq!(Theme::from_code("pin"), None);
}

#[test]
fn a_sample_is_proved_again_at_the_stated_depth() {
    for (game, ..) in BANKS {
        let depth = stated_depth(game);
        let bank = bank(game);
        for p in bank.iter().step_by(bank.len().div_ceil(2).max(1)) {
            maker::verify(p, depth).unwrap_or_else(|e| panic!("{game:?} {}: {e}", p.id));
        }
    }
}

/// Every shipped puzzle proved again: minutes in a release build
/// (`cargo test --release -p dama-core --test puzzles -- --ignored`).
#[test]
#[ignore]
fn every_shipped_puzzle_is_proved_again() {
    for (game, ..) in BANKS {
        let depth = stated_depth(game);
        for p in &bank(game) {
            maker::verify(p, depth).unwrap_or_else(|e| panic!("{game:?} {}: {e}", p.id));
        }
    }
}

#[test]
fn the_tool_makes_a_banks_game_again_the_same() {
    for (game, ..) in BANKS {
        let bank = bank(game);
        let first = &bank[0];
        let (seed, ply) = first.id.split_once('/').unwrap();
        let (seed, ply) = (seed.parse().unwrap(), ply.parse().unwrap());
        let again = maker::game(Rules::new(game), seed, stated_depth(game), ply);
        let lines: HashSet<String> = bank.iter().map(|p| p.to_bank_line()).collect();
        let ids: HashSet<&str> = bank.iter().map(|p| p.id.as_str()).collect();
        assert!(again.iter().any(|p| p.id == first.id), "{game:?}");
        for p in again.iter().filter(|p| ids.contains(p.id.as_str())) {
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
