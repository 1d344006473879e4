//! What the screenshot tests share: a long game to review, and a review waited for.

use dama_core::{GameRecord, Rules};
use dama_ui::app::AppHandle;
use i_slint_backend_testing::{TestingBackend, TestingBackendOptions};
use slint::ComponentHandle;

/// Slint's testing platform with the software renderer (the shipped one) and a mock clock.
pub fn testing_platform() {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    })))
    .unwrap();
}

/// A Turkish game of `plies` plies (each side plays its last legal move, captures when
/// it must), for the move list and the review.
pub fn long_game(plies: usize) -> GameRecord {
    let mut s = dama_core::Session::new(Rules::new(dama_core::GameId::Turkish));
    for _ in 0..plies {
        let Some(m) = s.legal_moves().last().map(|d| d.mv) else {
            break;
        };
        s.play(&m).unwrap();
    }
    s.into_record()
}

/// Opens the review of History's row `row`, waits for the engine's analysis, and shows
/// position `ply`.
pub fn analysed_review(handle: &AppHandle, row: usize, ply: i32) {
    handle.with(|a| a.open_review(row));
    for _ in 0..3000 {
        handle.with(|a| a.take_review_reports());
        if handle.with(|a| a.review().is_some_and(|r| r.analysis().is_some())) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let review = handle.global::<dama_ui::ReviewAdapter>();
    assert!(review.get_analysed());
    review.invoke_go_to(ply);
}
