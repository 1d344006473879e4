//! The app: wires the Slint window to the core. The state lives in one [`App`] behind an
//! `Rc` on the UI thread, owned by the [`AppHandle`] that [`create`] returns; the window's
//! callbacks (one adapter global per screen), the animation timer and the AI worker's
//! wake-up reach it through weak references, so nothing else keeps it alive. The AI runs on
//! its worker thread, saves on the saver's; moves are animated by a timer that updates only
//! the pieces.

use crate::ai_worker::{AiWorker, Answer, Root};
use crate::animation::Animation;
use crate::controller::Mark;
use crate::flow::{Advice, Effect, Flow};
use crate::models::{self, Models};
use crate::store::{SavedGame, Saver, Settings, Setup, Store, LANGUAGES};
use crate::view;
use crate::{
    AnimationSpeed, AppWindow, CaptureKind, DotVm, EndReason, GameAdapter, GameKind, GameModels,
    HomeAdapter, Language, LineVm, Message, MoveRowVm, OptionVm, PieceVm, RouteVm, RuleOptionKind,
    Screen, SettingsAdapter, SpotMark, SpotVm, Theme, Winner,
};
use dama_core::rules::{options_of, RuleOption};
use dama_core::{CaptureRule, Color, Family, GameId, GameRecord, Point, Reason, Role, Rules};
use slint::{ComponentHandle, ModelRc, SharedString, Timer, TimerMode, VecModel};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use std::sync::mpsc;
use std::time::Duration;

/// What the window shows: Home (with the settings and rules reached from it), or a game.
enum Mode {
    Home,
    Game(Box<Flow>),
}

/// The unfinished game as last saved: the Home card and Resume read it from memory, not
/// from the file the saver may still be writing.
struct Unfinished {
    saved: SavedGame,
    record: GameRecord,
}

/// The app's state: settings, the unfinished game, the game in play, the AI worker, the
/// animation and the models. The decisions of play are in [`Flow`].
pub struct App {
    me: Weak<RefCell<App>>,
    ui: slint::Weak<AppWindow>,
    saver: Saver,
    settings: Settings,
    unfinished: Option<Unfinished>,
    mode: Mode,
    /// Searches off the UI thread; its answers wait in `answers`.
    ai: AiWorker,
    answers: mpsc::Receiver<(u64, Answer)>,
    /// The game screen's lists, updated row by row.
    models: Models,
    animation: Option<Animation>,
    timer: Timer,
    /// The board and orientation the line models were built for: they change only with
    /// them, not on every frame of a move.
    lines_for: Cell<Option<(dama_core::BoardKind, bool)>>,
}

impl App {
    fn flow(&self) -> Option<&Flow> {
        match &self.mode {
            Mode::Game(f) => Some(f),
            Mode::Home => None,
        }
    }

    /// Runs a decision of the game in play and carries out its effects.
    fn play(&mut self, decide: impl FnOnce(&mut Flow) -> Vec<Effect>) {
        let Mode::Game(flow) = &mut self.mode else {
            return;
        };
        let effects = decide(flow);
        self.apply(effects);
    }

    fn flipped(&self, flow: &Flow) -> bool {
        if flow.vs_computer() {
            flow.human() == Color::Black
        } else {
            // The side to move on the board shown: during a move's animation, the mover's
            // (the board turns once the move has arrived).
            self.settings.flip_two_players && self.shown(flow).side_to_move() == Color::Black
        }
    }

    /// Home screen choices and settings into the window.
    fn show_settings(&self, ui: &AppWindow) {
        let s = &self.settings;
        ui.global::<Theme>().set_dark(s.dark);
        let set = ui.global::<SettingsAdapter>();
        set.set_anim_speed(animation_speed(s.anim_speed));
        set.set_language(language(s.language));
        set.set_flip_two_players(s.flip_two_players);
        set.set_show_moves(s.show_moves);
        let home = ui.global::<HomeAdapter>();
        let st = &s.setup;
        home.set_game(game_kind(st.game));
        home.set_opponent(st.opponent as i32);
        home.set_play_black(st.play_black);
        show_options(ui, &st.rules());
        self.show_unfinished(ui);
        select_language(ui, s.language);
    }

    /// The Home card of the unfinished game.
    fn show_unfinished(&self, ui: &AppWindow) {
        let home = ui.global::<HomeAdapter>();
        home.set_can_resume(self.unfinished.is_some());
        if let Some(u) = &self.unfinished {
            home.set_resume_game(game_kind(u.record.rules().game()));
            let (number, white) = move_number(&u.record);
            home.set_resume_move(number);
            home.set_resume_white_to_move(white);
        }
    }

    /// Home's game, opponent and colour as the window has them, and the options chosen.
    fn read_setup(&self, ui: &AppWindow) -> Setup {
        let home = ui.global::<HomeAdapter>();
        Setup {
            game: game_id(home.get_game()),
            opponent: home.get_opponent().clamp(0, 8) as u8,
            play_black: home.get_play_black(),
            options: self.settings.setup.options,
        }
    }

    /// Home's game, opponent or colour changed: kept, and the game's options shown.
    fn setup_changed(&mut self, ui: &AppWindow) {
        self.settings.setup = self.read_setup(ui);
        show_options(ui, &self.settings.setup.rules());
        self.saver.settings(&self.settings);
    }

    /// Home's option in `row` set to the table's value `value` (the other family's choices
    /// are kept for when the player goes back to it).
    fn choose_option(&mut self, ui: &AppWindow, row: usize, value: usize) {
        let setup = &mut self.settings.setup;
        let mut rules = setup.rules();
        let Some(option) = home_options(setup.game).nth(row) else {
            return;
        };
        if option.apply(&mut rules, value).is_err() {
            return;
        }
        setup.options = setup.options.updated_from(&rules);
        show_options(ui, &rules);
        self.saver.settings(&self.settings);
    }

    /// Starts a game from the home screen's choices.
    pub fn start_game(&mut self, setup: Setup) {
        self.settings.setup = setup.clone();
        self.saver.settings(&self.settings);
        let human = if setup.play_black {
            Color::Black
        } else {
            Color::White
        };
        self.begin(GameRecord::new(setup.rules()), setup.opponent, human);
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
        self.mode = Mode::Game(Box::new(flow));
        self.ai.clear();
        if let Some(ui) = self.ui.upgrade() {
            let game = ui.global::<GameAdapter>();
            game.set_dialog(crate::Dialog::None);
            game.set_over_dismissed(false);
            ui.set_screen(Screen::Game);
        }
        self.apply(effects);
    }

    /// Continues the unfinished game.
    pub fn resume(&mut self) {
        let Some(u) = &self.unfinished else {
            return;
        };
        let human = if u.saved.human_black {
            Color::Black
        } else {
            Color::White
        };
        let (record, opponent) = (u.record.clone(), u.saved.opponent);
        self.begin(record, opponent, human);
    }

    fn save_game(&mut self) {
        let Some(flow) = self.flow() else { return };
        let game = flow.game();
        let unfinished = game.outcome().is_none().then(|| Unfinished {
            saved: SavedGame {
                record: game.record().to_json(),
                opponent: flow.opponent(),
                human_black: flow.human() == Color::Black,
            },
            record: game.record().clone(),
        });
        self.saver
            .game(unfinished.as_ref().map(|u| u.saved.clone()));
        self.unfinished = unfinished;
    }

    /// Carries out what the flow decided, then redraws.
    fn apply(&mut self, effects: Vec<Effect>) {
        for e in effects {
            match e {
                Effect::Animate { before, mv } => {
                    let speed = self.settings.anim_speed;
                    if speed == 0 {
                        self.play(|f| f.arrived());
                        continue;
                    }
                    let per_jump = Duration::from_millis(match speed {
                        1 => 120,
                        2 => 260,
                        _ => 480,
                    });
                    self.animation = Some(Animation::new(*before, &mv, per_jump));
                    let me = self.me.clone();
                    self.timer
                        .start(TimerMode::Repeated, Duration::from_millis(16), move || {
                            if let Some(app) = me.upgrade() {
                                app.borrow_mut().tick();
                            }
                        });
                }
                Effect::StopAnimation => {
                    self.animation = None;
                    self.timer.stop();
                }
                Effect::Search(job) => {
                    if let Some(flow) = self.flow() {
                        self.ai.start(job, Root::of(flow.game()));
                    }
                }
                Effect::StopSearch => self.ai.stop(),
                Effect::Save => self.save_game(),
                Effect::ShowResultCard => {
                    if let Some(ui) = self.ui.upgrade() {
                        ui.global::<GameAdapter>().set_over_dismissed(false);
                    }
                }
            }
        }
        self.refresh();
    }

    /// A tap on the board point at `index` of the spots.
    pub fn tap(&mut self, index: usize) {
        let Some(flow) = self.flow() else { return };
        let g = flow.game().position().geometry();
        let Some(&p) = g.points().get(index) else {
            return;
        };
        self.play(|f| f.tap(p));
    }

    fn tick(&mut self) {
        let done = match &self.animation {
            Some(a) => a.elapsed() >= a.length(),
            None => true,
        };
        if done {
            self.timer.stop();
            self.animation = None;
            self.play(|f| f.arrived());
        } else if let (Some(ui), Some(flow)) = (self.ui.upgrade(), self.flow()) {
            // A frame of the move: only the pieces change.
            self.show_pieces(&ui, flow);
        }
    }

    /// The worker's answers, back on the UI thread.
    fn take_answers(&mut self) {
        while let Ok((generation, answer)) = self.answers.try_recv() {
            if self.ai.finish(generation) {
                self.play(|f| f.answer(answer));
            }
            // Otherwise a cancelled or outdated search: dropped.
        }
    }

    /// Takes back the last move (against the computer: the computer's reply too).
    pub fn undo(&mut self) {
        self.play(Flow::undo);
    }

    /// Replays what was taken back.
    pub fn redo(&mut self) {
        self.play(Flow::redo);
    }

    /// Another game like the one just played: same game, options, opponent and colours.
    pub fn rematch(&mut self) {
        let Some(flow) = self.flow() else { return };
        let (rules, opponent, human) = (*flow.game().rules(), flow.opponent(), flow.human());
        self.begin(GameRecord::new(rules), opponent, human);
    }

    /// Shows the engine's suggestion for the player to move.
    pub fn hint(&mut self) {
        self.play(Flow::ask_hint);
    }

    /// Against the computer: it accepts when it does not stand better (decided by a short
    /// search on the worker, not on the UI thread).
    pub fn offer_draw(&mut self) {
        self.play(Flow::offer_draw);
    }

    /// Both players agree to a draw.
    pub fn accept_draw(&mut self) {
        self.play(Flow::accept_draw);
    }

    /// The player to move (against the computer: the human) resigns.
    pub fn resign(&mut self) {
        self.play(Flow::resign);
    }

    /// Back to the home screen; a running search is cancelled, the game stays saved.
    pub fn leave(&mut self) {
        self.play(Flow::pause);
        self.animation = None;
        self.timer.stop();
        self.mode = Mode::Home;
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Home);
            self.show_settings(&ui);
        }
    }

    /// The settings screen changed something.
    fn settings_changed(&mut self, ui: &AppWindow) {
        let set = ui.global::<SettingsAdapter>();
        self.settings.dark = ui.global::<Theme>().get_dark();
        self.settings.anim_speed = speed_index(set.get_anim_speed());
        self.settings.language = language_index(set.get_language());
        self.settings.flip_two_players = set.get_flip_two_players();
        self.settings.show_moves = set.get_show_moves();
        select_language(ui, self.settings.language);
        self.saver.settings(&self.settings);
        self.refresh();
    }

    /// The position on the board: during a move's animation, the one before it.
    fn shown<'a>(&'a self, flow: &'a Flow) -> &'a dama_core::Position {
        match &self.animation {
            Some(a) => &a.before,
            None => flow.game().position(),
        }
    }

    /// Pushes the game's state into the window (nothing on Home).
    fn refresh(&self) {
        let (Some(ui), Some(flow)) = (self.ui.upgrade(), self.flow()) else {
            return;
        };
        self.show_board(&ui, flow);
        self.show_spots(flow);
        self.show_pieces(&ui, flow);
        self.show_routes(&ui, flow);
        self.show_status(&ui, flow);
    }

    /// The board's kind, size and lines (rebuilt only when the board or its turn changes).
    fn show_board(&self, ui: &AppWindow, flow: &Flow) {
        let g = self.shown(flow).geometry();
        let flipped = self.flipped(flow);
        let game = ui.global::<GameAdapter>();
        game.set_game(game_kind(flow.game().rules().game()));
        game.set_squares(g.kind() == dama_core::BoardKind::Squares8);
        game.set_board_size(g.size() as i32);
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
    }

    /// The points with their marks: destinations, landings, hint, last move.
    fn show_spots(&self, flow: &Flow) {
        let g = self.shown(flow).geometry();
        let flipped = self.flipped(flow);
        let ctl = flow.controller();
        let marks = ctl.marks();
        let huffs = ctl.huff_choices();
        let hint_ends: Vec<Point> = flow
            .hint()
            .map(|h| vec![h[0], h[h.len() - 1]])
            .unwrap_or_default();
        let last_ends: Vec<Point> = match (&self.animation, flow.last_move()) {
            (None, Some(l)) if l.len() > 1 => vec![l[0], l[l.len() - 1]],
            _ => Vec::new(),
        };
        let spots: Vec<SpotVm> = g
            .points()
            .iter()
            .map(|&p| {
                let (x, y) = view::xy(g, p, flipped);
                let mark = if huffs.contains(&p) && flow.human_to_move() {
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
    }

    /// The pieces, with the animation's moving piece and vanishing captures: the only part
    /// an animation frame redraws.
    fn show_pieces(&self, ui: &AppWindow, flow: &Flow) {
        let pos = self.shown(flow);
        let g = pos.geometry();
        let flipped = self.flipped(flow);
        let xy = |p: Point| view::xy(g, p, flipped);
        let ctl = flow.controller();
        let huffs = ctl.huff_choices();
        let selected = ctl.selected();
        let must = ctl.must_capture();
        // With "show moves" on, the player's movable pieces and optional captures are marked.
        let show = self.settings.show_moves
            && self.animation.is_none()
            && selected.is_none()
            && flow.human_to_move()
            && !flow.computer_thinking();
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
                        || (flow.human_to_move() && ctl.chosen_huff() == Some(p)),
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
        let gm = ui.global::<GameModels>();
        gm.set_has_mover(mover.is_some());
        if let Some(m) = mover {
            gm.set_mover(m);
        }
    }

    /// Candidate capture routes, the route being built, the crosses, the last move and the
    /// hint.
    fn show_routes(&self, ui: &AppWindow, flow: &Flow) {
        let g = self.shown(flow).geometry();
        let flipped = self.flipped(flow);
        let ctl = flow.controller();
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
        let huffed = flow.huffed().filter(|_| self.animation.is_none());
        let marks: Vec<DotVm> = if captured.is_empty() {
            huffed.into_iter().collect()
        } else {
            captured
        }
        .iter()
        .map(|&p| {
            let (x, y) = view::xy(g, p, flipped);
            DotVm { x, y }
        })
        .collect();
        models::sync(&self.models.captured_marks, marks);
        let game = ui.global::<GameAdapter>();
        let last = match (&self.animation, flow.last_move()) {
            (None, Some(l)) => view::polyline(g, l, flipped),
            _ => String::new(),
        };
        game.set_last_move(last.into());
        game.set_hint_path(
            flow.hint()
                .map(|h| view::polyline(g, h, flipped))
                .unwrap_or_default()
                .into(),
        );
    }

    /// Whose turn, the advice, the result, undo/redo, the options and the move list.
    fn show_status(&self, ui: &AppWindow, flow: &Flow) {
        let game = ui.global::<GameAdapter>();
        let session = flow.game();
        game.set_white_to_move(session.position().side_to_move() == Color::White);
        game.set_thinking(flow.computer_thinking());
        game.set_animating(self.animation.is_some());
        game.set_vs_computer(flow.vs_computer());
        game.set_human_side(if flow.vs_computer() {
            winner(Some(flow.human()))
        } else {
            Winner::None
        });
        game.set_human_to_move(flow.human_to_move() && !flow.computer_thinking());
        game.set_message(message(flow.advice()));
        let outcome = session.outcome().filter(|_| self.animation.is_none());
        game.set_game_over(outcome.is_some());
        game.set_winner(winner(outcome.and_then(|o| o.winner())));
        game.set_reason(end_reason(outcome.map(|o| o.reason())));
        game.set_can_undo(session.record().can_undo());
        game.set_can_redo(session.record().can_redo());
        game.set_options_in_force(strings(session.rules().options()));
        game.set_capture(capture_kind(session.rules().capture()));
        models::sync(&self.models.move_rows, move_rows(session.record()));
    }

    /// Sets the animation speed (0 off … 3 slow).
    pub fn set_anim_speed(&mut self, speed: u8) {
        self.settings.anim_speed = speed.min(3);
    }

    /// The record of the game in play (for tests and the platform layers).
    pub fn record(&self) -> Option<&GameRecord> {
        self.flow().map(|f| f.game().record())
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

/// The move list in rows of White's and Black's move.
fn move_rows(record: &GameRecord) -> Vec<MoveRowVm> {
    let moves = record.moves();
    let mut rows = Vec::new();
    let black_first = record.start().side_to_move() == Color::Black;
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

fn strings(v: Vec<String>) -> ModelRc<SharedString> {
    let v: Vec<SharedString> = v.into_iter().map(SharedString::from).collect();
    ModelRc::new(VecModel::from(v))
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

/// The game as the window names it.
pub fn game_kind(g: GameId) -> GameKind {
    match g {
        GameId::Turkish => GameKind::Turkish,
        GameId::Zamma => GameKind::Zamma,
        GameId::Damma => GameKind::Damma,
        GameId::Fetaix => GameKind::Fetaix,
        GameId::Kharbaga => GameKind::Kharbaga,
    }
}

/// The game the window names.
pub fn game_id(g: GameKind) -> GameId {
    match g {
        GameKind::Turkish => GameId::Turkish,
        GameKind::Zamma => GameId::Zamma,
        GameKind::Damma => GameId::Damma,
        GameKind::Fetaix => GameId::Fetaix,
        GameKind::Kharbaga => GameId::Kharbaga,
    }
}

/// The capture rule as the window names it.
pub fn capture_kind(c: CaptureRule) -> CaptureKind {
    match c {
        CaptureRule::Free => CaptureKind::Free,
        CaptureRule::Compulsory => CaptureKind::Compulsory,
        CaptureRule::Huffing => CaptureKind::Huffing,
    }
}

/// The winner (or none) as the window names it.
pub fn winner(c: Option<Color>) -> Winner {
    match c {
        None => Winner::None,
        Some(Color::White) => Winner::White,
        Some(Color::Black) => Winner::Black,
    }
}

/// The reason a game ended (or none) as the window names it.
pub fn end_reason(r: Option<Reason>) -> EndReason {
    match r {
        None => EndReason::None,
        Some(Reason::NoPieces) => EndReason::NoPieces,
        Some(Reason::Blocked) => EndReason::Blocked,
        Some(Reason::KingVersusLoneMan) => EndReason::KingVersusLoneMan,
        Some(Reason::OnePieceEach) => EndReason::OnePieceEach,
        Some(Reason::KingVersusKing) => EndReason::KingVersusKing,
        Some(Reason::Repetition) => EndReason::Repetition,
        Some(Reason::FiftyPlies) => EndReason::FiftyPlies,
        Some(Reason::FortyPlies) => EndReason::FortyPlies,
        Some(Reason::BothBlocked) => EndReason::BothBlocked,
        Some(Reason::Agreement) => EndReason::Agreement,
        Some(Reason::Resignation) => EndReason::Resignation,
    }
}

/// The stored animation speed (0 off … 3 slow) as the window's.
pub fn animation_speed(i: u8) -> AnimationSpeed {
    match i {
        0 => AnimationSpeed::Off,
        1 => AnimationSpeed::Fast,
        2 => AnimationSpeed::Normal,
        _ => AnimationSpeed::Slow,
    }
}

/// The window's animation speed as stored (0 off … 3 slow).
pub fn speed_index(s: AnimationSpeed) -> u8 {
    match s {
        AnimationSpeed::Off => 0,
        AnimationSpeed::Fast => 1,
        AnimationSpeed::Normal => 2,
        AnimationSpeed::Slow => 3,
    }
}

/// The stored language (an index into [`LANGUAGES`]) as the window's.
pub fn language(i: u8) -> Language {
    match i {
        1 => Language::Spanish,
        2 => Language::German,
        3 => Language::Turkish,
        4 => Language::French,
        5 => Language::Arabic,
        _ => Language::English,
    }
}

/// The window's language as stored (an index into [`LANGUAGES`]).
pub fn language_index(l: Language) -> u8 {
    match l {
        Language::English => 0,
        Language::Spanish => 1,
        Language::German => 2,
        Language::Turkish => 3,
        Language::French => 4,
        Language::Arabic => 5,
    }
}

/// Translates the UI and mirrors it for a right-to-left language.
fn select_language(ui: &AppWindow, index: u8) {
    let code = LANGUAGES[(index as usize).min(LANGUAGES.len() - 1)];
    let _ = slint::select_bundled_translation(code);
    ui.global::<Theme>().set_rtl(RTL.contains(&code));
}

/// The running app: its window (`Deref` gives the [`AppWindow`]) and its state. The state
/// lives as long as the handle; dropping it writes any pending save.
pub struct AppHandle {
    window: AppWindow,
    app: Rc<RefCell<App>>,
}

impl std::ops::Deref for AppHandle {
    type Target = AppWindow;
    fn deref(&self) -> &AppWindow {
        &self.window
    }
}

impl AppHandle {
    /// Runs `f` with the app's state (tests and platform glue). Not from inside a window
    /// callback, which holds the state already.
    pub fn with<R>(&self, f: impl FnOnce(&mut App) -> R) -> R {
        f(&mut self.app.borrow_mut())
    }

    /// Taps the board point labelled `label`, as a touch on it would (tests, benches).
    pub fn tap_label(&self, label: &str) {
        use slint::Model;
        let spots = self.window.global::<GameModels>().get_spots();
        if let Some(i) =
            (0..spots.row_count()).find(|&i| spots.row_data(i).is_some_and(|s| s.label == label))
        {
            self.window.global::<GameAdapter>().invoke_tapped(i as i32);
        }
    }

    /// Number of pieces the window currently shows (tests).
    pub fn shown_pieces(&self) -> usize {
        use slint::Model;
        self.window.global::<GameModels>().get_pieces().row_count()
    }
}

/// Wires a callback of the window to a method of the app, through a weak reference.
fn on(app: &Rc<RefCell<App>>, f: impl Fn(&mut App) + 'static) -> impl Fn() + 'static {
    let me = Rc::downgrade(app);
    move || {
        if let Some(app) = me.upgrade() {
            f(&mut app.borrow_mut());
        }
    }
}

/// Builds the window, restores settings and wires every callback. The window is returned
/// unshown inside its handle (the caller runs it, or a test drives it).
pub fn create(store: Store) -> Result<AppHandle, slint::PlatformError> {
    let ui = AppWindow::new()?;
    let settings = store.load_settings();
    let unfinished = store
        .load_game()
        .map(|(saved, record)| Unfinished { saved, record });
    // The worker's answers wait in a channel; the window's event loop is woken to take them.
    let (answered, answers) = mpsc::channel();
    let wake = ui.as_weak();
    let ai = AiWorker::new(move |generation, answer| {
        if answered.send((generation, answer)).is_ok() {
            let _ =
                wake.upgrade_in_event_loop(|ui| ui.global::<GameAdapter>().invoke_answer_ready());
        }
    });
    let app = Rc::new_cyclic(|me| {
        RefCell::new(App {
            me: me.clone(),
            ui: ui.as_weak(),
            saver: Saver::new(store),
            settings,
            unfinished,
            mode: Mode::Home,
            ai,
            answers,
            models: Models::install(&ui),
            animation: None,
            timer: Timer::default(),
            lines_for: Cell::new(None),
        })
    });
    app.borrow().show_settings(&ui);
    // The app opens where the player left: in the unfinished game, if there is one.
    if app.borrow().unfinished.is_some() {
        app.borrow_mut().resume();
    }

    let home = ui.global::<HomeAdapter>();
    let w = ui.as_weak();
    home.on_start_game(on(&app, move |a| {
        if let Some(ui) = w.upgrade() {
            let setup = a.read_setup(&ui);
            a.start_game(setup);
        }
    }));
    home.on_resume(on(&app, App::resume));
    let w = ui.as_weak();
    home.on_setup_changed(on(&app, move |a| {
        if let Some(ui) = w.upgrade() {
            a.setup_changed(&ui);
        }
    }));
    let (w, me) = (ui.as_weak(), Rc::downgrade(&app));
    home.on_choose_option(move |row, value| {
        if let (Some(ui), Some(app)) = (w.upgrade(), me.upgrade()) {
            let (row, value) = (row.max(0) as usize, value.max(0) as usize);
            app.borrow_mut().choose_option(&ui, row, value);
        }
    });

    let game = ui.global::<GameAdapter>();
    let me = Rc::downgrade(&app);
    game.on_tapped(move |i| {
        if let Some(app) = me.upgrade() {
            app.borrow_mut().tap(i.max(0) as usize);
        }
    });
    game.on_undo(on(&app, App::undo));
    game.on_redo(on(&app, App::redo));
    game.on_hint(on(&app, App::hint));
    game.on_offer_draw(on(&app, App::offer_draw));
    game.on_accept_draw(on(&app, App::accept_draw));
    game.on_resign(on(&app, App::resign));
    game.on_new_game(on(&app, App::rematch));
    game.on_leave(on(&app, App::leave));
    game.on_answer_ready(on(&app, App::take_answers));

    let w = ui.as_weak();
    ui.global::<SettingsAdapter>()
        .on_changed(on(&app, move |a| {
            if let Some(ui) = w.upgrade() {
                a.settings_changed(&ui);
            }
        }));
    Ok(AppHandle { window: ui, app })
}

/// The options Home offers for `game`: the table's stored options, in its order.
fn home_options(game: GameId) -> impl Iterator<Item = &'static RuleOption> {
    options_of(game).filter(|o| o.stored)
}

/// The window's name of a stored option of the table.
pub fn option_kind(o: &RuleOption) -> Option<RuleOptionKind> {
    Some(match (o.family, o.key) {
        (Family::Turkish, "promotion") => RuleOptionKind::CrowningAtEnd,
        (Family::Turkish, "lone-man") => RuleOptionKind::LoneMan,
        (Family::Zamma, "capture") => RuleOptionKind::Capture,
        (Family::Zamma, "no-return-to-start") => RuleOptionKind::NoReturn,
        (Family::Zamma, "promotion") => RuleOptionKind::AnyArrival,
        (Family::Zamma, "first") => RuleOptionKind::First,
        _ => return None,
    })
}

/// Home's option rows and the options in force (for its rules screen), from `rules`.
fn show_options(ui: &AppWindow, rules: &Rules) {
    let home = ui.global::<HomeAdapter>();
    let rows: Vec<OptionVm> = home_options(rules.game())
        .filter_map(|o| {
            Some(OptionVm {
                kind: option_kind(o)?,
                selected: o.value_in(rules) as i32,
            })
        })
        .collect();
    home.set_options(ModelRc::new(VecModel::from(rows)));
    home.set_capture(capture_kind(rules.capture()));
    home.set_options_in_force(strings(rules.options()));
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
    use dama_core::{Rules, Session};

    #[test]
    fn the_resume_card_counts_moves_from_whoever_began() {
        // White begins: after one ply it is Black's half of move 1.
        let mut s = Session::new(Rules::new(GameId::Turkish));
        assert_eq!(move_number(s.record()), (1, true));
        s.play_notation("d3-d4").unwrap();
        assert_eq!(move_number(s.record()), (1, false));
        // R-Z4 first=black: Black's first ply is move 1, White's reply opens move 2.
        let rules = Rules::parse("zamma", &["first=black"]).unwrap();
        let mut s = Session::new(rules);
        assert_eq!(move_number(s.record()), (1, false));
        let m = s.legal_moves()[0].mv;
        s.play(&m).unwrap();
        assert_eq!(move_number(s.record()), (2, true));
    }

    #[test]
    fn every_window_enum_maps_both_ways() {
        for &g in &GameId::ALL {
            assert_eq!(game_id(game_kind(g)), g);
        }
        // The capture rule only goes to the window (Home's options are set by the table).
        let kinds: Vec<CaptureKind> = [
            CaptureRule::Free,
            CaptureRule::Compulsory,
            CaptureRule::Huffing,
        ]
        .into_iter()
        .map(capture_kind)
        .collect();
        assert_eq!(
            kinds,
            [
                CaptureKind::Free,
                CaptureKind::Compulsory,
                CaptureKind::Huffing
            ]
        );
        // Every stored option of the table has its row on Home, each its own.
        let rows: Vec<RuleOptionKind> = dama_core::rules::OPTIONS
            .iter()
            .filter(|o| o.stored)
            .map(|o| option_kind(o).expect("a row for every stored option"))
            .collect();
        for (i, a) in rows.iter().enumerate() {
            assert!(!rows[i + 1..].contains(a), "{a:?} twice");
        }
        for i in 0..4 {
            assert_eq!(speed_index(animation_speed(i)), i);
        }
        for i in 0..LANGUAGES.len() as u8 {
            assert_eq!(language_index(language(i)), i);
        }
    }
}
