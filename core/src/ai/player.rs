//! How the computer chooses its move: at random, as one of the app's levels, or within
//! explicit limits.

use super::{Limits, DEFAULT_BUDGET};
use crate::quote::Quote;
use std::time::Duration;

/// The top levels' variety margin (hundredths of a man): a tenth of a man is below what the
/// evaluation can tell apart in an opening.
pub const VARIETY: i32 = 10;

/// Variety is for the opening, where games were alike: the first this many plies of a game.
/// Kept through the whole game it cost 60 ± 45 Elo in Turkish Dama (200 games at 100,000
/// nodes a move): the proving searches take nodes from the depth, and a sharp middle game
/// punishes a second-best move. See docs/ai.md for the match in the opening.
pub const VARIETY_PLIES: usize = 12;

/// A playing strength for the app, 1 (weakest) to 8 (full strength).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Level {
    /// 1..=8.
    pub level: u8,
    /// Time per move at level 8 (and a cap at every level).
    pub budget: Duration,
}

impl Level {
    /// A level (clamped to 1..=8) with the [`DEFAULT_BUDGET`].
    pub fn new(level: u8) -> Level {
        Level {
            level: level.clamp(1, 8),
            budget: DEFAULT_BUDGET,
        }
    }

    /// The top levels (7 and 8) play endings from the endgame tables; the others by search.
    pub(super) fn uses_tables(&self) -> bool {
        self.level >= 7
    }

    /// Limits, root noise (hundredths of a man) and the chance to overlook a longer capture.
    pub(super) fn settings(&self) -> (Limits, i32, u32) {
        let cap = Some(self.budget);
        // Levels 5 and 6 are bounded by nodes as well as depth: a depth alone means 5 ms in
        // Turkish Dama but 200 ms in a Zamma middle game (branching ~4 vs ~15), which left
        // Zamma's level 6 as strong as level 8. A node count is the same effort in every family.
        let (depth, nodes, noise, miss) = match self.level {
            1 => (1, None, 150, 50),
            2 => (2, None, 100, 35),
            3 => (3, None, 60, 20),
            4 => (4, None, 35, 10),
            5 => (7, Some(20_000), 15, 0),
            6 => (10, Some(100_000), 5, 0),
            _ => (0, None, 0, 0),
        };
        let limits = match self.level {
            7 => Limits {
                variety: VARIETY,
                ..Limits::movetime(self.budget / 2)
            },
            8 => Limits {
                variety: VARIETY,
                ..Limits::movetime(self.budget)
            },
            _ => Limits {
                depth: Some(depth),
                nodes,
                movetime: cap,
                variety: 0,
            },
        };
        (limits, noise, miss)
    }
}

/// How the computer chooses its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    /// A uniformly random legal move (drawn from the seed).
    Random,
    /// An app level 1–8 with its time budget (its noise drawn from the seed).
    Level(Level),
    /// The best move within explicit limits (the seed is not used).
    Limits(Limits),
}

impl Player {
    /// A hint's search: the best move as deep as `budget` allows.
    pub fn hint(budget: Duration) -> Player {
        Player::Limits(Limits::hint(budget))
    }

    /// The same player with a time budget per move, unless it already has one.
    pub fn with_movetime(self, t: Duration) -> Player {
        match self {
            Player::Random => Player::Random,
            Player::Level(mut l) => {
                l.budget = t;
                Player::Level(l)
            }
            Player::Limits(mut l) => {
                l.movetime.get_or_insert(t);
                Player::Limits(l)
            }
        }
    }

    /// Limits with nothing set search for the [`DEFAULT_BUDGET`].
    pub(super) fn bounded(self) -> Player {
        match self {
            Player::Limits(l) if l.depth.is_none() && l.nodes.is_none() && l.movetime.is_none() => {
                Player::Limits(Limits {
                    movetime: Some(DEFAULT_BUDGET),
                    ..l
                })
            }
            p => p,
        }
    }

    /// Parses `random`, `level=N`, or limits joined by commas: `depth=N`, `nodes=N`,
    /// `movetime=MS`, `variety=CENTIMEN` (e.g. `nodes=100000,variety=10`).
    pub fn parse(spec: &str) -> Result<Player, String> {
        if spec == "random" {
            return Ok(Player::Random);
        }
        let mut limits = Limits::default();
        for part in spec.split(',') {
            let (k, v) = part.split_once('=').ok_or_else(|| {
                format!(
                    "engine spec '{}': expected random, level=N, or depth=N, nodes=N, \
                     movetime=MS, variety=N joined by commas",
                    Quote(spec)
                )
            })?;
            let n: u64 = v.parse().map_err(|_| {
                format!(
                    "engine spec '{}': '{}' is not a number",
                    Quote(spec),
                    Quote(v)
                )
            })?;
            match k {
                "level" if (1..=8).contains(&n) && spec == part => {
                    return Ok(Player::Level(Level::new(n as u8)))
                }
                "depth" if (1..=64).contains(&n) => limits.depth = Some(n as u32),
                "nodes" if n > 0 => limits.nodes = Some(n),
                "movetime" if n > 0 => limits.movetime = Some(Duration::from_millis(n)),
                "variety" if n <= 100 => limits.variety = n as i32,
                _ => return Err(format!("engine spec '{}' is out of range", Quote(spec))),
            }
        }
        Ok(Player::Limits(limits))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_with_nothing_set_get_the_default_budget() {
        assert_eq!(
            Player::Limits(Limits::default()).bounded(),
            Player::Limits(Limits::movetime(DEFAULT_BUDGET))
        );
        assert_eq!(Level::new(8).budget, DEFAULT_BUDGET);
    }
}
