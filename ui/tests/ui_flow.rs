//! The app driven headless through Slint's testing backend, as a player would: taps on the
//! board's points (found by their accessible labels), the AI thinking on its thread, undo,
//! and the game-over text.

use dama_core::rules::{options_of, OPTIONS};
use dama_core::{Color, GameId, GameRecord, Position, Rules};
use dama_ui::app::AppHandle;
use dama_ui::store::Store;
use dama_ui::{
    AppWindow, Dialog, EndReason, GameKind, GameModels, Message, Screen, SpotMark, Texts, Winner,
};
use i_slint_backend_testing::ElementHandle;
use slint::platform::PointerEventButton;
use slint::{ComponentHandle, Model};
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context, Poll, Waker};
use std::time::Duration;

/// Waits on the event loop (timers, AI results, animations keep running).
fn sleep(ms: u64) -> impl Future<Output = ()> {
    struct Sleep(Rc<RefCell<(bool, Option<Waker>)>>);
    impl Future for Sleep {
        type Output = ();
        fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            let mut s = self.0.borrow_mut();
            if s.0 {
                Poll::Ready(())
            } else {
                s.1 = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
    let state = Rc::new(RefCell::new((false, None::<Waker>)));
    let s2 = state.clone();
    slint::Timer::single_shot(Duration::from_millis(ms), move || {
        let mut s = s2.borrow_mut();
        s.0 = true;
        if let Some(w) = s.1.take() {
            w.wake();
        }
    });
    Sleep(state)
}

async fn tap(ui: &AppWindow, label: &str) {
    let elems: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(ui, label).collect();
    let e = elems
        .into_iter()
        .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no button labelled {label}"));
    e.single_click(PointerEventButton::Left).await;
}

/// Presses the open dialog's button: drawn over the screen, it is the last one so labelled
/// (the game screen's own "Resign" and "Offer draw" buttons come first).
async fn answer(ui: &AppWindow, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .filter(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .last()
        .unwrap_or_else(|| panic!("no dialog button labelled {label}"));
    e.single_click(PointerEventButton::Left).await;
}

/// The game's result as the record holds it (what is saved and shown).
fn outcome(h: &AppHandle) -> Option<dama_core::Outcome> {
    h.with(|a| a.record().unwrap().outcome())
}

fn marked(ui: &AppWindow, mark: SpotMark) -> Vec<String> {
    let spots = ui.global::<GameModels>().get_spots();
    (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.mark == mark)
        .map(|s| s.label.to_string())
        .collect()
}

fn code(h: &AppHandle) -> String {
    h.with(|a| a.record().unwrap().current().to_code())
}

async fn settle(h: &AppHandle) {
    for _ in 0..1000 {
        let busy = h.with(|a| a.is_thinking() || a.is_animating());
        if !busy {
            return;
        }
        sleep(10).await;
    }
    panic!("the app stayed busy");
}

fn start(h: &AppHandle, code: &str, game: &str, opponent: u8, human: Color) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let rec = GameRecord::from_position(Position::from_code(rules, code).unwrap());
    h.with(|a| a.begin(rec, opponent, human));
}

async fn scenarios(h: &AppHandle) {
    let ui: &AppWindow = h;
    h.with(|a| a.set_anim_speed(0));

    // Home's rule options come from the core's table (issue 16): one row per stored
    // option of the chosen game, in the table's order, with as many chips as values; a
    // chip sets its value; each family keeps its own choices (R-T8, R-Z14).
    assert_eq!(ui.get_screen(), Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    for o in OPTIONS.iter().filter(|o| o.stored) {
        let kind = dama_ui::mapping::option_kind(o).expect("every stored option has a row");
        let choices = ui.global::<Texts>().invoke_option_choices(kind);
        assert_eq!(choices.row_count(), o.values.len(), "{}", o.key);
    }
    let in_force = || -> Vec<String> {
        let o = home.get_options_in_force();
        o.iter().map(|s| s.to_string()).collect()
    };
    // The game chosen on Home. The window is made tall enough to show the rule options
    // without scrolling (the testing backend finds only what is in view).
    let size = ui.window().size();
    ui.window().set_size(slint::LogicalSize::new(420.0, 2400.0));
    let choose = |game: GameKind| {
        home.set_game(game);
        home.invoke_setup_changed();
        sleep(20)
    };
    choose(GameKind::Zamma).await;
    let zamma: Vec<_> = options_of(GameId::Zamma).filter(|o| o.stored).collect();
    let rows = home.get_options();
    assert_eq!(rows.row_count(), zamma.len());
    for (i, o) in zamma.iter().enumerate() {
        assert_eq!(
            Some(rows.row_data(i).unwrap().kind),
            dama_ui::mapping::option_kind(o)
        );
    }
    tap(ui, "Huffing").await;
    assert_eq!(in_force(), vec!["capture=huffing"]);
    assert_eq!(home.get_options().row_data(0).unwrap().selected, 2);
    choose(GameKind::Turkish).await;
    assert_eq!(home.get_options().row_count(), 2);
    assert!(in_force().is_empty(), "Turkish Dama has no capture option");
    tap(ui, "At the end").await;
    assert_eq!(in_force(), vec!["promotion=at-end"]);
    choose(GameKind::Kharbaga).await;
    assert_eq!(
        in_force(),
        vec!["capture=huffing"],
        "the Zamma family's choice kept"
    );
    tap(ui, "Optional").await;
    choose(GameKind::Turkish).await;
    tap(ui, "Goes on as king").await;
    assert!(in_force().is_empty());
    ui.window().set_size(size);

    // Home screen → a two-player Turkish game.
    ui.global::<dama_ui::HomeAdapter>()
        .set_game(GameKind::Turkish);
    ui.global::<dama_ui::HomeAdapter>().set_opponent(0);
    ui.global::<dama_ui::HomeAdapter>().invoke_start_game();
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(h.shown_pieces(), 32);

    // Tap a piece: its destinations light up (R-T3: only forward here); tap one: it moves.
    // The move, its drawing and the next turn cost one generation: the new position's moves
    // (issue 16; the selection and the marks read the session's list).
    let before = dama_core::stats::generations();
    tap(ui, "d3").await;
    assert_eq!(marked(ui, SpotMark::Destination), vec!["d4"]);
    tap(ui, "d4").await;
    settle(h).await;
    assert_eq!(
        dama_core::stats::generations() - before,
        1,
        "generations of one move"
    );
    assert!(code(h).contains("d4"), "{}", code(h));
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

    // "Show moves": the pieces that can move are marked, and optional captures (R-Z8).
    ui.global::<dama_ui::SettingsAdapter>().set_show_moves(true);
    ui.global::<dama_ui::SettingsAdapter>().invoke_changed();
    start(h, "W:Wa1,e1:Ba2,i9", "zamma", 0, Color::White);
    let pieces = ui.global::<GameModels>().get_pieces();
    let flags: Vec<(bool, bool)> = (0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .map(|p| (p.movable, p.can_capture))
        .collect();
    assert_eq!(flags.iter().filter(|f| f.0).count(), 2, "{flags:?}");
    assert_eq!(flags.iter().filter(|f| f.1).count(), 1, "{flags:?}");
    ui.global::<dama_ui::SettingsAdapter>()
        .set_show_moves(false);
    ui.global::<dama_ui::SettingsAdapter>().invoke_changed();
    let pieces = ui.global::<GameModels>().get_pieces();
    assert!((0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .all(|p| !p.movable && !p.can_capture));

    // A multi-capture route chosen step by step (R-Z8): c3 ends two routes.
    start(h, "W:Wa1:Ba2,b1,b3,c2", "zamma", 0, Color::White);
    tap(ui, "a1").await;
    assert!(
        ui.global::<GameModels>().get_routes().row_count() >= 4,
        "every capture route is drawn"
    );
    tap(ui, "c3").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_message(),
        Message::ChooseRoute
    );
    let landings = marked(ui, SpotMark::Landing);
    assert!(landings.contains(&"a3".to_string()) && landings.contains(&"c1".to_string()));
    assert_eq!(
        marked(ui, SpotMark::ChosenEnd),
        vec!["c3"],
        "the chosen end point is marked"
    );
    // c1 leaves one route to c3: it is played without another tap.
    tap(ui, "c1").await;
    settle(h).await;
    assert_eq!(code(h), "B:Wc3:Ba2,b3:last=a1-c3/-");
    // The last move's start and end are highlighted.
    let spots = ui.global::<GameModels>().get_spots();
    let last: Vec<String> = (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.last)
        .map(|s| s.label.to_string())
        .collect();
    assert_eq!(last, vec!["a1", "c3"]);

    // A Turkish capture route never offers to stop early (R-T7).
    start(h, "W:WKa1:Ba3,c5,c6", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_message(),
        Message::NextLanding
    );

    // The animated move: the piece travels, the captured pieces disappear in order.
    h.with(|a| a.set_anim_speed(1));
    start(h, "W:WKe1:Bc5,b4,e3,g3,h8", "turkish", 0, Color::White);
    tap(ui, "e1").await;
    assert_eq!(
        ui.global::<GameModels>().get_captured_marks().row_count(),
        4
    );
    tap(ui, "h3").await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_animating());
    let pieces = ui.global::<GameModels>().get_pieces();
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
    settle(h).await;
    assert!(!ui.global::<dama_ui::GameAdapter>().get_animating());
    assert_eq!(h.shown_pieces(), 2);
    // A huffed piece (R-Z14) leaves as the move sets off, not after it.
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1").unwrap();
    h.with(|a| a.begin(GameRecord::from_position(pos), 0, Color::White));
    tap(ui, "i9").await;
    tap(ui, "h9").await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_animating());
    assert_eq!(h.shown_pieces(), 2, "a1 is gone during the animation");
    settle(h).await;
    h.with(|a| a.set_anim_speed(0));

    // King versus lone man: the game-over text says so (R-T10).
    start(h, "W:WKa1:Ba4,h8", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_winner(),
        Winner::White
    );
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_reason(),
        EndReason::KingVersusLoneMan
    );
    let text = ui
        .global::<Texts>()
        .invoke_reason(EndReason::KingVersusLoneMan, Winner::White);
    assert_eq!(text, "King versus lone man: the king wins.");
    assert!(
        ElementHandle::find_by_accessible_label(ui, &text)
            .next()
            .is_some(),
        "the game-over text is on screen"
    );

    // Against the computer the card says who won from the player's side, and it can be
    // put aside to look at the final board.
    start(h, "W:WKa1:Ba4,h8", "turkish", 1, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle(h).await;
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

    // A draw offer is weighed by the worker, off the UI thread: a player a king up gets it.
    // The offer is confirmed first: "Offer draw" opens a question, "Cancel" forgets it.
    start(h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 1, Color::White);
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
    let confirm = ElementHandle::find_by_accessible_label(ui, "Offer draw")
        .filter(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .last()
        .expect("the dialog's button");
    confirm.single_click(PointerEventButton::Left).await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_dialog(),
        Dialog::None
    );
    assert!(
        !ui.global::<dama_ui::GameAdapter>().get_game_over(),
        "the answer comes from the worker"
    );
    settle(h).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_reason(),
        EndReason::Agreement
    );

    // each dialog's answer does what it says, pressed as a player presses it (issue
    // 24: confirming Resign was taken as a draw offer, and did nothing for two players).
    use dama_core::{Outcome, Reason};
    let game = ui.global::<dama_ui::GameAdapter>();
    start(h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 1, Color::White);
    tap(ui, "Resign").await;
    assert_eq!(game.get_dialog(), Dialog::Resign);
    tap(ui, "Keep playing").await;
    assert_eq!(game.get_dialog(), Dialog::None);
    assert_eq!(outcome(h), None, "keep playing keeps playing");
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    settle(h).await;
    assert_eq!(game.get_dialog(), Dialog::None);
    assert!(game.get_game_over());
    assert_eq!(game.get_reason(), EndReason::Resignation);
    assert_eq!(game.get_winner(), Winner::Black, "the computer wins");
    assert_eq!(
        outcome(h),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Resignation
        })
    );
    // Two players: the side to move resigns (Black here).
    start(h, "B:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Resign").await;
    answer(ui, "Resign").await;
    assert_eq!(
        outcome(h),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Resignation
        })
    );
    assert_eq!(game.get_winner(), Winner::White);
    // Two players: one offers a draw, the other declines it, then accepts it.
    start(h, "W:WKa1,b2,c2:Bh7,g7", "turkish", 0, Color::White);
    tap(ui, "Offer draw").await;
    assert_eq!(game.get_dialog(), Dialog::AcceptDraw);
    tap(ui, "Decline").await;
    assert_eq!(outcome(h), None, "declined");
    tap(ui, "Offer draw").await;
    answer(ui, "Accept draw").await;
    assert_eq!(
        outcome(h),
        Some(Outcome::Draw {
            reason: Reason::Agreement
        })
    );
    assert_eq!(game.get_reason(), EndReason::Agreement);
    // The ended game is no game to resume.
    game.invoke_leave();
    assert!(!ui.global::<dama_ui::HomeAdapter>().get_can_resume());

    // Undo after resigning takes back the resignation only.
    let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), 1, Color::White));
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    settle(h).await;
    assert_eq!(h.with(|a| a.record().unwrap().ply()), 2);
    ui.global::<dama_ui::GameAdapter>().invoke_resign();
    assert!(ui.global::<dama_ui::GameAdapter>().get_game_over());
    ui.global::<dama_ui::GameAdapter>().invoke_undo();
    settle(h).await;
    assert!(!ui.global::<dama_ui::GameAdapter>().get_game_over());
    assert_eq!(h.with(|a| a.record().unwrap().ply()), 2);

    // Against the computer at level 1 until the game ends, with an undo on the way.
    let rules = Rules::parse("fetaix", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), 1, Color::White));
    let mut undone = false;
    for _ in 0..400 {
        settle(h).await;
        if ui.global::<dama_ui::GameAdapter>().get_game_over() {
            break;
        }
        assert!(
            ui.global::<dama_ui::GameAdapter>().get_human_to_move(),
            "the computer answered"
        );
        if !undone && h.with(|a| a.record().unwrap().ply()) >= 4 {
            let before = h.with(|a| a.record().unwrap().ply());
            ui.global::<dama_ui::GameAdapter>().invoke_undo();
            settle(h).await;
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
    settle(h).await;
    assert!(
        ui.global::<dama_ui::GameAdapter>().get_game_over(),
        "the game against the computer ended"
    );
    assert!(undone);
    assert!(ui.global::<dama_ui::GameAdapter>().get_reason() != EndReason::None);

    // Leaving the screen cancels the search and keeps the game for later.
    let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
    h.with(|a| a.begin(GameRecord::new(rules), 8, Color::Black));
    sleep(50).await;
    assert!(ui.global::<dama_ui::GameAdapter>().get_thinking());
    ui.global::<dama_ui::GameAdapter>().invoke_leave();
    assert!(!h.with(|a| a.is_thinking()));
    assert_eq!(ui.get_screen(), Screen::Home);
    assert!(ui.global::<dama_ui::HomeAdapter>().get_can_resume());
    assert_eq!(
        ui.global::<dama_ui::HomeAdapter>().get_resume_game(),
        GameKind::Zamma
    );
    assert_eq!(ui.global::<dama_ui::HomeAdapter>().get_resume_move(), 1);
    assert!(
        ui.global::<dama_ui::HomeAdapter>()
            .get_resume_white_to_move(),
        "the card says whose turn it is"
    );

    // "New game" after a resumed game plays that game again, whatever Home shows.
    ui.global::<dama_ui::HomeAdapter>()
        .set_game(GameKind::Turkish);
    ui.global::<dama_ui::HomeAdapter>().invoke_resume();
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Zamma
    );
    ui.global::<dama_ui::GameAdapter>().invoke_resign();
    ui.global::<dama_ui::GameAdapter>().invoke_new_game();
    settle(h).await;
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Zamma
    );
    assert_eq!(
        h.with(|a| a.record().unwrap().rules().game()),
        dama_core::GameId::Zamma
    );

    // Play on Home asks before it replaces the unfinished game.
    ui.global::<dama_ui::GameAdapter>().invoke_leave();
    assert!(ui.global::<dama_ui::HomeAdapter>().get_can_resume());
    tap(ui, "Play").await;
    assert_eq!(ui.get_screen(), Screen::Home, "Play asked first");
    tap(ui, "Cancel").await;
    assert_eq!(ui.get_screen(), Screen::Home);
    tap(ui, "Play").await;
    tap(ui, "New game").await;
    settle(h).await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Turkish,
        "the game chosen on Home"
    );
}

#[test]
fn play_through_the_ui() {
    i_slint_backend_testing::init_integration_test_with_system_time();
    let dir = std::env::temp_dir().join(format!("dama-ui-flow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let h = dama_ui::app::create(Store::new(&dir)).unwrap();
    h.show().unwrap();
    let done = Rc::new(RefCell::new(false));
    let done2 = done.clone();
    slint::spawn_local(async move {
        scenarios(&h).await;
        *done2.borrow_mut() = true;
        slint::quit_event_loop().unwrap();
        // Dropping the app writes its pending saves.
        drop(h);
    })
    .unwrap();
    slint::run_event_loop().unwrap();
    assert!(*done.borrow(), "the scenarios ran to the end");
    // The app reopens into the unfinished game.
    let again = dama_ui::app::create(Store::new(&dir)).unwrap();
    assert_eq!(again.get_screen(), Screen::Game);
    assert_eq!(
        again.global::<dama_ui::GameAdapter>().get_game(),
        GameKind::Turkish
    );
    let _ = std::fs::remove_dir_all(&dir);
}
