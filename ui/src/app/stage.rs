//! The stage: carries out what the game's [`Flow`] decides (its `Effect`s): the move
//! animated frame by frame on a timer, the computer's search on the worker, sounds and
//! touches, the save; and the game screen redrawn from the flow.

use super::{App, Mode};
use crate::play::animation::Animation;
use crate::play::flow::{Effect, Flow};
use crate::screens::game::{self, GameView};
use crate::sound::{self, Cue, Haptic};
use crate::{AppWindow, GameAdapter};
use dama_core::GameRecord;
use slint::{ComponentHandle, TimerMode};
use std::time::Duration;

impl App {
    /// A message of the game screen.
    pub(super) fn game(&mut self, m: game::Msg) {
        use game::Msg;
        match m {
            Msg::Tapped(i, offset, cell) => self.tap_near(i, offset, cell),
            Msg::Undo => self.undo(),
            Msg::Redo => self.redo(),
            Msg::Hint => self.play(Flow::ask_hint),
            Msg::OfferDraw => self.play(Flow::offer_draw),
            Msg::AcceptDraw => self.play(Flow::accept_draw),
            Msg::Resign => self.resign(),
            Msg::Share => self.share_game(),
            Msg::NewGame => self.new_game(),
            Msg::Leave => self.leave(),
            Msg::AnswerReady => self.take_answers(),
        }
    }

    /// Carries out what the flow decided, then redraws.
    pub(super) fn apply(&mut self, effects: Vec<Effect>) {
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
        // Read on the board as drawn (`window::board`).
        let aimed = self
            .models
            .board
            .aim(index, offset, cell, Some(flow.selection()));
        if let Some(aimed) = aimed {
            self.play(|f| f.tap(aimed));
        }
    }

    pub(super) fn tick(&mut self) {
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

    /// Plays sounds, when the player has them on.
    pub(super) fn sound(&self, cues: &[(Duration, Cue)]) {
        if self.settings.sound {
            self.feedback.speaker.play(cues);
        }
    }

    /// A touch, on a phone with haptics on.
    pub(super) fn feel(&self, haptic: Haptic) {
        if self.settings.haptics && self.feedback.can_feel {
            self.feedback.haptics.feel(haptic);
        }
    }

    /// The worker's answers, back on the UI thread.
    pub(super) fn take_answers(&mut self) {
        while let Ok((generation, answer)) = self.answers.try_recv() {
            if self.ai.finish(generation) {
                self.play(|f| f.answer(answer));
            }
            // Otherwise a cancelled or outdated search: dropped.
        }
    }

    /// The game screen as it is now (nothing on Home).
    pub(super) fn view<'a>(&'a self, ui: &'a AppWindow) -> Option<GameView<'a>> {
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
    pub(super) fn refresh(&self) {
        if let Some(ui) = self.ui.upgrade() {
            if let Some(v) = self.view(&ui) {
                v.all();
            }
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

    /// The player to move (against the computer: the human) resigns.
    pub fn resign(&mut self) {
        self.play(Flow::resign);
    }

    /// Opens the share sheet for the game in play (as PDN).
    pub fn share_game(&mut self) {
        let Some(flow) = self.flow() else { return };
        let text =
            crate::share::game_text(flow.game().record(), flow.opponent(), flow.human(), None);
        self.command(crate::screens::Command::Share(text));
    }
}
