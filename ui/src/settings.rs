//! The settings screen's presenter: the settings pushed into `SettingsAdapter` (and the
//! theme and language into the window), and its callbacks, each carrying the new value,
//! wired to the app.

use crate::app::{on_with, App};
use crate::languages;
use crate::mapping::{animation_speed, speed_index};
use crate::store::Settings;
use crate::{AppWindow, SettingsAdapter, Theme};
use slint::ComponentHandle;
use std::cell::RefCell;
use std::rc::Rc;

/// How many board styles and piece styles there are.
const STYLES: u8 = 3;

/// The settings into the window: the screen's choices, the theme, the language.
pub(crate) fn show(ui: &AppWindow, s: &Settings) {
    let theme = ui.global::<Theme>();
    theme.set_dark(s.dark);
    // The styles the table knows (a newer file's unknown style is the first).
    let style = if s.board_style < STYLES {
        s.board_style as i32
    } else {
        0
    };
    theme.set_board_style(style);
    // Its texture made before a board needs it, off the UI thread.
    crate::board_art::Surface::from_index(style).prepare();
    theme.set_piece_style(if s.piece_style < STYLES {
        s.piece_style as i32
    } else {
        0
    });
    let set = ui.global::<SettingsAdapter>();
    set.set_anim_speed(animation_speed(s.anim_speed));
    set.set_languages(languages::names());
    set.set_language(s.language.into());
    set.set_flip_two_players(s.flip_two_players);
    set.set_show_moves(s.show_moves);
    set.set_sound(s.sound);
    set.set_haptics(s.haptics);
    languages::select(ui, s.language);
}

/// Wires the settings screen's callbacks to the app.
pub(crate) fn connect(ui: &AppWindow, app: &Rc<RefCell<App>>) {
    let set = ui.global::<SettingsAdapter>();
    set.on_choose_dark(on_with(app, |a, dark| a.change_settings(|s| s.dark = dark)));
    set.on_choose_anim_speed(on_with(app, |a, speed| {
        a.change_settings(|s| s.anim_speed = speed_index(speed))
    }));
    set.on_choose_show_moves(on_with(app, |a, on| {
        a.change_settings(|s| s.show_moves = on)
    }));
    set.on_choose_board_style(on_with(app, |a, i: i32| {
        a.change_settings(|s| s.board_style = i.clamp(0, STYLES as i32 - 1) as u8)
    }));
    set.on_choose_piece_style(on_with(app, |a, i: i32| {
        a.change_settings(|s| s.piece_style = i.clamp(0, STYLES as i32 - 1) as u8)
    }));
    set.on_choose_sound(on_with(app, |a, on| a.change_settings(|s| s.sound = on)));
    set.on_choose_haptics(on_with(app, |a, on| a.change_settings(|s| s.haptics = on)));
    set.on_choose_flip_two_players(on_with(app, |a, on| {
        a.change_settings(|s| s.flip_two_players = on)
    }));
    set.on_choose_language(on_with(app, |a, i| {
        a.change_settings(|s| s.language = languages::stored(i))
    }));
}
