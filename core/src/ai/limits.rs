//! How long or how deep a search may think.

use std::time::Duration;

/// How long or how deep to think. Unset fields do not limit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Deepest iteration.
    pub depth: Option<u32>,
    /// Most nodes.
    pub nodes: Option<u64>,
    /// Most time.
    pub movetime: Option<Duration>,
    /// Variety (hundredths of a man): the seed chooses among the moves that score within
    /// this much of the best, so games differ at no measurable cost in strength. 0: the best.
    pub variety: i32,
}

impl Limits {
    /// Search to a fixed depth.
    pub fn depth(d: u32) -> Limits {
        Limits {
            depth: Some(d),
            ..Limits::default()
        }
    }

    /// Search for a fixed time.
    pub fn movetime(t: Duration) -> Limits {
        Limits {
            movetime: Some(t),
            ..Limits::default()
        }
    }

    /// Search a fixed number of nodes.
    pub fn nodes(n: u64) -> Limits {
        Limits {
            nodes: Some(n),
            ..Limits::default()
        }
    }

    /// A hint's search: as deep as `budget` allows.
    pub fn hint(budget: Duration) -> Limits {
        Limits {
            depth: Some(64),
            movetime: Some(budget),
            ..Limits::default()
        }
    }
}
