//! The app driven headless through Slint's testing backend, as a player would: taps on the
//! board's points and the buttons (found by their accessible labels), the AI thinking on
//! its thread, undo, the dialogs, and the game-over text, through to what is saved.
//!
//! Each scenario is its own test with its own app and data folder. Slint's testing
//! platform can be set up once per process, on one thread, so this file has its own small
//! harness (`harness = false`): the scenarios run one after the other on that thread, a
//! failing one is reported and the rest still run. `cargo test -p dama-ui --test ui_flow --
//! NAME` runs those whose names contain NAME.

use dama_core::rules::{options_of, OPTIONS};
use dama_core::{Color, GameId, GameRecord, Outcome, Position, Reason, Rules};
use dama_ui::app::AppHandle;
use dama_ui::flow::Opponent;
use dama_ui::store::Store;
use dama_ui::{
    Advice, AppWindow, Dialog, EndReason, GameKind, GameModels, Screen, SpotMark, Texts, Winner,
};
use i_slint_backend_testing::ElementHandle;
use slint::platform::PointerEventButton;
use slint::{ComponentHandle, Model};
use std::any::Any;
use std::cell::RefCell;
use std::future::Future;
use std::panic::AssertUnwindSafe;
use std::path::PathBuf;
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
fn outcome(h: &AppHandle) -> Option<Outcome> {
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

/// Home → Turkish Dama for two players → Play, as a player taps it.
async fn two_player_turkish_from_home(ui: &AppWindow) {
    let size = ui.window().size();
    tall(ui).await;
    tap(ui, "Turkish Dama").await;
    tap(ui, "Two players").await;
    tap(ui, "Play").await;
    ui.window().set_size(size);
}

/// Makes Home tall enough to show every card and option without scrolling (the testing
/// backend finds only what is in view).
async fn tall(ui: &AppWindow) {
    ui.window().set_size(slint::LogicalSize::new(420.0, 2400.0));
    sleep(20).await;
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
    h.with(|a| a.begin(rec, opponent.into(), human));
}

/// Home's rule options come from the core's table (issue 16): one row per stored option of
/// the chosen game, in the table's order, with as many chips as values; a chip sets its
/// value; each family keeps its own choices (R-T8, R-Z14).
async fn home_options_come_from_the_core_table(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
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
    tall(ui).await;
    tap(ui, "Zamma").await;
    assert_eq!(home.get_game(), GameKind::Zamma, "the game's card chose it");
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
async fn a_tapped_move_is_played_shown_and_listed(h: AppHandle, _dir: PathBuf) {
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
async fn show_moves_marks_movable_pieces_and_captures(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_show_moves(true);
    start(&h, "W:Wa1,e1:Ba2,i9", "zamma", 0, Color::White);
    let pieces = ui.global::<GameModels>().get_pieces();
    let flags: Vec<(bool, bool)> = (0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .map(|p| (p.movable, p.can_capture))
        .collect();
    assert_eq!(flags.iter().filter(|f| f.0).count(), 2, "{flags:?}");
    assert_eq!(flags.iter().filter(|f| f.1).count(), 1, "{flags:?}");
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_show_moves(false);
    let pieces = ui.global::<GameModels>().get_pieces();
    assert!((0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .all(|p| !p.movable && !p.can_capture));
}

/// A multi-capture route chosen step by step (R-Z8): c3 ends two routes; c1 leaves one.
async fn a_capture_route_is_chosen_step_by_step(h: AppHandle, _dir: PathBuf) {
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
    let spots = ui.global::<GameModels>().get_spots();
    let last: Vec<String> = (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.last)
        .map(|s| s.label.to_string())
        .collect();
    assert_eq!(last, vec!["a1", "c3"]);
}

/// A Turkish capture route never offers to stop early (R-T7).
async fn a_turkish_capture_never_stops_early(h: AppHandle, _dir: PathBuf) {
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
async fn captured_and_huffed_pieces_leave_during_the_animation(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    h.with(|a| a.set_anim_speed(1));
    start(&h, "W:WKe1:Bc5,b4,e3,g3,h8", "turkish", 0, Color::White);
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

/// King versus lone man: the game-over text says so (R-T10).
async fn king_versus_lone_man_is_shown_as_the_reason(h: AppHandle, _dir: PathBuf) {
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

/// Against the computer the card says who won from the player's side, and it can be put
/// aside to look at the final board.
async fn the_result_card_speaks_to_the_player_and_can_be_put_aside(h: AppHandle, _dir: PathBuf) {
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
async fn the_computer_weighs_a_confirmed_draw_offer(h: AppHandle, _dir: PathBuf) {
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
async fn resigning_against_the_computer_ends_the_game(h: AppHandle, _dir: PathBuf) {
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
async fn two_players_resign_and_agree_a_draw(h: AppHandle, _dir: PathBuf) {
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
async fn a_resignation_is_final_and_told_in_words(h: AppHandle, dir: PathBuf) {
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

/// Against the computer at level 1 until the game ends, with an undo on the way.
async fn a_whole_game_against_the_computer(h: AppHandle, _dir: PathBuf) {
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
async fn leaving_resuming_and_replacing_a_game(h: AppHandle, _dir: PathBuf) {
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
async fn an_unfinished_game_reopens(h: AppHandle, dir: PathBuf) {
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
    let again = dama_ui::app::create(Store::new(&dir)).unwrap();
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
async fn titles_and_offers_read_as_sentences(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    let texts = ui.global::<Texts>();
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("de").into());
    assert_eq!(
        texts.invoke_rules_title(GameKind::Turkish),
        "Regeln der Türkischen Dame"
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
async fn huffing_says_what_happens_and_marks_the_right_piece(h: AppHandle, _dir: PathBuf) {
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
        "Your opponent captured too little: the ringed piece on b4 is removed as you move."
    );
    assert!(
        ElementHandle::find_by_accessible_label(ui, &said(ui))
            .next()
            .is_some(),
        "the advice is on screen"
    );
    let pieces = ui.global::<GameModels>().get_pieces();
    let ringed: Vec<_> = (0..pieces.row_count())
        .filter_map(|i| pieces.row_data(i))
        .filter(|p| p.liable)
        .collect();
    assert_eq!(ringed.len(), 1, "the liable piece is ringed");
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
        ui.global::<GameModels>().get_captured_marks().row_count(),
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
        ui.global::<GameModels>().get_captured_marks().row_count(),
        1
    );
    assert_eq!(game.get_advice_point(), "a1");
}

/// Issue 24: on a 360-px phone a 9×9 board's points are 35 px apart, under the 48-dp touch
/// target; a finger landing a little off the piece (inside the empty neighbour's cell) still
/// picks the piece, and then a destination the same way. Pressed as a finger would, by
/// pointer events at a position.
async fn a_tap_a_little_off_takes_the_point_meant(h: AppHandle, _dir: PathBuf) {
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
    assert!(size.width < 40.0, "points {} px apart", size.width);
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
async fn a_finished_game_is_kept_and_its_result_shown(h: AppHandle, dir: PathBuf) {
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
    let again = dama_ui::app::create(Store::new(&dir)).unwrap();
    let ui: &AppWindow = &again;
    assert_eq!(ui.get_screen(), Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    assert!(home.get_has_last() && !home.get_can_resume());
    assert_eq!(home.get_last_reason(), EndReason::KingVersusLoneMan);
    for text in [
        "Last game: Turkish Dama",
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

/// A scenario: a fresh app (shown, animations off) and its data folder.
type Scenario = fn(AppHandle, PathBuf) -> Pin<Box<dyn Future<Output = ()>>>;

macro_rules! scenarios {
    ($($name:ident),* $(,)?) => {
        [$((stringify!($name), (|h, d| Box::pin($name(h, d))) as Scenario)),*]
    };
}

/// Polls a future and turns a panic inside it into an error, so the next scenario runs.
struct CatchUnwind(Pin<Box<dyn Future<Output = ()>>>);

impl Future for CatchUnwind {
    type Output = Result<(), Box<dyn Any + Send>>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        let inner = self.0.as_mut();
        match std::panic::catch_unwind(AssertUnwindSafe(|| inner.poll(cx))) {
            Ok(Poll::Pending) => Poll::Pending,
            Ok(Poll::Ready(v)) => Poll::Ready(Ok(v)),
            Err(e) => Poll::Ready(Err(e)),
        }
    }
}

/// Presses the chip `label` of the settings row titled `about`.
async fn choose(ui: &AppWindow, about: &str, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .find(|e| e.accessible_description().as_deref() == Some(about))
        .unwrap_or_else(|| panic!("no chip {label} in the row {about}"));
    e.single_click(PointerEventButton::Left).await;
}

/// Issue 24, items 9 and 10: the app's playback path, recorded. A move sounds as it lands
/// and is felt; a capture sounds once per jump (R-T5), then the crowning (R-T8) and the
/// win; a tap on a piece that may not move is refused aloud; the Settings switches (pressed
/// as a player would) silence the sounds and the touches, and are saved.
async fn sounds_and_touches_follow_the_play_and_the_settings(h: AppHandle, dir: PathBuf) {
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
async fn board_and_piece_styles_are_chosen_and_kept(h: AppHandle, dir: PathBuf) {
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
    let again = dama_ui::app::create(Store::new(&dir)).unwrap();
    let theme = again.global::<dama_ui::Theme>();
    assert_eq!((theme.get_board_style(), theme.get_piece_style()), (1, 2));
}

/// Issue 26 items 1-3: a finished game is listed in the History (Home's button), opens for
/// review (a tap on its row), is reviewed by the engine off the UI thread with the man
/// walked into a capture marked (R-T5), is stepped through by the buttons and the graph,
/// shows the engine's best move, keeps its review on disk, and counts in the Statistics.
async fn a_finished_game_is_reviewed_from_the_history(h: AppHandle, dir: PathBuf) {
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
    tap(ui, "First").await;
    assert_eq!(review.get_ply(), 0);
    tap(ui, "Next").await;
    assert_eq!(review.get_move_text(), "b3-b4");
    assert_ne!(review.get_judgement(), 0, "b3-b4 is marked");
    assert_ne!(review.get_best_move(), "b3-b4");
    tap(ui, "Previous").await;
    tap(ui, "Best move").await;
    assert!(review.get_show_best() && !review.get_best_path().is_empty());
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
    let turkish = hist.get_per_game().row_data(0).unwrap();
    assert_eq!((turkish.won, turkish.drawn, turkish.lost), (0, 0, 1));
    assert_eq!(hist.get_per_level().row_data(0).unwrap().level, 1);
    assert_eq!(hist.get_streak(), 0);
}

/// Issue 26 item 4: Home's "Set up a position" opens the editor for Home's game; taps
/// place and change pieces, the side to move is chosen, the core's refusal is explained
/// (R-T8: a man on its far row; R-T10: king against a lone man is decided), and the
/// position is played against Home's opponent and saved. Issue 39 item 7: the piece comes
/// from a palette, one tap per piece (a second tap takes it off), and "Play this position"
/// is in view on a 360×640 phone without scrolling.
async fn a_position_is_set_up_and_played(h: AppHandle, dir: PathBuf) {
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
async fn games_and_positions_are_shared_and_pasted(h: AppHandle, dir: PathBuf) {
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
    // Shown with non-breaking hyphens (a line never breaks inside a move).
    let shown = share.get_text().replace('\u{2011}', "-");
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

fn main() {
    let all = scenarios![
        home_options_come_from_the_core_table,
        a_tapped_move_is_played_shown_and_listed,
        show_moves_marks_movable_pieces_and_captures,
        a_capture_route_is_chosen_step_by_step,
        a_turkish_capture_never_stops_early,
        captured_and_huffed_pieces_leave_during_the_animation,
        king_versus_lone_man_is_shown_as_the_reason,
        the_result_card_speaks_to_the_player_and_can_be_put_aside,
        the_computer_weighs_a_confirmed_draw_offer,
        resigning_against_the_computer_ends_the_game,
        two_players_resign_and_agree_a_draw,
        a_resignation_is_final_and_told_in_words,
        a_whole_game_against_the_computer,
        leaving_resuming_and_replacing_a_game,
        an_unfinished_game_reopens,
        titles_and_offers_read_as_sentences,
        huffing_says_what_happens_and_marks_the_right_piece,
        a_tap_a_little_off_takes_the_point_meant,
        a_finished_game_is_kept_and_its_result_shown,
        sounds_and_touches_follow_the_play_and_the_settings,
        board_and_piece_styles_are_chosen_and_kept,
        a_finished_game_is_reviewed_from_the_history,
        a_position_is_set_up_and_played,
        games_and_positions_are_shared_and_pasted,
    ];
    // Arguments as libtest takes them: names to filter by; flags are ignored.
    let filters: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let chosen: Vec<(&str, Scenario)> = all
        .into_iter()
        .filter(|(n, _)| filters.is_empty() || filters.iter().any(|f| n.contains(f.as_str())))
        .collect();
    println!("\nrunning {} tests", chosen.len());
    i_slint_backend_testing::init_integration_test_with_system_time();
    let failed = Rc::new(RefCell::new(Vec::new()));
    let ran = Rc::new(RefCell::new(0));
    let (failed2, ran2) = (failed.clone(), ran.clone());
    slint::spawn_local(async move {
        for (name, scenario) in chosen {
            let dir =
                std::env::temp_dir().join(format!("dama-ui-flow-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let h = dama_ui::app::create(Store::new(&dir)).unwrap();
            h.show().unwrap();
            h.with(|a| a.set_anim_speed(0));
            let ok = CatchUnwind(scenario(h, dir.clone())).await.is_ok();
            println!("test {name} ... {}", if ok { "ok" } else { "FAILED" });
            if !ok {
                failed2.borrow_mut().push(name);
            }
            *ran2.borrow_mut() += 1;
            let _ = std::fs::remove_dir_all(&dir);
        }
        slint::quit_event_loop().unwrap();
    })
    .unwrap();
    slint::run_event_loop().unwrap();
    let (ran, failed) = (*ran.borrow(), failed.borrow().clone());
    println!(
        "\ntest result: {}. {} passed; {} failed",
        if failed.is_empty() { "ok" } else { "FAILED" },
        ran - failed.len(),
        failed.len()
    );
    if !failed.is_empty() {
        println!("failures:\n    {}", failed.join("\n    "));
        std::process::exit(1);
    }
    assert!(ran > 0 || !filters.is_empty(), "no scenario ran");
}
