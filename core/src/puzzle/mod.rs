//! Puzzles: positions from engine games where one move wins clearly, with the line that
//! follows it, as the project's own tool made them (`dama puzzles`, [`maker`]), and the
//! ratings that rate the player and each puzzle ([`glicko`]).
//!
//! A bank is text, one puzzle a line (`#` starts a comment), fields split by tabs:
//!
//! ```text
//! <id> <depth> <rating> <position code> <line> [<themes>]
//! t3/41 6 1620 W:Wc3,d4,...:Bb6,... d4-d5 c6xc4 b3xd3 sacrifice,multi-capture
//! ```
//!
//! `id` names where it was found (game seed / ply), `depth` the shallowest search that finds
//! the first move and keeps it to the depth the tool stated, `rating` its starting
//! difficulty; the line alternates the player's moves (first, last, and every other) and the
//! opponent's replies, in notation, one word each (PDN's form for a huff removal). The last
//! field, optional (banks made before it have five fields, and a puzzle without a theme
//! leaves it out), lists the puzzle's [`Theme`]s by [`Theme::code`], split by commas.

pub mod glicko;
#[cfg(feature = "tools")]
pub mod maker;
pub mod theme;

pub use theme::Theme;

use crate::moves::Move;
use crate::notation;
use crate::position::Position;
use crate::rules::Rules;
use std::fmt;

/// One puzzle: the position, and the line the player must find (the player's moves at even
/// places, the opponent's replies at odd ones).
#[derive(Clone, Debug)]
pub struct Puzzle {
    /// Where it comes from (game seed / ply): its name, unique in a bank.
    pub id: String,
    /// The position, the player to move.
    pub start: Position,
    /// The solution line, the player's moves first.
    pub line: Vec<Move>,
    /// The shallowest search depth that finds the first move.
    pub depth: u8,
    /// The starting difficulty on the Glicko scale.
    pub rating: u16,
    /// What it is about (sorted; empty for a bank made before themes).
    pub themes: Vec<Theme>,
}

/// What is wrong with a bank's line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BankError {
    /// The line's number, from 1.
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BankError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle bank, line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for BankError {}

/// The bank that comes with the app for `game` (feature `bundled`), one a game, made by
/// `dama puzzles` (each file's head says how).
#[cfg(feature = "bundled")]
pub fn bundled(game: crate::rules::GameId) -> &'static str {
    use crate::bundled::*;
    use crate::rules::GameId;
    match game {
        GameId::Turkish => PUZZLES_TURKISH.as_str(),
        GameId::Zamma => PUZZLES_ZAMMA.as_str(),
        GameId::Damma => PUZZLES_DAMMA.as_str(),
        GameId::Fetaix => PUZZLES_FETAIX.as_str(),
        GameId::Kharbaga => PUZZLES_KHARBAGA.as_str(),
    }
}

/// The theme field of a bank line: the codes, commas between.
fn themes_text(themes: &[Theme]) -> String {
    themes
        .iter()
        .map(|t| t.code())
        .collect::<Vec<_>>()
        .join(",")
}

/// How a move the player tried compares with the puzzle's line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// The line's move, and more is to be found (the opponent's reply is `line[ply + 1]`).
    Right,
    /// The line's last move: solved.
    Solved,
    /// Not the line's move.
    Wrong,
}

impl Puzzle {
    /// The player's moves to find.
    pub fn moves_to_find(&self) -> usize {
        self.line.len().div_ceil(2)
    }

    /// Judges `mv`, tried at place `ply` of the line (an even place: the player's turn).
    pub fn judge(&self, ply: usize, mv: &Move) -> Attempt {
        match self.line.get(ply) {
            Some(m) if m == mv && ply + 1 >= self.line.len() => Attempt::Solved,
            Some(m) if m == mv => Attempt::Right,
            _ => Attempt::Wrong,
        }
    }

    /// The position at place `ply` of the line.
    pub fn position_at(&self, ply: usize) -> Position {
        let mut p = self.start.clone();
        for m in self.line.iter().take(ply) {
            p.play_unchecked(m);
        }
        p
    }

    /// The line in notation, one word a move.
    pub fn line_text(&self) -> Vec<String> {
        notation::line(&self.start, &self.line)
            .iter()
            .map(|n| notation::one_word(n))
            .collect()
    }

    /// The puzzle as one line of a bank.
    pub fn to_bank_line(&self) -> String {
        let mut out = format!(
            "{}\t{}\t{}\t{}\t{}",
            self.id,
            self.depth,
            self.rating,
            self.start.to_code(),
            self.line_text().join(" ")
        );
        if !self.themes.is_empty() {
            out.push('\t');
            out.push_str(&themes_text(&self.themes));
        }
        out
    }
}

/// One line of a bank, split and its numbers read but its position and line not yet checked
/// against the rules: enough to choose a puzzle (the app reads a bank this way, and checks
/// only the puzzle it shows, [`Entry::puzzle`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Where it comes from (game seed / ply).
    pub id: String,
    /// The shallowest search depth that finds the first move.
    pub depth: u8,
    /// The starting difficulty on the Glicko scale.
    pub rating: u16,
    /// What it is about (empty for a bank made before themes).
    pub themes: Vec<Theme>,
    code: String,
    line: String,
    line_no: usize,
}

impl Entry {
    /// The puzzle, its position and every move of its line checked against `rules`.
    pub fn puzzle(&self, rules: Rules) -> Result<Puzzle, BankError> {
        let err = |message: String| BankError {
            line: self.line_no,
            message,
        };
        let start = Position::from_code(rules, &self.code).map_err(|e| err(e.to_string()))?;
        let words =
            notation::join_huffs(self.line.split_whitespace()).map_err(|e| err(e.to_string()))?;
        if words.is_empty() {
            return Err(err("no moves".into()));
        }
        let mut p = start.clone();
        let mut moves = Vec::with_capacity(words.len());
        for w in &words {
            let m = notation::parse_move(&p, w).map_err(|e| err(e.to_string()))?;
            p = p.play(&m).map_err(|e| err(e.to_string()))?;
            moves.push(m);
        }
        Ok(Puzzle {
            id: self.id.clone(),
            start,
            line: moves,
            depth: self.depth,
            rating: self.rating,
            themes: self.themes.clone(),
        })
    }
}

/// Splits a bank into its entries (`#` lines and blank ones skipped): five fields each, or
/// six with the themes, the depth and rating numbers, every theme known, every id once.
pub fn index_bank(text: &str) -> Result<Vec<Entry>, BankError> {
    let mut out: Vec<Entry> = Vec::new();
    let mut ids = std::collections::HashSet::new();
    for (i, raw) in text.lines().enumerate() {
        let err = |message: String| BankError {
            line: i + 1,
            message,
        };
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = l.split('\t').collect();
        let (id, depth, rating, code, line, themes) = match fields[..] {
            [id, depth, rating, code, line] => (id, depth, rating, code, line, ""),
            [id, depth, rating, code, line, themes] => (id, depth, rating, code, line, themes),
            _ => return Err(err(format!("{} fields, not 5 or 6", fields.len()))),
        };
        let themes = themes
            .split(',')
            .filter(|t| !t.is_empty())
            .map(|t| Theme::from_code(t).ok_or_else(|| err(format!("theme '{t}' unknown"))))
            .collect::<Result<Vec<_>, _>>()?;
        let depth: u8 = depth
            .parse()
            .map_err(|_| err(format!("depth '{depth}' is not a number")))?;
        let rating: u16 = rating
            .parse()
            .map_err(|_| err(format!("rating '{rating}' is not a number")))?;
        if !ids.insert(id.to_string()) {
            return Err(err(format!("id '{id}' twice")));
        }
        out.push(Entry {
            id: id.to_string(),
            depth,
            rating,
            themes,
            code: code.to_string(),
            line: line.to_string(),
            line_no: i + 1,
        });
    }
    Ok(out)
}

/// Reads a bank of puzzles for `rules`: every position valid, every move of a line legal
/// where it is played, every id once.
pub fn parse_bank(rules: Rules, text: &str) -> Result<Vec<Puzzle>, BankError> {
    index_bank(text)?.iter().map(|e| e.puzzle(rules)).collect()
}

/// The puzzle of the day `day` (days since 1970-01-01, UTC): every puzzle once before any
/// comes again, in an order that does not follow the bank's.
pub fn daily(bank_len: usize, day: u64) -> Option<usize> {
    if bank_len == 0 {
        return None;
    }
    let n = bank_len as u64;
    // A step coprime with n walks all of 0..n; the golden ratio's spreads neighbours apart.
    let mut step = (n as f64 * 0.618_033_988_75) as u64 | 1;
    while gcd(step, n) != 1 {
        step += 1;
    }
    Some(((day % n) * step % n) as usize)
}

/// Today, as days since 1970-01-01 (UTC): the daily puzzle's day.
pub fn today() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() / 86_400)
        .unwrap_or(0)
}

/// The puzzle to offer next (an index of `bank`), of `theme` when one is asked for ("practise
/// king traps"): among those not `tried`, the one rated nearest the player's `rating`; once
/// all were tried, the next one after `current` in the bank. `None` when the bank has no
/// puzzle of that theme.
pub fn next(
    bank: &[Entry],
    theme: Option<Theme>,
    tried: &dyn Fn(&str) -> bool,
    rating: f64,
    current: Option<usize>,
) -> Option<usize> {
    let of_theme = |p: &Entry| theme.is_none_or(|t| p.themes.contains(&t));
    let fresh = bank
        .iter()
        .enumerate()
        .filter(|(i, p)| of_theme(p) && !tried(&p.id) && Some(*i) != current)
        .min_by(|(_, a), (_, b)| {
            let d = |p: &Entry| (p.rating as f64 - rating).abs();
            d(a).total_cmp(&d(b))
        })
        .map(|(i, _)| i);
    // All tried: the bank's order again, from the one after the current puzzle.
    let after = current.map_or(0, |c| c + 1);
    fresh.or_else(|| {
        (0..bank.len())
            .map(|k| (after + k) % bank.len())
            .find(|&i| of_theme(&bank[i]))
    })
}

/// How many puzzles of `bank` have each theme, in [`Theme::ALL`]'s order.
pub fn theme_counts(bank: &[Entry]) -> [usize; Theme::ALL.len()] {
    let mut counts = [0; Theme::ALL.len()];
    for p in bank {
        for t in &p.themes {
            counts[Theme::ALL
                .iter()
                .position(|a| a == t)
                .expect("every theme is listed")] += 1;
        }
    }
    counts
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::GameId;

    #[test]
    fn a_bank_line_round_trips_and_bad_lines_are_named() {
        let rules = Rules::new(GameId::Turkish);
        let text = "# a comment\nt1/2\t3\t1400\tW:Wd4:Bd6,d7\td4-d5\n";
        let bank = parse_bank(rules, text).unwrap();
        assert_eq!(bank.len(), 1);
        assert_eq!(bank[0].to_bank_line(), text.lines().nth(1).unwrap());
        assert_eq!(bank[0].judge(0, &bank[0].line[0]), Attempt::Solved);
        for (bad, why) in [
            ("t1\t3\t1400\tW:Wd4:Bd6", "fields"),
            ("t1\tx\t1400\tW:Wd4:Bd6\td4-d5", "depth"),
            ("t1\t3\t1400\tW:Wz9:Bd6\td4-d5", ""),
            ("t1\t3\t1400\tW:Wd4:Bd6,d7\td4-d3", ""),
            ("t1\t3\t1400\tW:Wd4:Bd6,d7\t", "fields"),
        ] {
            let e = parse_bank(rules, bad).unwrap_err();
            assert_eq!(e.line, 1);
            assert!(e.message.contains(why), "{e}");
        }
        let twice = format!(
            "{}\n{}",
            text.lines().nth(1).unwrap(),
            text.lines().nth(1).unwrap()
        );
        assert!(parse_bank(rules, &twice)
            .unwrap_err()
            .message
            .contains("twice"));
    }

    #[test]
    fn themes_are_an_optional_last_field() {
        let rules = Rules::new(GameId::Turkish);
        let line = "t1/2\t3\t1400\tW:Wd4:Bd6,d7\td4-d5\tendgame,defence";
        let bank = parse_bank(rules, line).unwrap();
        assert_eq!(bank[0].themes, [Theme::Endgame, Theme::Defence]);
        assert_eq!(bank[0].to_bank_line(), line);
        let e = parse_bank(rules, "t1/2\t3\t1400\tW:Wd4:Bd6,d7\td4-d5\tpin").unwrap_err();
        assert!(e.message.contains("theme 'pin'"), "{e}");
    }

    #[test]
    fn the_daily_puzzle_visits_every_puzzle_once_a_round() {
        for n in [1usize, 2, 7, 300, 301, 618] {
            let mut seen: Vec<usize> = (0..n as u64).map(|d| daily(n, d).unwrap()).collect();
            assert_eq!(daily(n, 20_000), daily(n, 20_000 + n as u64));
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), n);
        }
        assert_eq!(daily(0, 5), None);
    }

    #[test]
    fn the_next_puzzle_is_the_untried_one_nearest_the_rating_then_the_bank_in_turn() {
        let bank = index_bank(include_str!("../../puzzles/turkish.tsv")).unwrap();
        assert!(bank.len() >= 300);
        let none = |_: &str| false;
        let i = next(&bank, None, &none, 1500.0, None).unwrap();
        let nearest = bank
            .iter()
            .map(|p| (p.rating as f64 - 1500.0).abs())
            .fold(f64::MAX, f64::min);
        assert_eq!((bank[i].rating as f64 - 1500.0).abs(), nearest);
        let j = next(&bank, None, &none, 1500.0, Some(i)).unwrap();
        assert_ne!(i, j, "not the same one again");
        let all = |_: &str| true;
        assert_eq!(next(&bank, None, &all, 1500.0, Some(7)), Some(8));
        assert_eq!(
            next(&bank, None, &all, 1500.0, Some(bank.len() - 1)),
            Some(0)
        );
        assert_eq!(next(&[], None, &none, 1500.0, None), None);
    }

    #[test]
    fn a_theme_asked_for_keeps_to_its_puzzles() {
        let bank = index_bank(include_str!("../../puzzles/turkish.tsv")).unwrap();
        let counts = theme_counts(&bank);
        let none = |_: &str| false;
        for (k, theme) in Theme::ALL.into_iter().enumerate() {
            let of = |i: usize| bank[i].themes.contains(&theme);
            let Some(i) = next(&bank, Some(theme), &none, 1500.0, None) else {
                assert_eq!(counts[k], 0, "{theme:?} has puzzles but none was offered");
                continue;
            };
            assert!(of(i), "{theme:?}");
            // Once all were tried: the next of the theme in the bank's order, after the one
            // on the board.
            let all = |_: &str| true;
            let j = next(&bank, Some(theme), &all, 1500.0, Some(i)).unwrap();
            assert!(of(j));
            let between = (1..bank.len()).map(|d| (i + d) % bank.len());
            assert_eq!(Some(j), between.clone().find(|&x| of(x)).or(Some(i)));
        }
        assert!(
            counts[0] > 0 && counts[1] > 0,
            "sacrifices and multiple captures"
        );
    }
}
