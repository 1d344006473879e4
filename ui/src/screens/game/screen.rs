//! The game screen's state and decisions: it owns the game in play (its [`Flow`]), the
//! screen's models, the move under way and the touch due when it lands. [`GameScreen::update`]
//! turns a message into the flow's decisions and those `Effect`s into its own work (the
//! animation, the redraw) and the [`Command`]s that need the app's resources (a search, a
//! sound, a touch, a save, the frame timer, the screen shown).

use super::{GameView, Msg};
use crate::models::Models;
use crate::opponent::Opponent;
use crate::play::ai_worker::Search;
use crate::play::animation::Animation;
use crate::play::flow::{Effect, Flow};
use crate::screens::{Command, Ctx, LastGame};
use crate::sound::{self, Cue, Haptic};
use crate::store::{Ending, FinishedGame, SavedGame};
use crate::{AppWindow, Dialog, GameAdapter, Screen};
use dama_core::{Color, GameRecord, Session};
use slint::ComponentHandle;
use std::time::Duration;

/// The game screen: the game in play (none on Home), its models and the move under way.
pub(crate) struct GameScreen {
    flow: Option<Box<Flow>>,
    /// The screen's lists, updated row by row.
    models: Models,
    animation: Option<Animation>,
    /// The touch due when the move under way lands.
    landing: Option<Haptic>,
}

/// What the app keeps of the game in play after a move (`Command::SaveGame`).
pub(crate) struct Save {
    /// The game's history id.
    pub(crate) id: u64,
    /// The unfinished game to resume (none once it is over), and its session.
    pub(crate) unfinished: Option<(SavedGame, Session)>,
    /// The finished game for the history (none while it is in play).
    pub(crate) finished: Option<FinishedGame>,
    /// Home's line about it, once it is over.
    pub(crate) last: Option<LastGame>,
}

impl GameScreen {
    /// No game yet; the models installed in the window.
    pub(crate) fn new(ui: &AppWindow) -> GameScreen {
        GameScreen {
            flow: None,
            models: Models::install(ui),
            animation: None,
            landing: None,
        }
    }

    /// The game in play (none on Home).
    pub(crate) fn flow(&self) -> Option<&Flow> {
        self.flow.as_deref()
    }

    /// `true` while a move is animated.
    pub(crate) fn animating(&self) -> bool {
        self.animation.is_some()
    }

    /// What `msg` changes, drawn; what it needs of the app.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        match msg {
            Msg::Tapped(i, offset, cell) => self.tap_near(ui, i, offset, cell, cx),
            Msg::Undo => self.play(ui, cx, Flow::undo),
            Msg::Redo => self.play(ui, cx, Flow::redo),
            Msg::Hint => self.play(ui, cx, Flow::ask_hint),
            Msg::OfferDraw => self.play(ui, cx, Flow::offer_draw),
            Msg::AcceptDraw => self.play(ui, cx, Flow::accept_draw),
            Msg::Resign => self.play(ui, cx, Flow::resign),
            Msg::Share => self.share(),
            Msg::NewGame => self.new_game(ui, cx),
            Msg::Leave => self.leave(ui, cx),
            Msg::Tick => self.tick(ui, cx),
            Msg::Answer(answer) => self.play(ui, cx, |f| f.answer(answer)),
            // The app takes the worker's answers (it owns the worker) and sends `Answer`.
            Msg::AnswerReady => Vec::new(),
            Msg::Redraw => {
                self.refresh(ui, cx);
                Vec::new()
            }
        }
    }

    /// Starts playing a record (a new game, a pasted one, or a position for tests) against
    /// `opponent`.
    pub(crate) fn begin(
        &mut self,
        ui: &AppWindow,
        record: GameRecord,
        opponent: Opponent,
        human: Color,
        cx: &Ctx,
    ) -> Vec<Command> {
        let seed = crate::play::seed();
        self.start(ui, Flow::seeded(record, opponent, human, seed), cx)
    }

    /// Shows the game screen for a flow that starts, with its first effects.
    pub(crate) fn start(
        &mut self,
        ui: &AppWindow,
        (flow, effects): (Flow, Vec<Effect>),
        cx: &Ctx,
    ) -> Vec<Command> {
        self.animation = None;
        self.flow = Some(Box::new(flow));
        let game = ui.global::<GameAdapter>();
        game.set_dialog(Dialog::None);
        game.set_over_dismissed(false);
        let mut out = vec![
            Command::StopSearch,
            Command::StopTimer,
            Command::ForgetSearch,
            Command::Navigate(Screen::Game),
        ];
        out.extend(self.apply(ui, effects, cx));
        out
    }

    /// A tap on the point at `index`, `offset` logical px from its centre, on a board whose
    /// cells are `cell` px: the point meant is the nearest useful one within half the 48-dp
    /// touch target (or the cell, if that is larger).
    fn tap_near(
        &mut self,
        ui: &AppWindow,
        index: usize,
        offset: (f32, f32),
        cell: f32,
        cx: &Ctx,
    ) -> Vec<Command> {
        let Some(flow) = self.flow() else {
            return Vec::new();
        };
        // Read on the board as drawn (`window::board`).
        let Some(aimed) = self
            .models
            .board
            .aim(index, offset, cell, Some(flow.selection()))
        else {
            return Vec::new();
        };
        self.play(ui, cx, |f| f.tap(aimed))
    }

    /// Runs a decision of the game in play and carries out its effects.
    fn play(
        &mut self,
        ui: &AppWindow,
        cx: &Ctx,
        decide: impl FnOnce(&mut Flow) -> Vec<Effect>,
    ) -> Vec<Command> {
        let Some(flow) = &mut self.flow else {
            return Vec::new();
        };
        let effects = decide(flow);
        self.apply(ui, effects, cx)
    }

    /// Carries out what the flow decided, then redraws.
    fn apply(&mut self, ui: &AppWindow, effects: Vec<Effect>, cx: &Ctx) -> Vec<Command> {
        let mut out = Vec::new();
        self.carry(ui, effects, cx, &mut out);
        self.refresh(ui, cx);
        out
    }

    /// The flow's effects: the animation kept here, the rest asked of the app in order.
    fn carry(&mut self, ui: &AppWindow, effects: Vec<Effect>, cx: &Ctx, out: &mut Vec<Command>) {
        for e in effects {
            match e {
                Effect::Animate { before, mv } => {
                    let speed = cx.system.anim_speed(cx.settings);
                    let per_jump = Duration::from_millis(match speed {
                        0 => 0,
                        1 => 120,
                        2 => 260,
                        _ => 480,
                    });
                    out.push(Command::Sound(sound::move_cues(&mv, per_jump)));
                    if speed == 0 {
                        out.push(Command::Feel(sound::move_haptic(&mv)));
                        if let Some(flow) = &mut self.flow {
                            let arrived = flow.arrived();
                            self.carry(ui, arrived, cx, out);
                        }
                        continue;
                    }
                    self.landing = Some(sound::move_haptic(&mv));
                    self.animation = Some(Animation::new(*before, &mv, per_jump));
                    out.push(Command::StartTimer);
                }
                Effect::StopAnimation => {
                    self.animation = None;
                    self.landing = None;
                    out.push(Command::StopTimer);
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
                    out.push(Command::Sound(vec![(landing + pause, cue)]));
                }
                Effect::Search(job) => {
                    if let Some(flow) = self.flow() {
                        out.push(Command::Search(Box::new(Search::of(job, flow.game()))));
                    }
                }
                Effect::StopSearch => out.push(Command::StopSearch),
                Effect::Save => {
                    if let Some(flow) = self.flow() {
                        out.push(Command::SaveGame(Box::new(save_of(flow))));
                    }
                }
                Effect::ShowResultCard => ui.global::<GameAdapter>().set_over_dismissed(false),
            }
        }
    }

    /// A frame of the move under way (only the pieces change), or its landing.
    fn tick(&mut self, ui: &AppWindow, cx: &Ctx) -> Vec<Command> {
        let done = match &self.animation {
            Some(a) => a.elapsed() >= a.length(),
            None => true,
        };
        if !done {
            if let Some(v) = self.view(ui, cx) {
                v.pieces();
            }
            return Vec::new();
        }
        self.animation = None;
        let mut out = vec![Command::StopTimer];
        if let Some(h) = self.landing.take() {
            out.push(Command::Feel(h));
        }
        out.extend(self.play(ui, cx, Flow::arrived));
        out
    }

    /// The game screen as it is now (nothing on Home).
    fn view<'a>(&'a self, ui: &'a AppWindow, cx: &Ctx) -> Option<GameView<'a>> {
        let flow = self.flow()?;
        let animation = self.animation.as_ref();
        Some(GameView::new(
            ui,
            flow,
            &self.models,
            animation,
            cx.settings,
        ))
    }

    /// Pushes the game's state into the window (nothing on Home).
    fn refresh(&self, ui: &AppWindow, cx: &Ctx) {
        if let Some(v) = self.view(ui, cx) {
            v.all();
        }
    }

    /// Another game like the one just played: same game, options, opponent and colours.
    fn new_game(&mut self, ui: &AppWindow, cx: &Ctx) -> Vec<Command> {
        let Some(flow) = self.flow() else {
            return Vec::new();
        };
        let (rules, opponent, human) = (*flow.game().rules(), flow.opponent(), flow.human());
        self.begin(ui, GameRecord::new(rules), opponent, human, cx)
    }

    /// The share sheet for the game in play (as PDN).
    fn share(&self) -> Vec<Command> {
        let Some(flow) = self.flow() else {
            return Vec::new();
        };
        let text =
            crate::share::game_text(flow.game().record(), flow.opponent(), flow.human(), None);
        vec![Command::Share(text)]
    }

    /// Back to Home; a running search is cancelled, the game stays saved.
    fn leave(&mut self, ui: &AppWindow, cx: &Ctx) -> Vec<Command> {
        let mut out = self.play(ui, cx, Flow::pause);
        self.animation = None;
        self.flow = None;
        out.push(Command::StopTimer);
        out.push(Command::Navigate(Screen::Home));
        out
    }
}

/// What the app keeps of `flow`'s game: the unfinished game, or the finished one for the
/// history (once: ending again after an undo replaces its entry, and taking the ending back
/// removes it).
fn save_of(flow: &Flow) -> Save {
    let game = flow.game();
    let human_black = flow.human() == Color::Black;
    let unfinished = game.outcome().is_none().then(|| {
        let saved = SavedGame {
            record: game.record().to_json(),
            opponent: flow.opponent(),
            human_black,
        };
        (saved, game.clone())
    });
    let outcome = game.outcome();
    let finished = outcome.map(|o| FinishedGame {
        record: game.record().to_json(),
        opponent: flow.opponent(),
        human_black,
        ended: std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs()),
        id: flow.id(),
        analysis: None,
        ending: Some(Ending::new(game.record(), o)),
        imported: false,
    });
    let last = outcome.map(|o| {
        let human = flow.vs_computer().then(|| flow.human());
        (game.rules().game(), o, human)
    });
    Save {
        id: flow.id(),
        unfinished,
        finished,
        last,
    }
}
