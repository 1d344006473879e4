//! The player's puzzle progress (`puzzles.json`, beside the history): a rating per bank, each
//! puzzle's own rating as the attempts moved it, which puzzles were tried and solved, and the
//! daily puzzle's day. Bounded (one entry per puzzle of the banks) and damage-tolerant like
//! the history: a file that does not read is copied aside and progress starts again; an entry
//! that does not read is dropped, the others kept.

use super::Store;
use dama_core::puzzle::glicko::{self, Rating};
use dama_core::GameId;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// At most this many puzzles remembered per bank (the banks hold 300 each).
pub const PUZZLES_LIMIT: usize = 2000;

/// One puzzle as the player met it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Tried {
    /// The puzzle's rating after the attempts on it.
    pub rating: Rating,
    /// Solved at the first attempt (rated); later attempts are not rated.
    pub solved: bool,
}

/// One bank's progress.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Track {
    /// The player's rating on this bank.
    pub rating: Rating,
    /// The puzzles tried, by id.
    pub tried: BTreeMap<String, Tried>,
    /// The last day (since 1970-01-01) whose daily puzzle was solved.
    pub daily_solved: Option<u64>,
}

impl Track {
    /// Rates a first attempt at `id` (a puzzle starting at `start`): both ratings move.
    /// Later attempts change nothing; returns whether this one was rated.
    pub fn rate(&mut self, id: &str, start: u16, solved: bool) -> bool {
        if self.tried.contains_key(id) || self.tried.len() >= PUZZLES_LIMIT {
            return false;
        }
        let (player, puzzle) = glicko::first_attempt(self.rating, start, solved);
        self.rating = player;
        self.tried.insert(
            id.to_string(),
            Tried {
                rating: puzzle,
                solved,
            },
        );
        true
    }

    /// Solved, of those tried.
    pub fn solved(&self) -> usize {
        self.tried.values().filter(|t| t.solved).count()
    }
}

/// Every bank's progress.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleProgress {
    /// Turkish Dama's bank.
    pub turkish: Track,
    /// Zamma's bank.
    pub zamma: Track,
    /// Damma's bank.
    pub damma: Track,
    /// Fetaix's bank.
    pub fetaix: Track,
    /// Kharbaga's bank.
    pub kharbaga: Track,
}

impl PuzzleProgress {
    /// The track of `game`'s bank.
    pub fn track(&mut self, game: GameId) -> &mut Track {
        match game {
            GameId::Turkish => &mut self.turkish,
            GameId::Zamma => &mut self.zamma,
            GameId::Damma => &mut self.damma,
            GameId::Fetaix => &mut self.fetaix,
            GameId::Kharbaga => &mut self.kharbaga,
        }
    }
}

impl Store {
    /// The puzzle progress; a damaged file is copied to `puzzles.damaged.json` and what can
    /// be read of it kept.
    pub fn load_puzzles(&self) -> PuzzleProgress {
        let Ok(text) = std::fs::read_to_string(self.dir.join("puzzles.json")) else {
            return PuzzleProgress::default();
        };
        let set_aside = || {
            let _ = std::fs::copy(
                self.dir.join("puzzles.json"),
                self.dir.join("puzzles.damaged.json"),
            );
        };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            set_aside();
            return PuzzleProgress::default();
        };
        let mut damaged = false;
        let mut track = |name: &str| -> Track {
            let Some(v) = value.get(name) else {
                return Track::default();
            };
            let rating = v
                .get("rating")
                .and_then(|r| serde_json::from_value::<Rating>(r.clone()).ok())
                .filter(|r| {
                    r.rating.is_finite() && r.deviation.is_finite() && r.volatility.is_finite()
                });
            damaged |= rating.is_none();
            let mut tried = BTreeMap::new();
            if let Some(map) = v.get("tried").and_then(|t| t.as_object()) {
                for (id, t) in map.iter().take(PUZZLES_LIMIT) {
                    match serde_json::from_value::<Tried>(t.clone()) {
                        Ok(t) => {
                            tried.insert(id.clone(), t);
                        }
                        Err(_) => damaged = true,
                    }
                }
            }
            Track {
                rating: rating.unwrap_or_default(),
                tried,
                daily_solved: v.get("daily_solved").and_then(|d| d.as_u64()),
            }
        };
        let progress = PuzzleProgress {
            turkish: track("turkish"),
            zamma: track("zamma"),
            damma: track("damma"),
            fetaix: track("fetaix"),
            kharbaga: track("kharbaga"),
        };
        if damaged {
            set_aside();
        }
        progress
    }

    /// Saves the puzzle progress.
    pub fn save_puzzles(&self, p: &PuzzleProgress) -> std::io::Result<()> {
        self.write_atomic("puzzles.json", &serde_json::to_string(p)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(name: &str) -> Store {
        let dir = std::env::temp_dir().join(format!("dama-puzzles-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Store::new(dir)
    }

    #[test]
    fn progress_round_trips_and_a_first_attempt_alone_is_rated() {
        let s = store("trip");
        let mut p = PuzzleProgress::default();
        assert!(p.track(GameId::Turkish).rate("1/20", 1400, true));
        assert!(!p.track(GameId::Turkish).rate("1/20", 1400, false));
        assert!(p.track(GameId::Damma).rate("3/9", 1200, false));
        // Each game's bank has its own track (Damma's is not Zamma's).
        assert!(p.turkish.rating.rating > 1500.0 && p.damma.rating.rating < 1500.0);
        assert_eq!(p.zamma, Track::default());
        p.turkish.daily_solved = Some(20_000);
        s.save_puzzles(&p).unwrap();
        // JSON keeps each float to its last digit or so: compare what a person would see.
        let read = s.load_puzzles();
        let close = |a: &Rating, b: &Rating| {
            (a.rating - b.rating).abs() < 1e-6
                && (a.deviation - b.deviation).abs() < 1e-6
                && (a.volatility - b.volatility).abs() < 1e-9
        };
        assert!(close(&read.turkish.rating, &p.turkish.rating));
        assert!(close(&read.damma.rating, &p.damma.rating));
        assert_eq!(read.turkish.daily_solved, Some(20_000));
        assert_eq!(
            read.turkish.tried.keys().collect::<Vec<_>>(),
            p.turkish.tried.keys().collect::<Vec<_>>()
        );
        assert!(close(
            &read.turkish.tried["1/20"].rating,
            &p.turkish.tried["1/20"].rating
        ));
        assert!(read.turkish.tried["1/20"].solved && !read.damma.tried["3/9"].solved);
        assert_eq!(p.turkish.solved(), 1);
    }

    #[test]
    fn a_damaged_file_is_set_aside_and_what_reads_is_kept() {
        let s = store("damaged");
        std::fs::write(s.dir.join("puzzles.json"), "{not json").unwrap();
        assert_eq!(s.load_puzzles(), PuzzleProgress::default());
        assert!(s.dir.join("puzzles.damaged.json").exists());
        let _ = std::fs::remove_file(s.dir.join("puzzles.damaged.json"));
        let mut p = PuzzleProgress::default();
        p.track(GameId::Turkish).rate("1/20", 1400, true);
        let mut v = serde_json::to_value(&p).unwrap();
        v["turkish"]["tried"]["9/9"] = serde_json::json!({"rating": "high"});
        std::fs::write(s.dir.join("puzzles.json"), v.to_string()).unwrap();
        let read = s.load_puzzles();
        assert_eq!(read.turkish.tried.len(), 1);
        assert!(read.turkish.tried.contains_key("1/20"));
        assert!(s.dir.join("puzzles.damaged.json").exists());
    }
}
