//! The app: wires the Slint window to the core. The game state lives here on the UI thread;
//! the AI runs on a worker thread and hands its move back through the event loop; moves are
//! animated by a timer.

use crate::ai_worker::{AiWorker, Answer};
use crate::animation::Animation;
use crate::controller::Mark;
use crate::flow::{Advice, Effect, Flow};
use crate::models::{self, Models};
use crate::store::{SavedGame, Settings, Setup, Store, LANGUAGES};
use crate::view;
use crate::{
    AppWindow, DotVm, LineVm, Message, MoveRowVm, PieceVm, RouteVm, Screen, SpotMark, SpotVm,
};
use dama_core::{Color, GameRecord, Point, Role, Rules};
use slint::{ComponentHandle, Model, ModelRc, SharedString, Timer, TimerMode, VecModel};
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

thread_local! {
    // Debian's clippy 1.96 (the phone checks) asks for the `const` this initializer has.
    #[allow(clippy::missing_const_for_thread_local)]
    static APP: RefCell<Option<Rc<RefCell<App>>>> = const { RefCell::new(None) };
}

/// The window's side of the app: settings, the saved game, the AI worker, the animation
/// timer and the models. The decisions of play are in [`Flow`].
pub struct App {
    ui: slint::Weak<AppWindow>,
    store: Store,
    settings: Settings,
    /// The game in play and its decisions.
    flow: Flow,
    /// Searches off the UI thread.
    ai: AiWorker,
    /// The game screen's lists, updated row by row.
    models: Models,
    animation: Option<Animation>,
    timer: Timer,
    in_game: bool,
    /// The board and orientation the line models were built for: they change only with
    /// them, not on every frame of a move.
    lines_for: std::cell::Cell<Option<(dama_core::BoardKind, bool)>>,
}

impl App {
    fn new(ui: &AppWindow, store: Store) -> App {
        let settings = store.load_settings();
        // A placeholder until a game starts; its effects (a save) are not carried out.
        let (flow, _) = Flow::new(
            GameRecord::new(Rules::new(dama_core::GameId::Turkish)),
            0,
            Color::White,
        );
        App {
            ui: ui.as_weak(),
            store,
            settings,
            flow,
            ai: AiWorker::new(),
            models: Models::install(ui),
            animation: None,
            timer: Timer::default(),
            in_game: false,
            lines_for: std::cell::Cell::new(None),
        }
    }

    fn with<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
        APP.with(|a| {
            let app = a.borrow().clone()?;
            let mut app = app.borrow_mut();
            Some(f(&mut app))
        })
    }

    fn vs_computer(&self) -> bool {
        self.flow.vs_computer()
    }

    fn human_to_move(&self) -> bool {
        self.flow.human_to_move()
    }

    fn flipped(&self) -> bool {
        if self.vs_computer() {
            self.flow.human() == Color::Black
        } else {
            // The side to move on the board shown: during a move's animation, the mover's
            // (the board turns once the move has arrived).
            self.settings.flip_two_players && self.shown().side_to_move() == Color::Black
        }
    }

    /// Home screen choices into the UI.
    fn show_settings(&self, ui: &AppWindow) {
        let s = &self.settings;
        ui.global::<crate::Theme>().set_dark(s.dark);
        ui.set_anim_speed(s.anim_speed as i32);
        ui.set_language(s.language as i32);
        ui.set_flip_two_players(s.flip_two_players);
        ui.set_show_moves(s.show_moves);
        let st = &s.setup;
        ui.set_game_index(st.game as i32);
        ui.set_opponent(st.opponent as i32);
        ui.set_play_black(st.play_black);
        ui.set_opt_at_end(st.at_end);
        ui.set_opt_lone_draw(st.lone_draw);
        ui.set_opt_capture(st.capture as i32);
        ui.set_opt_no_return(st.no_return);
        ui.set_opt_any_arrival(st.any_arrival);
        ui.set_opt_first_black(st.first_black);
        show_setup_options(ui, st);
        let saved = self.store.load_game();
        ui.set_can_resume(saved.is_some());
        if let Some(g) = saved {
            if let Ok(r) = GameRecord::from_json(&g.record) {
                ui.set_resume_game_index(r.rules().game() as i32);
                let (number, white) = move_number(&r);
                ui.set_resume_move(number);
                ui.set_resume_white_to_move(white);
            }
        }
        select_language(ui, s.language);
    }

    fn read_setup(ui: &AppWindow) -> Setup {
        Setup {
            game: ui.get_game_index().clamp(0, 4) as u8,
            opponent: ui.get_opponent().clamp(0, 8) as u8,
            play_black: ui.get_play_black(),
            at_end: ui.get_opt_at_end(),
            lone_draw: ui.get_opt_lone_draw(),
            capture: ui.get_opt_capture().clamp(0, 2) as u8,
            no_return: ui.get_opt_no_return(),
            any_arrival: ui.get_opt_any_arrival(),
            first_black: ui.get_opt_first_black(),
        }
    }

    fn save_settings(&self) {
        let _ = self.store.save_settings(&self.settings);
    }

    /// Starts a game from the home screen's choices.
    pub fn start_game(&mut self, setup: Setup) {
        self.settings.setup = setup.clone();
        self.save_settings();
        let (game, options) = setup.rules();
        let rules = Rules::with_options(game, &options).unwrap_or_else(|_| Rules::new(game));
        self.begin(
            GameRecord::new(rules),
            setup.opponent,
            if setup.play_black {
                Color::Black
            } else {
                Color::White
            },
        );
    }

    /// Starts playing a record (a new game, a saved one, or a position for tests): opponent
    /// 0 for two players, 1..=8 for the computer's level.
    pub fn begin(&mut self, record: GameRecord, opponent: u8, human: Color) {
        self.ai.stop();
        self.animation = None;
        self.timer.stop();
        // A seed per game, from the clock: the computer varies from game to game.
        let seed = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0);
        let (flow, effects) = Flow::seeded(record, opponent, human, seed);
        self.flow = flow;
        self.in_game = true;
        self.ai.clear();
        if let Some(ui) = self.ui.upgrade() {
            ui.set_dialog(0);
            ui.set_over_dismissed(false);
            ui.set_screen(Screen::Game);
        }
        self.apply(effects);
    }

    /// Continues the saved game.
    pub fn resume(&mut self) {
        let Some(g) = self.store.load_game() else {
            return;
        };
        let Ok(record) = GameRecord::from_json(&g.record) else {
            return;
        };
        let human = if g.human_black {
            Color::Black
        } else {
            Color::White
        };
        self.begin(record, g.opponent, human);
    }

    fn save_game(&self) {
        let game = self.flow.game();
        if game.outcome().is_some() {
            self.store.clear_game();
        } else {
            let _ = self.store.save_game(&SavedGame {
                record: game.record().to_json(),
                opponent: self.flow.opponent(),
                human_black: self.flow.human() == Color::Black,
            });
        }
    }

    /// Carries out what the flow decided, then redraws.
    fn apply(&mut self, effects: Vec<Effect>) {
        for e in effects {
            match e {
                Effect::Animate { before, mv } => {
                    let speed = self.settings.anim_speed;
                    if speed == 0 {
                        let next = self.flow.arrived();
                        self.apply(next);
                        continue;
                    }
                    let per_jump = Duration::from_millis(match speed {
                        1 => 120,
                        2 => 260,
                        _ => 480,
                    });
                    self.animation = Some(Animation::new(*before, &mv, per_jump));
                    self.timer
                        .start(TimerMode::Repeated, Duration::from_millis(16), || {
                            App::with(|app| app.tick());
                        });
                }
                Effect::StopAnimation => {
                    self.animation = None;
                    self.timer.stop();
                }
                Effect::Search(job) => {
                    let game = self.flow.game();
                    let (pos, history) = (game.position().clone(), game.record().history());
                    self.ai.start(job, pos, history, |generation, answer| {
                        let _ = slint::invoke_from_event_loop(move || {
                            App::with(|app| app.ai_done(generation, answer));
                        });
                    });
                }
                Effect::StopSearch => self.ai.stop(),
                Effect::Save => self.save_game(),
                Effect::CloseResult => {
                    if let Some(ui) = self.ui.upgrade() {
                        ui.set_over_dismissed(false);
                    }
                }
            }
        }
        self.refresh();
    }

    /// A tap on a board point.
    pub fn tap(&mut self, label: &str) {
        let Some(p) = self.flow.game().position().geometry().parse_label(label) else {
            return;
        };
        let effects = self.flow.tap(p);
        self.apply(effects);
    }

    fn tick(&mut self) {
        let done = match &self.animation {
            Some(a) => a.elapsed() >= a.length(),
            None => true,
        };
        if done {
            self.timer.stop();
            self.animation = None;
            let next = self.flow.arrived();
            self.apply(next);
        } else {
            self.refresh();
        }
    }

    /// An answer of the worker, back on the UI thread.
    fn ai_done(&mut self, generation: u64, answer: Answer) {
        if !self.ai.finish(generation) {
            return; // a cancelled or outdated search
        }
        let effects = self.flow.answer(answer);
        self.apply(effects);
    }

    /// Takes back the last move (against the computer: the computer's reply too).
    pub fn undo(&mut self) {
        let effects = self.flow.undo();
        self.apply(effects);
    }

    /// Replays what was taken back.
    pub fn redo(&mut self) {
        let effects = self.flow.redo();
        self.apply(effects);
    }

    /// Another game like the one just played: same game, options, opponent and colours.
    pub fn rematch(&mut self) {
        let rules = *self.flow.game().rules();
        self.begin(
            GameRecord::new(rules),
            self.flow.opponent(),
            self.flow.human(),
        );
    }

    /// Shows the engine's suggestion for the player to move.
    pub fn hint(&mut self) {
        let effects = self.flow.ask_hint();
        self.apply(effects);
    }

    /// Against the computer: it accepts when it does not stand better (decided by a short
    /// search on the worker, not on the UI thread).
    pub fn offer_draw(&mut self) {
        let effects = self.flow.offer_draw();
        self.apply(effects);
    }

    /// Both players agree to a draw.
    pub fn accept_draw(&mut self) {
        let effects = self.flow.accept_draw();
        self.apply(effects);
    }

    /// The player to move (against the computer: the human) resigns.
    pub fn resign(&mut self) {
        let effects = self.flow.resign();
        self.apply(effects);
    }

    /// Back to the home screen; a running search is cancelled, the game stays saved.
    pub fn leave(&mut self) {
        let effects = self.flow.pause();
        self.apply(effects);
        self.in_game = false;
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Home);
            self.show_settings(&ui);
        }
    }

    /// The settings screen changed something.
    pub fn settings_changed(&mut self, ui: &AppWindow) {
        self.settings.dark = ui.global::<crate::Theme>().get_dark();
        self.settings.anim_speed = ui.get_anim_speed().clamp(0, 3) as u8;
        self.settings.language = ui.get_language().clamp(0, 5) as u8;
        self.settings.flip_two_players = ui.get_flip_two_players();
        self.settings.show_moves = ui.get_show_moves();
        select_language(ui, self.settings.language);
        self.save_settings();
        if self.in_game {
            self.refresh();
        }
    }

    /// The position on the board: during a move's animation, the one before it.
    fn shown(&self) -> &dama_core::Position {
        match &self.animation {
            Some(a) => &a.before,
            None => self.flow.game().position(),
        }
    }

    /// Pushes the whole state into the window.
    pub fn refresh(&self) {
        let Some(ui) = self.ui.upgrade() else { return };
        let pos = self.shown();
        let g = pos.geometry();
        let flipped = self.flipped();
        let xy = |p: Point| view::xy(g, p, flipped);
        ui.set_playing_game(self.flow.game().rules().game() as i32);
        ui.set_squares(g.kind() == dama_core::BoardKind::Squares8);
        ui.set_board_size(g.size() as i32);
        if self.lines_for.replace(Some((g.kind(), flipped))) != Some((g.kind(), flipped)) {
            let (lines, diagonals): (Vec<_>, Vec<_>) = view::segments(g, flipped)
                .into_iter()
                .map(|s| LineVm {
                    x: s.x,
                    y: s.y,
                    w: s.w,
                    h: s.h,
                    rising: s.rising,
                })
                .partition(|l| l.w == 0.0 || l.h == 0.0);
            models::sync(&self.models.lines, lines);
            models::sync(&self.models.diagonals, diagonals);
        }

        // Points with their marks.
        let ctl = self.flow.controller();
        let marks = ctl.marks();
        let huffs = ctl.huff_choices();
        let hint_ends: Vec<Point> = self
            .flow
            .hint()
            .map(|h| vec![h[0], h[h.len() - 1]])
            .unwrap_or_default();
        let last_ends: Vec<Point> = match (&self.animation, self.flow.last_move()) {
            (None, Some(l)) if l.len() > 1 => vec![l[0], l[l.len() - 1]],
            _ => Vec::new(),
        };
        let spots: Vec<SpotVm> = g
            .points()
            .iter()
            .map(|&p| {
                let (x, y) = xy(p);
                let mark = if huffs.contains(&p) && self.human_to_move() {
                    SpotMark::Liable
                } else {
                    match marks.iter().find(|(q, _)| *q == p) {
                        Some((_, Mark::Destination)) => SpotMark::Destination,
                        Some((_, Mark::Landing)) => SpotMark::Landing,
                        Some((_, Mark::Target)) => SpotMark::ChosenEnd,
                        None if hint_ends.contains(&p) => SpotMark::Hint,
                        None => SpotMark::None,
                    }
                };
                let (file_label, rank_label) = view::edge_labels(g, p, flipped);
                SpotVm {
                    x,
                    y,
                    label: g.label(p).into(),
                    mark,
                    last: last_ends.contains(&p),
                    file_label: file_label.into(),
                    rank_label: rank_label.into(),
                }
            })
            .collect();
        models::sync(&self.models.spots, spots);

        // Pieces, with the animation's moving piece and vanishing captures.
        let selected = ctl.selected();
        let must = ctl.must_capture();
        // With "show moves" on, the player's movable pieces and optional captures are marked.
        let show = self.settings.show_moves
            && self.animation.is_none()
            && selected.is_none()
            && self.human_to_move()
            && !self.flow.computer_thinking();
        let (movable, capturers) = if show {
            (ctl.movable(), ctl.capturers())
        } else {
            (Vec::new(), Vec::new())
        };
        let frame = self.animation.as_ref().map(|a| a.frame_at(a.elapsed(), xy));
        let moving = frame.as_ref().map(|f| f.moving);
        let (gone, fading) = frame.map(|f| (f.gone, f.fading)).unwrap_or_default();
        let mut mover = None;
        let pieces: Vec<PieceVm> = g
            .points()
            .iter()
            .filter_map(|&p| {
                let pc = pos.piece_at(p)?;
                if gone.contains(&p) {
                    return None;
                }
                let (x, y) = xy(p);
                let travelling = moving.is_some_and(|(from, _, _)| from == p);
                Some(PieceVm {
                    x,
                    y,
                    travelling,
                    white: pc.color == Color::White,
                    king: pc.role == Role::King,
                    selected: selected == Some(p),
                    // No ring on a piece while it travels.
                    must: self.animation.is_none() && selected.is_none() && must.contains(&p),
                    liable: huffs.contains(&p)
                        || (self.human_to_move() && ctl.chosen_huff() == Some(p)),
                    captured: fading.contains(&p),
                    movable: movable.contains(&p),
                    can_capture: capturers.contains(&p) && !must.contains(&p),
                })
                .inspect(|vm| {
                    if let (true, Some((_, mx, my))) = (travelling, moving) {
                        mover = Some(PieceVm {
                            x: mx,
                            y: my,
                            travelling: false,
                            ..vm.clone()
                        });
                    }
                })
            })
            .collect();
        models::sync(&self.models.pieces, pieces);
        let gm = ui.global::<crate::GameModels>();
        gm.set_has_mover(mover.is_some());
        if let Some(m) = mover {
            gm.set_mover(m);
        }

        // Candidate capture routes of the selected piece, the route being built.
        let (routes, captured) = ctl.routes();
        let built = ctl.route_so_far();
        let mut route_vms: Vec<RouteVm> = routes
            .iter()
            .map(|r| RouteVm {
                commands: view::polyline(g, r, flipped).into(),
                active: false,
            })
            .collect();
        if built.len() > 1 {
            route_vms.push(RouteVm {
                commands: view::polyline(g, &built, flipped).into(),
                active: true,
            });
        }
        models::sync(&self.models.routes, route_vms);
        // The crosses: what the selected route takes, else (once the move has arrived) the
        // point of a piece the last move huffed (R-Z14), so it does not vanish unseen.
        let huffed = self.flow.huffed().filter(|_| self.animation.is_none());
        let marks: Vec<DotVm> = if captured.is_empty() {
            huffed.into_iter().collect()
        } else {
            captured
        }
        .iter()
        .map(|&p| {
            let (x, y) = xy(p);
            DotVm { x, y }
        })
        .collect();
        models::sync(&self.models.captured_marks, marks);
        let last = match (&self.animation, self.flow.last_move()) {
            (None, Some(l)) => view::polyline(g, l, flipped),
            _ => String::new(),
        };
        ui.set_last_move(last.into());
        ui.set_hint_path(
            self.flow
                .hint()
                .map(|h| view::polyline(g, h, flipped))
                .unwrap_or_default()
                .into(),
        );

        // Status, result, move list.
        let cur = self.flow.game().position();
        ui.set_white_to_move(cur.side_to_move() == Color::White);
        ui.set_thinking(self.flow.computer_thinking());
        ui.set_animating(self.animation.is_some());
        ui.set_vs_computer(self.vs_computer());
        ui.set_human_side(
            if self.vs_computer() {
                self.flow.human().name()
            } else {
                ""
            }
            .into(),
        );
        ui.set_human_to_move(self.human_to_move() && !self.flow.computer_thinking());
        ui.set_message(message(self.flow.advice()));
        let outcome = if self.animation.is_none() {
            self.flow.game().outcome()
        } else {
            None
        };
        ui.set_game_over(outcome.is_some());
        ui.set_result_winner(
            outcome
                .and_then(|o| o.winner())
                .map(|c| c.name())
                .unwrap_or("")
                .into(),
        );
        ui.set_result_reason(outcome.map(|o| o.reason().code()).unwrap_or("").into());
        ui.set_can_undo(self.flow.game().record().can_undo());
        ui.set_can_redo(self.flow.game().record().can_redo());
        let options: Vec<SharedString> = self
            .flow
            .game()
            .rules()
            .options()
            .into_iter()
            .map(SharedString::from)
            .collect();
        ui.set_options_in_force(ModelRc::new(VecModel::from(options)));
        ui.set_playing_capture(capture_index(self.flow.game().rules().capture()));
        models::sync(&self.models.move_rows, self.move_rows());
    }

    fn move_rows(&self) -> Vec<MoveRowVm> {
        let moves = self.flow.game().record().moves();
        let mut rows = Vec::new();
        let black_first = self.flow.game().record().start().side_to_move() == Color::Black;
        let mut i = 0;
        let mut number = 1;
        if black_first && !moves.is_empty() {
            rows.push(MoveRowVm {
                number,
                white: "…".into(),
                black: moves[0].into(),
            });
            i = 1;
            number += 1;
        }
        while i < moves.len() {
            rows.push(MoveRowVm {
                number,
                white: moves[i].into(),
                black: moves.get(i + 1).copied().unwrap_or("").into(),
            });
            i += 2;
            number += 1;
        }
        rows
    }

    /// Sets the animation speed (0 off … 3 slow).
    pub fn set_anim_speed(&mut self, speed: u8) {
        self.settings.anim_speed = speed.min(3);
    }

    /// The record (for tests and the platform layers).
    pub fn record(&self) -> &GameRecord {
        self.flow.game().record()
    }

    /// `true` while the AI searches for its move.
    pub fn is_thinking(&self) -> bool {
        self.ai.running().is_some()
    }

    /// `true` while a move is animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }
}

/// Right-to-left languages: the layout is mirrored for them.
const RTL: [&str; 1] = ["ar"];

/// The advice of the flow as the window's message.
fn message(a: Advice) -> Message {
    match a {
        Advice::None => Message::None,
        Advice::ChooseRoute => Message::ChooseRoute,
        Advice::ContinueRoute => Message::ContinueRoute,
        Advice::NextLanding => Message::NextLanding,
        Advice::ChooseHuff => Message::ChooseHuff,
        Advice::MustCapture => Message::MustCapture,
        Advice::DrawDeclined => Message::DrawDeclined,
        Advice::Hint => Message::Hint,
        Advice::Huffed => Message::Huffed,
    }
}

/// Translates the UI and mirrors it for a right-to-left language.
fn select_language(ui: &AppWindow, index: u8) {
    let code = LANGUAGES[(index as usize).min(LANGUAGES.len() - 1)];
    let _ = slint::select_bundled_translation(code);
    ui.global::<crate::Theme>().set_rtl(RTL.contains(&code));
}

/// Builds the window, restores settings and wires every callback. The window is returned
/// unshown (the caller runs it, or a test drives it).
pub fn create(store: Store) -> Result<AppWindow, slint::PlatformError> {
    let ui = AppWindow::new()?;
    let app = Rc::new(RefCell::new(App::new(&ui, store)));
    APP.with(|a| *a.borrow_mut() = Some(app.clone()));
    app.borrow().show_settings(&ui);
    // The app opens where the player left: in the unfinished game, if there is one.
    let saved = app.borrow().store.load_game().is_some();
    if saved {
        app.borrow_mut().resume();
    }

    let w = ui.as_weak();
    ui.on_start_game(move || {
        let Some(ui) = w.upgrade() else { return };
        let setup = App::read_setup(&ui);
        App::with(|a| a.start_game(setup));
    });
    ui.on_resume_game(|| {
        App::with(|a| a.resume());
    });
    let w = ui.as_weak();
    ui.on_setup_changed(move || {
        let Some(ui) = w.upgrade() else { return };
        let setup = App::read_setup(&ui);
        show_setup_options(&ui, &setup);
        App::with(|a| {
            a.settings.setup = setup;
            a.save_settings();
        });
    });
    ui.on_tapped(|label| {
        App::with(|a| a.tap(&label));
    });
    ui.on_undo(|| {
        App::with(|a| a.undo());
    });
    ui.on_redo(|| {
        App::with(|a| a.redo());
    });
    ui.on_hint(|| {
        App::with(|a| a.hint());
    });
    ui.on_offer_draw(|| {
        App::with(|a| a.offer_draw());
    });
    ui.on_accept_draw(|| {
        App::with(|a| a.accept_draw());
    });
    ui.on_resign(|| {
        App::with(|a| a.resign());
    });
    ui.on_new_game(|| {
        App::with(|a| a.rematch());
    });
    ui.on_leave_game(|| {
        App::with(|a| a.leave());
    });
    let w = ui.as_weak();
    ui.on_settings_changed(move || {
        let Some(ui) = w.upgrade() else { return };
        App::with(|a| a.settings_changed(&ui));
    });
    Ok(ui)
}

/// Runs `f` with the app (tests and platform glue).
pub fn with_app<R>(f: impl FnOnce(&mut App) -> R) -> Option<R> {
    App::with(f)
}

/// Number of pieces the window currently shows (tests).
pub fn shown_pieces(ui: &AppWindow) -> usize {
    ui.global::<crate::GameModels>().get_pieces().row_count()
}

/// The capture rule as the rules text shows it (0 free, 1 compulsory, 2 huffing).
fn capture_index(c: dama_core::CaptureRule) -> i32 {
    match c {
        dama_core::CaptureRule::Free => 0,
        dama_core::CaptureRule::Compulsory => 1,
        dama_core::CaptureRule::Huffing => 2,
    }
}

/// The options chosen on Home, for the rules screen opened from there.
fn show_setup_options(ui: &AppWindow, setup: &Setup) {
    let options: Vec<SharedString> = setup.rules().1.into_iter().map(Into::into).collect();
    ui.set_setup_options_in_force(ModelRc::new(VecModel::from(options)));
}

/// The number of the move to be played next (a move is White's ply and Black's reply, so a
/// game Black began starts with Black's half of move 1), and whether White plays it.
pub fn move_number(r: &GameRecord) -> (i32, bool) {
    let black_first = r.start().side_to_move() == Color::Black;
    let plies = r.ply() as i32 + i32::from(black_first);
    (plies / 2 + 1, r.current().side_to_move() == Color::White)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_resume_card_counts_moves_from_whoever_began() {
        // White begins: after one ply it is Black's half of move 1.
        let mut r = GameRecord::new(Rules::new(dama_core::GameId::Turkish));
        assert_eq!(move_number(&r), (1, true));
        r.play_notation("d3-d4").unwrap();
        assert_eq!(move_number(&r), (1, false));
        // R-Z4 first=black: Black's first ply is move 1, White's reply opens move 2.
        let rules = Rules::parse("zamma", &["first=black"]).unwrap();
        let mut r = GameRecord::new(rules);
        assert_eq!(move_number(&r), (1, false));
        let m = r.current().legal_moves_detailed()[0].notation.clone();
        r.play_notation(&m).unwrap();
        assert_eq!(move_number(&r), (2, true));
    }
}
