//! How games end: the reasons, the result card, draw offers, resignation.

use super::*;

/// King versus lone man: the game-over text says so (R-T10).
pub(super) async fn king_versus_lone_man_is_shown_as_the_reason(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    start(&h, "W:WKa1:Ba4,h8", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(&h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_winner(),
        Winner::White
    );
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_reason(),
        EndReason::KingVersusLoneMan
    );
    let text = ui.global::<Texts>().invoke_reason(
        EndReason::KingVersusLoneMan,
        Winner::White,
        Winner::None,
    );
    assert_eq!(text, "King versus lone man: the king wins.");
    assert!(
        ElementHandle::find_by_accessible_label(ui, &text)
            .next()
            .is_some(),
        "the game-over text is on screen"
    );
}

/// Issue 48: an ending is told from the player's side, never of "the loser": against the
/// computer "you" and "the computer", between two players their colours (R-T9).
pub(super) async fn endings_are_told_from_the_players_side(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let on_screen = |text: &str| {
        ElementHandle::find_by_accessible_label(ui, text)
            .next()
            .is_some()
    };
    // Against the computer: White's king takes Black's last man.
    start(&h, "W:WKa1,Kh1:Ba2", "turkish", 1, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a3").await;
    settle(&h).await;
    let game = ui.global::<dama_ui::GameAdapter>();
    assert!(game.get_game_over());
    assert_eq!(game.get_reason(), EndReason::NoPieces);
    for text in ["You won", "You captured all the computer's pieces."] {
        assert!(on_screen(text), "the result card says {text:?}");
    }
    // Two players: Black's last man, on a2, is walled in once White's h5 king steps.
    start(&h, "W:WKa1,Kb2,Kc2,Ka3,Kh5:Ba2", "turkish", 0, Color::White);
    tap(ui, "h5").await;
    tap(ui, "h6").await;
    settle(&h).await;
    assert!(game.get_game_over());
    assert_eq!(game.get_reason(), EndReason::Blocked);
    for text in ["White wins", "Black has no move left."] {
        assert!(on_screen(text), "the result card says {text:?}");
    }
    // Every ending the rules have, for every side: never "the loser".
    let texts = ui.global::<Texts>();
    for reason in [EndReason::NoPieces, EndReason::Blocked] {
        for winner in [Winner::White, Winner::Black] {
            for you in [Winner::None, Winner::White, Winner::Black] {
                let said = texts.invoke_reason(reason, winner, you);
                assert!(!said.is_empty() && !said.contains("loser"), "{said}");
                let lost = you != Winner::None && you != winner;
                assert_eq!(
                    said.contains("your") || said.starts_with("You have"),
                    lost,
                    "{said}"
                );
            }
        }
    }
    assert_eq!(
        texts.invoke_reason(EndReason::NoPieces, Winner::Black, Winner::White),
        "All your pieces were captured."
    );
    assert_eq!(
        texts.invoke_reason(EndReason::Blocked, Winner::Black, Winner::White),
        "You have no move left."
    );
    assert_eq!(
        texts.invoke_reason(EndReason::Blocked, Winner::White, Winner::None),
        "Black has no move left."
    );
    assert_eq!(
        texts.invoke_reason(EndReason::KingVersusLoneMan, Winner::Black, Winner::White),
        "The computer's king beats your lone man."
    );
    assert_eq!(
        texts.invoke_reason(EndReason::KingVersusLoneMan, Winner::White, Winner::White),
        "Your king beats the computer's lone man."
    );
}

/// Against the computer the card says who won from the player's side, and it can be put
/// aside to look at the final board.
pub(super) async fn the_result_card_speaks_to_the_player_and_can_be_put_aside(
    h: AppHandle,
    _dir: PathBuf,
) {
    let ui: &AppWindow = &h;
    start(&h, "W:WKa1:Ba4,h8", "turkish", 1, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(&h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_human_side(),
        Winner::White
    );
    assert!(ElementHandle::find_by_accessible_label(ui, "You won")
        .next()
        .is_some());
    tap(ui, "Look at the board").await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_over_dismissed());
    assert!(ElementHandle::find_by_accessible_label(ui, "You won")
        .next()
        .is_none());
    tap(ui, "Result").await;
    assert!(!ui.global::<dama_ui::GameAdapter>().get_over_dismissed());
}

/// A draw offer is weighed by the worker, off the UI thread: a player a king up gets it.
/// The offer is confirmed first: "Offer draw" opens a question, "Cancel" forgets it.
pub(super) async fn the_computer_weighs_a_confirmed_draw_offer(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    start(&h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 1, Color::White);
    tap(ui, "Offer draw").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_dialog(),
        Dialog::OfferDraw,
        "the player is asked first"
    );
    assert!(!h.with(|a| a.is_thinking()), "nothing offered yet");
    tap(ui, "Cancel").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_dialog(),
        Dialog::None
    );
    tap(ui, "Offer draw").await;
    answer(ui, "Offer draw").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_dialog(),
        Dialog::None
    );
    assert!(
        !ui.global::<dama_ui::GameAdapter>().get_game_over(),
        "the answer comes from the worker"
    );
    settle(&h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_reason(),
        EndReason::Agreement
    );
    assert_eq!(
        outcome(&h),
        Some(Outcome::Draw {
            reason: Reason::Agreement
        })
    );
}

/// Resign resigns, pressed as a player presses it, against the computer (issue 24:
/// confirming Resign was taken as a draw offer).
pub(super) async fn resigning_against_the_computer_ends_the_game(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let game = ui.global::<dama_ui::GameAdapter>();
    start(&h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 1, Color::White);
    tap(ui, "Resign").await;
    assert_eq!(game.get_dialog(), Dialog::Resign);
    tap(ui, "Keep playing").await;
    assert_eq!(game.get_dialog(), Dialog::None);
    assert_eq!(outcome(&h), None, "keep playing keeps playing");
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    settle(&h).await;
    assert_eq!(game.get_dialog(), Dialog::None);
    assert!(game.get_game_over());
    assert_eq!(game.get_reason(), EndReason::Resignation);
    assert_eq!(game.get_winner(), Winner::Black, "the computer wins");
    assert_eq!(
        outcome(&h),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Resignation
        })
    );
}

/// two players: the side to move resigns (Black here), and a draw offer is declined
/// or accepted by the other player (issue 24: both did nothing).
pub(super) async fn two_players_resign_and_agree_a_draw(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let game = ui.global::<dama_ui::GameAdapter>();
    start(&h, "B:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    assert_eq!(
        outcome(&h),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Resignation
        })
    );
    assert_eq!(game.get_winner(), Winner::White);
    start(&h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Offer draw").await;
    assert_eq!(game.get_dialog(), Dialog::AcceptDraw);
    tap(ui, "Decline").await;
    assert_eq!(outcome(&h), None, "declined");
    tap(ui, "Offer draw").await;
    answer(ui, "Accept draw").await;
    assert_eq!(
        outcome(&h),
        Some(Outcome::Draw {
            reason: Reason::Agreement
        })
    );
    assert_eq!(game.get_reason(), EndReason::Agreement);
    // The ended game is no game to resume: the result card's Home.
    answer(ui, "Home").await;
    assert_eq!(ui.get_screen(), Screen::Home);
    assert!(!ui.global::<dama_ui::HomeAdapter>().get_can_resume());
}

/// Issue 39 items 5 and 11: a resignation is final (the result card's Undo takes nothing
/// back, so the game stays in History) and is told in a player's words, on the result card
/// and on Home.
pub(super) async fn a_resignation_is_final_and_told_in_words(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), Opponent::Computer(1), Color::White));
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    settle(&h).await;
    assert_eq!(h.with(|a| a.record().unwrap().ply()), 2);
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    let game = ui.global::<dama_ui::GameAdapter>();
    assert!(game.get_game_over());
    let shown = |text: &str| {
        ElementHandle::find_by_accessible_label(ui, text)
            .next()
            .is_some()
    };
    assert!(shown("You resigned."), "the result card says who resigned");
    assert!(!game.get_can_undo(), "a resignation is not undone");
    answer(ui, "Undo").await;
    settle(&h).await;
    assert!(game.get_game_over(), "still over after Undo");
    assert_eq!(h.with(|a| a.record().unwrap().ply()), 2);
    answer(ui, "Home").await;
    assert!(shown("You resigned."), "Home says it too");
    h.with(|a| a.flush_saves());
    let history = Store::new(&dir).load_history();
    assert_eq!(history.games.len(), 1, "the resigned game is in History");
    // Two players: the side to move resigns, named by its colour.
    let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), Opponent::TwoPlayers, Color::White));
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    assert!(shown("White resigned."));
}
