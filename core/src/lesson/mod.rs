//! Lessons: a course per family, each lesson a few steps on a real position with a task the
//! player does by playing (one of the moves the step accepts), the opponent's reply scripted
//! (or, in a practice, the engine's, until a goal is reached),
//! a wrong move answered with why, and the rule it teaches (`R-T…`, `R-Z…`).
//!
//! Lessons are data (`core/lessons/<family>.json`), read by [`Course::parse`] and checked by
//! [`Lesson::check`] through the rules: every position valid, every move to play and every
//! reply legal where it is played, every wrong move that has its own answer legal there (so
//! the answer can be reached), every text in the six languages; and each practice's goal
//! proved within reach by [`Lesson::prove_practices`].

mod practice;

pub use practice::{Failure, Goal, Practice, Progress};

use crate::notation;
use crate::position::Position;
use crate::rules::Rules;
use serde::Deserialize;
use std::fmt;

/// A text in each of the app's languages.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Text {
    /// English.
    pub en: String,
    /// Spanish.
    pub es: String,
    /// German.
    pub de: String,
    /// Turkish.
    pub tr: String,
    /// French.
    pub fr: String,
    /// Arabic.
    pub ar: String,
}

impl Text {
    /// The text in the language of `code` (English for one not bundled).
    pub fn get(&self, code: &str) -> &str {
        match code {
            "es" => &self.es,
            "de" => &self.de,
            "tr" => &self.tr,
            "fr" => &self.fr,
            "ar" => &self.ar,
            _ => &self.en,
        }
    }

    fn all(&self) -> [&str; 6] {
        [&self.en, &self.es, &self.de, &self.tr, &self.fr, &self.ar]
    }
}

/// A move that gets its own answer when played instead of the task's.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Wrong {
    /// The moves (notation) this answer is for.
    pub moves: Vec<String>,
    /// Why not, in the rule book's words.
    pub why: Text,
}

/// One task on one position.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Step {
    /// The position (a position code); none: where the last step ended.
    #[serde(default)]
    pub position: Option<String>,
    /// What to do, said to the player.
    pub task: Text,
    /// The moves that do the task (notation): one of them is to be played. None in a
    /// practice.
    #[serde(default)]
    pub play: Vec<String>,
    /// The opponent's scripted reply after the move played (notation).
    #[serde(default)]
    pub reply: Option<String>,
    /// Wrong moves with their own answer.
    #[serde(default)]
    pub wrong: Vec<Wrong>,
    /// The answer to any other wrong move (a practice has none: any legal move is played).
    #[serde(default)]
    pub otherwise: Option<Text>,
    /// Said when the step is done.
    pub done: Text,
    /// Played against the engine until its goal is reached, instead of one scripted move.
    #[serde(default)]
    pub practice: Option<Practice>,
}

/// One lesson: a rule taught in a few steps.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// Its name, unique in the course (progress is kept by it).
    pub id: String,
    /// The rules it teaches (`R-T6`).
    pub rules: Vec<String>,
    /// The game (`turkish`, `zamma`, …).
    pub game: String,
    /// Its options (`capture=huffing`).
    #[serde(default)]
    pub options: Vec<String>,
    /// Its title.
    pub title: Text,
    /// Its steps, in order.
    pub steps: Vec<Step>,
}

/// A family's course.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Course {
    /// The family (`turkish`, `zamma`).
    pub family: String,
    /// The lessons, in order.
    pub lessons: Vec<Lesson>,
}

/// What is wrong with a lesson.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LessonError {
    /// The lesson, and the step (from 1) when it is one step's fault.
    pub lesson: String,
    /// The step.
    pub step: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for LessonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.step {
            Some(s) => write!(f, "lesson {}, step {s}: {}", self.lesson, self.message),
            None => write!(f, "lesson {}: {}", self.lesson, self.message),
        }
    }
}

impl std::error::Error for LessonError {}

impl Course {
    /// Reads a course (JSON).
    pub fn parse(text: &str) -> Result<Course, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    /// The courses that come with the app (feature `bundled`): Turkish Dama's and the Zamma
    /// family's.
    #[cfg(feature = "bundled")]
    pub fn bundled() -> [&'static str; 2] {
        [
            crate::bundled::LESSONS_TURKISH.as_str(),
            crate::bundled::LESSONS_ZAMMA.as_str(),
        ]
    }
}

impl Lesson {
    /// The rules of its game.
    pub fn rules(&self) -> Result<Rules, LessonError> {
        Rules::parse(&self.game, &self.options).map_err(|e| self.error(None, e.to_string()))
    }

    fn error(&self, step: Option<usize>, message: String) -> LessonError {
        LessonError {
            lesson: self.id.clone(),
            step,
            message,
        }
    }

    /// The position each step starts from (the first one's given; a step without one goes on
    /// from where the last ended: its first move to play and the reply).
    pub fn starts(&self) -> Result<Vec<Position>, LessonError> {
        let rules = self.rules()?;
        let mut out: Vec<Position> = Vec::with_capacity(self.steps.len());
        let mut next: Option<Position> = None;
        for (i, s) in self.steps.iter().enumerate() {
            let err = |m: String| self.error(Some(i + 1), m);
            let start = match &s.position {
                Some(code) => Position::from_code(rules, code).map_err(|e| err(e.to_string()))?,
                None => next
                    .clone()
                    .ok_or_else(|| err("no position to go on from".into()))?,
            };
            // Where the step ends, for the next one: its first move and the reply (a
            // practice ends where the game went: the next step has a position of its own).
            next = match s.play.first() {
                Some(m) => {
                    let mv = notation::parse_move(&start, m).map_err(|e| err(e.to_string()))?;
                    let mut p = start.play(&mv).map_err(|e| err(e.to_string()))?;
                    if let Some(r) = &s.reply {
                        let mv =
                            notation::parse_move(&p, r).map_err(|e| err(format!("reply: {e}")))?;
                        p = p.play(&mv).map_err(|e| err(format!("reply: {e}")))?;
                    }
                    Some(p)
                }
                None => None,
            };
            out.push(start);
        }
        Ok(out)
    }

    /// Proves each practice's goal can be reached against every defence within its moves
    /// (the tables for a Turkish ending, made here if need be; else a search of every reply):
    /// seconds, for the tests and tools, not for the app, which takes the courses as checked.
    pub fn prove_practices(&self) -> Result<(), LessonError> {
        let starts = self.starts()?;
        for (i, (s, start)) in self.steps.iter().zip(&starts).enumerate() {
            let Some(p) = &s.practice else { continue };
            let err = |m: String| self.error(Some(i + 1), m);
            if !p.proved(start).map_err(err)? {
                return Err(err(format!(
                    "the goal cannot be forced in {} moves against every defence",
                    p.moves
                )));
            }
        }
        Ok(())
    }

    /// Checks the lesson through the rules (see the module's head), a practice's goal
    /// aside ([`Lesson::prove_practices`]).
    pub fn check(&self) -> Result<(), LessonError> {
        let none = |t: &Text| t.all().iter().any(|s| s.trim().is_empty());
        if none(&self.title) {
            return Err(self.error(None, "a title is missing in a language".into()));
        }
        if self.rules.is_empty() || self.steps.is_empty() {
            return Err(self.error(None, "no rule or no step".into()));
        }
        let starts = self.starts()?;
        for (i, (s, start)) in self.steps.iter().zip(&starts).enumerate() {
            let err = |m: String| self.error(Some(i + 1), m);
            let texts = [Some(&s.task), s.otherwise.as_ref(), Some(&s.done)];
            if texts.into_iter().flatten().any(none)
                || s.wrong.iter().any(|w| none(&w.why))
                || s.practice.as_ref().is_some_and(|p| none(&p.advice))
            {
                return Err(err("a text is missing in a language".into()));
            }
            if start.outcome().is_some() {
                return Err(err("the game is over at its start".into()));
            }
            if let Some(p) = &s.practice {
                if !s.play.is_empty() || s.reply.is_some() || !s.wrong.is_empty() {
                    return Err(err("a practice has no scripted move".into()));
                }
                if p.moves == 0 {
                    return Err(err("a practice of no move".into()));
                }
                continue;
            }
            if s.otherwise.is_none() {
                return Err(err("no answer to a wrong move".into()));
            }
            if s.play.is_empty() {
                return Err(err("no move to play".into()));
            }
            let mut accepted = Vec::new();
            for m in &s.play {
                let mv = notation::parse_move(start, m).map_err(|e| err(e.to_string()))?;
                let after = start.play(&mv).map_err(|e| err(e.to_string()))?;
                if let Some(r) = &s.reply {
                    if after.outcome().is_some() {
                        return Err(err(format!("a reply after {m}, which ends the game")));
                    }
                    notation::parse_move(&after, r)
                        .map_err(|e| err(format!("reply after {m}: {e}")))?;
                }
                accepted.push(mv);
            }
            for w in &s.wrong {
                for m in &w.moves {
                    let mv = notation::parse_move(start, m)
                        .map_err(|e| err(format!("wrong move {m}: {e}")))?;
                    if accepted.contains(&mv) {
                        return Err(err(format!("{m} is both right and wrong")));
                    }
                }
            }
        }
        Ok(())
    }
}
