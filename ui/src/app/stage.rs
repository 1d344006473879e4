//! The game's commands carried out with the app's resources: the AI worker's answers taken
//! back to the game screen, the animation's frame timer, sounds and touches, the game saved
//! (the unfinished game, the history); and the game's calls for tests and the platforms,
//! each a message to the game screen.

use super::{last_result, App, Unfinished};
use crate::opponent::Opponent;
use crate::play::flow::Flow;
use crate::screens::game::{self, Save};
use crate::screens::learn;
use crate::screens::Msg;
use crate::sound::{Cue, Haptic};
use crate::store::NewGame;
use dama_core::{Color, GameRecord};
use slint::TimerMode;
use std::time::Duration;

impl App {
    /// Starts a game of these choices (kept as Home's).
    pub fn start_game(&mut self, new_game: NewGame) {
        self.settings.new_game = new_game.clone();
        self.saver.settings(&self.settings);
        let human = new_game.human();
        self.begin(GameRecord::new(new_game.rules()), new_game.opponent, human);
    }

    /// Starts playing a record (a new game, a saved one, or a position for tests) against
    /// `opponent`.
    pub fn begin(&mut self, record: GameRecord, opponent: Opponent, human: Color) {
        self.run(|s, ui, cx| s.game.begin(ui, record, opponent, human, cx));
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
        let started = Flow::resumed(game, opponent, human, crate::play::seed());
        self.run(|s, ui, cx| s.game.start(ui, started, cx));
    }

    /// Keeps what the game screen saved: the unfinished game, or the finished game in the
    /// history (and Home's line about the last one).
    pub(super) fn save_game(&mut self, save: Save) {
        if self.history.settle(save.id, save.finished) {
            self.last = save.last.or_else(|| last_result(&self.history));
            self.saver.history(&self.history.games);
        }
        let unfinished = save
            .unfinished
            .map(|(saved, game)| Unfinished { saved, game });
        self.saver
            .game(unfinished.as_ref().map(|u| u.saved.clone()));
        self.unfinished = unfinished;
    }

    /// Starts the animation's frame timer: every 16 ms a tick to the game screen.
    pub(super) fn start_timer(&mut self) {
        let me = self.me.clone();
        self.timer
            .start(TimerMode::Repeated, Duration::from_millis(16), move || {
                if let Some(app) = me.upgrade() {
                    app.borrow_mut().update(Msg::Game(game::Msg::Tick));
                }
            });
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

    /// The worker's answers, back on the UI thread, each to the screen that waits for it: a
    /// lesson's practice, else the game.
    pub(super) fn take_answers(&mut self) {
        while let Ok((generation, answer)) = self.answers.try_recv() {
            if !self.ai.finish(generation) {
                continue; // a cancelled or outdated search: dropped
            }
            if self.screens.learn.waiting() {
                self.run(|s, ui, cx| s.learn.update(ui, learn::Msg::Answer(answer), cx));
            } else {
                self.run(|s, ui, cx| s.game.update(ui, game::Msg::Answer(answer), cx));
            }
        }
    }

    /// A tap on the point at `index`, `offset` logical px from its centre, on a board whose
    /// cells are `cell` px (tests and platforms; the window sends the same message).
    pub fn tap_near(&mut self, index: usize, offset: (f32, f32), cell: f32) {
        self.update(Msg::Game(game::Msg::Tapped(index, offset, cell)));
    }

    /// Takes back the last move (against the computer: the computer's reply too).
    pub fn undo(&mut self) {
        self.update(Msg::Game(game::Msg::Undo));
    }

    /// Replays what was taken back.
    pub fn redo(&mut self) {
        self.update(Msg::Game(game::Msg::Redo));
    }

    /// Another game like the one just played: same game, options, opponent and colours.
    pub fn new_game(&mut self) {
        self.update(Msg::Game(game::Msg::NewGame));
    }

    /// The player to move (against the computer: the human) resigns.
    pub fn resign(&mut self) {
        self.update(Msg::Game(game::Msg::Resign));
    }

    /// Opens the share sheet for the game in play (as PDN).
    pub fn share_game(&mut self) {
        self.update(Msg::Game(game::Msg::Share));
    }

    /// Back to the home screen; a running search is cancelled, the game stays saved.
    pub fn leave(&mut self) {
        self.update(Msg::Game(game::Msg::Leave));
    }
}
