//! The position code (rule book "Position code"): `W:Wa2,b2,Kd5:Ba7,Kh8:clock=12:last=d4-e4/-`.
//!
//! [`Setup`] is the code parsed but not yet checked against a game; a [`Position`] is made
//! from it only through [`Position::from_setup`], which validates everything and returns a
//! [`CodeError`] naming the problem.

use crate::geometry::{Bits, Point};
use crate::moves::NO_POINT;
use crate::position::Position;
use crate::quote::Quote;
use crate::rules::{CaptureRule, Color, GameId, Rules};
use std::fmt;

/// A problem with a position code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// The code does not have the `side:Wpieces:Bpieces` shape.
    Shape(String),
    /// The first field is not `W` or `B`.
    SideToMove(String),
    /// A piece entry is empty or not `[K]label`.
    PieceSyntax {
        /// Whose list.
        color: Color,
        /// The entry.
        entry: String,
    },
    /// A label that is not a point of the board.
    UnknownLabel {
        /// Whose list (or `None` in `last`/`huff`).
        color: Option<Color>,
        /// The label.
        label: String,
        /// The game whose board was meant.
        game: GameId,
    },
    /// Two pieces on one point.
    PointUsedTwice(String),
    /// More pieces than the game starts with.
    TooManyPieces {
        /// Whose pieces.
        color: Color,
        /// How many were given.
        count: u32,
        /// The most allowed.
        max: u32,
    },
    /// Turkish: a man on the row where it would already have been crowned.
    ManOnPromotionRow {
        /// Whose man.
        color: Color,
        /// Where.
        label: String,
    },
    /// An optional field that is unknown, repeated, badly written or not used by the game.
    Field(String),
    /// A `huff` point that holds no piece of the side not to move.
    HuffWithoutPiece(String),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Shape(s) => write!(f, "not a position code: {s}"),
            CodeError::SideToMove(s) => {
                write!(f, "side to move must be W or B, not '{}'", Quote(s))
            }
            CodeError::PieceSyntax { color, entry } => {
                write!(f, "{color}: bad piece entry '{}'", Quote(entry))
            }
            CodeError::UnknownLabel {
                color: Some(c),
                label,
                game,
            } => write!(
                f,
                "{c}: unknown label '{}' on the {game} board",
                Quote(label)
            ),
            CodeError::UnknownLabel {
                color: None,
                label,
                game,
            } => write!(f, "unknown label '{}' on the {game} board", Quote(label)),
            CodeError::PointUsedTwice(l) => write!(f, "point {l} used twice"),
            CodeError::TooManyPieces { color, count, max } => {
                write!(f, "{color} has {count} pieces, more than {max}")
            }
            CodeError::ManOnPromotionRow { color, label } => {
                write!(f, "{color} man on {label} would already have been promoted")
            }
            CodeError::Field(s) => write!(f, "{s}"),
            CodeError::HuffWithoutPiece(l) => {
                write!(f, "huff point {l} holds no piece of the side not to move")
            }
        }
    }
}

impl std::error::Error for CodeError {}

/// A position code split into its fields, labels still unchecked.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Setup {
    /// `W` or `B`.
    pub side: Option<Color>,
    /// White's pieces: (is king, label).
    pub white: Vec<(bool, String)>,
    /// Black's pieces.
    pub black: Vec<(bool, String)>,
    /// `clock=N`.
    pub clock: u16,
    /// `last=a-b/c-d`: each side's previous move (from, to) labels.
    pub last: [Option<(String, String)>; 2],
    /// `huff=...` labels.
    pub huff: Vec<String>,
}

impl Setup {
    /// Splits a code into fields; checks the syntax only.
    pub fn parse(code: &str) -> Result<Setup, CodeError> {
        let code = code.trim();
        let fields: Vec<&str> = code.split(':').map(str::trim).collect();
        if fields.len() < 3 {
            return Err(CodeError::Shape(format!(
                "'{}' needs at least side:W…:B…",
                Quote(code)
            )));
        }
        let mut s = Setup {
            side: Some(match fields[0] {
                "W" => Color::White,
                "B" => Color::Black,
                other => return Err(CodeError::SideToMove(other.to_string())),
            }),
            ..Setup::default()
        };
        s.pieces(&fields[1..3])?;
        s.fields(&fields[3..])?;
        Ok(s)
    }

    /// The two piece fields, `W…` and `B…`, each once.
    fn pieces(&mut self, fields: &[&str]) -> Result<(), CodeError> {
        let mut seen_w = false;
        let mut seen_b = false;
        for f in fields {
            let (color, list) = if let Some(rest) = f.strip_prefix('W') {
                (Color::White, rest)
            } else if let Some(rest) = f.strip_prefix('B') {
                (Color::Black, rest)
            } else {
                return Err(CodeError::Shape(format!(
                    "piece field '{}' must start with W or B",
                    Quote(f)
                )));
            };
            let seen = if color == Color::White {
                &mut seen_w
            } else {
                &mut seen_b
            };
            if *seen {
                return Err(CodeError::Shape(format!("{color} pieces given twice")));
            }
            *seen = true;
            let target = if color == Color::White {
                &mut self.white
            } else {
                &mut self.black
            };
            if list.trim().is_empty() {
                continue;
            }
            for entry in list.split(',') {
                let e = entry.trim();
                let (king, label) = match e.strip_prefix('K') {
                    Some(l) => (true, l),
                    None => (false, e),
                };
                if label.is_empty() {
                    return Err(CodeError::PieceSyntax {
                        color,
                        entry: e.to_string(),
                    });
                }
                target.push((king, label.to_string()));
            }
        }
        Ok(())
    }

    /// The optional `key=value` fields (clock, last, huff), each once.
    fn fields(&mut self, fields: &[&str]) -> Result<(), CodeError> {
        let mut seen_keys: Vec<&str> = Vec::new();
        for f in fields {
            let (key, value) = f.split_once('=').ok_or_else(|| {
                CodeError::Field(format!("field '{}' is not key=value", Quote(f)))
            })?;
            if seen_keys.contains(&key) {
                return Err(CodeError::Field(format!(
                    "field '{}' given twice",
                    Quote(key)
                )));
            }
            seen_keys.push(key);
            match key {
                "clock" => {
                    self.clock = value.parse().map_err(|_| {
                        CodeError::Field(format!("clock '{}' is not a number", Quote(value)))
                    })?
                }
                "last" => {
                    let bad = || {
                        CodeError::Field(format!("last '{}' is not from-to/from-to", Quote(value)))
                    };
                    let (w, b) = value.split_once('/').ok_or_else(bad)?;
                    for (i, part) in [w, b].into_iter().enumerate() {
                        if part == "-" {
                            continue;
                        }
                        let (a, z) = part.split_once('-').ok_or_else(bad)?;
                        if a.is_empty() || z.is_empty() {
                            return Err(bad());
                        }
                        self.last[i] = Some((a.to_string(), z.to_string()));
                    }
                }
                "huff" => {
                    for l in value.split(',') {
                        if l.is_empty() {
                            return Err(CodeError::Field(format!(
                                "huff '{}' has an empty entry",
                                Quote(value)
                            )));
                        }
                        self.huff.push(l.to_string());
                    }
                }
                _ => return Err(CodeError::Field(format!("unknown field '{}'", Quote(key)))),
            }
        }
        Ok(())
    }
}

impl Position {
    /// Parses and validates a position code for the given rules.
    pub fn from_code(rules: Rules, code: &str) -> Result<Position, CodeError> {
        Position::from_setup(rules, &Setup::parse(code)?)
    }

    /// Validates a [`Setup`] against the rules and board of a game.
    pub fn from_setup(rules: Rules, s: &Setup) -> Result<Position, CodeError> {
        let g = rules.geometry();
        let game = rules.game();
        let label = |color: Option<Color>, l: &str| {
            g.parse_label(l).ok_or_else(|| CodeError::UnknownLabel {
                color,
                label: l.to_string(),
                game,
            })
        };
        let mut pieces = [0u128; 2];
        let mut kings = 0u128;
        for (color, list) in [(Color::White, &s.white), (Color::Black, &s.black)] {
            for (king, l) in list {
                let p = label(Some(color), l)?;
                if (pieces[0] | pieces[1]) & p.bit() != 0 {
                    return Err(CodeError::PointUsedTwice(l.clone()));
                }
                pieces[color.index()] |= p.bit();
                if *king {
                    kings |= p.bit();
                }
            }
            let count = pieces[color.index()].count_ones();
            let max = game.pieces_per_side();
            if count > max {
                return Err(CodeError::TooManyPieces { color, count, max });
            }
        }
        if game.family().crowns_on_arrival() {
            // A Turkish man is crowned the moment it reaches its far row (R-T8).
            for (color, rank) in [(Color::White, 7), (Color::Black, 0)] {
                let men = pieces[color.index()] & !kings & g.rank_mask(rank);
                if let Some(p) = Bits(men).next() {
                    return Err(CodeError::ManOnPromotionRow {
                        color,
                        label: g.label(Point(p)),
                    });
                }
            }
            if s.last.iter().any(Option::is_some) {
                return Err(CodeError::Field(
                    "field 'last' is not used in Turkish Dama".into(),
                ));
            }
        }
        let side = s.side.unwrap_or(Color::White);
        let mut last = [(NO_POINT, NO_POINT); 2];
        for (i, l) in s.last.iter().enumerate() {
            if let Some((a, b)) = l {
                last[i] = (label(None, a)?.0, label(None, b)?.0);
            }
        }
        let mut huff = 0u128;
        if !s.huff.is_empty() && rules.capture() != CaptureRule::Huffing {
            return Err(CodeError::Field(
                "field 'huff' needs the option capture=huffing".into(),
            ));
        }
        for l in &s.huff {
            let p = label(None, l)?;
            if pieces[side.other().index()] & p.bit() == 0 {
                return Err(CodeError::HuffWithoutPiece(l.clone()));
            }
            huff |= p.bit();
        }
        Ok(Position::from_parts(
            rules, pieces, kings, side, s.clock, last, huff,
        ))
    }

    /// The canonical position code: labels in string order, optional fields only when
    /// not default, in the order clock, last, huff.
    pub fn to_code(&self) -> String {
        let g = self.geometry();
        let mut s = String::from(if self.side == Color::White { "W" } else { "B" });
        for (c, tag) in [(0, ":W"), (1, ":B")] {
            s.push_str(tag);
            let mut labels: Vec<(String, bool)> = Bits(self.pieces[c])
                .map(|p| (g.label(Point(p)), self.kings >> p & 1 == 1))
                .collect();
            labels.sort();
            let list: Vec<String> = labels
                .into_iter()
                .map(|(l, k)| if k { format!("K{l}") } else { l })
                .collect();
            s.push_str(&list.join(","));
        }
        if self.clock != 0 {
            s.push_str(&format!(":clock={}", self.clock));
        }
        if self.last.iter().any(|&(f, _)| f != NO_POINT) {
            let part = |(f, t): (u8, u8)| {
                if f == NO_POINT {
                    "-".to_string()
                } else {
                    format!("{}-{}", g.label(Point(f)), g.label(Point(t)))
                }
            };
            s.push_str(&format!(
                ":last={}/{}",
                part(self.last[0]),
                part(self.last[1])
            ));
        }
        if self.huff != 0 {
            let mut l: Vec<String> = Bits(self.huff).map(|p| g.label(Point(p))).collect();
            l.sort();
            s.push_str(&format!(":huff={}", l.join(",")));
        }
        s
    }
}
