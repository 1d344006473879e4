//! A lesson being taken, without any UI code: each step's position on the board, the player's
//! taps through the same selection as in a game, the move judged against the step (one it
//! accepts, one with its own answer, or another wrong one, taken back with the step's answer),
//! the scripted reply, and the steps in turn until the lesson is done. A practice step is
//! played against the engine instead ([`Taking::think`], [`Taking::engine_reply`]) until its
//! goal is reached; a failed one shows how it failed, and why, until it is started again.

use super::effect::Advice;
use super::refusal;
use super::selection::{Selection, Tap};
use dama_core::lesson::{Failure, Lesson, Practice, Progress, Text};
use dama_core::{GameRecord, LegalMove, Move, Point, Position, Session};

/// Where the lesson stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The player is to do the step's task.
    Task,
    /// A wrong move was tried and taken back; its answer is shown, and the task stays.
    Wrong,
    /// The task is done (or a practice's move played); the scripted reply comes next
    /// ([`Taking::reply`]), or the engine's is asked for ([`Taking::think`]).
    Replying,
    /// A practice waits for the engine's reply ([`Taking::engine_reply`]).
    Thinking,
    /// A practice's goal can no longer be reached: the board shows how, with why, until the
    /// step is started again ([`Taking::restart_step`]).
    Failed,
    /// The task is done (and the reply played): the next step waits.
    StepDone,
    /// Every step done.
    Finished,
}

/// One lesson being taken.
pub struct Taking {
    lesson: Lesson,
    starts: Vec<Position>,
    step: usize,
    game: Session,
    selection: Selection,
    state: State,
    /// The player's moves in a practice step so far.
    played: u8,
    /// The answer to the last wrong move, or a failed practice's advice.
    why: Option<Text>,
    /// What made the practice fail (while [`State::Failed`]).
    failure: Option<Failure>,
    /// The answer to the last refused tap, and the point it names.
    refusal: Option<(Advice, Option<Point>)>,
}

/// Positions the search after a practice move may look at, at most: it runs on the move's
/// frame, so it stays small (a bigger question is left open: the practice plays on).
const STILL_FORCED_NODES: u64 = 4_000;

fn session(p: &Position) -> Session {
    Session::from_record(GameRecord::from_position(p.clone()))
}

impl Taking {
    /// The lesson at its first step; `None` for a lesson that does not check (the courses are
    /// checked by the core's tests).
    pub fn new(lesson: Lesson) -> Option<Taking> {
        lesson.check().ok()?;
        let starts = lesson.starts().ok()?;
        let game = session(starts.first()?);
        let selection = Selection::new(&game);
        Some(Taking {
            lesson,
            starts,
            step: 0,
            game,
            selection,
            state: State::Task,
            played: 0,
            why: None,
            failure: None,
            refusal: None,
        })
        .inspect(Taking::prepare)
    }

    /// A practice's endgame tables, made off the UI thread ahead of need (the engine defends
    /// from them, and a win let go is told from them).
    fn prepare(&self) {
        if self.practice().is_none() {
            return;
        }
        let start = self.starts[self.step].clone();
        dama_core::tables::prepare(&start);
        if start.rules().family() == dama_core::Family::Turkish
            && dama_core::tables::probe_ready(&start).is_none()
        {
            // The practice's own table (seconds for four pieces), made while the task is
            // read, so that the engine's first reply does not wait for it.
            std::thread::spawn(move || {
                crate::thread_priority::run_below_ui();
                let _ = dama_core::tables::probe(&start);
            });
        }
    }

    /// In a practice, the player's moves left to reach its goal.
    pub fn moves_left(&self) -> Option<u8> {
        self.practice().map(|p| p.moves.saturating_sub(self.played))
    }

    /// The step's practice, when it is one.
    pub fn practice(&self) -> Option<&Practice> {
        self.lesson.steps[self.step].practice.as_ref()
    }

    /// The lesson.
    pub fn lesson(&self) -> &Lesson {
        &self.lesson
    }

    /// The side the player plays (the first step's side to move).
    pub fn player(&self) -> dama_core::Color {
        self.starts[0].side_to_move()
    }

    /// The step being taken (from 0), and how many there are.
    pub fn step(&self) -> (usize, usize) {
        (self.step, self.lesson.steps.len())
    }

    /// The game as it stands.
    pub fn game(&self) -> &Session {
        &self.game
    }

    /// The selection over the position's moves.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// Where the lesson stands.
    pub fn state(&self) -> State {
        self.state
    }

    /// What to say now: the task, the answer to a wrong move, or the step's end.
    pub fn say(&self) -> &Text {
        let s = &self.lesson.steps[self.step];
        match self.state {
            State::Task => &s.task,
            State::Wrong | State::Failed => self
                .why
                .as_ref()
                .or(s.otherwise.as_ref())
                .unwrap_or(&s.task),
            // A practice goes on: its task stays on screen while the engine replies.
            State::Replying | State::Thinking if s.practice.is_some() => &s.task,
            State::Replying | State::Thinking | State::StepDone | State::Finished => &s.done,
        }
    }

    /// What made the practice fail, said before its advice ([`Taking::say`]) while it shows.
    pub fn failure(&self) -> Option<Failure> {
        self.failure.filter(|_| self.state == State::Failed)
    }

    /// The answer to the last refused tap, as the game gives it (a capture due, the rule a
    /// step breaks), and the point it names; `None` once a tap is accepted.
    pub fn refusal(&self) -> Option<(Advice, Option<Point>)> {
        self.refusal
    }

    /// A tap on point `p`.
    pub fn tap(&mut self, p: Point) -> Option<LegalMove> {
        if !matches!(self.state, State::Task | State::Wrong) {
            return None;
        }
        let before = self.selection.selected();
        let tap = self.selection.tap(p);
        let Tap::Play(i) = tap else {
            let pos = self.game.position();
            self.refusal = refusal::refused(&self.selection, pos, before, &tap, p)
                .map(|(why, _)| (why, refusal::named(&self.selection, why)));
            return None;
        };
        self.refusal = None;
        let d = self.game.legal_moves().get(i).cloned()?;
        self.judge(&d);
        Some(d)
    }

    fn judge(&mut self, d: &LegalMove) {
        if self.practice().is_some() {
            let _ = self.game.play(&d.mv);
            self.played += 1;
            self.why = None;
            self.go_on(State::Replying);
            return;
        }
        let step = &self.lesson.steps[self.step];
        let pos = self.game.position();
        let is =
            |text: &String| dama_core::notation::parse_move(pos, text).is_ok_and(|m| m == d.mv);
        if step.play.iter().any(is) {
            let _ = self.game.play(&d.mv);
            self.selection = Selection::new(&self.game);
            self.why = None;
            self.state = if step.reply.is_some() {
                State::Replying
            } else {
                self.after_step()
            };
        } else {
            // Taken back: the answer is shown and the task stays.
            self.why = step
                .wrong
                .iter()
                .find(|w| w.moves.iter().any(is))
                .map(|w| w.why.clone());
            self.state = State::Wrong;
            self.selection = Selection::new(&self.game);
        }
    }

    fn after_step(&self) -> State {
        if self.step + 1 >= self.lesson.steps.len() {
            State::Finished
        } else {
            State::StepDone
        }
    }

    /// A practice after a move: its goal reached, failed (the step starts again, with why),
    /// or `next` (the engine's reply, or the player's turn).
    fn go_on(&mut self, next: State) {
        let Some(p) = self.practice() else {
            return;
        };
        let start = &self.starts[self.step];
        let now = self.game.position();
        let mut progress = p.judge(start, now, self.game.outcome(), self.played);
        // After the player's move, a small search says at once when the opponent can now
        // stop the goal (a new player met silence until the moves ran out).
        let after_mine = now.side_to_move() != start.side_to_move();
        if progress == Progress::On
            && after_mine
            && p.still_forced(start, now, self.played, STILL_FORCED_NODES) == Some(false)
        {
            progress = Progress::Failed(Failure::Stoppable);
        }
        match progress {
            Progress::Reached => self.state = self.after_step(),
            // Left on the board, so that the player sees what went wrong.
            Progress::Failed(failure) => {
                self.why = Some(p.advice.clone());
                self.failure = Some(failure);
                self.state = State::Failed;
            }
            Progress::On => self.state = next,
        }
        self.selection = Selection::new(&self.game);
    }

    /// A practice's pause after the player's move is over: `true` when the engine's reply is
    /// now to be asked for (from [`Taking::game`]).
    pub fn think(&mut self) -> bool {
        let asks = self.state == State::Replying && self.practice().is_some();
        if asks {
            self.state = State::Thinking;
        }
        asks
    }

    /// The engine's reply in a practice, played (a reply that is not legal here, from a
    /// search that outlived its position, is ignored).
    pub fn engine_reply(&mut self, mv: Move) -> Option<LegalMove> {
        if self.state != State::Thinking {
            return None;
        }
        let d = self
            .game
            .legal_moves()
            .iter()
            .find(|d| d.mv == mv)
            .cloned()?;
        let _ = self.game.play(&d.mv);
        self.go_on(State::Task);
        Some(d)
    }

    /// Plays the step's scripted reply.
    pub fn reply(&mut self) -> Option<LegalMove> {
        if self.state != State::Replying || self.practice().is_some() {
            return None;
        }
        let text = self.lesson.steps[self.step].reply.clone()?;
        let d = self.game.find(&text).ok()?;
        let _ = self.game.play(&d.mv);
        self.selection = Selection::new(&self.game);
        self.state = self.after_step();
        Some(d)
    }

    /// On to the next step (its own position, or this one's end).
    pub fn next_step(&mut self) {
        if self.state != State::StepDone {
            return;
        }
        self.step += 1;
        let next = &self.lesson.steps[self.step];
        if next.position.is_some() {
            self.game = session(&self.starts[self.step]);
        }
        self.selection = Selection::new(&self.game);
        self.state = State::Task;
        self.played = 0;
        self.refusal = None;
        self.prepare();
    }

    /// The step again from its start.
    pub fn restart_step(&mut self) {
        self.game = session(&self.starts[self.step]);
        self.selection = Selection::new(&self.game);
        self.state = State::Task;
        self.played = 0;
        self.why = None;
        self.refusal = None;
    }

    /// The point of the piece the last move huffed (removed first, R-Z14), if it did: the
    /// screen crosses it, so that it does not vanish unseen.
    pub fn huffed(&self) -> Option<Point> {
        self.game.record().last_played().and_then(|m| m.huff())
    }

    /// The last move played on the board (its route).
    pub fn last_path(&self) -> Option<Vec<Point>> {
        let i = self.game.record().ply().checked_sub(1)?;
        self.game
            .record()
            .played_move(i)
            .map(|(_, path)| path.to_vec())
    }
}

#[cfg(test)]
#[path = "lesson_tests.rs"]
mod tests;
