//! Less motion and larger text (issue 50 item 5): the settings a player turns by their chips,
//! and what the system asks for, followed.

use super::*;
use dama_ui::store::System;

/// Whether the last tap left a move travelling (frames to come on the timer).
fn travelling(ui: &AppWindow, h: &AppHandle) -> bool {
    ui.global::<GameAdapter>().get_animating() || h.with(|a| a.is_animating())
}

/// Plays d3-d4 and says whether it travelled; the move is played either way.
async fn d3_d4(ui: &AppWindow, h: &AppHandle) -> bool {
    start(h, "W:Wd3:Bh8,a7", "turkish", 0, Color::White);
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    let moving = travelling(ui, h);
    let plies = h.with(|a| a.record().unwrap().ply());
    assert_eq!(plies, 1, "the move is played");
    settle(h).await;
    moving
}

/// Animations at "None", chosen by its chip in Settings: the next move lands in the tap
/// that plays it, no frame between (at "Normal" it travels first), and the choice is saved.
/// The system's "remove animations" does the same without touching the saved setting, and
/// the row says why.
pub(super) async fn no_animation_lands_a_move_at_once(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    h.with(|a| a.set_anim_speed(2));
    assert!(d3_d4(ui, &h).await, "at Normal a move travels");
    h.with(|a| a.leave());
    ui.set_screen(Screen::Home);
    tall(ui).await;
    tap(ui, "Settings").await;
    choose(ui, "Animations", "None").await;
    h.with(|a| a.flush_saves());
    assert_eq!(Store::new(&dir).load_settings().anim_speed, 0, "saved");
    assert!(
        !d3_d4(ui, &h).await,
        "with no animation the move lands at once"
    );
    let board = ui.global::<GameAdapter>().get_board();
    let at_d4 = board.spots.iter().find(|s| s.label == "d4").unwrap();
    assert!(
        board
            .pieces
            .iter()
            .any(|p| (p.x, p.y) == (at_d4.x, at_d4.y)),
        "the man is drawn on d4"
    );

    // Back to Normal; then the system asks for no animations.
    ui.set_screen(Screen::Settings);
    choose(ui, "Animations", "Normal").await;
    let why = "Your device asks for no animations: pieces land at once.";
    assert!(ElementHandle::find_by_accessible_label(ui, why)
        .next()
        .is_none());
    h.with(|a| {
        a.set_system(System {
            reduce_motion: true,
            font_scale: None,
        })
    });
    assert!(
        ElementHandle::find_by_accessible_label(ui, why)
            .next()
            .is_some(),
        "the Animations row says why moves no longer travel"
    );
    assert!(!d3_d4(ui, &h).await, "the system's wish is followed");
    h.with(|a| a.flush_saves());
    assert_eq!(
        Store::new(&dir).load_settings().anim_speed,
        2,
        "the player's own choice is kept for when the system lets go"
    );
    h.with(|a| a.set_system(System::default()));
    assert!(d3_d4(ui, &h).await, "and it travels again");
}

/// Text size, chosen by its chip: every text grows by the one factor, and the choice is
/// saved; where the system has a text size (a phone), it is followed and the row is gone.
pub(super) async fn the_text_size_is_chosen_and_kept(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    let theme = ui.global::<dama_ui::Theme>();
    // The window's 1rem at a phone's size (app.slint's default-font-size).
    let rem = || theme.invoke_base_font(360.0, 640.0);
    let normal = rem();
    tall(ui).await;
    tap(ui, "Settings").await;
    choose(ui, "Text size", "Largest").await;
    assert_eq!(theme.get_text_scale(), 2.0);
    assert_eq!(rem(), normal * 2.0);
    choose(ui, "Text size", "Large").await;
    assert_eq!(theme.get_text_scale(), 1.3);
    h.with(|a| a.flush_saves());
    assert_eq!(Store::new(&dir).load_settings().text_size, 1, "saved");
    h.with(|a| {
        a.set_system(System {
            reduce_motion: false,
            font_scale: Some(1.15),
        })
    });
    assert_eq!(theme.get_text_scale(), 1.15, "the phone's own text size");
    sleep(20).await;
    assert!(
        ElementHandle::find_by_accessible_label(ui, "Text size")
            .next()
            .is_none(),
        "no setting where the system has one"
    );
}
