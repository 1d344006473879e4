//! Learn: the two courses (Turkish Dama's and the Zamma family's, read the first time the
//! screen opens), the lessons done, and one lesson taken on the board (`play::lesson`). The
//! lessons' texts are data in six languages; the screen shows them in the app's language.

use super::{send, send_with, Command, Ctx, Msg as M, Sender};
use crate::play::ai_worker::{Answer, Job, Search};
use crate::play::lesson::{State, Taking};
use crate::store::LessonProgress;
use crate::window::board::{self, BoardView, Play, Seat, Shown};
use crate::{AppWindow, GameKind, LearnAdapter, LearnState, LessonRowVm, PracticeFailure, Screen};
use dama_core::lesson::{Course, Failure};
use slint::{ComponentHandle, ModelRc, VecModel};

/// What the player does on Learn.
pub(crate) enum Msg {
    /// Learn opened, on the course of this game's family.
    Show(GameKind),
    /// A course chosen (0 Turkish Dama, 1 the Zamma family).
    ChooseCourse(i32),
    /// A lesson of the list opened.
    Open(i32),
    /// A point of the board tapped (index, offset from its centre, cell size).
    Tapped(i32, f32, f32, f32),
    /// *Next step*.
    NextStep,
    /// *Next lesson*.
    NextLesson,
    /// *Play a game*, at the course's end.
    ToGame,
    /// *Start the step again*.
    Restart,
    /// Back to the list.
    ToList,
    /// The pause before the scripted reply is over (in a practice: the engine is asked).
    ReplyDue,
    /// The engine's answer, for a practice.
    Answer(Answer),
}

/// The level that defends in a practice: a top one, which plays endings from the tables.
const PRACTICE_LEVEL: u8 = 7;

/// The screen's state.
pub(crate) struct LearnScreen {
    courses: Option<Vec<Course>>,
    course: usize,
    progress: Option<LessonProgress>,
    /// The lesson open (its index in the course) and its taking.
    taking: Option<(usize, Taking)>,
    board: BoardView,
}

impl LearnScreen {
    /// Nothing read yet.
    pub(crate) fn new() -> LearnScreen {
        LearnScreen {
            courses: None,
            course: 0,
            progress: None,
            taking: None,
            board: BoardView::new(),
        }
    }

    fn courses(&mut self) -> &[Course] {
        // The courses are checked by the core's tests; one that does not read shows no
        // lessons.
        self.courses.get_or_insert_with(|| {
            Course::bundled()
                .iter()
                .filter_map(|t| Course::parse(t).ok())
                .collect()
        })
    }

    fn open(&mut self, i: usize) {
        let course = self.course;
        let lesson = self
            .courses()
            .get(course)
            .and_then(|c| c.lessons.get(i))
            .cloned();
        self.taking = lesson.and_then(Taking::new).map(|t| (i, t));
    }

    /// A practice waits for the engine: the worker's answers are this screen's.
    pub(crate) fn waiting(&self) -> bool {
        self.taking
            .as_ref()
            .is_some_and(|(_, t)| t.state() == State::Thinking)
    }

    /// Handles a message; returns the screen to show and the save it needs.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut finished = None;
        let mut out = Vec::new();
        // Leaving a practice while the engine thinks: its answer is not wanted.
        if self.waiting() && !matches!(msg, Msg::Answer(_) | Msg::Tapped(..)) {
            out.push(Command::StopSearch);
        }
        match msg {
            Msg::Show(game) => {
                // The progress is read the first time the screen opens, not at start-up.
                if self.progress.is_none() {
                    self.progress = Some(cx.store.load_lessons());
                }
                out.push(Command::Navigate(Screen::Learn));
                self.course = usize::from(game != GameKind::Turkish);
                self.taking = None;
            }
            Msg::ChooseCourse(c) => self.course = c.clamp(0, 1) as usize,
            Msg::Open(i) => self.open(i.max(0) as usize),
            Msg::Tapped(i, dx, dy, cell) => {
                if let Some((_, t)) = &mut self.taking {
                    let at = (dx, dy);
                    if let Some(p) =
                        self.board
                            .aim(i.max(0) as usize, at, cell, Some(t.selection()))
                    {
                        t.tap(p);
                    }
                }
            }
            Msg::ReplyDue => {
                if let Some((_, t)) = &mut self.taking {
                    if t.think() {
                        // The top levels' defence: the tables' moves in an ending.
                        let job = Job::Move {
                            level: PRACTICE_LEVEL,
                            seed: crate::play::seed(),
                        };
                        out.push(Command::Search(Box::new(Search::of(job, t.game()))));
                    } else {
                        t.reply();
                    }
                }
            }
            Msg::Answer(answer) => {
                if let (Some((_, t)), Answer::Move(Some(mv))) = (&mut self.taking, answer) {
                    t.engine_reply(mv);
                }
            }
            Msg::NextStep => {
                if let Some((_, t)) = &mut self.taking {
                    t.next_step();
                }
            }
            Msg::Restart => {
                if let Some((_, t)) = &mut self.taking {
                    t.restart_step();
                }
            }
            Msg::NextLesson => {
                let next = self.taking.as_ref().map(|(i, _)| i + 1);
                let course = self.course;
                let count = self.courses().get(course).map_or(0, |c| c.lessons.len());
                match next {
                    Some(n) if n < count => self.open(n),
                    _ => self.taking = None,
                }
            }
            Msg::ToList => self.taking = None,
            Msg::ToGame => {
                self.taking = None;
                out.push(Command::Navigate(Screen::Home));
            }
        }
        if let Some((_, t)) = &self.taking {
            if t.state() == State::Finished {
                finished = Some(t.lesson().id.clone());
            }
        }
        let progress = self.progress.get_or_insert_with(LessonProgress::default);
        let changed = finished.is_some_and(|id| progress.finish(&id));
        let lang = crate::languages::at(cx.settings.language).code;
        self.show(ui, lang);
        if changed {
            out.push(Command::SaveLessons(progress_clone(&self.progress)));
        }
        out
    }

    /// Everything into the window.
    pub(crate) fn show(&mut self, ui: &AppWindow, lang: &str) {
        let a = ui.global::<LearnAdapter>();
        let course = self.course;
        let done = self.progress.clone().unwrap_or_default().done;
        let rows: Vec<LessonRowVm> = self
            .courses()
            .get(course)
            .map(|c| {
                c.lessons
                    .iter()
                    .map(|l| LessonRowVm {
                        title: l.title.get(lang).into(),
                        done: done.contains(&l.id),
                    })
                    .collect()
            })
            .unwrap_or_default();
        a.set_course(course as i32);
        a.set_done_count(rows.iter().filter(|r| r.done).count() as i32);
        let count = rows.len();
        a.set_lessons(ModelRc::new(VecModel::from(rows)));
        a.set_in_lesson(self.taking.is_some());
        let Some((at, t)) = &self.taking else {
            return;
        };
        let l = t.lesson();
        a.set_title(l.title.get(lang).into());
        a.set_course_done(t.state() == State::Finished && at + 1 >= count);
        let (step, steps) = t.step();
        a.set_step(step as i32);
        a.set_steps(steps as i32);
        a.set_moves_left(t.moves_left().map_or(-1, i32::from));
        a.set_failure(match t.failure() {
            None => PracticeFailure::None,
            Some(Failure::UsedUp) => PracticeFailure::UsedUp,
            Some(Failure::Taken) => PracticeFailure::Taken,
            Some(Failure::WinLetGo) => PracticeFailure::WinLetGo,
            Some(Failure::TooSlow) => PracticeFailure::TooSlow,
            Some(Failure::Stoppable) => PracticeFailure::Stoppable,
            Some(Failure::Lost) => PracticeFailure::Lost,
            Some(Failure::Drawn) => PracticeFailure::Drawn,
            Some(Failure::NoMan) => PracticeFailure::NoMan,
        });
        a.set_say(t.say().get(lang).into());
        let (last, white) = crate::window::last_move(t.game().record());
        a.set_last_move(last);
        a.set_last_white(white);
        a.set_state(match t.state() {
            State::Task => LearnState::Task,
            State::Wrong => LearnState::Wrong,
            State::Replying => LearnState::Replying,
            State::Thinking => LearnState::Thinking,
            State::Failed => LearnState::Failed,
            State::StepDone => LearnState::StepDone,
            State::Finished => LearnState::Finished,
        });
        let pos = t.game().position();
        let (why, point) = t
            .refusal()
            .unwrap_or((crate::play::effect::Advice::None, None));
        a.set_refusal(crate::window::advice(why));
        let point = point.map(|p| pos.geometry().label(p).to_string());
        a.set_refusal_point(point.unwrap_or_default().into());
        let last = t.last_path();
        let piece = |p| pos.piece_at(p);
        self.board.show(&Shown {
            geometry: pos.geometry(),
            // The player's side at the bottom, also while the reply comes.
            flipped: board::flipped(Seat::Player(t.player())),
            piece: &piece,
            // The selection is the player's while the task is theirs (else the reply's).
            play: Some(Play::of(
                t.selection(),
                matches!(t.state(), State::Task | State::Wrong),
            )),
            animation: None,
            last: last.as_deref(),
            hint: None,
            // A huffed man leaves a cross where it stood (R-Z14), as in a game.
            crosses: true,
            huffed: t.huffed(),
        });
        a.set_board(self.board.vm());
    }

    /// The lesson open: its id and, for the step, the routes of the moves it accepts as the
    /// labels a player taps (for tests and the platforms' self-tests).
    pub(crate) fn shown(&self) -> Option<(String, Vec<Vec<String>>)> {
        let (_, t) = self.taking.as_ref()?;
        let (step, _) = t.step();
        let pos = t.game().position();
        let g = pos.geometry();
        let routes = t.lesson().steps[step]
            .play
            .iter()
            .filter_map(|m| {
                let d = dama_core::notation::parse_move_detailed(pos, m).ok()?;
                Some(d.path.iter().map(|&q| g.label(q).to_string()).collect())
            })
            .collect();
        Some((t.lesson().id.clone(), routes))
    }
}

fn progress_clone(p: &Option<LessonProgress>) -> Box<LessonProgress> {
    Box::new(p.clone().unwrap_or_default())
}

/// Wires Learn's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let a = ui.global::<LearnAdapter>();
    let m = M::Learn;
    a.on_show_learn(send_with(tx, move |g| m(Msg::Show(g))));
    a.on_choose_course(send_with(tx, move |c| m(Msg::ChooseCourse(c))));
    a.on_open(send_with(tx, move |i| m(Msg::Open(i))));
    let t = tx.clone();
    a.on_tapped(move |i, dx, dy, cell| t(m(Msg::Tapped(i, dx, dy, cell))));
    a.on_next_step(send(tx, move || m(Msg::NextStep)));
    a.on_next_lesson(send(tx, move || m(Msg::NextLesson)));
    a.on_to_game(send(tx, move || m(Msg::ToGame)));
    a.on_restart(send(tx, move || m(Msg::Restart)));
    a.on_to_list(send(tx, move || m(Msg::ToList)));
    a.on_reply_due(send(tx, move || m(Msg::ReplyDue)));
}
