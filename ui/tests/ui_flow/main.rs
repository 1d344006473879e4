//! The app driven headless through Slint's testing backend, as a player would: taps on the
//! board's points and the buttons (found by their accessible labels), the AI thinking on
//! its thread, undo, the dialogs, and the game-over text, through to what is saved.
//!
//! Each scenario is its own test with its own app and data folder. Slint's testing
//! platform can be set up once per process, on one thread, so this file has its own small
//! harness (`harness = false`): the scenarios run one after the other on that thread, a
//! failing one is reported and the rest still run. `cargo test -p dama-ui --test ui_flow --
//! NAME` runs those whose names contain NAME.

//!
//! The scenarios live in one file per part of the app (`play`, `endings`, `games`, `feel`,
//! `screens`, `puzzles`, `learn`, `access`, `talkback`: the phones' screen-reader tree), their
//! helpers in `harness`.

mod access;
mod endings;
mod feel;
mod games;
mod harness;
mod learn;
mod play;
mod puzzles;
mod screens;
mod talkback;

use access::*;
use dama_core::rules::{options_of, OPTIONS};
use dama_core::{Color, GameId, GameRecord, Outcome, Position, Reason, Rules};
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::store::Store;
use dama_ui::{
    Advice, AppWindow, Dialog, EndReason, GameAdapter, GameKind, GameModels, Screen, SpotMark,
    Texts, Winner,
};
use endings::*;
use feel::*;
use games::*;
use harness::*;
use i_slint_backend_testing::ElementHandle;
use learn::*;
use play::*;
use puzzles::*;
use screens::*;
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
use talkback::*;

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

fn main() {
    let all = scenarios![
        home_options_come_from_the_core_table,
        a_tapped_move_is_played_shown_and_listed,
        show_moves_marks_movable_pieces_and_captures,
        a_capture_route_is_chosen_step_by_step,
        a_turkish_capture_never_stops_early,
        captured_and_huffed_pieces_leave_during_the_animation,
        king_versus_lone_man_is_shown_as_the_reason,
        endings_are_told_from_the_players_side,
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
        a_huff_is_chosen_changed_and_then_moved,
        a_tap_a_little_off_takes_the_point_meant,
        a_finished_game_is_kept_and_its_result_shown,
        sounds_and_touches_follow_the_play_and_the_settings,
        no_animation_lands_a_move_at_once,
        the_text_size_is_chosen_and_kept,
        board_and_piece_styles_are_chosen_and_kept,
        a_finished_game_is_reviewed_from_the_history,
        a_position_is_set_up_and_played,
        games_and_positions_are_shared_and_pasted,
        a_puzzle_is_solved_another_missed_and_the_rating_kept,
        a_theme_is_practised,
        a_variant_bank_follows_the_game_chosen_on_home,
        a_lesson_is_taken_by_playing_and_kept,
        huffing_is_shown_and_done_in_its_lesson,
        the_phone_reader_names_home_and_the_board,
        the_phone_reader_finds_a_cell_under_a_finger,
        the_phone_reader_plays_a_move_and_hears_it,
    ];
    // Arguments as libtest takes them: names to filter by, `--skip NAME` (scripts/test.sh
    // skips the layout check, run beside the other tests); other flags are ignored.
    let (mut filters, mut skips) = (Vec::new(), Vec::new());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        if a == "--skip" {
            skips.extend(args.next());
        } else if !a.starts_with('-') {
            filters.push(a);
        }
    }
    let chosen: Vec<(&str, Scenario)> = all
        .into_iter()
        .filter(|(n, _)| filters.is_empty() || filters.iter().any(|f| n.contains(f.as_str())))
        .filter(|(n, _)| !skips.iter().any(|s: &String| n.contains(s.as_str())))
        .collect();
    println!("\nrunning {} tests", chosen.len());
    // A filter that matches nothing is a typo, not a pass (issue 49: it passed with 0).
    if chosen.is_empty() {
        eprintln!("no scenario matches {filters:?}");
        std::process::exit(1);
    }
    i_slint_backend_testing::init_integration_test_with_system_time();
    let failed = Rc::new(RefCell::new(Vec::new()));
    let ran = Rc::new(RefCell::new(0));
    let (failed2, ran2) = (failed.clone(), ran.clone());
    slint::spawn_local(async move {
        for (name, scenario) in chosen {
            let dir =
                std::env::temp_dir().join(format!("dama-ui-flow-{}-{name}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let h = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
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
