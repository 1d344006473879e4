//! The review presenter's tests (beside `review.rs`, which they would push past 500 lines).

use super::*;
use crate::opponent::Opponent;
use dama_core::ai::analysis::MoveReview;
use dama_core::{GameId, Rules};

/// A two-move Turkish game whose first move the engine judged a mistake (b3-b4 better)
/// and whose reply it would have played itself.
fn reviewed() -> Review {
    let mut s = Session::new(Rules::new(GameId::Turkish));
    for m in ["a3-a4", "a6-a5"] {
        let mv = s.legal_moves().iter().find(|d| d.notation == m).unwrap().mv;
        s.play(&mv).unwrap();
    }
    let mut record = s.into_record();
    record.resign(Color::White).unwrap();
    let review = |played: &str, best: &str, judgement| MoveReview {
        played: played.into(),
        best: best.into(),
        loss: if judgement == Judgement::Mistake {
            120
        } else {
            0
        },
        lost: if judgement == Judgement::Mistake {
            160
        } else {
            0
        },
        side: if played == "a3-a4" {
            Color::White
        } else {
            Color::Black
        },
        judgement,
        ending: None,
    };
    let g = FinishedGame {
        record: record.to_json(),
        opponent: Opponent::Computer(3),
        human_black: false,
        ended: 0,
        id: 1,
        ending: None,
        analysis: Some(Analysis {
            scores: vec![0, -120, -120],
            moves: vec![
                review("a3-a4", "b3-b4", Judgement::Mistake),
                review("a6-a5", "h6-h5", Judgement::Good),
            ],
            best_last: Some("c3-c4".into()),
            nodes: 1,
            version: analysis::VERSION,
        }),
        imported: false,
    };
    Review::open(&g).unwrap()
}

/// Issue 48: each side's mistakes and blunders are counted for the screen, the player's
/// first against the computer; a review kept by an older version is made again.
#[test]
fn the_review_counts_each_sides_marks() {
    let r = reviewed();
    let a = r.analysis().expect("kept with the game");
    let t = crate::window::tally_vm(a, Some(Color::White));
    let counts = |t: &crate::MarksVm| {
        (
            t.first_mistakes,
            t.first_blunders,
            t.second_mistakes,
            t.second_blunders,
        )
    };
    assert!(t.versus_computer);
    assert_eq!(
        counts(&t),
        (1, 0, 0, 0),
        "White (the player) made the mistake"
    );
    let black = crate::window::tally_vm(a, Some(Color::Black));
    assert_eq!(counts(&black), (0, 0, 1, 0));
    let two = crate::window::tally_vm(a, None);
    assert!(!two.versus_computer);
    assert_eq!(counts(&two), (1, 0, 0, 0), "White first");
    let mut old = a.clone();
    old.version = 0;
    let g = FinishedGame {
        record: r.record.to_json(),
        opponent: Opponent::Computer(3),
        human_black: false,
        ended: 0,
        id: 3,
        ending: None,
        analysis: Some(old),
        imported: false,
    };
    assert!(Review::open(&g).unwrap().analysis().is_none(), "made again");
}

/// Issue 39 item 2: at the ply marked "Mistake: b4-a4 was better", Best move drew the
/// reply to come. It shows the better move where the mistake was made.
#[test]
fn best_move_shows_the_better_move_where_the_mistake_was_made() {
    let mut r = reviewed();
    r.go_to(1);
    assert_eq!(r.board_shown(), (1, None), "the position reached");
    r.toggle_best();
    assert_eq!(r.board_shown(), (0, Some("b3-b4")));
    let pos = r.record.positions()[0].clone();
    let route = r.best_here(&pos).expect("b3-b4 is legal there");
    let label = |p: &Point| pos.geometry().label(*p);
    assert_eq!(route.iter().map(label).collect::<Vec<_>>(), ["b3", "b4"]);
    // At the start: the engine's first move; at the end: the last move's alternative.
    r.go_to(0);
    assert_eq!(r.board_shown(), (0, Some("b3-b4")));
    r.go_to(2);
    assert_eq!(r.board_shown(), (1, Some("h6-h5")));
    r.toggle_best();
    assert_eq!(r.board_shown(), (2, None));
}

/// Issue 39 item 3: the move list pairs the moves under their numbers, each with the
/// ply it goes to and its judgement; a game from a set-up position with the second
/// player to move starts its first row with a gap.
#[test]
fn the_move_list_pairs_the_moves_and_marks_the_mistakes() {
    let r = reviewed();
    let rows = r.rows();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].number, "1.");
    let cell = |m: &ReviewMoveVm| (m.ply, m.text.to_string(), m.judgement);
    assert_eq!(cell(&rows[0].first), (1, "a3-a4".into(), 1));
    assert_eq!(cell(&rows[0].second), (2, "a6-a5".into(), 0));
    let pos = Position::from_code(Rules::new(GameId::Turkish), "B:Wa3,h2:Bc6,g7").unwrap();
    let mut s = Session::from_record(GameRecord::from_position(pos));
    for m in ["c6-c5", "a3-a4", "c5-c4"] {
        let mv = s.legal_moves().iter().find(|d| d.notation == m).unwrap().mv;
        s.play(&mv).unwrap();
    }
    let mut record = s.into_record();
    record.resign(Color::White).unwrap();
    let g = FinishedGame {
        record: record.to_json(),
        opponent: Opponent::TwoPlayers,
        human_black: false,
        ended: 0,
        id: 2,
        ending: None,
        analysis: None,
        imported: false,
    };
    let rows = Review::open(&g).unwrap().rows();
    let texts: Vec<_> = rows
        .iter()
        .map(|r| (r.number.to_string(), cell(&r.first), cell(&r.second)))
        .collect();
    assert_eq!(
        texts,
        vec![
            ("1.".into(), (0, "".into(), 0), (1, "c6-c5".into(), 0)),
            ("2.".into(), (2, "a3-a4".into(), 0), (3, "c5-c4".into(), 0)),
        ]
    );
}
