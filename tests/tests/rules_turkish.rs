//! Turkish Dama rules, grouped by rule book section (R-T*).

use dama_core::{Color, GameId, GameRecord, Outcome, Position, Reason, Rules, Session};
use dama_tests::{after, moves};

fn turkish() -> Rules {
    Rules::new(GameId::Turkish)
}

#[test]
fn start_position() {
    // R-T2: 16 men each on ranks 2-3 and 6-7, White first
    let p = Position::start(turkish());
    assert_eq!(p.count(Color::White), 16);
    assert_eq!(p.count(Color::Black), 16);
    assert_eq!(p.side_to_move(), Color::White);
    assert_eq!(
        p.to_code(),
        "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7"
    );
}

#[test]
fn men_step_forward_and_sideways_never_backward() {
    // R-T3
    assert_eq!(
        moves("turkish", &[], "W:Wd4:Bh8"),
        ["d4-c4", "d4-d5", "d4-e4"]
    );
    assert_eq!(
        moves("turkish", &[], "B:Wa1:Bd4"),
        ["d4-c4", "d4-d3", "d4-e4"]
    );
}

#[test]
fn men_capture_forward_and_sideways_not_backward() {
    // R-T3: the black man behind d4 cannot be taken by a white man
    assert_eq!(
        moves("turkish", &[], "W:Wd4:Bd3,h8"),
        ["d4-c4", "d4-d5", "d4-e4"]
    );
    assert_eq!(moves("turkish", &[], "W:Wd4:Bd5,h8"), ["d4xd6"]);
}

#[test]
fn kings_fly_and_land_anywhere_beyond() {
    // R-T4
    assert_eq!(
        moves("turkish", &[], "W:WKa1:Ba4"),
        ["a1xa5", "a1xa6", "a1xa7", "a1xa8"]
    );
    // a piece right behind the captured one blocks the jump
    assert!(moves("turkish", &[], "W:WKa1:Ba4,a5")
        .iter()
        .all(|m| !m.contains('x')));
}

#[test]
fn capture_is_compulsory_and_maximal() {
    // R-T6: the 2-capture beats the 1-capture, and no step is allowed
    assert_eq!(moves("turkish", &[], "W:Wb2,h2:Bb3,b5,h3"), ["b2xb4xb6"]);
}

#[test]
fn no_180_degree_turn_for_a_crowned_man() {
    // R-T7 with R-T8: the man crowned on c8 may go on east or west, never back south
    // Without R-T7, c6xc8xc3 (over c4, going back south) would tie at two captures.
    assert_eq!(
        moves("turkish", &[], "W:Wc6:Bc7,c4,f8"),
        ["c6xc8xg8", "c6xc8xh8"]
    );
}

#[test]
fn promotion_by_step() {
    // R-T8
    let p = after("turkish", &[], "W:Wd7:Bh7", &["d7-d8"]);
    assert_eq!(p.to_code(), "B:WKd8:Bh7");
}

#[test]
fn promotion_mid_capture_continues_as_king_or_as_man_at_end() {
    // R-T8 and its option promotion=at-end
    let seed = moves("turkish", &[], "W:Wc6:BKf8,c7,g5");
    assert!(seed.iter().all(|m| m.starts_with("c6xc8xg8")), "{seed:?}");
    let fed = moves("turkish", &["promotion=at-end"], "W:Wc6:BKf8,c7,g5");
    assert_eq!(fed, ["c6xc8"]);
    let p = after(
        "turkish",
        &["promotion=at-end"],
        "W:Wc6:BKf8,c7,g5",
        &["c6xc8"],
    );
    assert_eq!(p.to_code(), "B:WKc8:BKf8,g5");
    // as a man on the far row it still captures sideways
    assert_eq!(
        moves("turkish", &["promotion=at-end"], "W:Wc6:Bc7,d8,h2"),
        ["c6xc8xe8"]
    );
}

#[test]
fn no_legal_move_loses() {
    // R-T9
    let p = Position::from_code(turkish(), "B:Wa1:B").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::NoPieces
        })
    );
}

#[test]
fn king_versus_lone_man() {
    // R-T10: the king wins whoever is to move; lone-man=draw makes it a draw
    for code in ["W:WKd4:Be7", "B:WKd4:Be7"] {
        let p = Position::from_code(turkish(), code).unwrap();
        assert_eq!(
            p.outcome(),
            Some(Outcome::Win {
                winner: Color::White,
                reason: Reason::KingVersusLoneMan
            })
        );
        let fed = Rules::parse("turkish", &["lone-man=draw"]).unwrap();
        let p = Position::from_code(fed, code).unwrap();
        assert_eq!(
            p.outcome(),
            Some(Outcome::Draw {
                reason: Reason::OnePieceEach
            })
        );
    }
    // reached by a capture in a game
    let p = after("turkish", &[], "W:WKa1:Ba4,h8", &["a1xa8"]);
    assert_eq!(
        p.outcome().map(|o| o.reason()),
        Some(Reason::KingVersusLoneMan)
    );
    // man against man goes on
    assert_eq!(
        Position::from_code(turkish(), "W:Wd4:Be7")
            .unwrap()
            .outcome(),
        None
    );
}

#[test]
fn draws_king_versus_king_clock_and_repetition() {
    // R-T11
    let p = Position::from_code(turkish(), "W:WKd4:BKe7").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::KingVersusKing
        })
    );
    let p = Position::from_code(turkish(), "W:WKd4,a2:BKe7:clock=50").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::FiftyPlies
        })
    );
    assert!(
        p.legal_moves().is_empty(),
        "R-0.7a: no moves once the clock ended the game"
    );
    let p = Position::from_code(turkish(), "W:WKd4,a2:BKe7:clock=49").unwrap();
    assert_eq!(p.outcome(), None);
    // a king move counts, a man move resets
    let q = after("turkish", &[], "W:WKd4,a2:BKe7:clock=10", &["d4-d5"]);
    assert_eq!(q.clock(), 11);
    let q = after("turkish", &[], "W:WKd4,a2:BKe7:clock=10", &["a2-a3"]);
    assert_eq!(q.clock(), 0);
    // third repetition in a game record
    let start = Position::from_code(turkish(), "W:WKa1,a2:BKh8,h7").unwrap();
    let mut rec = Session::from_record(GameRecord::from_position(start));
    for _ in 0..2 {
        for m in ["a1-b1", "h8-g8", "b1-a1", "g8-h8"] {
            assert!(rec.outcome().is_none());
            rec.play_notation(m).unwrap();
        }
    }
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
}
