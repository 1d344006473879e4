//! The lessons done (`lessons.json`, beside the history): their ids, per course. Bounded and
//! damage-tolerant like the history: a file that does not read is copied aside and progress
//! starts again; an id that does not read is dropped, the others kept.

use super::Store;
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;

/// At most this many lessons remembered (the courses hold 17).
pub const LESSONS_LIMIT: usize = 500;

/// The lessons finished, by id.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct LessonProgress {
    /// Ids of the lessons finished.
    pub done: BTreeSet<String>,
}

impl LessonProgress {
    /// Marks `id` finished; whether that changed anything.
    pub fn finish(&mut self, id: &str) -> bool {
        self.done.len() < LESSONS_LIMIT && self.done.insert(id.to_string())
    }
}

impl Store {
    /// The lessons done; a damaged file is copied to `lessons.damaged.json` and what reads of
    /// it kept.
    pub fn load_lessons(&self) -> LessonProgress {
        let Ok(text) = std::fs::read_to_string(self.dir.join("lessons.json")) else {
            return LessonProgress::default();
        };
        let set_aside = || {
            let _ = std::fs::copy(
                self.dir.join("lessons.json"),
                self.dir.join("lessons.damaged.json"),
            );
        };
        let Ok(value) = serde_json::from_str::<serde_json::Value>(&text) else {
            set_aside();
            return LessonProgress::default();
        };
        let ids = value.get("done").and_then(|d| d.as_array());
        let done: BTreeSet<String> = ids
            .into_iter()
            .flatten()
            .filter_map(|v| v.as_str().map(str::to_string))
            .take(LESSONS_LIMIT)
            .collect();
        if ids.is_none_or(|ids| ids.len() != done.len()) {
            set_aside();
        }
        LessonProgress { done }
    }

    /// Saves the lessons done.
    pub fn save_lessons(&self, p: &LessonProgress) -> std::io::Result<()> {
        self.write_atomic("lessons.json", &serde_json::to_string(p)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lessons_done_round_trip_and_damage_is_set_aside() {
        let dir = std::env::temp_dir().join(format!("dama-lessons-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let s = Store::new(&dir);
        assert_eq!(s.load_lessons(), LessonProgress::default());
        let mut p = LessonProgress::default();
        assert!(p.finish("t-moving"));
        assert!(!p.finish("t-moving"));
        s.save_lessons(&p).unwrap();
        assert_eq!(s.load_lessons(), p);
        assert!(!dir.join("lessons.damaged.json").exists());
        std::fs::write(dir.join("lessons.json"), r#"{"done":["t-moving",7]}"#).unwrap();
        assert_eq!(s.load_lessons(), p, "the readable id kept");
        assert!(dir.join("lessons.damaged.json").exists());
        std::fs::write(dir.join("lessons.json"), "][").unwrap();
        assert_eq!(s.load_lessons(), LessonProgress::default());
    }
}
