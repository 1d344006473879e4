//! PDN export and import.
//!
//! Turkish Dama uses PDN's `GameType "30"` with algebraic path notation; the Zamma family
//! uses the same shape with the game id as a custom GameType (`[GameType "zamma"]`).
//! Rule options travel in a `[Variant "key=value,…"]` tag, a non-start position in `[FEN]`
//! (the rule book's position code). A huff removal is written without a space,
//! `[xd4]e6-e5`, so that every move is one token; import also accepts `[xd4] e6-e5`.

use super::{GameRecord, RecordError};
use crate::notation;
use crate::position::Position;
use crate::quote::Quote;
use crate::rules::{GameId, Rules};

/// Tag values for the players and the event.
#[derive(Clone, Debug, Default)]
pub struct PdnTags {
    /// `[Event]`.
    pub event: String,
    /// `[Date]` as `YYYY.MM.DD` (or `????.??.??`).
    pub date: String,
    /// `[White]`.
    pub white: String,
    /// `[Black]`.
    pub black: String,
}

fn escape(s: &str) -> String {
    s.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Writes a record as PDN (moves up to the cursor).
pub fn export(rec: &GameRecord, tags: &PdnTags) -> String {
    let rules = rec.rules();
    let mut s = String::new();
    let tag = |s: &mut String, k: &str, v: &str| {
        s.push_str(&format!("[{k} \"{}\"]\n", escape(v)));
    };
    let or = |v: &str, d: &str| {
        if v.is_empty() {
            d.to_string()
        } else {
            v.to_string()
        }
    };
    tag(&mut s, "Event", &or(&tags.event, "Dama & Zamma"));
    tag(&mut s, "Date", &or(&tags.date, "????.??.??"));
    tag(&mut s, "White", &or(&tags.white, "?"));
    tag(&mut s, "Black", &or(&tags.black, "?"));
    let result = rec.outcome().map(|o| o.pdn()).unwrap_or("*");
    tag(&mut s, "Result", result);
    let game_type = match rules.game() {
        GameId::Turkish => "30".to_string(),
        g => g.id().to_string(),
    };
    tag(&mut s, "GameType", &game_type);
    let options = rules.options();
    if !options.is_empty() {
        tag(&mut s, "Variant", &options.join(","));
    }
    let start = rec.start();
    if *start != Position::start(*rules) {
        tag(&mut s, "FEN", &start.to_code());
    }
    if let Some(o) = rec.outcome() {
        tag(&mut s, "Termination", o.reason().code());
    }
    s.push('\n');
    let mut line = String::new();
    for row in rec.move_rows() {
        let number = row.number;
        match row.white {
            Some(w) => line.push_str(&format!("{number}. {} ", notation::one_word(w))),
            None => line.push_str(&format!("{number}... ")),
        }
        if let Some(b) = row.black {
            line.push_str(&notation::one_word(b));
            line.push(' ');
        }
    }
    line.push_str(result);
    s.push_str(&wrap(&line, 79));
    s.push('\n');
    s
}

/// `text` in lines of at most `width` characters where the words allow, broken only between
/// moves: a move number ("6.", "6...") stays on the line of its move, so no line ends on one.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut len = 0;
    let mut units: Vec<String> = Vec::new();
    let mut words = text.split(' ').peekable();
    while let Some(w) = words.next() {
        let number = w.ends_with('.') && w.starts_with(|c: char| c.is_ascii_digit());
        match words.peek() {
            Some(next) if number => {
                units.push(format!("{w} {next}"));
                words.next();
            }
            _ => units.push(w.to_string()),
        }
    }
    for w in &units {
        if len > 0 && len + 1 + w.len() > width {
            out.push('\n');
            len = 0;
        } else if len > 0 {
            out.push(' ');
            len += 1;
        }
        out.push_str(w);
        len += w.len();
    }
    out
}

/// The first game of a PDN text, read but not yet played: its start, its moves as written
/// (huff removals joined to their moves) and the result token.
pub(crate) struct Parsed {
    /// The start position (`FEN`, or the rules' start).
    pub(crate) start: Position,
    /// The moves in order.
    pub(crate) moves: Vec<String>,
    /// The result token after the moves, if any (`1-0`, `0-1`, `1/2-1/2`, `*`, …).
    pub(crate) result: Option<String>,
}

/// Reads the first game of a PDN text (the session plays it: `GameRecord::from_pdn`),
/// where a text without a `GameType` tag (a bare move list such as `1. c3-c4 f6-f5`) is a
/// game of `rules` from its start, unless it names a `FEN`.
pub(crate) fn parse(text: &str, rules: Option<&Rules>) -> Result<Parsed, RecordError> {
    let err = |m: String| RecordError::Pdn(m);
    let mut tags: Vec<(String, String)> = Vec::new();
    let mut rest = text.trim_start_matches('\u{feff}');
    // Tag pairs come first, each on its own line.
    loop {
        let t = rest.trim_start();
        if !t.starts_with('[') {
            rest = t;
            break;
        }
        let end = t.find('\n').unwrap_or(t.len());
        let line = t[..end].trim();
        let inner = line
            .strip_prefix('[')
            .and_then(|l| l.strip_suffix(']'))
            .ok_or_else(|| err(format!("bad tag line '{}'", Quote(line))))?;
        let (name, value) = inner
            .split_once(' ')
            .ok_or_else(|| err(format!("bad tag '{}'", Quote(line))))?;
        let value = value.trim();
        let value = value
            .strip_prefix('"')
            .and_then(|v| v.strip_suffix('"'))
            .ok_or_else(|| err(format!("tag value not quoted in '{}'", Quote(line))))?;
        tags.push((
            name.to_string(),
            value.replace("\\\"", "\"").replace("\\\\", "\\"),
        ));
        rest = &t[end..];
    }
    let get = |k: &str| tags.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    let rules = match (get("GameType"), rules) {
        (Some(game_type), _) => {
            let game = match game_type.split(',').next().unwrap_or("").trim() {
                "30" => GameId::Turkish,
                other => other
                    .parse::<GameId>()
                    .map_err(|_| err(format!("unsupported GameType '{}'", Quote(game_type))))?,
            };
            let options: Vec<&str> = get("Variant")
                .map(|v| {
                    v.split(',')
                        .map(str::trim)
                        .filter(|o| !o.is_empty())
                        .collect()
                })
                .unwrap_or_default();
            Rules::with_options(game, &options).map_err(RecordError::Rules)?
        }
        (None, Some(rules)) => *rules,
        (None, None) => return Err(err("missing GameType tag".into())),
    };
    let start = match get("FEN") {
        Some(code) => Position::from_code(rules, code).map_err(RecordError::Start)?,
        None => Position::start(rules),
    };

    // Movetext: drop comments and variations, move numbers and the result.
    let mut clean = String::with_capacity(rest.len());
    let mut depth_brace = 0;
    let mut depth_paren = 0;
    for c in rest.chars() {
        match c {
            '{' => depth_brace += 1,
            '}' if depth_brace > 0 => depth_brace -= 1,
            '(' if depth_brace == 0 => depth_paren += 1,
            ')' if depth_brace == 0 && depth_paren > 0 => depth_paren -= 1,
            _ if depth_brace > 0 || depth_paren > 0 => {}
            _ => clean.push(c),
        }
    }
    let mut words = Vec::new();
    let mut result: Option<&str> = None;
    for tok in clean.split_whitespace() {
        if matches!(tok, "1-0" | "0-1" | "1/2-1/2" | "*" | "2-0" | "0-2" | "1-1") {
            result = Some(tok);
            break;
        }
        let body = tok.trim_start_matches(|c: char| c.is_ascii_digit());
        if body.len() < tok.len() && body.chars().all(|c| c == '.') {
            continue; // move number
        }
        words.push(body.trim_start_matches('.'));
    }
    let moves = notation::join_huffs(words)
        .map_err(|e| err(format!("a huff removal without its move ({e})")))?;
    Ok(Parsed {
        start,
        moves,
        result: result.map(str::to_string),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 48: the share sheet showed a line ending on "30." with its move on the next:
    /// no line of a long game's moves ends on a move number, and none is longer than the
    /// width unless one move with its number is.
    #[test]
    fn no_line_ends_on_a_move_number() {
        let moves: String = (1..=60)
            .map(|n| format!("{n}. e3-e4 e6-e5 "))
            .chain(["61... f4xd4xd6".to_string()])
            .collect();
        let text = wrap(moves.trim_end(), 79);
        assert!(text.lines().count() > 10, "{text}");
        for line in text.lines() {
            let last = line.rsplit(' ').next().unwrap();
            assert!(!last.ends_with('.'), "{line:?} ends on a move number");
            assert!(line.len() <= 79, "{line:?}");
        }
        assert_eq!(text.replace('\n', " "), moves.trim_end());
    }
}
