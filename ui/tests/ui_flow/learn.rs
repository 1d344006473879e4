//! Learn, as a player uses it: the Turkish course opened from Home, a lesson taken by taps
//! (a wrong move answered with why, the scripted reply, the next step), the lesson marked
//! done and kept over a restart; the Zamma family's course opened from the game's rules.

use super::*;
use dama_ui::{LearnAdapter, LearnState};

/// Waits until the reply (on the screen's timer, or the engine's in a practice) has come.
async fn reply_comes(ui: &AppWindow) {
    wait_while(|| {
        matches!(
            ui.global::<LearnAdapter>().get_state(),
            LearnState::Replying | LearnState::Thinking
        )
    })
    .await;
}

pub(super) async fn a_lesson_is_taken_by_playing_and_kept(h: AppHandle, dir: PathBuf) {
    let ui: &AppWindow = &h;
    tall(ui).await;
    tap(ui, "Learn").await;
    assert_eq!(ui.get_screen(), Screen::Learn);
    let a = ui.global::<LearnAdapter>();
    assert_eq!((a.get_course(), a.get_lessons().row_count()), (0, 8));
    assert_eq!(a.get_done_count(), 0);

    tap(ui, "Moving").await;
    assert!(a.get_in_lesson());
    assert_eq!((a.get_step(), a.get_steps()), (0, 3));
    assert!(a.get_say().contains("d4 forward"), "{}", a.get_say());
    // A sideways step is answered with why, and taken back.
    tap(ui, "d4").await;
    tap(ui, "c4").await;
    assert_eq!(a.get_state(), LearnState::Wrong);
    assert!(a.get_say().contains("sideways step"), "{}", a.get_say());
    let (id, routes) = h.with(|a| a.lesson_shown()).unwrap();
    assert_eq!(
        (id.as_str(), routes.clone()),
        ("t-moving", vec![vec!["d4".to_string(), "d5".to_string()]])
    );
    tap(ui, "d4").await;
    tap(ui, "d5").await;
    reply_comes(ui).await;
    assert_eq!(a.get_state(), LearnState::StepDone);
    assert!(
        a.get_say().contains("h7"),
        "the reply told: {}",
        a.get_say()
    );
    tap(ui, "Next step").await;
    assert_eq!((a.get_step(), a.get_state()), (1, LearnState::Task));
    tap(ui, "d5").await;
    tap(ui, "e5").await;
    assert_eq!(a.get_state(), LearnState::StepDone);
    // Issue 52 item 4: then practised against the engine, its replies played on the board,
    // until the goal: the man crowned within four moves (R-T8).
    tap(ui, "Next step").await;
    assert_eq!((a.get_step(), a.get_state()), (2, LearnState::Task));
    assert!(
        a.get_say().contains("against the computer"),
        "{}",
        a.get_say()
    );
    assert!(
        shows(ui, "Step 3 of 3 · Moves left: 4"),
        "the moves counted"
    );
    // A sideways step wastes a move: the practice fails at once, stays on the board with
    // what went wrong and what to do, and is tried again.
    tap(ui, "d4").await;
    tap(ui, "c4").await;
    assert_eq!(a.get_state(), LearnState::Failed);
    assert!(
        shows(
            ui,
            "After that move the task can no longer be done, whatever you play."
        ),
        "what went wrong"
    );
    assert!(a.get_say().contains("sideways step"), "{}", a.get_say());
    assert!(
        piece_at(ui, "c4").is_some(),
        "the failed play stays on the board"
    );
    tap(ui, "Try again").await;
    assert_eq!(a.get_state(), LearnState::Task);
    assert!(!shows(
        ui,
        "After that move the task can no longer be done, whatever you play."
    ));
    assert!(piece_at(ui, "d4").is_some() && piece_at(ui, "c4").is_none());
    assert!(shows(ui, "Step 3 of 3 · Moves left: 4"));
    for (from, to) in [("d4", "d5"), ("d5", "d6"), ("d6", "d7")] {
        tap(ui, from).await;
        tap(ui, to).await;
        reply_comes(ui).await;
        assert_eq!(a.get_state(), LearnState::Task, "after {from}-{to}");
        assert!(!a.get_last_white(), "the engine's reply is the last move");
    }
    assert!(shows(ui, "Step 3 of 3 · Moves left: 1"));
    tap(ui, "d7").await;
    tap(ui, "d8").await;
    assert_eq!(a.get_state(), LearnState::Finished);
    assert!(a.get_say().starts_with("Crowned"), "{}", a.get_say());
    tap(ui, "Next lesson").await;
    assert_eq!(a.get_title(), "Capturing is compulsory");
    // Issue 52 item 4: a plain step while the capture is due is answered in words, as the
    // game answers it, naming the piece that must capture (R-T6); no rule-book codes shown.
    tap(ui, "d4").await;
    tap(ui, "c4").await;
    assert_eq!(a.get_refusal(), Advice::MustCapture);
    assert!(shows(ui, "A capture is due: the piece on d4 must capture."));
    assert!(!shows(ui, "Step 1 of 3 · R-T6"), "no rule-book code");
    assert!(shows(ui, "Step 1 of 3"));
    // Back to the list: the first lesson ticked.
    assert!(ui.invoke_go_back());
    assert!(!a.get_in_lesson());
    assert_eq!(a.get_done_count(), 1);
    assert!(a.get_lessons().row_data(0).unwrap().done);

    // Kept over a restart.
    h.with(|a| a.flush_saves());
    drop(h);
    let again = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    again.show().unwrap();
    let ui: &AppWindow = &again;
    tall(ui).await;
    // From Zamma's rules, the Zamma family's course.
    ui.global::<dama_ui::HomeAdapter>()
        .invoke_choose_game(GameKind::Zamma);
    ui.set_rules_return(Screen::Home);
    ui.set_screen(Screen::Rules);
    sleep(20).await;
    tap(ui, "Learn to play").await;
    let a = ui.global::<LearnAdapter>();
    assert_eq!(ui.get_screen(), Screen::Learn);
    assert_eq!((a.get_course(), a.get_lessons().row_count()), (1, 10));
    tap(ui, "Turkish Dama").await;
    assert_eq!((a.get_course(), a.get_done_count()), (0, 1));

    // The course's last lesson done: the course's end is said, with where to go on.
    tap(ui, "Draws and the end").await;
    assert!(!shows(ui, COURSE_DONE));
    tap(ui, "c1").await;
    tap(ui, "c5").await;
    assert_eq!(a.get_state(), LearnState::StepDone);
    // Its two practices: a king against a king and a man, the king to keep; taking the
    // other king leaves a king against a lone man, a win (R-T10).
    for (from, to) in [("c1", "a1"), ("e8", "a8")] {
        assert!(!shows(ui, COURSE_DONE));
        tap(ui, "Next step").await;
        tap(ui, from).await;
        tap(ui, to).await;
        assert!(a.get_say().contains("you won"), "{}", a.get_say());
    }
    assert_eq!(a.get_state(), LearnState::Finished);
    assert!(shows(ui, COURSE_DONE));
    assert!(
        ElementHandle::find_by_accessible_label(ui, "Next lesson")
            .next()
            .is_none(),
        "no next lesson after the last"
    );
    tap(ui, "Play a game").await;
    assert_eq!(ui.get_screen(), Screen::Home);
}

const COURSE_DONE: &str =
    "Course complete! Practise what you learned on the puzzles, or play a game.";

/// Whether a text with exactly these words is on screen.
fn shows(ui: &AppWindow, text: &str) -> bool {
    ElementHandle::find_by_accessible_label(ui, text)
        .next()
        .is_some()
}

/// The labels of the points crossed out on the lesson's board.
fn crossed(ui: &AppWindow) -> Vec<String> {
    let a = ui.global::<LearnAdapter>();
    let b = a.get_board();
    crossed_points(b.spots, b.crosses)
}

/// The piece drawn on the lesson's point `label`.
fn piece_at(ui: &AppWindow, label: &str) -> Option<dama_ui::PieceVm> {
    let b = ui.global::<LearnAdapter>().get_board();
    let s = b.spots.iter().find(|s| s.label == label)?;
    b.pieces.iter().find(|p| (p.x, p.y) == (s.x, s.y))
}

/// Issue 48: in the huffing lesson the huffed man leaves a cross where it stood, and the
/// player then huffs in two steps (the man chosen drawn taken away, the choice taken back
/// and changed by tapping) before the step.
pub(super) async fn huffing_is_shown_and_done_in_its_lesson(h: AppHandle, _dir: PathBuf) {
    let ui: &AppWindow = &h;
    tall(ui).await;
    tap(ui, "Learn").await;
    tap(ui, "The Zamma family").await;
    tap(ui, "Options: compulsory capture and huffing").await;
    let a = ui.global::<LearnAdapter>();
    assert_eq!((a.get_step(), a.get_steps()), (0, 2));
    tap(ui, "e5").await;
    tap(ui, "d5").await;
    reply_comes(ui).await;
    assert_eq!(a.get_state(), LearnState::StepDone);
    assert!(piece_at(ui, "d5").is_none(), "huffed");
    assert_eq!(crossed(ui), ["d5"], "a cross where it stood");
    assert!(
        a.get_say().contains("cross marks where it stood"),
        "{}",
        a.get_say()
    );
    tap(ui, "Next step").await;
    assert_eq!((a.get_step(), a.get_state()), (1, LearnState::Task));
    let liable = |ui: &AppWindow| -> Vec<String> {
        let spots = ui.global::<LearnAdapter>().get_board().spots;
        spots
            .iter()
            .filter(|s| s.mark == SpotMark::Liable)
            .map(|s| s.label.to_string())
            .collect()
    };
    assert_eq!(liable(ui), ["d7", "f7"]);
    tap(ui, "d7").await;
    assert!(piece_at(ui, "d7").unwrap().captured, "drawn taken away");
    assert_eq!(crossed(ui), ["d7"]);
    assert!(
        piece_at(ui, "f7").unwrap().liable,
        "the other choice ringed"
    );
    tap(ui, "d7").await;
    assert_eq!(liable(ui), ["d7", "f7"], "the choice taken back");
    assert!(crossed(ui).is_empty());
    tap(ui, "d7").await;
    tap(ui, "f7").await;
    assert_eq!(crossed(ui), ["f7"], "the choice changed");
    tap(ui, "e3").await;
    tap(ui, "e4").await;
    assert_eq!(a.get_state(), LearnState::Finished);
    assert!(piece_at(ui, "f7").is_none());
    assert_eq!(crossed(ui), ["f7"]);
}
