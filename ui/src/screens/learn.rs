//! Learn: the two courses (Turkish Dama's and the Zamma family's, read the first time the
//! screen opens), the lessons done, and one lesson taken on the board (`play::lesson`). The
//! lessons' texts are data in six languages; the screen shows them in the app's language.

use super::{send, send_with, Command, Ctx, Msg as M, Sender};
use crate::board::coords;
use crate::play::lesson::{State, Taking};
use crate::store::LessonProgress;
use crate::{
    AppWindow, DotVm, GameKind, LearnAdapter, LearnState, LessonRowVm, PieceVm, Screen, SpotVm,
};
use dama_core::lesson::Course;
use dama_core::Color;
use slint::{ComponentHandle, ModelRc, VecModel};
use std::rc::Rc;

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
    /// *Start the step again*.
    Restart,
    /// Back to the list.
    ToList,
    /// The pause before the scripted reply is over.
    ReplyDue,
}

/// The screen's state.
pub(crate) struct LearnScreen {
    courses: Option<Vec<Course>>,
    course: usize,
    progress: Option<LessonProgress>,
    /// The lesson open (its index in the course) and its taking.
    taking: Option<(usize, Taking)>,
    spots: Rc<VecModel<SpotVm>>,
    pieces: Rc<VecModel<PieceVm>>,
    /// What a move takes or took: the crosses.
    crosses: Rc<VecModel<DotVm>>,
    /// The board whose lines are drawn (its geometry's size and kind).
    lines_for: Option<(usize, bool)>,
}

impl LearnScreen {
    /// Nothing read yet.
    pub(crate) fn new() -> LearnScreen {
        LearnScreen {
            courses: None,
            course: 0,
            progress: None,
            taking: None,
            spots: Rc::default(),
            pieces: Rc::default(),
            crosses: Rc::default(),
            lines_for: None,
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

    /// Handles a message; returns the screen to show and the save it needs.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut finished = None;
        let mut out = Vec::new();
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
                    let g = t.game().position().geometry();
                    let flipped = t.player() == Color::Black;
                    if let Some((p, at, radius)) =
                        coords::touch(g, i.max(0) as usize, (dx, dy), cell, flipped)
                    {
                        let xy = |q| coords::xy(g, q, flipped);
                        let aimed = t.selection().aimed_at(p, at, radius, xy);
                        t.tap(aimed);
                    }
                }
            }
            Msg::ReplyDue => {
                if let Some((_, t)) = &mut self.taking {
                    t.reply();
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
                        rules: l.rules.join(" · ").into(),
                        done: done.contains(&l.id),
                    })
                    .collect()
            })
            .unwrap_or_default();
        a.set_course(course as i32);
        a.set_done_count(rows.iter().filter(|r| r.done).count() as i32);
        a.set_lessons(ModelRc::new(VecModel::from(rows)));
        a.set_in_lesson(self.taking.is_some());
        let Some((_, t)) = &self.taking else {
            return;
        };
        let l = t.lesson();
        a.set_title(l.title.get(lang).into());
        a.set_rules(l.rules.join(" · ").into());
        let (step, steps) = t.step();
        a.set_step(step as i32);
        a.set_steps(steps as i32);
        a.set_say(t.say().get(lang).into());
        a.set_state(match t.state() {
            State::Task => LearnState::Task,
            State::Wrong => LearnState::Wrong,
            State::Replying => LearnState::Replying,
            State::StepDone => LearnState::StepDone,
            State::Finished => LearnState::Finished,
        });
        let pos = t.game().position();
        let g = pos.geometry();
        // The player's side at the bottom, also while the reply comes.
        let flipped = t.player() == Color::Black;
        a.set_squares(g.kind() == dama_core::BoardKind::Squares8);
        a.set_board_size(g.size() as i32);
        let key = (g.points().len(), flipped);
        if self.lines_for.replace(key) != Some(key) {
            a.set_lines(ModelRc::new(VecModel::from(crate::window::line_vms(
                g, flipped,
            ))));
            a.set_spots(ModelRc::from(self.spots.clone()));
            a.set_pieces(ModelRc::from(self.pieces.clone()));
            a.set_captured_marks(ModelRc::from(self.crosses.clone()));
        }
        let last = t.last_path().filter(|l| l.len() > 1);
        // The selection is the player's while the task is theirs (else the reply's).
        let player = matches!(t.state(), State::Task | State::Wrong);
        let (spots, pieces) = crate::window::selection_board(
            pos,
            flipped,
            t.selection(),
            player,
            last.as_deref(),
            None,
        );
        crate::models::sync(&self.spots, spots);
        crate::models::sync_in_place(&self.pieces, pieces);
        // A huffed man leaves a cross where it stood (R-Z14), as in a game.
        let removing = t.selection().chosen_huff().filter(|_| player);
        let captured = t.selection().routes().1;
        let marks = crate::window::crosses(pos, flipped, captured, removing, t.huffed());
        crate::models::sync(&self.crosses, marks);
        a.set_last_move(crate::window::path_vm(
            last.map(|l| coords::boxed_polyline(g, &l, flipped))
                .unwrap_or_default(),
        ));
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
    a.on_restart(send(tx, move || m(Msg::Restart)));
    a.on_to_list(send(tx, move || m(Msg::ToList)));
    a.on_reply_due(send(tx, move || m(Msg::ReplyDue)));
}
