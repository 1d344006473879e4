//! The app: wires the Slint window to the core. The state lives in one [`App`] behind an
//! `Rc` on the UI thread, owned by the [`AppHandle`] that [`create`] returns; the window's
//! callbacks (one adapter global per screen), the animation timer and the AI worker's
//! wake-up reach it through weak references, so nothing else keeps it alive. The AI runs on
//! its worker thread, saves on the saver's; moves are animated by a timer that updates only
//! the pieces.

use crate::ai_worker::{AiWorker, Answer};
use crate::animation::Animation;
use crate::flow::{Effect, Flow, Opponent};
use crate::models::Models;
use crate::present::GameView;
use crate::share::{NotAGame, Sharing};
use crate::sound::{self, Cue, Feedback, Haptic};
use crate::store::{FinishedGame, History, NewGame, SavedGame, Saver, Settings, Store};
use crate::{home, settings};
use crate::{AppWindow, GameAdapter, GameModels, Screen, Wakeup};
use dama_core::{Color, GameId, GameRecord, Outcome, Session};
use slint::{ComponentHandle, Timer, TimerMode};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use std::sync::mpsc;
use std::time::Duration;

/// The touch target guideline (Material: 48 dp), in logical pixels.
const TOUCH_TARGET: f32 = 48.0;

/// The last finished game's game, result and the human's side against the computer, read
/// from its record (the newest that reads: only it is replayed).
fn last_result(history: &History) -> Option<LastGame> {
    history.games.iter().rev().find_map(|g| {
        let rec = GameRecord::from_json(&g.record).ok()?;
        let human = g.human_side();
        Some((rec.rules().game(), rec.outcome()?, human))
    })
}

/// What Home says of the last finished game: the game, its result, and the side the human
/// played against the computer (`None` for two players).
pub(crate) type LastGame = (GameId, Outcome, Option<Color>);

/// What the window shows: Home (with the settings and rules reached from it), or a game.
enum Mode {
    Home,
    Game(Box<Flow>),
}

/// The unfinished game as last saved: the Home card and Resume read it from memory, not
/// from the file the saver may still be writing.
struct Unfinished {
    saved: SavedGame,
    /// The game as loaded or last saved, ready to play on.
    game: Session,
}

/// The app's state: settings, the unfinished game, the game in play, the AI worker, the
/// animation and the models. The decisions of play are in [`Flow`].
pub struct App {
    me: Weak<RefCell<App>>,
    ui: slint::Weak<AppWindow>,
    saver: Saver,
    settings: Settings,
    unfinished: Option<Unfinished>,
    /// The finished games (newest last), and the last one's game and result for Home.
    history: History,
    last: Option<LastGame>,
    mode: Mode,
    /// Searches off the UI thread; its answers wait in `answers`.
    ai: AiWorker,
    answers: mpsc::Receiver<(u64, Answer)>,
    /// The game screen's lists, updated row by row.
    models: Models,
    animation: Option<Animation>,
    timer: Timer,
    /// The platform's speaker and haptics, and the touch due when the move under way lands.
    feedback: Feedback,
    landing: Option<Haptic>,
    /// The History screen's summaries (id, summary, reviewed), read once per game.
    summaries: Vec<(u64, crate::history::Summary, bool)>,
    /// How many of them the list shows.
    history_shown: usize,
    /// The game under review, and the review's budget per position.
    review: Option<crate::review::Review>,
    review_nodes: u64,
    /// The position being set up.
    editor: Option<crate::editor::Editor>,
    /// The platform's clipboard and share sheet, and the text the share sheet offers.
    sharing: Sharing,
    shared: String,
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

    /// Home's choices, the unfinished game's card and the settings into the window.
    fn show_all(&self, ui: &AppWindow) {
        settings::show(ui, &self.settings);
        home::show(ui, &self.settings.new_game);
        home::show_unfinished(ui, self.unfinished.as_ref().map(|u| &u.game));
        home::show_last(ui, self.last);
    }

    /// Home's choices changed (by the player's tap, carried by the callback): kept, shown
    /// and saved.
    pub(crate) fn change_new_game(&mut self, change: impl FnOnce(&mut NewGame)) {
        change(&mut self.settings.new_game);
        if let Some(ui) = self.ui.upgrade() {
            home::show(&ui, &self.settings.new_game);
        }
        self.saver.settings(&self.settings);
    }

    /// Home's option in `row` set to the table's value `value` (the other family's choices
    /// are kept for when the player goes back to it).
    pub(crate) fn choose_option(&mut self, row: usize, value: usize) {
        let new_game = &mut self.settings.new_game;
        let mut rules = new_game.rules();
        let Some(option) = home::home_options(new_game.game).nth(row) else {
            return;
        };
        if option.apply(&mut rules, value).is_err() {
            return;
        }
        new_game.options = new_game.options.updated_from(&rules);
        if let Some(ui) = self.ui.upgrade() {
            home::show_options(&ui, &rules);
        }
        self.saver.settings(&self.settings);
    }

    /// A setting changed (carried by the callback): kept, shown, saved, and the game
    /// screen drawn with it.
    pub(crate) fn change_settings(&mut self, change: impl FnOnce(&mut Settings)) {
        change(&mut self.settings);
        if let Some(ui) = self.ui.upgrade() {
            settings::show(&ui, &self.settings);
        }
        self.saver.settings(&self.settings);
        self.refresh();
    }

    /// Starts a game of Home's choices.
    pub(crate) fn start_chosen_game(&mut self) {
        self.start_game(self.settings.new_game.clone());
    }

    /// Starts a game of these choices (kept as Home's).
    pub fn start_game(&mut self, new_game: NewGame) {
        self.settings.new_game = new_game.clone();
        self.saver.settings(&self.settings);
        let human = if new_game.play_black {
            Color::Black
        } else {
            Color::White
        };
        self.begin(GameRecord::new(new_game.rules()), new_game.opponent, human);
    }

    /// Starts playing a record (a new game, a saved one, or a position for tests) against
    /// `opponent`.
    pub fn begin(&mut self, record: GameRecord, opponent: Opponent, human: Color) {
        let seed = Self::seed();
        self.play_on(Flow::seeded(record, opponent, human, seed));
    }

    /// A seed per game, from the clock: the computer varies from game to game.
    fn seed() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(0)
    }

    /// Shows the game screen for a flow that starts, and carries out its first effects.
    fn play_on(&mut self, (flow, effects): (Flow, Vec<Effect>)) {
        self.ai.stop();
        self.animation = None;
        self.timer.stop();
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

    /// Continues the unfinished game: the session that loaded it plays on (no replay, no
    /// save: the file holds it already).
    pub fn resume(&mut self) {
        let Some(u) = &self.unfinished else {
            return;
        };
        let human = if u.saved.human_black {
            Color::Black
        } else {
            Color::White
        };
        let (game, opponent) = (u.game.clone(), u.saved.opponent);
        self.play_on(Flow::resumed(game, opponent, human, Self::seed()));
    }

    fn save_game(&mut self) {
        let Mode::Game(flow) = &self.mode else { return };
        let game = flow.game();
        let unfinished = game.outcome().is_none().then(|| Unfinished {
            saved: SavedGame {
                record: game.record().to_json(),
                opponent: flow.opponent(),
                human_black: flow.human() == Color::Black,
            },
            game: game.clone(),
        });
        // A finished game joins the history (once: ending again after an undo replaces
        // its entry, and taking the ending back removes it).
        let id = flow.id();
        let last_id = self.history.games.last().map(|g| g.id);
        if let Some(o) = game.outcome() {
            self.history.add(FinishedGame {
                record: game.record().to_json(),
                opponent: flow.opponent(),
                human_black: flow.human() == Color::Black,
                ended: std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs()),
                id,
                analysis: None,
                ending: Some(crate::store::Ending::new(game.record(), o)),
                imported: false,
            });
            let human = flow.vs_computer().then(|| flow.human());
            self.last = Some((game.rules().game(), o, human));
            self.saver.history(&self.history.games);
        } else if last_id == Some(id) {
            self.history.games.pop();
            self.last = last_result(&self.history);
            self.saver.history(&self.history.games);
        }
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
                    let per_jump = Duration::from_millis(match speed {
                        0 => 0,
                        1 => 120,
                        2 => 260,
                        _ => 480,
                    });
                    self.sound(&sound::move_cues(&mv, per_jump));
                    if speed == 0 {
                        self.feel(sound::move_haptic(&mv));
                        self.play(|f| f.arrived());
                        continue;
                    }
                    self.landing = Some(sound::move_haptic(&mv));
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
                    self.landing = None;
                    self.timer.stop();
                }
                Effect::Sound(cue) => {
                    // After the move under way lands; an ending a moment later still, so
                    // the last piece is heard first.
                    let landing = self
                        .animation
                        .as_ref()
                        .map_or(Duration::ZERO, |a| a.length().saturating_sub(a.elapsed()));
                    let pause = match cue {
                        Cue::Illegal => Duration::ZERO,
                        _ => Duration::from_millis(200),
                    };
                    self.sound(&[(landing + pause, cue)]);
                }
                Effect::Search(job) => {
                    if let Mode::Game(flow) = &self.mode {
                        self.ai.start(job, flow.game());
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
    /// A tap on the point at `index`, `offset` logical px from its centre, on a board whose
    /// cells are `cell` px: the point meant is the nearest useful one within half the 48-dp
    /// touch target (or the cell, if that is larger).
    pub fn tap_near(&mut self, index: usize, offset: (f32, f32), cell: f32) {
        let Some(flow) = self.flow() else { return };
        let g = flow.game().position().geometry();
        let Some(&p) = g.points().get(index) else {
            return;
        };
        let flipped = crate::present::flipped(flow, flow.game().position(), &self.settings);
        let board = cell.max(1.0) * g.size() as f32;
        let xy = |q| crate::board_coords::xy(g, q, flipped);
        let (x, y) = xy(p);
        let at = (x + offset.0 / board, y + offset.1 / board);
        let radius = (TOUCH_TARGET / 2.0).max(cell / 2.0) / board;
        let aimed = flow.selection().aimed_at(p, at, radius, xy);
        self.play(|f| f.tap(aimed));
    }

    fn tick(&mut self) {
        let done = match &self.animation {
            Some(a) => a.elapsed() >= a.length(),
            None => true,
        };
        if done {
            self.timer.stop();
            self.animation = None;
            if let Some(h) = self.landing.take() {
                self.feel(h);
            }
            self.play(|f| f.arrived());
        } else if let Some(ui) = self.ui.upgrade() {
            // A frame of the move: only the pieces change.
            if let Some(v) = self.view(&ui) {
                v.pieces();
            }
        }
    }

    /// The History screen, its list read from the summaries (a game's record is read
    /// only the first time it is listed, and only if its entry lacks its ending).
    pub fn show_history(&mut self) {
        self.history_shown = crate::review::HISTORY_PAGE;
        if let Some(ui) = self.ui.upgrade() {
            crate::review::show_paste_problem(&ui, None, self.settings.new_game.game);
        }
        self.list_history();
    }

    /// One more page of older games in the History list.
    pub fn show_more_history(&mut self) {
        self.history_shown += crate::review::HISTORY_PAGE;
        self.list_history();
    }

    fn list_history(&mut self) {
        let games = &self.history.games;
        let mut fresh = Vec::with_capacity(games.len());
        for g in games {
            let known = self.summaries.iter().find(|(id, _, _)| *id == g.id);
            let s = match known {
                Some((_, s, _)) => Some(s.clone()),
                None => crate::history::Summary::of(g),
            };
            if let Some(s) = s {
                fresh.push((g.id, s, g.analysis.is_some()));
            }
        }
        self.summaries = fresh;
        if let Some(ui) = self.ui.upgrade() {
            crate::review::show_history(
                &ui,
                &self.summaries,
                self.history.damaged,
                self.history_shown,
            );
            ui.set_screen(Screen::History);
        }
    }

    /// The Statistics screen (derived from the same summaries as the list).
    pub fn show_statistics(&mut self) {
        self.show_history();
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Statistics);
        }
    }

    /// Opens the review of the history entry `id` (after the list was made).
    fn open_review_of(&mut self, id: u64) {
        if let Some(row) = self.summaries.iter().rev().position(|(g, _, _)| *g == id) {
            self.open_review(row);
        }
    }

    /// Opens row `row` of the History list (newest first) for review; its review starts
    /// unless it was made before.
    pub fn open_review(&mut self, row: usize) {
        let Some(&(id, _, _)) = self.summaries.iter().rev().nth(row) else {
            return;
        };
        let Some(g) = self.history.games.iter().find(|g| g.id == id) else {
            return;
        };
        if let Some(r) = &mut self.review {
            r.cancel();
        }
        self.review = crate::review::Review::open(g);
        if self.review.is_none() {
            return;
        }
        self.analyse();
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Review);
        }
        self.show_review();
    }

    /// Sets the review's search per position (tests use a small one).
    pub fn set_review_nodes(&mut self, nodes: u64) {
        self.review_nodes = nodes.max(1);
    }

    /// Changes the review (a step, a tap on the graph, the best move shown) and shows it.
    pub(crate) fn change_review(&mut self, change: impl FnOnce(&mut crate::review::Review)) {
        if let Some(r) = &mut self.review {
            change(r);
        }
        self.show_review();
    }

    /// Starts the engine's review of the game under review (off the UI thread).
    pub(crate) fn analyse(&mut self) {
        let wake = self.ui.clone();
        let nodes = self.review_nodes;
        if let Some(r) = &mut self.review {
            r.analyse(nodes, move || {
                let _ =
                    wake.upgrade_in_event_loop(|ui| ui.global::<Wakeup>().invoke_review_ready());
            });
        }
        self.show_review();
    }

    /// The review thread's reports, on the UI thread: progress shown, a finished review
    /// kept with its game and saved.
    pub fn take_review_reports(&mut self) {
        let Some(r) = &mut self.review else { return };
        if let Some(a) = r.take_reports() {
            let id = r.id;
            if let Some(g) = self.history.games.iter_mut().find(|g| g.id == id) {
                g.analysis = Some(a);
                self.saver.history(&self.history.games);
            }
        }
        self.show_review();
    }

    /// The review as it is now, into the window.
    fn show_review(&self) {
        if let (Some(ui), Some(r)) = (self.ui.upgrade(), &self.review) {
            r.show(&ui);
        }
    }

    /// The position editor, for Home's game and options, from its start position.
    pub fn show_editor(&mut self) {
        self.editor = Some(crate::editor::Editor::new(self.settings.new_game.rules()));
        if let Some(ui) = self.ui.upgrade() {
            ui.set_screen(Screen::Editor);
        }
        self.show_edited();
    }

    /// Changes the position being set up and shows it.
    pub(crate) fn edit(&mut self, change: impl FnOnce(&mut crate::editor::Editor)) {
        if let Some(e) = &mut self.editor {
            // What a copy or paste did is said until the next change.
            e.set_code_status(crate::editor::CodeStatus::None);
            change(e);
        }
        self.show_edited();
    }

    fn show_edited(&self) {
        if let (Some(ui), Some(e)) = (self.ui.upgrade(), &self.editor) {
            crate::editor::show(&ui, e);
        }
    }

    /// Plays the set-up position against Home's opponent (the player's colour as chosen
    /// there), if the core accepts it.
    pub fn play_edited(&mut self) {
        let Some(pos) = self.editor.as_ref().and_then(|e| e.position().ok()) else {
            return;
        };
        let new_game = &self.settings.new_game;
        let human = if new_game.play_black {
            Color::Black
        } else {
            Color::White
        };
        self.begin(GameRecord::from_position(pos), new_game.opponent, human);
    }

    /// Opens the share sheet for the game in play (as PDN).
    pub fn share_game(&mut self) {
        let Some(flow) = self.flow() else { return };
        let text =
            crate::share::game_text(flow.game().record(), flow.opponent(), flow.human(), None);
        self.open_share(text);
    }

    /// Opens the share sheet for the game under review.
    pub fn share_reviewed(&mut self) {
        let Some(text) = self.review.as_ref().map(|r| r.shared_text()) else {
            return;
        };
        self.open_share(text);
    }

    fn open_share(&mut self, text: String) {
        if let Some(ui) = self.ui.upgrade() {
            let a = ui.global::<crate::ShareAdapter>();
            a.set_text(crate::mapping::unbroken_moves(&text).into());
            a.set_can_share(self.sharing.sheet.is_some());
            a.set_status(crate::ShareStatus::None);
            a.set_open(true);
        }
        self.shared = text;
    }

    /// Closes the share sheet.
    pub fn close_share(&mut self) {
        if let Some(ui) = self.ui.upgrade() {
            ui.global::<crate::ShareAdapter>().set_open(false);
        }
    }

    /// Puts the shared text on the clipboard.
    pub fn copy_shared(&mut self) {
        let status = match self.sharing.clipboard.put(&self.shared) {
            Ok(()) => crate::ShareStatus::Copied,
            Err(_) => crate::ShareStatus::NoClipboard,
        };
        self.share_status(status);
    }

    /// Hands the shared text to the platform's share sheet.
    pub fn send_shared(&mut self) {
        let Some(sheet) = &self.sharing.sheet else {
            return;
        };
        let status = if sheet.share("Dama & Zamma", &self.shared) {
            crate::ShareStatus::Sent
        } else {
            crate::ShareStatus::NotSent
        };
        self.share_status(status);
    }

    fn share_status(&self, status: crate::ShareStatus) {
        if let Some(ui) = self.ui.upgrade() {
            ui.global::<crate::ShareAdapter>().set_status(status);
        }
    }

    /// The clipboard's text, or why there is none.
    fn pasted(&self) -> Result<String, NotAGame> {
        match self.sharing.clipboard.text() {
            Err(_) => Err(NotAGame::NoClipboard),
            Ok(None) => Err(NotAGame::Empty),
            Ok(Some(t)) if t.trim().is_empty() => Err(NotAGame::Empty),
            Ok(Some(t)) => Ok(t),
        }
    }

    /// Imports the game on the clipboard: a finished game joins the history (as imported)
    /// and opens in review; one still in play goes on as a two-player game. What is not a
    /// game is explained on the History screen.
    pub fn paste_game(&mut self) {
        // Moves without tags are a game of the game chosen on Home, with its options.
        let rules = self.settings.new_game.rules();
        let read = self
            .pasted()
            .and_then(|t| crate::share::read_game(&t, &rules));
        if let Some(ui) = self.ui.upgrade() {
            crate::review::show_paste_problem(&ui, read.as_ref().err(), rules.game());
        }
        let Ok(record) = read else { return };
        let Some(outcome) = record.outcome() else {
            self.begin(record, Opponent::TwoPlayers, Color::White);
            return;
        };
        // The same game pasted again opens the entry it already has (issue 39).
        let known = self.history.games.iter().find(|g| {
            GameRecord::from_json(&g.record).is_ok_and(|r| crate::share::same_game(&r, &record))
        });
        if let Some(id) = known.map(|g| g.id) {
            self.list_history();
            self.open_review_of(id);
            return;
        }
        let id = Self::seed();
        self.history.add(FinishedGame {
            record: record.to_json(),
            opponent: Opponent::TwoPlayers,
            human_black: false,
            ended: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
            id,
            ending: Some(crate::store::Ending::new(&record, outcome)),
            analysis: None,
            imported: true,
        });
        self.saver.history(&self.history.games);
        self.list_history();
        self.open_review_of(id);
    }

    /// Puts the editor's position code on the clipboard.
    pub fn copy_code(&mut self) {
        let Some(code) = self.editor.as_ref().map(|e| e.code()) else {
            return;
        };
        let status = match self.sharing.clipboard.put(&code) {
            Ok(()) => crate::editor::CodeStatus::Copied,
            Err(_) => crate::editor::CodeStatus::NoClipboard,
        };
        self.edit(|e| e.set_code_status(status));
    }

    /// Sets up the position whose code is on the clipboard (for the editor's game).
    pub fn paste_code(&mut self) {
        let pasted = self.pasted();
        self.edit(|e| {
            let status = match pasted {
                Err(NotAGame::NoClipboard) => crate::editor::CodeStatus::NoClipboard,
                Err(_) => crate::editor::CodeStatus::Empty,
                Ok(code) => match e.load_code(&code) {
                    Ok(()) => crate::editor::CodeStatus::Pasted,
                    Err(why) => why,
                },
            };
            e.set_code_status(status);
        });
    }

    /// Replaces the clipboard and share sheet (a test shares through memory).
    pub fn set_sharing(&mut self, sharing: Sharing) {
        self.sharing = sharing;
    }

    /// The game under review (tests).
    pub fn review(&self) -> Option<&crate::review::Review> {
        self.review.as_ref()
    }

    /// Plays sounds, when the player has them on.
    fn sound(&self, cues: &[(Duration, Cue)]) {
        if self.settings.sound {
            self.feedback.speaker.play(cues);
        }
    }

    /// A touch, on a phone with haptics on.
    fn feel(&self, haptic: Haptic) {
        if self.settings.haptics && self.feedback.can_feel {
            self.feedback.haptics.feel(haptic);
        }
    }

    /// The worker's answers, back on the UI thread.
    pub(crate) fn take_answers(&mut self) {
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
    pub fn new_game(&mut self) {
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
            self.show_all(&ui);
        }
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

    /// Replaces the speaker and haptics (a test records what the app plays).
    pub fn set_feedback(&mut self, feedback: Feedback) {
        if let Some(ui) = self.ui.upgrade() {
            ui.global::<crate::SettingsAdapter>()
                .set_can_feel(feedback.can_feel);
        }
        self.feedback = feedback;
    }

    /// Sets the animation speed (0 off … 3 slow).
    pub fn set_anim_speed(&mut self, speed: u8) {
        self.settings.anim_speed = speed.min(3);
    }

    /// The record of the game in play (for tests and the platform layers).
    pub fn record(&self) -> Option<&GameRecord> {
        self.flow().map(|f| f.game().record())
    }

    /// `true` while the game waits for the AI (its move, a hint, the look at a draw offer):
    /// the flow says so, the one owner of that state.
    pub fn is_thinking(&self) -> bool {
        self.flow().is_some_and(|f| f.waiting().is_some())
    }

    /// `true` while a move is animated.
    pub fn is_animating(&self) -> bool {
        self.animation.is_some()
    }
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
            self.window
                .global::<GameAdapter>()
                .invoke_tapped(i as i32, 0.0, 0.0, 48.0);
        }
    }

    /// Number of pieces the window currently shows (tests).
    pub fn shown_pieces(&self) -> usize {
        use slint::Model;
        self.window.global::<GameModels>().get_pieces().row_count()
    }
}

/// Wires the History, Statistics and Review screens' callbacks.
fn connect_history(ui: &AppWindow, app: &Rc<RefCell<App>>) {
    use crate::{HistoryAdapter, ReviewAdapter};
    let h = ui.global::<HistoryAdapter>();
    h.on_show_history(on(app, App::show_history));
    h.on_show_more(on(app, App::show_more_history));
    h.on_show_statistics(on(app, App::show_statistics));
    h.on_open(on_with(app, |a, row: i32| {
        a.open_review(row.max(0) as usize)
    }));
    let r = ui.global::<ReviewAdapter>();
    r.on_go_to(on_with(app, |a, ply| a.change_review(|r| r.go_to(ply))));
    r.on_step(on_with(app, |a, by| a.change_review(|r| r.step(by))));
    r.on_graph_tapped(on_with(app, |a, f| a.change_review(|r| r.graph_tapped(f))));
    r.on_toggle_best(on(app, |a| a.change_review(|r| r.toggle_best())));
    r.on_analyse(on(app, App::analyse));
    r.on_cancel(on(app, |a| a.change_review(|r| r.cancel())));
    ui.global::<Wakeup>()
        .on_review_ready(on(app, App::take_review_reports));
    let e = ui.global::<crate::EditorAdapter>();
    e.on_show_editor(on(app, App::show_editor));
    e.on_tapped(on_with(app, |a, i: i32| {
        a.edit(|e| e.tap(i.max(0) as usize))
    }));
    e.on_choose_white_to_move(on_with(app, |a, white: bool| {
        a.edit(|e| e.set_side(if white { Color::White } else { Color::Black }))
    }));
    e.on_choose_brush(on_with(app, |a, b: crate::EditorBrush| {
        a.edit(|e| e.set_brush(crate::editor::brush_of(b)))
    }));
    e.on_clear(on(app, |a| a.edit(crate::editor::Editor::clear)));
    e.on_reset(on(app, |a| a.edit(crate::editor::Editor::reset)));
    e.on_play(on(app, App::play_edited));
    e.on_copy_code(on(app, App::copy_code));
    e.on_paste_code(on(app, App::paste_code));
    h.on_paste_game(on(app, App::paste_game));
    r.on_share_game(on(app, App::share_reviewed));
    let s = ui.global::<crate::ShareAdapter>();
    s.on_copy(on(app, App::copy_shared));
    s.on_share(on(app, App::send_shared));
    s.on_close(on(app, App::close_share));
}

/// Wires a callback of the window to a method of the app, through a weak reference.
pub(crate) fn on(app: &Rc<RefCell<App>>, f: impl Fn(&mut App) + 'static) -> impl Fn() + 'static {
    let me = Rc::downgrade(app);
    move || {
        if let Some(app) = me.upgrade() {
            f(&mut app.borrow_mut());
        }
    }
}

/// [`on`] for a callback that carries one argument.
pub(crate) fn on_with<T>(
    app: &Rc<RefCell<App>>,
    f: impl Fn(&mut App, T) + 'static,
) -> impl Fn(T) + 'static {
    let me = Rc::downgrade(app);
    move |arg| {
        if let Some(app) = me.upgrade() {
            f(&mut app.borrow_mut(), arg);
        }
    }
}

/// Builds the window, restores settings and wires every callback. The window is returned
/// unshown inside its handle (the caller runs it, or a test drives it). Sounds go to the
/// desktop's audio device and games are shared through its clipboard (the phones use
/// [`create_with`]).
pub fn create(store: Store) -> Result<AppHandle, slint::PlatformError> {
    create_with(store, Feedback::desktop(), Sharing::desktop())
}

/// [`create`] with the platform's speaker and haptics, clipboard and share sheet.
pub fn create_with(
    store: Store,
    feedback: Feedback,
    sharing: Sharing,
) -> Result<AppHandle, slint::PlatformError> {
    let ui = AppWindow::new()?;
    let settings = store.load_settings();
    let unfinished = store
        .load_game()
        .map(|(saved, game)| Unfinished { saved, game });
    let history = store.read_history();
    let last = last_result(&history);
    // The worker's answers wait in a channel; the window's event loop is woken to take them.
    let (answered, answers) = mpsc::channel();
    let wake = ui.as_weak();
    let ai = AiWorker::new(move |generation, answer| {
        if answered.send((generation, answer)).is_ok() {
            let _ = wake.upgrade_in_event_loop(|ui| ui.global::<Wakeup>().invoke_answer_ready());
        }
    });
    let app = Rc::new_cyclic(|me| {
        RefCell::new(App {
            me: me.clone(),
            ui: ui.as_weak(),
            saver: Saver::new(store),
            settings,
            unfinished,
            history,
            last,
            mode: Mode::Home,
            ai,
            answers,
            models: Models::install(&ui),
            animation: None,
            timer: Timer::default(),
            feedback,
            landing: None,
            summaries: Vec::new(),
            history_shown: crate::review::HISTORY_PAGE,
            review: None,
            review_nodes: dama_core::ai::analysis::DEFAULT_NODES,
            editor: None,
            sharing,
            shared: String::new(),
        })
    });
    ui.global::<crate::SettingsAdapter>()
        .set_can_feel(app.borrow().feedback.can_feel);
    app.borrow().show_all(&ui);
    // The app opens where the player left: in the unfinished game, if there is one.
    if app.borrow().unfinished.is_some() {
        app.borrow_mut().resume();
    }

    home::connect(&ui, &app);
    settings::connect(&ui, &app);

    crate::present::connect(&ui, &app);
    connect_history(&ui, &app);
    crate::board_art::install(&ui);

    Ok(AppHandle { window: ui, app })
}
