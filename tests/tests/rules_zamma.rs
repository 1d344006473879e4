//! Zamma family rules, grouped by rule book section (R-Z*).

use dama_core::{Color, GameId, GameRecord, Outcome, Position, Reason, Rules, Session};
use dama_tests::{after, moves};

#[test]
fn start_positions() {
    // R-Z3: every point but the centre; 40, 40, 12 and 20 pieces a side
    for (game, n, centre) in [
        (GameId::Zamma, 40, "e5"),
        (GameId::Damma, 40, "e5"),
        (GameId::Fetaix, 12, "c3"),
        (GameId::Kharbaga, 20, "e5"),
    ] {
        let p = Position::start(Rules::new(game));
        assert_eq!(p.count(Color::White), n, "{game}");
        assert_eq!(p.count(Color::Black), n, "{game}");
        let g = p.geometry();
        let c = g.parse_label(centre).unwrap();
        assert!(p.piece_at(c).is_none());
        assert_eq!(g.points().len() as u32, 2 * n + 1);
    }
    let k = Position::start(Rules::new(GameId::Kharbaga));
    let at = |l: &str| {
        k.piece_at(k.geometry().parse_label(l).unwrap())
            .map(|p| p.color)
    };
    assert_eq!([at("g5"), at("i5")], [Some(Color::White); 2]);
    assert_eq!([at("a5"), at("c5")], [Some(Color::Black); 2]);
    let f = Position::start(Rules::new(GameId::Fetaix)).to_code();
    assert_eq!(
        f,
        "W:Wa1,a2,b1,b2,c1,c2,d1,d2,d3,e1,e2,e3:Ba3,a4,a5,b3,b4,b5,c4,c5,d4,d5,e4,e5"
    );
}

#[test]
fn who_starts() {
    // R-Z4
    let r = Rules::parse("zamma", &["first=black"]).unwrap();
    assert_eq!(Position::start(r).side_to_move(), Color::Black);
    assert_eq!(
        Position::start(Rules::new(GameId::Zamma)).side_to_move(),
        Color::White
    );
}

#[test]
fn men_step_forward_or_sideways_along_lines() {
    // R-Z5, R-Z1: e5 is an even point with diagonals, d5 odd without
    assert_eq!(
        moves("zamma", &[], "W:We5:Ba9"),
        ["e5-d5", "e5-d6", "e5-e6", "e5-f5", "e5-f6"]
    );
    assert_eq!(
        moves("zamma", &[], "W:Wd5:Ba9"),
        ["d5-c5", "d5-d6", "d5-e5"]
    );
    assert_eq!(
        moves("zamma", &[], "B:Wa1:Be5"),
        ["e5-d4", "e5-d5", "e5-e4", "e5-f4", "e5-f5"]
    );
}

#[test]
fn no_return_to_the_point_just_left() {
    // R-Z6: only the piece that moved, only by a step, only to where it came from
    let p = after("zamma", &[], "W:We5:Bi9", &["e5-e6", "i9-h9"]);
    assert!(!moves("zamma", &[], &p.to_code()).contains(&"e6-e5".to_string()));
    // men cannot step back anyway; a Mullah can, except onto the point it left
    let m = moves("zamma", &[], "W:WKe5:Bi9:last=e4-e5/-");
    assert!(
        !m.contains(&"e5-e4".to_string()) && m.contains(&"e5-d4".to_string()),
        "{m:?}"
    );
    // captures are not restricted
    let m = moves("zamma", &[], "W:WKe5:Be4,i9:last=e3-e5/-");
    assert!(m.contains(&"e5xe3".to_string()), "{m:?}");
}

#[test]
fn men_capture_in_every_direction_and_change_direction_freely() {
    // R-Z7, R-Z8: backward captures, any turn, every prefix is a move
    let m = moves("zamma", &[], "W:We5:Bd4,e4");
    assert!(m.contains(&"e5xe3xc5".to_string()), "{m:?}");
    assert!(m.contains(&"e5xc3".to_string()) && m.contains(&"e5-e6".to_string()));
}

#[test]
fn promotion_only_when_a_capture_ends_on_the_far_row() {
    // R-Z9 and promotion=any-arrival
    let p = after("zamma", &[], "W:Wa8:Bi1", &["a8-a9"]);
    assert_eq!(
        p.piece_at(p.geometry().parse_label("a9").unwrap())
            .unwrap()
            .role,
        dama_core::Role::Man
    );
    let p = after("zamma", &["promotion=any-arrival"], "W:Wa8:Bi1", &["a8-a9"]);
    assert_eq!(
        p.piece_at(p.geometry().parse_label("a9").unwrap())
            .unwrap()
            .role,
        dama_core::Role::King
    );
    // a man already on its far row is crowned by a capture that ends there
    let p = after("zamma", &[], "W:Wa9:Bb9,i1", &["a9xc9"]);
    assert_eq!(p.to_code(), "B:WKc9:Bi1:last=a9-c9/-");
}

#[test]
fn mullah_flies_to_the_point_right_behind_and_turns_only_90_degrees() {
    // R-Z10: a1 flies over a5 to a6; from a6 a 90° turn east over c6 lands d6;
    // the 45° turn to NE (b7) is not allowed
    let m = moves("zamma", &[], "W:WKa1:Ba5,c6,b7");
    assert!(m.contains(&"a1xa6xd6".to_string()), "{m:?}");
    assert!(!m.iter().any(|x| x.starts_with("a1xa6xc8")), "{m:?}");
    // diagonal then orthogonal is a 45° or 135° turn: forbidden
    let m = moves("zamma", &[], "W:WKa1:Bc3,e6");
    assert!(
        m.contains(&"a1xd4".to_string()) && !m.iter().any(|x| x.starts_with("a1xd4x")),
        "{m:?}"
    );
}

#[test]
fn damma_keeps_captured_pieces_until_the_move_ends() {
    // R-Z12: in Zamma d4 vanishes and e3xc5 is impossible, in Damma it is jumped again
    let z = moves("zamma", &[], "W:Wc3:Bd4,e4");
    assert!(!z.iter().any(|m| m.contains("xc5")), "{z:?}");
    let p = after("damma", &[], "W:Wc3:Bd4,e4", &["c3xe5xe3xc5"]);
    assert_eq!(p.count(Color::Black), 0);
    // a captured piece still standing blocks a landing
    let d = moves("damma", &[], "W:Wa1:Bb1,c2,c1");
    assert!(d.iter().all(|m| m != "a1xc1"), "{d:?}");
}

#[test]
fn compulsory_capture_takes_the_most_and_never_stops_early() {
    // R-Z13
    assert_eq!(
        moves("zamma", &["capture=compulsory"], "W:Wa1,i1:Bb2,c4,d4,e6,h2"),
        ["a1xc3xc5xe3", "a1xc3xe5xe7"]
    );
    // without a capture, steps are allowed
    assert_eq!(
        moves("zamma", &["capture=compulsory"], "W:Wa1:Bi9"),
        ["a1-a2", "a1-b1", "a1-b2"]
    );
}

#[test]
fn huffing_removes_a_liable_piece_first() {
    // R-Z14
    let o = ["capture=huffing"];
    let p = after("zamma", &o, "W:Wa1,i1:Bb2,c4,d4,e6,h2", &["i1-h1"]);
    assert_eq!(
        p.to_code(),
        "B:Wa1,h1:Bb2,c4,d4,e6,h2:clock=1:last=i1-h1/-:huff=a1"
    );
    let m = moves("zamma", &o, &p.to_code());
    assert!(m.iter().all(|x| x.starts_with("[xa1] ")), "{m:?}");
    // after the removal Black plays in the new position; the removal is not a capture
    let q = after("zamma", &o, &p.to_code(), &["[xa1] b2-b1"]);
    assert_eq!(q.count(Color::White), 1);
    assert_eq!(q.clock(), 2);
    // two liable pieces: the opponent chooses which
    let two = moves("zamma", &o, "B:Wa1,i1:Bi9:huff=a1,i1");
    assert!(
        two.iter().any(|x| x.starts_with("[xa1]")) && two.iter().any(|x| x.starts_with("[xi1]"))
    );
}

#[test]
fn no_return_to_start_option() {
    // R-Z15: the 4-jump loop back to a1 is no longer a legal ending
    let base = moves("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
    assert!(base.contains(&"a1xa3xc3xc1xa1".to_string()));
    let opt = moves("zamma", &["no-return-to-start=on"], "W:Wa1:Ba2,b1,b3,c2");
    assert!(!opt.iter().any(|m| m.ends_with("xa1")), "{opt:?}");
    assert_eq!(opt.len(), base.len() - 1);
}

#[test]
fn blocked_side_loses_unless_both_are_blocked() {
    // R-Z16, R-Z18
    let p = Position::from_code(Rules::new(GameId::Zamma), "W:Wa9:Bb9,c9").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::Blocked
        })
    );
    // Men on their full far rows can neither step nor capture: decided by count
    let p = Position::from_code(
        Rules::new(GameId::Fetaix),
        "W:Wa5,b5,c5,d5,e5:Ba1,b1,c1,d1,e1",
    )
    .unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::BothBlocked
        })
    );
    let p = Position::from_code(Rules::new(GameId::Zamma), "B:Wa1:B").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::NoPieces
        })
    );
}

#[test]
fn forty_plies_and_repetition_are_decided_by_count() {
    // R-Z17, R-Z18
    let r = Rules::new(GameId::Zamma);
    let p = Position::from_code(r, "W:WKa1:BKi9,i8:clock=40").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Win {
            winner: Color::Black,
            reason: Reason::FortyPlies
        })
    );
    let p = Position::from_code(r, "W:WKa1:BKi9:clock=40").unwrap();
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: Reason::FortyPlies
        })
    );
    let start = Position::from_code(r, "W:WKa1,Kh1:BKi9").unwrap();
    let mut rec = Session::from_record(GameRecord::from_position(start));
    for _ in 0..2 {
        for m in [
            "a1-a2", "i9-i8", "a2-b2", "i8-h8", "b2-b1", "h8-h9", "b1-a1", "h9-i9",
        ] {
            if rec.outcome().is_none() {
                rec.play_notation(m).unwrap();
            }
        }
    }
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Win {
            winner: Color::White,
            reason: Reason::Repetition
        })
    );
}

#[test]
fn kharbaga_geometry() {
    // R-Z2: centres only have diagonals; grid points link two labels apart
    assert_eq!(moves("kharbaga", &[], "W:Wd4:Bi9"), ["d4-c5", "d4-e5"]);
    assert_eq!(
        moves("kharbaga", &[], "W:Wc3:Bi9"),
        ["c3-a3", "c3-b4", "c3-c5", "c3-d4", "c3-e3"]
    );
}
