//! Home's presenter: the next game's choices (game, opponent, colour, rule options) and the
//! unfinished game's card pushed into `HomeAdapter`, and its callbacks, each carrying what
//! the player chose, wired to the app.

use crate::app::{on, on_with, App};
use crate::flow::Opponent;
use crate::mapping::{
    capture_kind, end_reason, game_id, game_kind, move_number, option_kind, strings, winner,
};
use crate::store::NewGame;
use crate::{AppWindow, HomeAdapter, OptionVm};
use dama_core::rules::{options_of, RuleOption};
use dama_core::{GameId, Rules, Session};
use slint::{ComponentHandle, ModelRc, VecModel};
use std::cell::RefCell;
use std::rc::Rc;

/// The options Home offers for `game`: the table's stored options, in its order.
pub(crate) fn home_options(game: GameId) -> impl Iterator<Item = &'static RuleOption> {
    options_of(game).filter(|o| o.stored)
}

/// The next game's choices into the window: game, opponent, colour, and the game's options.
pub(crate) fn show(ui: &AppWindow, new_game: &NewGame) {
    let home = ui.global::<HomeAdapter>();
    home.set_game(game_kind(new_game.game));
    home.set_opponent(new_game.opponent.number().into());
    home.set_default_level(Opponent::DEFAULT_LEVEL.into());
    home.set_play_black(new_game.play_black);
    show_options(ui, &new_game.rules());
}

/// Home's option rows and the options in force (for its rules screen), from `rules`.
pub(crate) fn show_options(ui: &AppWindow, rules: &Rules) {
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

/// The card of the unfinished game, if there is one.
pub(crate) fn show_unfinished(ui: &AppWindow, game: Option<&Session>) {
    let home = ui.global::<HomeAdapter>();
    home.set_can_resume(game.is_some());
    if let Some(g) = game {
        home.set_resume_game(game_kind(g.rules().game()));
        let (number, white) = move_number(g.record());
        home.set_resume_move(number);
        home.set_resume_white_to_move(white);
    }
}

/// The line about the last finished game: which game and how it ended.
pub(crate) fn show_last(ui: &AppWindow, last: Option<crate::app::LastGame>) {
    let home = ui.global::<HomeAdapter>();
    home.set_has_last(last.is_some());
    if let Some((game, o, human)) = last {
        home.set_last_game(game_kind(game));
        home.set_last_winner(winner(o.winner()));
        home.set_last_human_side(winner(human));
        home.set_last_reason(end_reason(Some(o.reason())));
    }
}

/// Wires Home's callbacks to the app.
pub(crate) fn connect(ui: &AppWindow, app: &Rc<RefCell<App>>) {
    let home = ui.global::<HomeAdapter>();
    home.on_start_game(on(app, App::start_chosen_game));
    home.on_resume(on(app, App::resume));
    home.on_choose_game(on_with(app, |a, g| {
        a.change_new_game(|n| n.game = game_id(g))
    }));
    home.on_choose_opponent(on_with(app, |a, o: i32| {
        a.change_new_game(|n| n.opponent = Opponent::from(o.clamp(0, 8) as u8))
    }));
    home.on_choose_play_black(on_with(app, |a, black| {
        a.change_new_game(|n| n.play_black = black)
    }));
    let me = Rc::downgrade(app);
    home.on_choose_option(move |row, value| {
        if let Some(app) = me.upgrade() {
            let (row, value) = (row.max(0) as usize, value.max(0) as usize);
            app.borrow_mut().choose_option(row, value);
        }
    });
}
