//! The app driven headless through Slint's testing backend, as a player would: taps on the
//! board's points (found by their accessible labels), the AI thinking on its thread, undo,
//! and the game-over text.

use dama_core::{Color, GameRecord, Position, Rules};
use dama_ui::app::{self, with_app};
use dama_ui::store::Store;
use dama_ui::{AppWindow, GameModels, Message, Screen, SpotMark, Texts};
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

fn marked(ui: &AppWindow, mark: SpotMark) -> Vec<String> {
    let spots = ui.global::<GameModels>().get_spots();
    (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.mark == mark)
        .map(|s| s.label.to_string())
        .collect()
}

fn code() -> String {
    with_app(|a| a.record().current().to_code()).unwrap()
}

async fn settle() {
    for _ in 0..1000 {
        let busy = with_app(|a| a.is_thinking() || a.is_animating()).unwrap();
        if !busy {
            return;
        }
        sleep(10).await;
    }
    panic!("the app stayed busy");
}

fn start(code: &str, game: &str, opponent: u8, human: Color) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let rec = GameRecord::from_position(Position::from_code(rules, code).unwrap());
    with_app(|a| a.begin(rec, opponent, human));
}

async fn scenarios(ui: &AppWindow) {
    with_app(|a| a.set_anim_speed(0));

    // Home screen → a two-player Turkish game.
    assert_eq!(ui.get_screen(), Screen::Home);
    ui.set_game_index(0);
    ui.set_opponent(0);
    ui.invoke_start_game();
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(app::shown_pieces(ui), 32);

    // Tap a piece: its destinations light up (R-T3: only forward here); tap one: it moves.
    tap(ui, "d3").await;
    assert_eq!(marked(ui, SpotMark::Destination), vec!["d4"]);
    tap(ui, "d4").await;
    settle().await;
    assert!(code().contains("d4"), "{}", code());
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
    ui.set_show_moves(true);
    ui.invoke_settings_changed();
    start("W:Wa1,e1:Ba2,i9", "zamma", 0, Color::White);
    let pieces = ui.global::<GameModels>().get_pieces();
    let flags: Vec<(bool, bool)> = (0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .map(|p| (p.movable, p.can_capture))
        .collect();
    assert_eq!(flags.iter().filter(|f| f.0).count(), 2, "{flags:?}");
    assert_eq!(flags.iter().filter(|f| f.1).count(), 1, "{flags:?}");
    ui.set_show_moves(false);
    ui.invoke_settings_changed();
    let pieces = ui.global::<GameModels>().get_pieces();
    assert!((0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .all(|p| !p.movable && !p.can_capture));

    // A multi-capture route chosen step by step (R-Z8): c3 ends two routes.
    start("W:Wa1:Ba2,b1,b3,c2", "zamma", 0, Color::White);
    tap(ui, "a1").await;
    assert!(
        ui.global::<GameModels>().get_routes().row_count() >= 4,
        "every capture route is drawn"
    );
    tap(ui, "c3").await;
    assert_eq!(ui.get_message(), Message::ChooseRoute);
    let landings = marked(ui, SpotMark::Landing);
    assert!(landings.contains(&"a3".to_string()) && landings.contains(&"c1".to_string()));
    assert_eq!(
        marked(ui, SpotMark::ChosenEnd),
        vec!["c3"],
        "the chosen end point is marked"
    );
    // c1 leaves one route to c3: it is played without another tap.
    tap(ui, "c1").await;
    settle().await;
    assert_eq!(code(), "B:Wc3:Ba2,b3:last=a1-c3/-");
    // The last move's start and end are highlighted.
    let spots = ui.global::<GameModels>().get_spots();
    let last: Vec<String> = (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.last)
        .map(|s| s.label.to_string())
        .collect();
    assert_eq!(last, vec!["a1", "c3"]);

    // A Turkish capture route never offers to stop early (R-T7).
    start("W:WKa1:Ba3,c5,c6", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    assert_eq!(ui.get_message(), Message::NextLanding);

    // The animated move: the piece travels, the captured pieces disappear in order.
    with_app(|a| a.set_anim_speed(1));
    start("W:WKe1:Bc5,b4,e3,g3,h8", "turkish", 0, Color::White);
    tap(ui, "e1").await;
    assert_eq!(
        ui.global::<GameModels>().get_captured_marks().row_count(),
        4
    );
    tap(ui, "h3").await;
    assert!(ui.get_animating());
    let pieces = ui.global::<GameModels>().get_pieces();
    assert!(
        (0..pieces.row_count())
            .filter_map(|i| pieces.row_data(i))
            .all(|p| !p.must),
        "no must-capture ring on a piece while it travels"
    );
    sleep(150).await;
    let mid = app::shown_pieces(ui);
    assert!(
        mid < 6,
        "captured pieces vanish during the animation ({mid})"
    );
    settle().await;
    assert!(!ui.get_animating());
    assert_eq!(app::shown_pieces(ui), 2);
    // A huffed piece (R-Z14) leaves as the move sets off, not after it.
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1").unwrap();
    with_app(|a| a.begin(GameRecord::from_position(pos), 0, Color::White));
    tap(ui, "i9").await;
    tap(ui, "h9").await;
    assert!(ui.get_animating());
    assert_eq!(app::shown_pieces(ui), 2, "a1 is gone during the animation");
    settle().await;
    with_app(|a| a.set_anim_speed(0));

    // King versus lone man: the game-over text says so (R-T10).
    start("W:WKa1:Ba4,h8", "turkish", 0, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle().await;
    assert!(ui.get_game_over());
    assert_eq!(ui.get_result_winner(), "white");
    assert_eq!(ui.get_result_reason(), "king-vs-lone-man");
    let text = ui
        .global::<Texts>()
        .invoke_reason("king-vs-lone-man".into(), "white".into());
    assert_eq!(text, "King versus lone man: the king wins.");
    assert!(
        ElementHandle::find_by_accessible_label(ui, &text)
            .next()
            .is_some(),
        "the game-over text is on screen"
    );

    // Against the computer the card says who won from the player's side, and it can be
    // put aside to look at the final board.
    start("W:WKa1:Ba4,h8", "turkish", 1, Color::White);
    tap(ui, "a1").await;
    tap(ui, "a5").await;
    settle().await;
    assert!(ui.get_game_over());
    assert_eq!(ui.get_human_side(), "white");
    assert!(ElementHandle::find_by_accessible_label(ui, "You won")
        .next()
        .is_some());
    tap(ui, "Look at the board").await;
    assert!(ui.get_over_dismissed());
    assert!(ElementHandle::find_by_accessible_label(ui, "You won")
        .next()
        .is_none());
    tap(ui, "Result").await;
    assert!(!ui.get_over_dismissed());

    // A draw offer is weighed by the worker, off the UI thread: a player a king up gets it.
    // The offer is confirmed first: "Offer draw" opens a question, "Cancel" forgets it.
    start("W:WKa1,b2,c2:Bh7,g7", "turkish", 1, Color::White);
    tap(ui, "Offer draw").await;
    assert_eq!(ui.get_dialog(), 3, "the player is asked first");
    assert!(
        !with_app(|a| a.is_thinking()).unwrap(),
        "nothing offered yet"
    );
    tap(ui, "Cancel").await;
    assert_eq!(ui.get_dialog(), 0);
    tap(ui, "Offer draw").await;
    let confirm = ElementHandle::find_by_accessible_label(ui, "Offer draw")
        .filter(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .last()
        .expect("the dialog's button");
    confirm.single_click(PointerEventButton::Left).await;
    assert_eq!(ui.get_dialog(), 0);
    assert!(!ui.get_game_over(), "the answer comes from the worker");
    settle().await;
    assert!(ui.get_game_over());
    assert_eq!(ui.get_result_reason(), "agreement");

    // Undo after resigning takes back the resignation only.
    let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
    with_app(|a| a.begin(GameRecord::new(rules), 1, Color::White));
    tap(ui, "d3").await;
    tap(ui, "d4").await;
    settle().await;
    assert_eq!(with_app(|a| a.record().ply()).unwrap(), 2);
    ui.invoke_resign();
    assert!(ui.get_game_over());
    ui.invoke_undo();
    settle().await;
    assert!(!ui.get_game_over());
    assert_eq!(with_app(|a| a.record().ply()).unwrap(), 2);

    // Against the computer at level 1 until the game ends, with an undo on the way.
    let rules = Rules::parse("fetaix", &[] as &[&str]).unwrap();
    with_app(|a| a.begin(GameRecord::new(rules), 1, Color::White));
    let mut undone = false;
    for _ in 0..400 {
        settle().await;
        if ui.get_game_over() {
            break;
        }
        assert!(ui.get_human_to_move(), "the computer answered");
        if !undone && with_app(|a| a.record().ply()).unwrap() >= 4 {
            let before = with_app(|a| a.record().ply()).unwrap();
            ui.invoke_undo();
            settle().await;
            let after = with_app(|a| a.record().ply()).unwrap();
            assert_eq!(after + 2, before, "undo takes back your move and the reply");
            undone = true;
        }
        // Play the first legal move by tapping: the piece, then its first destination (or
        // the next landing point until the move is made).
        let movable = with_app(|a| {
            let pos = a.record().current();
            let m = &pos.legal_moves_detailed()[0];
            pos.geometry().label(m.mv.from())
        })
        .unwrap();
        tap(ui, &movable).await;
        for _ in 0..20 {
            let dest = marked(ui, SpotMark::Destination);
            let land = marked(ui, SpotMark::Landing);
            if let Some(d) = dest.first().or(land.first()) {
                tap(ui, d).await;
            }
            if ui.get_thinking()
                || ui.get_game_over()
                || marked(ui, SpotMark::Destination).is_empty()
                    && marked(ui, SpotMark::Landing).is_empty()
            {
                break;
            }
        }
    }
    settle().await;
    assert!(ui.get_game_over(), "the game against the computer ended");
    assert!(undone);
    assert!(!ui.get_result_reason().is_empty());

    // Leaving the screen cancels the search and keeps the game for later.
    let rules = Rules::parse("zamma", &[] as &[&str]).unwrap();
    with_app(|a| a.begin(GameRecord::new(rules), 8, Color::Black));
    sleep(50).await;
    assert!(ui.get_thinking());
    ui.invoke_leave_game();
    assert!(!with_app(|a| a.is_thinking()).unwrap());
    assert_eq!(ui.get_screen(), Screen::Home);
    assert!(ui.get_can_resume());
    assert_eq!(ui.get_resume_game_index(), 1);
    assert_eq!(ui.get_resume_move(), 1);
    assert!(
        ui.get_resume_white_to_move(),
        "the card says whose turn it is"
    );

    // "New game" after a resumed game plays that game again, whatever Home shows.
    ui.set_game_index(0);
    ui.invoke_resume_game();
    assert_eq!(ui.get_playing_game(), 1);
    ui.invoke_resign();
    ui.invoke_new_game();
    settle().await;
    assert_eq!(ui.get_playing_game(), 1);
    assert_eq!(
        with_app(|a| a.record().rules().game()).unwrap(),
        dama_core::GameId::Zamma
    );

    // Play on Home asks before it replaces the unfinished game.
    ui.invoke_leave_game();
    assert!(ui.get_can_resume());
    tap(ui, "Play").await;
    assert_eq!(ui.get_screen(), Screen::Home, "Play asked first");
    tap(ui, "Cancel").await;
    assert_eq!(ui.get_screen(), Screen::Home);
    tap(ui, "Play").await;
    tap(ui, "New game").await;
    settle().await;
    assert_eq!(ui.get_screen(), Screen::Game);
    assert_eq!(ui.get_playing_game(), 0, "the game chosen on Home");
}

#[test]
fn play_through_the_ui() {
    i_slint_backend_testing::init_integration_test_with_system_time();
    let dir = std::env::temp_dir().join(format!("dama-ui-flow-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui = app::create(Store::new(&dir)).unwrap();
    ui.show().unwrap();
    let weak = ui.as_weak();
    let done = Rc::new(RefCell::new(false));
    let done2 = done.clone();
    slint::spawn_local(async move {
        let ui = weak.upgrade().unwrap();
        scenarios(&ui).await;
        *done2.borrow_mut() = true;
        slint::quit_event_loop().unwrap();
    })
    .unwrap();
    slint::run_event_loop().unwrap();
    assert!(*done.borrow(), "the scenarios ran to the end");
    // The app reopens into the unfinished game.
    let again = app::create(Store::new(&dir)).unwrap();
    assert_eq!(again.get_screen(), Screen::Game);
    assert_eq!(again.get_playing_game(), 0);
    let _ = std::fs::remove_dir_all(&dir);
}
