//! Tablets (issue 51): every screen at the iPad's 768×1024, 1024×768 and 1024×1366 and
//! Android's 800×1280 and 1280×800, in English, with a status bar and a home indicator; the
//! game and Home also dark and in Arabic at 768×1024. Written as `tablet-SCREEN-WxH.png`.

use super::{shot, start};
use dama_core::Color;
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::{AppWindow, Screen};
use slint::ComponentHandle;

pub const SIZES: [(f32, f32); 5] = [
    (768.0, 1024.0),
    (1024.0, 768.0),
    (800.0, 1280.0),
    (1280.0, 800.0),
    (1024.0, 1366.0),
];

/// The screens at each tablet size. History's newest game (analysed) is the one reviewed.
pub fn tablets(handle: &AppHandle) {
    let ui: &AppWindow = handle;
    let settings = ui.global::<dama_ui::SettingsAdapter>();
    settings.invoke_choose_language(dama_ui::languages::index("en").into());
    for (w, h) in SIZES {
        ui.window().set_size(slint::LogicalSize::new(w, h));
        let area = ui.global::<dama_ui::SafeArea>();
        area.set_left(0.0);
        area.set_top(24.0);
        area.set_right(0.0);
        area.set_bottom(20.0);
        let name = |screen: &str| format!("tablet-{screen}-{w}x{h}");
        ui.set_screen(Screen::Home);
        shot(ui, &name("home"));
        start(handle, "zamma", &[], None, 3);
        shot(ui, &name("game"));
        handle.with(|a| a.begin(super::long_game(30), Opponent::TwoPlayers, Color::White));
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(50));
        shot(ui, &name("long-game"));
        ui.set_rules_return(Screen::Home);
        ui.set_screen(Screen::Rules);
        shot(ui, &name("rules"));
        ui.set_screen(Screen::Settings);
        shot(ui, &name("settings"));
        handle.with(|a| a.show_history());
        shot(ui, &name("history"));
        super::common::analysed_review(handle, 0, 21);
        shot(ui, &name("review"));
        handle.with(|a| a.show_statistics());
        shot(ui, &name("statistics"));
        handle.with(|a| a.show_editor());
        shot(ui, &name("editor"));
        let puzzles = ui.global::<dama_ui::PuzzleAdapter>();
        puzzles.invoke_show_puzzles();
        puzzles.invoke_choose_game(dama_ui::GameKind::Turkish);
        shot(ui, &name("puzzles"));
        let learn = ui.global::<dama_ui::LearnAdapter>();
        learn.invoke_show_learn(dama_ui::GameKind::Turkish);
        shot(ui, &name("learn"));
        learn.invoke_choose_course(1);
        learn.invoke_open(0);
        shot(ui, &name("lesson-zamma"));
        learn.invoke_to_list();
        learn.invoke_choose_course(0);
    }
    // Upright in the dark theme and in Arabic (mirrored).
    ui.window().set_size(slint::LogicalSize::new(768.0, 1024.0));
    settings.invoke_choose_dark(true);
    start(handle, "turkish", &[], None, 3);
    shot(ui, "tablet-game-dark-768x1024");
    settings.invoke_choose_dark(false);
    settings.invoke_choose_language(dama_ui::languages::index("ar").into());
    ui.set_screen(Screen::Home);
    shot(ui, "tablet-home-ar-768x1024");
    start(handle, "zamma", &[], None, 3);
    shot(ui, "tablet-game-ar-768x1024");
    settings.invoke_choose_language(dama_ui::languages::index("en").into());
}
