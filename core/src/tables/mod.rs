//! Endgame tables for Turkish Dama: every ending of up to three pieces, the four-piece
//! kings-only endings (3 kings against 1, 2 against 2) and two kings against a king and a
//! man, each position won, drawn or lost for the side to move with the plies to the end
//! under the rules (no piece or no move, R-T9; king against a lone man, R-T10, as the
//! options say; one king each, R-T11). The clock and repetition are not part of a
//! position's value: a draw here is a game that can go on for ever.
//!
//! Nothing is shipped: a table is made the first time it is asked for ([`probe`],
//! [`table`]), by retrograde analysis (`generate.rs`) over the core's own move generation,
//! and kept for the life of the process (`store.rs`); a search probes the tables already
//! made (`ready.rs`), while those it may soon need are made on a thread of their own. The index of a position in its
//! material is in `index.rs`; the checks by a second method in `verify.rs`.
//!
//! Tables are kept per material and per the rule options that change them
//! (`promotion`, `lone-man`): a kings-only ending is the same under every option. Of a
//! material and its colour reversal only one is stored (the stronger side as White);
//! a position of the other is turned (ranks reversed, colours exchanged) to be looked up.

mod generate;
mod index;
mod ready;
mod store;
mod verify;

pub use index::Material;
pub use ready::{prepare, Ready};
pub use store::{is_ready, ready, table, Counts, Table, TableRef};
pub use verify::{check_consistent, check_symmetry, solve_by_search};

use crate::position::Position;
use crate::rules::{Family, Rules};
use std::fmt;

/// A position's value for the side to move, with the plies to the end of the game under
/// best play (the winner ending it as fast as it can, the loser as slowly).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Won in this many plies (0: the rules have already ended the game in its favour).
    Win(u8),
    /// Drawn.
    Draw,
    /// Lost in this many plies (0: the game is over).
    Loss(u8),
}

impl Value {
    /// The value for the other side after a move that reaches a position of this value.
    pub fn before(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// An order of values for the side to move: a quicker win is better, a slower loss
    /// less bad.
    pub fn rank(self) -> i32 {
        match self {
            Value::Win(n) => 1000 - n as i32,
            Value::Draw => 0,
            Value::Loss(n) => -1000 + n as i32,
        }
    }

    pub(crate) fn code(self) -> u8 {
        match self {
            Value::Draw => DRAW,
            Value::Win(n) => 2 * n + 1,
            Value::Loss(n) => 2 * n + 2,
        }
    }

    pub(crate) fn from_code(c: u8) -> Option<Value> {
        match c {
            DRAW => Some(Value::Draw),
            NONE => None,
            c if c % 2 == 1 => Some(Value::Win(c / 2)),
            c => Some(Value::Loss(c / 2 - 1)),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(n) => write!(f, "win in {n}"),
            Value::Draw => f.write_str("draw"),
            Value::Loss(n) => write!(f, "loss in {n}"),
        }
    }
}

/// The code of a drawn position.
pub(crate) const DRAW: u8 = 0;
/// The code of an entry that is no position (two pieces on one square).
pub(crate) const NONE: u8 = 255;
/// The longest distance a code holds.
pub(crate) const MAX_PLIES: u8 = 126;

/// `true` for a material the tables cover: both sides have a piece, and either three
/// pieces at most, or four kings, or two kings against a king and a man.
pub fn covers(m: &Material) -> bool {
    let sides = [m.kings[0] + m.men[0] > 0, m.kings[1] + m.men[1] > 0];
    if !sides[0] || !sides[1] {
        return false;
    }
    let (c, _) = m.canonical();
    match m.pieces() {
        0..=3 => true,
        4 => m.all_men() == 0 || (c.kings == [2, 1] && c.men == [0, 1]),
        _ => false,
    }
}

/// Every material the tables cover, stored form only (the stronger side White), fewest
/// pieces first.
pub fn materials() -> Vec<Material> {
    let mut v = Vec::new();
    for wk in 0..=3u8 {
        for wm in 0..=3u8 {
            for bk in 0..=3u8 {
                for bm in 0..=3u8 {
                    let m = Material {
                        kings: [wk, bk],
                        men: [wm, bm],
                    };
                    if covers(&m) && !m.canonical().1 {
                        v.push(m);
                    }
                }
            }
        }
    }
    v.sort_by_key(|m| (m.pieces(), m.all_men(), *m));
    v
}

/// The value of a Turkish position in the tables, making its table first if it is not yet
/// made (seconds for the largest: call it off the UI thread). `None` for another game or
/// material the tables do not cover.
pub fn probe(pos: &Position) -> Option<Value> {
    let m = Material::of(pos);
    if pos.rules().family() != Family::Turkish || !covers(&m) {
        return None;
    }
    table(m, *pos.rules()).value(pos)
}

/// [`probe`] only where the table is already made: never waits.
pub fn probe_ready(pos: &Position) -> Option<Value> {
    let m = Material::of(pos);
    if pos.rules().family() != Family::Turkish || !covers(&m) {
        return None;
    }
    ready(m, *pos.rules()).and_then(|t| t.value(pos))
}

/// The rule options a table of `m` depends on, as a small key: none for kings only (no
/// man can crown, and one king each is a draw under both `lone-man` values).
pub(crate) fn options_key(m: &Material, rules: &Rules) -> u8 {
    if m.all_men() == 0 {
        0
    } else {
        rules.promotion_at_end() as u8 | (rules.lone_man_draw() as u8) << 1
    }
}
