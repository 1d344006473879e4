//! Playing a move: Home's options, taps, shown moves, capture routes, the animation.

use super::*;

/// Home's rule options come from the core's table (issue 16): one row per stored option of
/// the chosen game, in the table's order, with as many chips as values; a chip sets its
/// value; each family keeps its own choices (R-T8, R-Z14).
pub(super) async fn home_options_come_from_the_core_table(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    assert_eq!(ui.get_screen(), Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    for o in OPTIONS.iter().filter(|o| o.stored) {
        let kind = dama_ui::window::option_kind(o).expect("every stored option has a row");
        let choices = ui.global::<Texts>().invoke_option_choices(kind);
        assert_eq!(choices.row_count(), o.values.len(), "{}", o.key);
    }
    let in_force = || -> Vec<String> {
        let o = home.get_options_in_force();
        o.iter().map(|s| s.to_string()).collect()
    };
    tall(ui).await;
    tap(ui, "Zamma").await;
    assert_eq!(home.get_game(), GameKind::Zamma, "the game's card chose it");
    let zamma: Vec<_> = options_of(GameId::Zamma).filter(|o| o.stored).collect();
    let rows = home.get_options();
    assert_eq!(rows.row_count(), zamma.len());
    for (i, o) in zamma.iter().enumerate() {
        assert_eq!(
            Some(rows.row_data(i).unwrap().kind),
            dama_ui::window::option_kind(o)
        );
    }
    tap(ui, "Huffing").await;
    assert_eq!(in_force(), vec!["capture=huffing"]);
    assert_eq!(home.get_options().row_data(0).unwrap().selected, 2);
    tap(ui, "Turkish Dama").await;
    assert_eq!(home.get_options().row_count(), 2);
    assert!(in_force().is_empty(), "Turkish Dama has no capture option");
    tap(ui, "At the end").await;
    assert_eq!(in_force(), vec!["promotion=at-end"]);
    tap(ui, "Kharbaga").await;
    assert_eq!(
        in_force(),
        vec!["capture=huffing"],
        "the Zamma family's choice kept"
    );
    tap(ui, "Optional").await;
    tap(ui, "Turkish Dama").await;
    tap(ui, "Goes on as king").await;
    assert!(in_force().is_empty());
}

/// Home → a two-player Turkish game; a tapped piece shows its destinations (R-T3: only
/// forward here) and a tapped destination moves it. The move, its drawing and the next turn
/// cost one generation: the new position's moves (issue 16).
pub(super) async fn a_tapped_move_is_played_shown_and_listed(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    two_player_turkish_from_home(ui).await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(h.shown_pieces(), 32);
    let before = dama_core::stats::generations();
    tap(ui, "d3").await;
    assert_eq!(marked(ui, SpotMark::Destination), vec!["d4"]);
    tap(ui, "d4").await;
    settle(&h).await;
    assert_eq!(
        dama_core::stats::generations() - before,
        1,
        "generations of one move"
    );
    assert!(code(&h).contains("d4"), "{}", code(&h));
    assert_eq!(
        ui.global::<GameModels>()
            .get_move_rows()
            .row_data(0)
            .unwrap()
            .white,
        "d3-d4"
    );
    // Tapping elsewhere cancels a selection.
    tap(ui, "e6").await;
    assert!(!marked(ui, SpotMark::Destination).is_empty());
    tap(ui, "a1").await;
    assert!(marked(ui, SpotMark::Destination).is_empty());
}

/// "Show moves": the pieces that can move are marked, and optional captures (R-Z8).
pub(super) async fn show_moves_marks_movable_pieces_and_captures(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_show_moves(true);
    start(&h, "W:Wa1,e1:Ba2,i9", "zamma", 0, Color::White);
    let pieces = ui.global::<GameAdapter>().get_board().pieces;
    let flags: Vec<(bool, bool)> = (0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .map(|p| (p.movable, p.can_capture))
        .collect();
    assert_eq!(flags.iter().filter(|f| f.0).count(), 2, "{flags:?}");
    assert_eq!(flags.iter().filter(|f| f.1).count(), 1, "{flags:?}");
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_show_moves(false);
    let pieces = ui.global::<GameAdapter>().get_board().pieces;
    assert!((0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .all(|p| !p.movable && !p.can_capture));
}

/// A multi-capture route chosen step by step (R-Z8): c3 ends two routes; c1 leaves one.
pub(super) async fn a_capture_route_is_chosen_step_by_step(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    start(&h, "W:Wa1:Ba2,b1,b3,c2", "zamma", 0, Color::White);
    tap(ui, "a1").await;
    assert!(
        ui.global::<GameModels>().get_routes().row_count() >= 4,
        "every capture route is drawn"
    );
    tap(ui, "c3").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_advice(),
        Advice::ChooseRoute
    );
    let landings = marked(ui, SpotMark::Landing);
    assert!(landings.contains(&"a3".to_string()) && landings.contains(&"c1".to_string()));
    assert_eq!(
        marked(ui, SpotMark::Target),
        vec!["c3"],
        "the chosen end point is marked"
    );
    // c1 leaves one route to c3: it is played without another tap.
    tap(ui, "c1").await;
    settle(&h).await;
    assert_eq!(code(&h), "B:Wc3:Ba2,b3:last=a1-c3/-");
    // The last move's start and end are highlighted.
    let spots = ui.global::<GameAdapter>().get_board().spots;
    let last: Vec<String> = (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.last)
        .map(|s| s.label.to_string())
        .collect();
    assert_eq!(last, vec!["a1", "c3"]);
}

/// A Turkish capture route never offers to stop early (R-T7).
pub(super) async fn a_turkish_capture_never_stops_early(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    start(&h, "W:WKa1:Ba3,c5,c6", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_advice(),
        Advice::NextLanding
    );
}

/// The animated move: the piece travels, the captured pieces disappear in order; a huffed
/// piece (R-Z14) leaves as the move sets off, not after it.
pub(super) async fn captured_and_huffed_pieces_leave_during_the_animation(
    h: AppHandle,
    _dir: PathBuf,
) {
    let ui: &AppWindow = &h;
    h.with(|a| a.set_anim_speed(1));
    start(&h, "W:WKe1:Bc5,b4,e3,g3,h8", "turkish", 0, Color::White);
    tap(ui, "e1").await;
    assert_eq!(
        ui.global::<GameAdapter>().get_board().crosses.row_count(),
        4
    );
    tap(ui, "h3").await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_animating());
    let pieces = ui.global::<GameAdapter>().get_board().pieces;
    assert!(
        (0..pieces.row_count())
            .filter_map(|i| pieces.row_data(i))
            .all(|p| !p.must),
        "no must-capture ring on a piece while it travels"
    );
    sleep(150).await;
    let mid = h.shown_pieces();
    assert!(
        mid < 6,
        "captured pieces vanish during the animation ({mid})"
    );
    settle(&h).await;
    assert!(!ui.global::<dama_ui::GameAdapter>().get_animating());
    assert_eq!(h.shown_pieces(), 2);
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1").unwrap();
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            Opponent::TwoPlayers,
            Color::White,
        )
    });
    tap(ui, "i9").await;
    tap(ui, "h9").await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_animating());
    assert_eq!(h.shown_pieces(), 2, "a1 is gone during the animation");
    settle(&h).await;
}
