//! Whole games: against the computer, left and resumed, reopened; titles, huffing, near taps, the history entry.

use super::*;

/// Against the computer at level 1 until the game ends, with an undo on the way.
pub(super) async fn a_whole_game_against_the_computer(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let rules = Rules::parse("fetaix", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), Opponent::Computer(1), Color::White));
    let mut undone = false;
    for _ in 0..400 {
        settle(&h).await;
        if ui.global::<dama_ui::GameAdapter>().get_game_over() {
            break;
        }
        assert!(
            ui.global::<dama_ui::GameAdapter>().get_human_to_move(),
            "the computer answered"
        );
        if !undone && h.with(|a| a.record().unwrap().ply()) >= 4 {
            let before = h.with(|a| a.record().unwrap().ply());
            tap(ui, "Undo").await;
            settle(&h).await;
            let after = h.with(|a| a.record().unwrap().ply());
            assert_eq!(after + 2, before, "undo takes back your move and the reply");
            undone = true;
        }
        // Play the first legal move by tapping: the piece, then its first destination (or
        // the next landing point until the move is made).
        let movable = h.with(|a| {
            let pos = a.record().unwrap().current();
            let m = &pos.legal_moves_detailed()[0];
            pos.geometry().label(m.mv.from())
        });
        tap(ui, &movable).await;
        for _ in 0..20 {
            let dest = marked(ui, SpotMark::Destination);
            let land = marked(ui, SpotMark::Landing);
            if let Some(d) = dest.first().or(land.first()) {
                tap(ui, d).await;
            }
            if ui.global::<dama_ui::GameAdapter>().get_thinking()
                || ui.global::<dama_ui::GameAdapter>().get_game_over()
                || marked(ui, SpotMark::Destination).is_empty()
                    && marked(ui, SpotMark::Landing).is_empty()
            {
                break;
            }
        }
    }
    settle(&h).await;
    assert!(
        ui.global::<dama_ui::GameAdapter>().get_game_over(),
        "the game against the computer ended"
    );
    assert!(undone);
    assert!(ui.global::<dama_ui::GameAdapter>().get_reason() != EndReason::None);
}

/// Leaving the screen cancels the search and keeps the game for later; "New game" after a
/// resumed game plays that game again, whatever Home shows; Play on Home asks before it
/// replaces the unfinished game.
pub(super) async fn leaving_resuming_and_replacing_a_game(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), Opponent::Computer(8), Color::Black));
    sleep(50).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_thinking());
    tap(ui, "Back").await;
    assert!(!h.with(|a| a.is_thinking()));
    assert_eq!(ui.get_screen(), Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    assert!(home.get_can_resume());
    assert_eq!(home.get_resume_game(), GameKind::Zamma);
    assert_eq!(home.get_resume_move(), 1);
    assert!(
        home.get_resume_white_to_move(),
        "the card says whose turn it is"
    );
    let size = ui.window().size();
    tall(ui).await;
    tap(ui, "Turkish Dama").await;
    tap(ui, "Resume").await;
    ui.window().set_size(size);
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Zamma
    );
    // The computer (White) moves first; then the player may resign.
    settle(&h).await;
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    tap(ui, "New game").await;
    settle(&h).await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Zamma
    );
    assert_eq!(
        h.with(|a| a.record().unwrap().rules().game()),
        dama_core::GameId::Zamma
    );
    tap(ui, "Back").await;
    assert!(home.get_can_resume());
    tall(ui).await;
    tap(ui, "Play").await;
    assert_eq!(ui.get_screen(), Screen::Home, "Play asked first");
    tap(ui, "Cancel").await;
    assert_eq!(ui.get_screen(), Screen::Home);
    tap(ui, "Play").await;
    answer(ui, "New game").await;
    settle(&h).await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Turkish,
        "the game chosen on Home"
    );
}

/// The app reopens into the unfinished game, as it was saved.
pub(super) async fn an_unfinished_game_reopens(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    two_player_turkish_from_home(ui).await;
    tap(ui, "c3").await;
    tap(ui, "c4").await;
    settle(&h).await;
    // Dropping the app writes its pending saves.
    drop(h);
    let file = dir.join("game.json");
    let written = std::fs::metadata(&file).unwrap().modified().unwrap();
    // Issue 25: the game is read and replayed once, and the session that replayed it plays
    // on: one ply, two positions' moves, each worked out once (three before).
    let before = dama_core::stats::generations();
    let again = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    assert_eq!(
        dama_core::stats::generations() - before,
        2,
        "generations of resuming a game of one ply"
    );
    assert_eq!(again.get_screen(), Screen::Game);
    assert_eq!(
        again.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Turkish
    );
    assert_eq!(
        again.with(|a| a.record().unwrap().moves().join(" ")),
        "c3-c4"
    );
    // Nothing to save: the file it was read from is not written again.
    drop(again);
    assert_eq!(
        std::fs::metadata(&file).unwrap().modified().unwrap(),
        written,
        "resuming rewrote the saved game"
    );
}

/// Issue 24: each game has its own translated rules title (German read "Regeln von
/// Türkische Dame"), and a two-player draw offer names who offers it to whom (the one who
/// offered was asked "Your opponent offers a draw").
pub(super) async fn titles_and_offers_read_as_sentences(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let texts = ui.global::<Texts>();
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("de").into());
    assert_eq!(
        texts.invoke_rules_title(GameKind::Turkish),
        // The name's words bound (issue 48: no line splits it).
        "Regeln der Türkischen\u{202f}Dame"
    );
    assert_eq!(texts.invoke_rules_title(GameKind::Zamma), "Zamma-Regeln");
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("en").into());
    assert_eq!(
        texts.invoke_rules_title(GameKind::Kharbaga),
        "Rules of Kharbaga"
    );
    let on_screen = |text: &str| {
        ElementHandle::find_by_accessible_label(ui, text)
            .next()
            .is_some()
    };
    start(&h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Offer draw").await;
    assert!(on_screen("White offers a draw. Black, do you accept?"));
    tap(ui, "Decline").await;
    start(&h, "B:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Offer draw").await;
    assert!(on_screen("Black offers a draw. White, do you accept?"));
    assert!(!on_screen("White offers a draw. Black, do you accept?"));
}

/// R-Z14, issue 24: a single liable piece is ringed and the advice says it goes as the player
/// moves; once huffed, the advice names its point, and no cross is drawn on the piece that
/// moved onto it (`[xb4] b5-b4` looked as if Black's man were crossed). A huffed piece whose
/// point stays empty keeps its cross.
pub(super) async fn huffing_says_what_happens_and_marks_the_right_piece(
    h: AppHandle,
    _dir: PathBuf,
) {
    let ui: &AppWindow = &h;
    let game = ui.global::<dama_ui::GameAdapter>();
    let said = |ui: &AppWindow| {
        let g = ui.global::<dama_ui::GameAdapter>();
        ui.global::<Texts>()
            .invoke_advice(g.get_advice(), g.get_advice_point())
            .to_string()
    };
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wb4,i1:Bb5,i9:huff=b4").unwrap();
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            Opponent::TwoPlayers,
            Color::White,
        )
    });
    assert_eq!(game.get_advice(), Advice::HuffNext);
    assert_eq!(
        said(ui),
        "Your opponent captured too little: b4 is removed. Now make your move."
    );
    assert!(
        ElementHandle::find_by_accessible_label(ui, &said(ui))
            .next()
            .is_some(),
        "the advice is on screen"
    );
    // Issue 48: the only liable piece is drawn taken away (faded and crossed), and tapping
    // it says so again rather than "That is your opponent's piece".
    assert_eq!(piece_at(ui, "b4").map(|p| p.captured), Some(true));
    assert_eq!(crossed(ui), ["b4"]);
    tap(ui, "b4").await;
    assert_eq!(game.get_advice(), Advice::HuffNext);
    tap(ui, "b5").await;
    tap(ui, "b4").await;
    settle(&h).await;
    assert_eq!(code(&h), "W:Wi1:Bb4,i9:clock=1:last=-/b5-b4");
    assert_eq!(game.get_advice(), Advice::Huffed);
    assert_eq!(
        said(ui),
        "Huffed: the piece on b4 could have captured more, so it was removed first."
    );
    assert_eq!(
        ui.global::<GameAdapter>().get_board().crosses.row_count(),
        0,
        "no cross on Black's man, which now stands on b4"
    );
    // Huffed elsewhere (a1 stays empty): the cross marks where the piece was.
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
    settle(&h).await;
    assert_eq!(
        ui.global::<GameAdapter>().get_board().crosses.row_count(),
        1
    );
    assert_eq!(game.get_advice_point(), "a1");
}

/// The piece drawn on the point labelled `label`, if any.
fn piece_at(ui: &AppWindow, label: &str) -> Option<dama_ui::PieceVm> {
    let b = ui.global::<GameAdapter>().get_board();
    let (spots, pieces) = (b.spots, b.pieces);
    let s = spots.iter().find(|s| s.label == label)?;
    pieces.iter().find(|p| (p.x, p.y) == (s.x, s.y))
}

/// The labels of the points crossed out on the board.
fn crossed(ui: &AppWindow) -> Vec<String> {
    let b = ui.global::<GameAdapter>().get_board();
    crossed_points(b.spots, b.crosses)
}

/// Issue 48: a huff with a choice, in two steps pressed on the board: the liable pieces
/// marked and said; one tapped is drawn taken away and named ("Removed i1: now make your
/// move…"); tapped again the choice is taken back, another tapped changes it; then the
/// move, which is saved with the last choice.
pub(super) async fn a_huff_is_chosen_changed_and_then_moved(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    let game = ui.global::<dama_ui::GameAdapter>();
    let said = || {
        ui.global::<Texts>()
            .invoke_advice(game.get_advice(), game.get_advice_point())
            .to_string()
    };
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1,i1").unwrap();
    let rec = GameRecord::from_position(pos);
    h.with(|a| a.begin(rec, Opponent::TwoPlayers, Color::White));
    // Step 1: which pieces may be removed.
    assert_eq!(game.get_advice(), Advice::ChooseHuff);
    assert_eq!(marked(ui, SpotMark::Liable), ["a1", "i1"]);
    assert!(crossed(ui).is_empty());
    // Step 2: i1 chosen, drawn taken away, the removal said with its point.
    tap(ui, "i1").await;
    assert_eq!(
        said(),
        "Removed i1: now make your move, or tap it again to choose another."
    );
    assert!(
        ElementHandle::find_by_accessible_label(ui, &said())
            .next()
            .is_some(),
        "the advice is on screen"
    );
    assert!(marked(ui, SpotMark::Liable).is_empty());
    let i1 = piece_at(ui, "i1").unwrap();
    assert!(i1.captured && !i1.liable, "faded, not ringed");
    assert_eq!(crossed(ui), ["i1"]);
    assert!(
        piece_at(ui, "a1").unwrap().liable,
        "the other choice ringed"
    );
    // Tapped again: the choice is taken back, never "That is your opponent's piece".
    tap(ui, "i1").await;
    assert_eq!(game.get_advice(), Advice::ChooseHuff);
    assert_eq!(marked(ui, SpotMark::Liable), ["a1", "i1"]);
    assert!(!piece_at(ui, "i1").unwrap().captured);
    assert!(crossed(ui).is_empty());
    // a1, then changed to i1; the piece to move picked meanwhile keeps the removal said.
    tap(ui, "a1").await;
    assert_eq!(crossed(ui), ["a1"]);
    tap(ui, "i1").await;
    assert_eq!(
        (game.get_advice(), game.get_advice_point()),
        (Advice::HuffChosen, slint::SharedString::from("i1"))
    );
    assert_eq!(crossed(ui), ["i1"]);
    assert!(!piece_at(ui, "a1").unwrap().captured);
    tap(ui, "i9").await;
    assert_eq!(game.get_advice(), Advice::HuffChosen);
    assert_eq!(crossed(ui), ["i1"]);
    // The move completes the turn with the last choice, and is saved so.
    tap(ui, "h9").await;
    settle(&h).await;
    assert_eq!(code(&h), "W:Wa1:Bh9:clock=1:last=-/i9-h9");
    assert_eq!(game.get_advice(), Advice::Huffed);
    assert_eq!(crossed(ui), ["i1"], "where it stood");
    h.with(|a| a.flush_saves());
    let (_, saved) = Store::new(&dir).load_game().expect("the game is saved");
    assert_eq!(saved.record().moves(), ["[xi1] i9-h9"]);
}

/// Issue 24: on a 360-px phone a 9×9 board's points are 40 px apart (35 before issue 48),
/// under the 48-dp touch target; a finger landing a little off the piece (inside the empty neighbour's cell) still
/// picks the piece, and then a destination the same way. Pressed as a finger would, by
/// pointer events at a position.
pub(super) async fn a_tap_a_little_off_takes_the_point_meant(h: AppHandle, _dir: PathBuf) {
    use slint::platform::WindowEvent;
    let ui: &AppWindow = &h;
    ui.window().set_size(slint::LogicalSize::new(360.0, 640.0));
    let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
    let pos = Position::from_code(rules, "W:Wa1:Bi9").unwrap();
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            Opponent::TwoPlayers,
            Color::White,
        )
    });
    sleep(20).await;
    let point = |label: &str| {
        ElementHandle::find_by_accessible_label(ui, label)
            .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
            .map(|e| (e.absolute_position(), e.size()))
            .unwrap()
    };
    let press = |x: f32, y: f32| {
        let position = slint::LogicalPosition::new(x, y);
        let w = ui.window();
        w.dispatch_event(WindowEvent::PointerMoved { position });
        w.dispatch_event(WindowEvent::PointerPressed {
            position,
            button: PointerEventButton::Left,
        });
        w.dispatch_event(WindowEvent::PointerReleased {
            position,
            button: PointerEventButton::Left,
        });
    };
    let (b1, size) = point("b1");
    assert!(size.width < 48.0, "points {} px apart", size.width);
    // In b1's cell, 0.4 of a cell from its centre towards a1: a1 is selected.
    press(b1.x + size.width * 0.1, b1.y + size.height / 2.0);
    sleep(20).await;
    assert!(
        marked(ui, SpotMark::Destination).contains(&"b2".to_string()),
        "a1 selected: {:?}",
        marked(ui, SpotMark::Destination)
    );
    // In a3's cell, 0.4 of a cell towards a2: the move a1-a2 is played.
    let (a3, size) = point("a3");
    press(a3.x + size.width / 2.0, a3.y + size.height * 0.9);
    settle(&h).await;
    assert_eq!(h.with(|a| a.record().unwrap().moves().join(" ")), "a1-a2");
}

/// Issue 24: a finished game is kept on disk, not deleted; after a restart Home shows the
/// last result. Taking the ending back (undo) takes it out of the history again.
pub(super) async fn a_finished_game_is_kept_and_its_result_shown(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    start(&h, "W:WKa1:Ba4,h8", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(&h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    // Undo takes the ending back: no finished game; the move again: one.
    answer(ui, "Undo").await;
    settle(&h).await;
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(&h).await;
    drop(h);
    let history = Store::new(&dir).load_history();
    assert_eq!(history.games.len(), 1, "{history:?}");
    let kept = GameRecord::from_json(&history.games[0].record).unwrap();
    assert_eq!(
        kept.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::KingVersusLoneMan
        })
    );
    let again = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let ui: &AppWindow = &again;
    assert_eq!(ui.get_screen(), Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    assert!(home.get_has_last() && !home.get_can_resume());
    assert_eq!(home.get_last_reason(), EndReason::KingVersusLoneMan);
    // Issue 48: the card says who won, not only why.
    for text in [
        "Last game, Turkish\u{202f}Dama: White won",
        "King versus lone man: the king wins.",
    ] {
        assert!(
            ElementHandle::find_by_accessible_label(ui, text)
                .next()
                .is_some(),
            "Home shows {text:?}"
        );
    }
}
