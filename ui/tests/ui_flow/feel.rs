//! Sound, touch and looks: the settings that change how play feels.

use super::*;

/// Issue 24, items 9 and 10: the app's playback path, recorded. A move sounds as it lands
/// and is felt; a capture sounds once per jump (R-T5), then the crowning (R-T8) and the
/// win; a tap on a piece that may not move is refused aloud; the Settings switches (pressed
/// as a player would) silence the sounds and the touches, and are saved.
pub(super) async fn sounds_and_touches_follow_the_play_and_the_settings(
    h: AppHandle,
    dir: PathBuf,
) {
    use dama_ui::sound::{Cue, Feedback, Haptic, Played, Recording};
    let ui: &AppWindow = &h;
    let record = Recording::default();
    h.with(|a| a.set_feedback(Feedback::recording(&record)));
    two_player_turkish_from_home(ui).await;
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    settle(&h).await;
    assert_eq!(
        record.take(),
        vec![
            Played::Sound(Duration::ZERO, Cue::Move),
            Played::Felt(Haptic::Tick)
        ]
    );
    // Black's a7 is boxed in by its own men (R-T3): refused.
    tap(ui, "a7").await;
    assert_eq!(record.take_cues(), vec![Cue::Illegal]);
    // An empty point with nothing selected is no attempt: silence.
    tap(ui, "e5").await;
    assert!(record.take().is_empty());

    start(&h, "W:Wb2:Bb3,b5,b7", "turkish", 0, Color::White);
    tap(ui, "b2").await;
    tap(ui, "b8").await;
    settle(&h).await;
    let played = record.take();
    let cues: Vec<Cue> = played
        .iter()
        .filter_map(|p| match p {
            Played::Sound(_, c) => Some(*c),
            Played::Felt(_) => None,
        })
        .collect();
    assert_eq!(
        cues,
        vec![
            Cue::Capture,
            Cue::Capture,
            Cue::Capture,
            Cue::Promotion,
            Cue::Win
        ]
    );
    assert!(played.contains(&Played::Felt(Haptic::Strong)));
    assert_eq!(outcome(&h).and_then(|o| o.winner()), Some(Color::White));

    // Settings: sound and vibration off, by their switches.
    tap(ui, "Look at the board").await;
    tap(ui, "Back").await;
    assert_eq!(ui.get_screen(), Screen::Home);
    tall(ui).await;
    tap(ui, "Settings").await;
    assert_eq!(ui.get_screen(), Screen::Settings);
    choose(ui, "Sound", "Off").await;
    choose(ui, "Vibration", "Off").await;
    h.with(|a| a.flush_saves());
    let saved = Store::new(&dir).load_settings();
    assert!(!saved.sound && !saved.haptics, "saved: {saved:?}");
    start(&h, "W:Wd3:Bh8", "turkish", 0, Color::White);
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    settle(&h).await;
    assert!(record.take().is_empty(), "silent and still");
}

/// Issue 24 item 11: the board and the pieces are chosen in Settings by their chips; the
/// window draws with them at once, and they are saved and come back on the next start.
pub(super) async fn board_and_piece_styles_are_chosen_and_kept(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    tall(ui).await;
    tap(ui, "Settings").await;
    let theme = ui.global::<dama_ui::Theme>();
    let wood = theme.get_board();
    choose(ui, "Board", "Baize").await;
    choose(ui, "Pieces", "Coral").await;
    assert_eq!((theme.get_board_style(), theme.get_piece_style()), (1, 2));
    assert_ne!(theme.get_board(), wood, "the board is drawn green at once");
    h.with(|a| a.flush_saves());
    let saved = Store::new(&dir).load_settings();
    assert_eq!((saved.board_style, saved.piece_style), (1, 2));
    drop(h);
    let again = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let theme = again.global::<dama_ui::Theme>();
    assert_eq!((theme.get_board_style(), theme.get_piece_style()), (1, 2));
}
