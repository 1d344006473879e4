//! The other screens: History and Review, the position editor, sharing and pasting.

use super::*;

/// Issue 26 items 1-3: a finished game is listed in the History (Home's button), opens for
/// review (a tap on its row), is reviewed by the engine off the UI thread with the man
/// walked into a capture marked (R-T5), is stepped through by the buttons and the graph,
/// shows the engine's best move, keeps its review on disk, and counts in the Statistics.
pub(super) async fn a_finished_game_is_reviewed_from_the_history(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    h.with(|a| a.set_review_nodes(40_000));
    start(&h, "W:Wb3,g2:Bb5,h8", "turkish", 1, Color::White);
    tap(ui, "b3").await;
    tap(ui, "b4").await;
    settle(&h).await;
    assert_eq!(
        h.with(|a| a.record().unwrap().played().len()),
        2,
        "the computer took it"
    );
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    settle(&h).await;
    tap(ui, "Look at the board").await;
    tap(ui, "Back").await;
    tall(ui).await;
    tap(ui, "History").await;
    assert_eq!(ui.get_screen(), Screen::History);
    let rows = ui.global::<dama_ui::HistoryAdapter>().get_rows();
    assert_eq!(rows.row_count(), 1);
    assert!(
        !ui.global::<dama_ui::HistoryAdapter>().get_more(),
        "one page holds it"
    );
    let row = rows.row_data(0).unwrap();
    assert_eq!(
        (row.result, row.level, row.moves),
        (1, 1, 1),
        "lost to level 1"
    );
    // Begun from a set-up position: the row says so beside the level (issue 48).
    assert!(row.set_up);
    let details = format!("Level 1 · Set-up position · Moves: 1 · {}", row.date);
    assert!(
        ElementHandle::find_by_accessible_label(ui, &details)
            .next()
            .is_some(),
        "the row reads {details:?}"
    );
    let label = format!("Turkish Dama {} 0", row.date);
    tap(ui, &label).await;
    assert_eq!(ui.get_screen(), Screen::Review);
    let review = ui.global::<dama_ui::ReviewAdapter>();
    for _ in 0..500 {
        if review.get_analysed() {
            break;
        }
        sleep(10).await;
    }
    assert!(review.get_analysed(), "the review finished");
    assert_eq!(
        (review.get_ply(), review.get_plies()),
        (2, 2),
        "it opens at the end"
    );
    assert!(!review.get_graph().is_empty());
    assert!(
        review.get_marks().row_count() >= 1,
        "the mistake is on the graph"
    );
    // Issue 48: each side's mistakes and blunders, the player's first.
    let t = review.get_tally();
    assert!(t.versus_computer);
    assert_eq!(t.first_mistakes + t.first_blunders, 1, "the player's b3-b4");
    assert!(
        ElementHandle::find_by_accessible_label(ui, "You").count() >= 1,
        "the counts are shown"
    );
    tap(ui, "First").await;
    assert_eq!(review.get_ply(), 0);
    tap(ui, "Next").await;
    assert_eq!(review.get_move_text(), "b3-b4");
    assert_ne!(review.get_judgement(), 0, "b3-b4 is marked");
    assert_ne!(review.get_best_move(), "b3-b4");
    tap(ui, "Previous").await;
    tap(ui, "Best move").await;
    assert!(
        review.get_show_best()
            && review
                .get_board()
                .hint
                .row_data(0)
                .is_some_and(|p| !p.commands.is_empty())
    );
    tap(ui, "Last").await;
    assert_eq!(review.get_ply(), 2);
    tap(ui, "Evaluation graph").await;
    assert_eq!(review.get_ply(), 1, "the graph's middle is the middle move");
    // Issue 39 item 3: on a tall phone the moves are listed, a tap goes to one.
    ui.window().set_size(slint::LogicalSize::new(412.0, 915.0));
    sleep(20).await;
    tap(ui, "First").await;
    let reply = review.get_rows().row_data(0).unwrap().second.text;
    tap(ui, &reply).await;
    assert_eq!(
        review.get_ply(),
        2,
        "the reply's cell goes to the position after it"
    );
    tap(ui, "b3-b4").await;
    assert_eq!((review.get_ply(), review.get_judgement()), (1, 1));
    // A 640-px phone has no room for it below the board and the controls.
    ui.window().set_size(slint::LogicalSize::new(360.0, 640.0));
    sleep(20).await;
    let listed = ElementHandle::find_by_accessible_label(ui, "b3-b4")
        .filter(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .count();
    assert_eq!(listed, 0, "no move list at 360×640");
    tall(ui).await;
    // Kept with the game: not made twice.
    h.with(|a| a.flush_saves());
    let kept = Store::new(&dir).read_history();
    assert!(kept.games[0].analysis.is_some(), "the review is saved");
    tap(ui, "Back").await;
    assert_eq!(ui.get_screen(), Screen::History);
    tap(ui, "Statistics").await;
    assert_eq!(ui.get_screen(), Screen::Statistics);
    let hist = ui.global::<dama_ui::HistoryAdapter>();
    // The game began from a set-up position (b3, g2 against b5, h8): counted apart, not as
    // a loss to level 1 (issue 48).
    let turkish = hist.get_per_game().row_data(0).unwrap();
    assert_eq!((turkish.won, turkish.drawn, turkish.lost), (0, 0, 0));
    assert_eq!(hist.get_per_level().row_count(), 0);
    assert_eq!(hist.get_set_up_games(), 1);
    assert_eq!(hist.get_streak(), 0);
}

/// Issue 26 item 4: Home's "Set up a position" opens the editor for Home's game; taps
/// place and change pieces, the side to move is chosen, the core's refusal is explained
/// (R-T8: a man on its far row; R-T10: king against a lone man is decided), and the
/// position is played against Home's opponent and saved. Issue 39 item 7: the piece comes
/// from a palette, one tap per piece (a second tap takes it off), and "Play this position"
/// is in view on a 360×640 phone without scrolling.
pub(super) async fn a_position_is_set_up_and_played(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    tall(ui).await;
    tap(ui, "Turkish Dama").await;
    tap(ui, "Two players").await;
    tap(ui, "Set up a position").await;
    assert_eq!(ui.get_screen(), Screen::Editor);
    let e = ui.global::<dama_ui::EditorAdapter>();
    assert_eq!(e.get_problem(), 0, "the start position is playable");
    tap(ui, "Clear").await;
    assert_eq!(e.get_problem(), 4, "an empty board is decided");
    ui.window().set_size(slint::LogicalSize::new(360.0, 640.0));
    sleep(20).await;
    tap(ui, "a8").await; // the palette starts on the white man
    tap(ui, "Black man").await;
    tap(ui, "h8").await;
    assert_eq!((e.get_problem(), e.get_point().as_str()), (3, "a8"));
    assert_eq!(e.get_code(), "W:Wa8:Bh8");
    tap(ui, "White king").await;
    tap(ui, "a8").await;
    tap(ui, "White man").await;
    tap(ui, "b2").await;
    tap(ui, "c3").await;
    tap(ui, "c3").await; // the same piece again: taken off
    tap(ui, "Erase").await;
    tap(ui, "d4").await; // erasing an empty point changes nothing
    tap(ui, "Black man").await;
    tap(ui, "g7").await;
    assert_eq!(e.get_code(), "W:WKa8,b2:Bg7,h8");
    tall(ui).await;
    tap(ui, "Black to move").await;
    assert_eq!(e.get_problem(), 0);
    assert_eq!(e.get_code(), "B:WKa8,b2:Bg7,h8");
    ui.window().set_size(slint::LogicalSize::new(360.0, 640.0));
    sleep(20).await;
    tap(ui, "Play this position").await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(code(&h), "B:WKa8,b2:Bg7,h8");
    h.with(|a| a.flush_saves());
    let (_, saved) = Store::new(&dir).load_game().expect("saved");
    assert_eq!(saved.record().start().to_code(), "B:WKa8,b2:Bg7,h8");
}

/// Issue 26 item 5: a game is shared as PDN (copied, and handed to the share sheet where
/// there is one) from the game and from its review, and pasted back in from the History
/// screen: a game in play goes on for two players, a finished one joins the history as
/// imported and opens in review, left out of the statistics; what is not a game is
/// explained and changes nothing. The editor's position code goes through the clipboard
/// both ways.
pub(super) async fn games_and_positions_are_shared_and_pasted(h: AppHandle, dir: PathBuf) {
    use dama_ui::share::{Sharing, Shelf};
    use dama_ui::{CodeNotice, PasteProblem, ShareAdapter, ShareStatus};
    use std::sync::{Arc, Mutex};
    let ui: &AppWindow = &h;
    let shelf = Arc::new(Mutex::new(Shelf::default()));
    h.with(|a| a.set_sharing(Sharing::memory(&shelf, true)));
    let clipboard = || shelf.lock().unwrap().clipboard.clone();
    let put = |t: &str| shelf.lock().unwrap().clipboard = Some(t.to_string());
    two_player_turkish_from_home(ui).await;
    for point in ["d3", "d4", "e6", "e5"] {
        tap(ui, point).await;
    }
    settle(&h).await;
    let played = h.with(|a| a.record().unwrap().played());
    assert_eq!(played.len(), 2);
    let share = ui.global::<ShareAdapter>();
    tap(ui, "Share the game").await;
    assert!(share.get_open() && share.get_can_share());
    // Shown with non-breaking hyphens and each move number bound to its move.
    let shown = share
        .get_text()
        .replace('\u{2011}', "-")
        .replace('\u{202f}', " ");
    assert!(shown.contains("1. d3-d4 e6-e5"), "{shown}");
    tap(ui, "Copy the game").await;
    assert_eq!(share.get_status(), ShareStatus::Copied);
    let pdn = clipboard().expect("copied");
    assert!(
        pdn.contains("[GameType \"30\"]") && pdn.contains("1. d3-d4 e6-e5 *"),
        "{pdn}"
    );
    tap(ui, "Share…").await;
    assert_eq!(share.get_status(), ShareStatus::Sent);
    assert_eq!(shelf.lock().unwrap().shared, vec![pdn.clone()]);
    tap(ui, "Close").await;
    assert!(!share.get_open());

    // Pasted back: the unfinished game goes on for two players, its moves kept.
    tap(ui, "Back").await;
    tall(ui).await;
    tap(ui, "History").await;
    put("  \n");
    tap(ui, "Paste a game from the clipboard").await;
    let history = ui.global::<dama_ui::HistoryAdapter>();
    assert_eq!(history.get_paste_problem(), PasteProblem::Empty);
    // Issue 39 item 8: words are not moves, said so (not "PDN: missing GameType tag").
    put("1. z9-z8 *");
    tap(ui, "Paste a game from the clipboard").await;
    assert_eq!(history.get_paste_problem(), PasteProblem::NotMoves);
    assert_eq!(ui.get_screen(), Screen::History, "nothing was opened");
    put("[GameType \"30\"]\n1. a3-a5 *");
    tap(ui, "Paste a game from the clipboard").await;
    assert_eq!(history.get_paste_problem(), PasteProblem::IllegalMove);
    assert_eq!(
        (
            history.get_paste_number().as_str(),
            history.get_paste_detail().as_str()
        ),
        ("1.", "a3-a5")
    );
    put(&pdn);
    tap(ui, "Paste a game from the clipboard").await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(h.with(|a| a.record().unwrap().played()), played);
    assert!(!ui.global::<dama_ui::GameAdapter>().get_vs_computer());

    // A finished game: resigned here, copied, then pasted as an imported game.
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    settle(&h).await;
    // From the result card, drawn over the bar's own Share (the last button so named).
    answer(ui, "Share the game").await;
    tap(ui, "Copy the game").await;
    tap(ui, "Close").await;
    let finished = clipboard().unwrap();
    assert!(finished.contains("[Result \"0-1\"]"), "{finished}");
    tap(ui, "Home").await;
    tall(ui).await;
    tap(ui, "History").await;
    assert_eq!(history.get_rows().row_count(), 1, "the game played here");
    h.with(|a| a.set_review_nodes(20_000));
    // The same game pasted back is recognised: its entry opens, none is added (issue 39).
    tap(ui, "Paste a game from the clipboard").await;
    assert_eq!(history.get_paste_problem(), PasteProblem::None);
    assert_eq!(ui.get_screen(), Screen::Review);
    h.with(|a| a.flush_saves());
    assert_eq!(Store::new(&dir).read_history().games.len(), 1);
    tap(ui, "Back").await;
    // Another finished game, as bare moves with a result: imported, opened in review; pasted
    // a second time, still one entry.
    let imported = "1. a3-a4 h6-h5 1-0";
    for _ in 0..2 {
        put(imported);
        tap(ui, "Paste a game from the clipboard").await;
        assert_eq!(history.get_paste_problem(), PasteProblem::None);
        assert_eq!(
            ui.get_screen(),
            Screen::Review,
            "an imported game opens in review"
        );
        tap(ui, "Back").await;
    }
    h.with(|a| a.open_review(0));
    let review = ui.global::<dama_ui::ReviewAdapter>();
    assert_eq!(review.get_plies(), 2);
    h.with(|a| a.flush_saves());
    let kept = Store::new(&dir).read_history();
    assert_eq!(kept.games.len(), 2, "pasted twice, imported once");
    assert!(kept.games[1].imported && !kept.games[0].imported);
    // Shared again from the review (once its analysis, which moves the buttons when it
    // ends, is done): the same moves and result.
    for _ in 0..500 {
        if review.get_analysed() {
            break;
        }
        sleep(10).await;
    }
    tap(ui, "Share the game").await;
    assert!(share.get_open(), "the review's Share opens the sheet");
    tap(ui, "Copy the game").await;
    let turkish = Rules::parse("turkish", &[] as &[&str]).unwrap();
    let again = dama_ui::share::read_game(&clipboard().unwrap(), &turkish).unwrap();
    assert_eq!(again.moves(), ["a3-a4", "h6-h5"]);
    assert_eq!(
        again.outcome().map(|o| o.winner()),
        Some(Some(Color::White))
    );
    tap(ui, "Close").await;
    tap(ui, "Back").await;
    let rows = history.get_rows();
    assert!(rows.row_data(0).unwrap().imported && !rows.row_data(1).unwrap().imported);
    assert_eq!(
        history.get_two_player_games(),
        1,
        "the imported game is not counted"
    );

    // The editor's code, copied and pasted.
    tap(ui, "Back").await;
    tall(ui).await;
    tap(ui, "Set up a position").await;
    let e = ui.global::<dama_ui::EditorAdapter>();
    tap(ui, "Copy the position code").await;
    assert_eq!(e.get_code_notice(), CodeNotice::Copied);
    assert_eq!(clipboard().unwrap(), e.get_code().as_str());
    put("B:WKa8,b2:Bg7,h8");
    tap(ui, "Paste a position code").await;
    assert_eq!(e.get_code_notice(), CodeNotice::Pasted);
    assert_eq!(
        (e.get_code().as_str(), e.get_problem()),
        ("B:WKa8,b2:Bg7,h8", 0)
    );
    put("W:Wi9:Ba1");
    tap(ui, "Paste a position code").await;
    assert_eq!(e.get_code_notice(), CodeNotice::NotOnBoard);
    assert_eq!(e.get_code_about(), "i9");
    assert_eq!(e.get_code(), "B:WKa8,b2:Bg7,h8", "the board is kept");
    tap(ui, "a8").await;
    assert_eq!(
        e.get_code_notice(),
        CodeNotice::None,
        "said until the next change"
    );

    // Without a clipboard the sheet and the editor say so.
    h.with(|a| a.set_sharing(Sharing::none()));
    tap(ui, "Copy the position code").await;
    assert_eq!(e.get_code_notice(), CodeNotice::NoClipboard);
}
