//! The settings screen's presenter: the settings pushed into `SettingsAdapter` (and the
//! theme and language into the window); the player's changes as messages.

use super::{send_with, Command, Ctx, Msg as M, Sender};
use crate::languages;
use crate::store::{Settings, System};
use crate::window::{animation_speed, speed_index};
use crate::{AppWindow, SettingsAdapter, Theme};
use slint::ComponentHandle;

/// How many board styles and piece styles there are.
const STYLES: u8 = 3;
/// How many text sizes the setting offers.
const TEXT_SIZES: u8 = crate::store::TEXT_SCALES.len() as u8;

/// The settings into the window: the screen's choices, the theme, the language, and what
/// the system asks for (larger text, no animations) where it speaks.
pub(crate) fn show(ui: &AppWindow, s: &Settings, system: &System) {
    let theme = ui.global::<Theme>();
    theme.set_dark(s.dark);
    theme.set_text_scale(system.text_scale(s));
    // The styles the table knows (a newer file's unknown style is the first).
    let style = if s.board_style < STYLES {
        s.board_style as i32
    } else {
        0
    };
    theme.set_board_style(style);
    // Its texture made before a board needs it, off the UI thread.
    crate::board::art::Surface::from_index(style).prepare();
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
    set.set_system_still(system.reduce_motion);
    set.set_system_text_size(system.font_scale.is_some());
    set.set_text_size(s.text_size.min(TEXT_SIZES - 1).into());
    languages::select(ui, s.language);
}

/// A setting the player changed, with its new value.
pub(crate) enum Msg {
    /// The dark theme on or off.
    Dark(bool),
    /// The animation speed's chip.
    AnimSpeed(crate::AnimationSpeed),
    /// The legal moves marked or not.
    ShowMoves(bool),
    /// The board's style.
    BoardStyle(i32),
    /// The pieces' style.
    PieceStyle(i32),
    /// Sounds on or off.
    Sound(bool),
    /// Touches felt on or off.
    Haptics(bool),
    /// The board turned for the player to move between two players.
    FlipTwoPlayers(bool),
    /// The language's row.
    Language(i32),
    /// The text size's chip (0 normal, 1 large, 2 largest).
    TextSize(i32),
}

/// The settings screen: what it shows is the app's settings (`Ctx`), changed by a `Command`.
pub(crate) struct SettingsScreen;

impl SettingsScreen {
    /// The settings as `msg` changes them, shown and kept.
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        let mut settings = cx.settings.clone();
        change(&mut settings, msg);
        show(ui, &settings, cx.system);
        vec![Command::ChangeSettings(Box::new(settings))]
    }
}

/// The settings changed by `msg`.
fn change(s: &mut Settings, msg: Msg) {
    let style = |i: i32| i.clamp(0, STYLES as i32 - 1) as u8;
    match msg {
        Msg::Dark(dark) => s.dark = dark,
        Msg::AnimSpeed(speed) => s.anim_speed = speed_index(speed),
        Msg::ShowMoves(on) => s.show_moves = on,
        Msg::BoardStyle(i) => s.board_style = style(i),
        Msg::PieceStyle(i) => s.piece_style = style(i),
        Msg::Sound(on) => s.sound = on,
        Msg::Haptics(on) => s.haptics = on,
        Msg::FlipTwoPlayers(on) => s.flip_two_players = on,
        Msg::Language(i) => s.language = languages::stored(i),
        Msg::TextSize(i) => s.text_size = i.clamp(0, TEXT_SIZES as i32 - 1) as u8,
    }
}

/// Wires the settings screen's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let set = ui.global::<SettingsAdapter>();
    let m = |msg| M::Settings(msg);
    set.on_choose_dark(send_with(tx, move |v| m(Msg::Dark(v))));
    set.on_choose_anim_speed(send_with(tx, move |v| m(Msg::AnimSpeed(v))));
    set.on_choose_show_moves(send_with(tx, move |v| m(Msg::ShowMoves(v))));
    set.on_choose_board_style(send_with(tx, move |v| m(Msg::BoardStyle(v))));
    set.on_choose_piece_style(send_with(tx, move |v| m(Msg::PieceStyle(v))));
    set.on_choose_sound(send_with(tx, move |v| m(Msg::Sound(v))));
    set.on_choose_haptics(send_with(tx, move |v| m(Msg::Haptics(v))));
    set.on_choose_flip_two_players(send_with(tx, move |v| m(Msg::FlipTwoPlayers(v))));
    set.on_choose_language(send_with(tx, move |v| m(Msg::Language(v))));
    set.on_choose_text_size(send_with(tx, move |v| m(Msg::TextSize(v))));
}

#[cfg(test)]
mod tests {
    use super::*;

    // Issue 40: each setting's message changes that setting alone, styles kept in range.
    #[test]
    fn each_message_changes_its_setting() {
        let mut s = Settings::default();
        let before = s.clone();
        change(&mut s, Msg::BoardStyle(7));
        assert_eq!(s.board_style, STYLES - 1);
        change(&mut s, Msg::PieceStyle(-3));
        assert_eq!(s.piece_style, 0);
        change(&mut s, Msg::Dark(!before.dark));
        change(&mut s, Msg::Sound(!before.sound));
        change(&mut s, Msg::AnimSpeed(crate::AnimationSpeed::Off));
        assert_eq!(s.dark, !before.dark);
        assert_eq!(s.sound, !before.sound);
        assert_eq!(s.anim_speed, 0);
        assert_eq!(s.new_game, before.new_game, "Home's choices untouched");
        assert_eq!(s.haptics, before.haptics);
        change(&mut s, Msg::TextSize(5));
        assert_eq!(s.text_size, TEXT_SIZES - 1);
        change(&mut s, Msg::TextSize(-1));
        assert_eq!(s.text_size, 0);
    }
}
