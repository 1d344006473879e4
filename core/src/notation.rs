//! Move notation (R-0.6, R-Z14): `d3-d4`, `b3xd3xd5`, `[xd4] e6-e5`.
//!
//! Parsing accepts any route of a legal move, and a move given by its start and end point
//! alone when exactly one legal move fits.

use crate::geometry::{Geometry, Point};
use crate::moves::{LegalMove, Move};
use crate::position::Position;
use crate::quote::Quote;
use std::fmt;

/// Why a move text was not accepted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NotationError {
    /// Nothing was given.
    Empty,
    /// The text is not a move in path notation.
    Syntax(String),
    /// A label is not a point of this board.
    UnknownPoint(String),
    /// Well formed, but no legal move fits.
    NoSuchMove(String),
    /// Start and end fit more than one legal move; the candidates are listed.
    Ambiguous {
        /// The text given.
        text: String,
        /// The notation of every candidate.
        candidates: Vec<String>,
    },
}

impl fmt::Display for NotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotationError::Empty => f.write_str("empty move"),
            NotationError::Syntax(s) => write!(f, "not a move: '{}'", Quote(s)),
            NotationError::UnknownPoint(s) => write!(f, "unknown point '{}'", Quote(s)),
            NotationError::NoSuchMove(s) => write!(f, "no legal move '{}'", Quote(s)),
            NotationError::Ambiguous { text, candidates } => {
                write!(
                    f,
                    "'{}' is ambiguous: {}",
                    Quote(text),
                    candidates.join(", ")
                )
            }
        }
    }
}

impl std::error::Error for NotationError {}

/// Writes a path: labels joined by `x` for a capture and `-` for a step, with the huff
/// removal in front (`[xd4] e6-e5`).
pub fn format_path(g: &Geometry, huff: Option<Point>, path: &[Point], capture: bool) -> String {
    g.path_text(huff, path, capture)
}

/// The moves of a line of words, one notation each (`dama engine`'s lines, PDN's
/// movetext). A huff removal (R-Z14) belongs to the move after it, whether written as its
/// own word (`[xd4] e6-e5`, the canonical form) or joined to it (`[xd4]e6-e5`, PDN's
/// one-word form, which [`one_word`] writes). A removal with no move after it is an error.
pub fn join_huffs<'a>(
    words: impl IntoIterator<Item = &'a str>,
) -> Result<Vec<String>, NotationError> {
    let mut moves = Vec::new();
    let mut pending: Option<&str> = None;
    for w in words {
        if w.starts_with("[x") && w.ends_with(']') {
            if let Some(h) = pending.replace(w) {
                return Err(NotationError::Syntax(h.to_string()));
            }
            continue;
        }
        moves.push(match pending.take() {
            Some(h) => format!("{h} {w}"),
            None => w.to_string(),
        });
    }
    match pending {
        Some(h) => Err(NotationError::Syntax(h.to_string())),
        None => Ok(moves),
    }
}

/// A move's notation as one word, as PDN's movetext writes it (`[xd4]e6-e5`);
/// [`join_huffs`] reads it back.
pub fn one_word(notation: &str) -> String {
    notation.replacen("] ", "]", 1)
}

/// The canonical notation of a legal move of `pos` (R-0.7: smallest route).
pub fn move_to_string(pos: &Position, m: &Move) -> Option<String> {
    pos.move_detailed(m).map(|d| d.notation)
}

/// The notation of a line of moves from `pos` (a principal variation), up to the first
/// move that is not legal where it is played.
pub fn line(pos: &Position, moves: &[Move]) -> Vec<String> {
    let mut p = pos.clone();
    let mut out = Vec::with_capacity(moves.len());
    for m in moves {
        match move_to_string(&p, m) {
            Some(s) => out.push(s),
            None => break,
        }
        p.play_unchecked(m);
    }
    out
}

/// A move text split into its parts, not yet matched against a position.
struct Parsed {
    huff: Option<Point>,
    points: Vec<Point>,
    capture: Option<bool>,
}

/// The point labelled `label` (`c3`) on board `g`.
pub fn parse_point(g: &Geometry, label: &str) -> Result<Point, NotationError> {
    g.parse_label(label)
        .ok_or_else(|| NotationError::UnknownPoint(label.to_string()))
}

fn split(g: &Geometry, text: &str) -> Result<Parsed, NotationError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(NotationError::Empty);
    }
    let syntax = || NotationError::Syntax(text.to_string());
    let (huff, body) = if let Some(rest) = t.strip_prefix('[') {
        let (inner, after) = rest.split_once(']').ok_or_else(syntax)?;
        let label = inner.trim().strip_prefix('x').ok_or_else(syntax)?.trim();
        let p = parse_point(g, label)?;
        (Some(p), after.trim())
    } else {
        (None, t)
    };
    let has_x = body.contains('x');
    let has_dash = body.contains('-');
    if has_x && has_dash {
        return Err(syntax());
    }
    let parts: Vec<&str> = body.split(['x', '-']).collect();
    if parts.len() < 2 {
        return Err(syntax());
    }
    let mut points = Vec::with_capacity(parts.len());
    for p in parts {
        let p = p.trim();
        if p.is_empty() {
            return Err(syntax());
        }
        points.push(parse_point(g, p)?);
    }
    Ok(Parsed {
        huff,
        points,
        capture: if has_x { Some(true) } else { Some(false) },
    })
}

/// Finds the legal move of `pos` that a text names (see the module documentation).
pub fn parse_move(pos: &Position, text: &str) -> Result<Move, NotationError> {
    parse_move_detailed(pos, text).map(|d| d.mv)
}

/// Like [`parse_move`], returning the move with its canonical path and notation.
pub fn parse_move_detailed(pos: &Position, text: &str) -> Result<LegalMove, NotationError> {
    find_move(pos.geometry(), &pos.legal_moves_detailed(), text)
}

/// The move `text` names among `legal` (the detailed legal moves of a position on `g`).
pub(crate) fn find_move(
    g: &Geometry,
    legal: &[LegalMove],
    text: &str,
) -> Result<LegalMove, NotationError> {
    let parsed = split(g, text)?;
    let huff_fits = |d: &LegalMove| parsed.huff.is_none() || d.mv.huff() == parsed.huff;
    let exact: Vec<&LegalMove> = legal
        .iter()
        .filter(|d| huff_fits(d) && Some(d.mv.is_capture()) == parsed.capture)
        .filter(|d| d.routes.contains(&parsed.points))
        .collect();
    let candidates: Vec<&LegalMove> = if !exact.is_empty() {
        exact
    } else if parsed.points.len() == 2 {
        legal
            .iter()
            .filter(|d| huff_fits(d))
            .filter(|d| d.mv.from() == parsed.points[0] && d.mv.to() == parsed.points[1])
            .collect()
    } else {
        Vec::new()
    };
    match candidates.len() {
        0 => Err(NotationError::NoSuchMove(text.trim().to_string())),
        1 => Ok(candidates[0].clone()),
        _ => Err(NotationError::Ambiguous {
            text: text.trim().to_string(),
            candidates: candidates.iter().map(|d| d.notation.clone()).collect(),
        }),
    }
}

#[cfg(test)]
mod line_tests {
    use super::*;

    // R-Z14: a huff removal is part of the move written after it.
    #[test]
    fn a_huff_removal_joins_its_move_in_either_form() {
        let line = "[xd4] e6-e5 a3-a4 [xb2]c3-c4";
        assert_eq!(
            join_huffs(line.split_whitespace()).unwrap(),
            ["[xd4] e6-e5", "a3-a4", "[xb2]c3-c4"]
        );
        assert_eq!(one_word("[xd4] e6-e5"), "[xd4]e6-e5");
        assert_eq!(one_word("a3-a4"), "a3-a4");
        assert!(join_huffs(["a3-a4", "[xd4]"]).is_err(), "no move after it");
        assert!(
            join_huffs(["[xd4]", "[xb2]", "a3-a4"]).is_err(),
            "two removals"
        );
    }
}
