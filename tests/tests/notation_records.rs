//! Move notation (R-0.6, R-Z14), game records and PDN.

use dama_core::notation::{parse_move, NotationError};
use dama_core::record::pdn;
use dama_core::{GameId, GameRecord, Outcome, Position, Reason, RecordError, Rules, Session};

fn pos(game: &str, code: &str) -> Position {
    Position::from_code(Rules::parse(game, &[] as &[&str]).unwrap(), code).unwrap()
}

#[test]
fn start_and_end_only_when_unambiguous() {
    // e1xe5xb5xb3xh3 may be given as e1xh3 or e1-h3
    let p = pos("turkish", "W:WKe1:Bc5,b4,e3,g3");
    let full = parse_move(&p, "e1xe5xb5xb3xh3").unwrap();
    assert_eq!(parse_move(&p, "e1xh3").unwrap(), full);
    assert_eq!(parse_move(&p, "e1-h3").unwrap(), full);
    // Two landing choices end on different points, but a king with two routes to one end
    // point over different pieces is ambiguous.
    let p = pos("turkish", "W:WKd4:Bb4,f4");
    assert!(parse_move(&p, "d4xh4").is_ok());
    let p = pos("zamma", "W:Wc3:Bd4,d3,e4,c4");
    match parse_move(&p, "c3xe5") {
        Ok(_) => {}
        Err(e) => panic!("{e}"),
    }
    let p = pos("zamma", "W:Wa1:Ba2,b1,b3,c2");
    // two routes around the square: either route names the merged move
    let a = parse_move(&p, "a1xa3xc3xc1xa1").unwrap();
    let b = parse_move(&p, "a1xc1xc3xa3xa1").unwrap();
    assert_eq!(a, b);
    // start = end of several different moves: a1xa1 is ambiguous? Only one ends on a1.
    assert_eq!(parse_move(&p, "a1xa1").unwrap(), a);
}

#[test]
fn ambiguous_and_bad_texts_are_typed_errors() {
    let p = pos("zamma", "W:We5:Bd4,e4");
    // e5 to c5 only via e3; e5 to e3 is unique; e5xc3 unique
    assert!(parse_move(&p, "e5xe3xc5").is_ok());
    let t = pos("turkish", "W:WKa7,a2:Bc7,e7,b4,a3");
    assert!(matches!(
        parse_move(&t, "a7-b7"),
        Err(NotationError::NoSuchMove(_))
    ));
    assert!(matches!(
        parse_move(&t, "z9-a1"),
        Err(NotationError::UnknownPoint(_))
    ));
    assert!(matches!(
        parse_move(&t, "a7xb7-c7"),
        Err(NotationError::Syntax(_))
    ));
    assert!(matches!(parse_move(&t, ""), Err(NotationError::Empty)));
    assert!(matches!(
        parse_move(&t, "a7"),
        Err(NotationError::Syntax(_))
    ));
    // a huff is part of the move
    let h = Position::from_code(
        Rules::parse("zamma", &["capture=huffing"]).unwrap(),
        "B:Wa1,i1:Bi9:huff=a1,i1",
    )
    .unwrap();
    assert!(matches!(
        parse_move(&h, "i9-h9"),
        Err(NotationError::Ambiguous { .. })
    ));
    assert_eq!(
        parse_move(&h, "[xi1] i9-h9").unwrap().huff(),
        h.geometry().parse_label("i1")
    );
}

#[test]
fn record_undo_redo_and_branching() {
    let mut rec = Session::new(Rules::new(GameId::Turkish));
    rec.play_notation("d3-d4").unwrap();
    rec.play_notation("e6-e5").unwrap();
    assert!(rec.undo() && rec.undo() && !rec.undo());
    assert!(rec.redo());
    assert_eq!(rec.record().moves(), ["d3-d4"]);
    rec.play_notation("d6-d5").unwrap(); // drops the undone e6-e5
    assert_eq!(rec.record().all_moves(), ["d3-d4", "d6-d5"]);
    assert!(!rec.record().can_redo());
    rec.resign(dama_core::Color::White).unwrap();
    assert_eq!(rec.outcome().map(|o| o.reason()), Some(Reason::Resignation));
    let loaded = GameRecord::from_json(&rec.record().to_json()).unwrap();
    assert_eq!(loaded.outcome(), rec.outcome());
    assert!(matches!(
        Session::from_record(loaded.clone()).play_notation("a3-a4"),
        Err(RecordError::AfterEnd { .. })
    ));
    // Undo after resigning takes back the resignation only, not a move.
    assert!(rec.undo());
    assert_eq!(rec.outcome(), None);
    assert_eq!(rec.record().moves(), ["d3-d4", "d6-d5"]);
    rec.agree_draw().unwrap();
    assert!(rec.undo());
    assert_eq!((rec.outcome(), rec.record().ply()), (None, 2));
}

#[test]
fn corrupt_records_fail_with_typed_errors() {
    let mut rec = Session::new(Rules::new(GameId::Zamma));
    rec.play_notation("e4-e5").unwrap();
    let json = rec.record().to_json();
    assert!(matches!(
        GameRecord::from_json(&json[..json.len() / 2]),
        Err(RecordError::Json(_))
    ));
    assert!(matches!(
        GameRecord::from_json(&json.replace("\"version\": 1", "\"version\": 9")),
        Err(RecordError::Format(_))
    ));
    assert_eq!(
        GameRecord::from_json(&json.replace("e4-e5", "d4-d5")).unwrap_err(),
        RecordError::Checksum
    );
    assert!(GameRecord::from_json("null").is_err());
    assert!(GameRecord::from_json("").is_err());
    assert!(matches!(
        GameRecord::from_json("{\"format\": 1}"),
        Err(RecordError::Json(_))
    ));
}

#[test]
fn pdn_round_trip_and_shape() {
    // Turkish GameType 30; Zamma family with a custom GameType and options in Variant
    let mut rec = Session::new(Rules::new(GameId::Turkish));
    for m in ["d3-d4", "a6-a5", "c3-c4"] {
        rec.play_notation(m).unwrap();
    }
    let text = pdn::export(
        rec.record(),
        &pdn::PdnTags {
            white: "Ayşe".into(),
            ..Default::default()
        },
    );
    assert!(text.contains("[GameType \"30\"]"), "{text}");
    assert!(text.contains("1. d3-d4 a6-a5 2. c3-c4 *"), "{text}");
    let back = GameRecord::from_pdn(&text).unwrap();
    assert_eq!(back.moves(), rec.record().moves());

    let rules = Rules::parse("zamma", &["capture=huffing", "first=black"]).unwrap();
    let mut rec = Session::new(rules);
    rec.play_notation("e6-e5").unwrap();
    let text = pdn::export(rec.record(), &pdn::PdnTags::default());
    assert!(
        text.contains("[GameType \"zamma\"]")
            && text.contains("[Variant \"capture=huffing,first=black\"]"),
        "{text}"
    );
    assert!(text.contains("1... e6-e5"), "{text}");
    assert_eq!(
        GameRecord::from_pdn(&text).unwrap().current(),
        rec.record().current()
    );

    // a huff move survives export and import
    let start = Position::from_code(
        Rules::parse("zamma", &["capture=huffing"]).unwrap(),
        "W:Wa1,i1:Bb2,c4,d4,e6,h2",
    )
    .unwrap();
    let mut rec = Session::from_record(GameRecord::from_position(start));
    rec.play_notation("i1-h1").unwrap();
    rec.play_notation("[xa1] b2-b1").unwrap();
    let text = pdn::export(rec.record(), &pdn::PdnTags::default());
    assert!(text.contains("[xa1]b2-b1"), "{text}");
    let back = GameRecord::from_pdn(&text).unwrap();
    assert_eq!(back.current(), rec.record().current());
    assert!(GameRecord::from_pdn("[GameType \"99\"]\n1. a1-a2").is_err());
    assert!(GameRecord::from_pdn("1. d3-d4").is_err());
}

#[test]
fn game_over_results_in_records() {
    let start = pos("turkish", "W:WKa1:Ba4,h8");
    let mut rec = Session::from_record(GameRecord::from_position(start));
    rec.play_notation("a1xa5").unwrap();
    assert_eq!(
        rec.outcome(),
        Some(Outcome::Win {
            winner: dama_core::Color::White,
            reason: Reason::KingVersusLoneMan
        })
    );
    let text = pdn::export(rec.record(), &pdn::PdnTags::default());
    assert!(text.contains("1-0"), "{text}");
}

// one move's notation, found without writing out every other move's, is the one
// the full list gives; in a position of 9,862 legal moves (issue 15) as in small ones.
#[test]
fn one_moves_notation_equals_the_full_lists() {
    let huge = "W:Wa9,Kb6,c1,Kf1,Kg1,g4,g9,h8,Ki4,i8:Ba1,a5,a6,b2,b3,Kb8,c2,c4,c6,Kd2,d5,Kd6,Kd9,e2,e6,e8,Kf2,f4,f7,Kg2,Kg6,g8,Kh3,h4,Kh5,h6,h7,i2,Ki7:clock=10:last=b5-b6/d7-d6";
    for (game, options, code) in [
        ("damma", &[][..], huge),
        ("turkish", &[], "W:WKa1,c3:Bb5,d5,f5,f3"),
        ("zamma", &[], "W:Wa1,e1,Kg3:Ba2,b1,b3,c2,g5,h8"),
        // R-Z13 compulsory (shorter captures dropped) and R-Z14 huffing (liable pieces).
        (
            "zamma",
            &["capture=compulsory"],
            "W:Wa1,e1,Kg3:Ba2,b1,b3,c2,g5,h8",
        ),
        (
            "zamma",
            &["capture=huffing"],
            "W:Wa1,e1,Kg3:Ba2,b1,b3,c2,g5,h8",
        ),
        ("damma", &["capture=compulsory"], huge),
    ] {
        let rules = Rules::parse(game, options).unwrap();
        let p = Position::from_code(rules, code).unwrap();
        let all = p.legal_moves_detailed();
        assert!(!all.is_empty());
        let step = (all.len() / 30).max(1);
        for d in all.iter().step_by(step) {
            let one = p.move_detailed(&d.mv).expect("a legal move is found");
            assert_eq!(one, *d, "{game} {options:?} {code}");
            assert_eq!(one.mv.paths(), d.mv.paths(), "{}", d.notation);
            assert_eq!(one.mv.liable_after(), d.mv.liable_after(), "{}", d.notation);
            assert_eq!(
                dama_core::notation::move_to_string(&p, &d.mv).as_deref(),
                Some(d.notation.as_str())
            );
        }
        if game == "damma" && options.is_empty() {
            assert_eq!(all.len(), 9862);
        }
    }
    // A move of another position is not legal here.
    let start = Position::start(Rules::new(GameId::Turkish));
    let other = pos("turkish", "W:WKa1:Bh8");
    let m = other.legal_moves()[0];
    assert!(start.move_detailed(&m).is_none());
}

/// A bare move list (no tags) is read as a game of the rules the caller names; without
/// them it is still refused as before.
#[test]
fn pdn_bare_move_list_takes_the_given_rules() {
    let rules = Rules::new(GameId::Turkish);
    let rec = GameRecord::from_pdn_as("1. a3-a4 h6-h5 2. b3-b4", Some(&rules)).unwrap();
    assert_eq!(rec.moves(), ["a3-a4", "h6-h5", "b3-b4"]);
    assert_eq!(rec.rules(), &rules);
    assert!(matches!(
        GameRecord::from_pdn("1. a3-a4 a6-a5"),
        Err(RecordError::Pdn(_))
    ));
    // The tags win over the given rules.
    let zamma = "[GameType \"zamma\"]\n1. e4-e5 *";
    let rec = GameRecord::from_pdn_as(zamma, Some(&rules)).unwrap();
    assert_eq!(rec.rules().game(), GameId::Zamma);
    // An illegal move is still an error.
    assert!(GameRecord::from_pdn_as("1. a3-a5", Some(&rules)).is_err());
}
