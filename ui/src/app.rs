//! The app: wires the Slint window to the core. The state lives in one [`App`] behind an
//! `Rc` on the UI thread, owned by the [`AppHandle`] that [`create`] returns; the window's
//! callbacks (one adapter global per screen), the animation timer and the AI worker's
//! wake-up reach it through weak references, so nothing else keeps it alive. The AI runs on
//! its worker thread, saves on the saver's; moves are animated by a timer that updates only
//! the pieces.

use crate::ai_worker::{AiWorker, Answer, Root};
use crate::animation::Animation;
use crate::flow::{Effect, Flow};
use crate::mapping::{
    animation_speed, capture_kind, game_id, game_kind, language, language_index, move_number,
    option_kind, speed_index, strings,
};
use crate::models::Models;
use crate::present::GameView;
use crate::store::{SavedGame, Saver, Settings, Setup, Store, LANGUAGES};
use crate::{
    AppWindow, GameAdapter, GameModels, HomeAdapter, OptionVm, Screen, SettingsAdapter, Theme,
};
use dama_core::rules::{options_of, RuleOption};
use dama_core::{Color, GameId, GameRecord, Rules};
use slint::{ComponentHandle, ModelRc, Timer, TimerMode, VecModel};
use std::cell::RefCell;
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
        } else if let Some(ui) = self.ui.upgrade() {
            // A frame of the move: only the pieces change.
            if let Some(v) = self.view(&ui) {
                v.pieces();
            }
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

    /// Writes the pending saves now (the app goes to the background).
    pub fn flush_saves(&mut self) {
        self.saver.flush();
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

    /// The game screen as it is now (nothing on Home).
    fn view<'a>(&'a self, ui: &'a AppWindow) -> Option<GameView<'a>> {
        let flow = self.flow()?;
        let animation = self.animation.as_ref();
        Some(GameView::new(
            ui,
            flow,
            &self.models,
            animation,
            &self.settings,
        ))
    }

    /// Pushes the game's state into the window (nothing on Home).
    fn refresh(&self) {
        if let Some(ui) = self.ui.upgrade() {
            if let Some(v) = self.view(&ui) {
                v.all();
            }
        }
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

/// Right-to-left languages: the layout is mirrored for them.
const RTL: [&str; 1] = ["ar"];

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

    /// The state, for the platform's hooks (they must not keep the app alive).
    pub(crate) fn state(&self) -> std::rc::Weak<RefCell<App>> {
        Rc::downgrade(&self.app)
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
    crate::board_art::install(&ui);

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
