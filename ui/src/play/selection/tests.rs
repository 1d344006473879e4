//! The tap state machine and its views, on real positions of every game.

use super::*;

// Issue 24: on a 9×9 board at 360 px the points are 35 px apart; a tap a little off
// the piece the player aims at still takes it.
#[test]
fn a_tap_near_a_useful_point_takes_it() {
    let rules = dama_core::Rules::new(dama_core::GameId::Zamma);
    let pos = dama_core::Position::from_code(rules, "W:Wa1:Bi9").unwrap();
    let game = Session::from_record(dama_core::GameRecord::from_position(pos));
    let g = game.position().geometry();
    let p = |l: &str| g.parse_label(l).unwrap();
    let xy = |q| crate::board::coords::xy(g, q, false);
    let sel = Selection::new(&game);
    let cell = 1.0 / 9.0;
    let radius = 24.0 / 35.0 * cell;
    // Inside c1's cell, 0.4 of a cell towards b1... nothing useful within reach: c1.
    let (cx, cy) = xy(p("c1"));
    assert_eq!(
        sel.aimed_at(p("c1"), (cx - 0.4 * cell, cy), radius, xy),
        p("c1")
    );
    // Inside b1's cell, 0.4 of a cell towards a1 (0.6 cells = 21 px from it): a1.
    let (bx, by) = xy(p("b1"));
    assert_eq!(
        sel.aimed_at(p("b1"), (bx - 0.4 * cell, by), radius, xy),
        p("a1")
    );
    // On a useful point itself: that point, whatever is near.
    let (ax, ay) = xy(p("a1"));
    assert_eq!(sel.aimed_at(p("a1"), (ax, ay), radius, xy), p("a1"));
    // Once a1 is selected, its destinations are useful too: near b2, b2.
    let mut sel = sel;
    sel.tap(p("a1"));
    let (x, y) = xy(p("b2"));
    assert_eq!(
        sel.aimed_at(p("c3"), (x + 0.4 * cell, y - 0.4 * cell), radius, xy),
        p("b2")
    );
}
use dama_core::{GameRecord, Position, Rules};

fn selection(game: &str, options: &[&str], code: &str) -> (Selection, Position) {
    let pos = Position::from_code(Rules::parse(game, options).unwrap(), code).unwrap();
    let session = Session::from_record(GameRecord::from_position(pos.clone()));
    (Selection::new(&session), pos)
}

fn pt(pos: &Position, l: &str) -> Point {
    pos.geometry().parse_label(l).unwrap()
}

fn played_now(c: &mut Selection, p: Point) -> String {
    let t = c.tap(p);
    played(c, t)
}

fn played(c: &Selection, t: Tap) -> String {
    match t {
        Tap::Play(i) => c.move_at(i).unwrap().notation.clone(),
        other => panic!("expected a move, got {other:?}"),
    }
}

#[test]
fn select_shows_destinations_and_plays() {
    let (mut c, pos) = selection("turkish", &[], "W:Wd4:Bh8");
    assert_eq!(c.tap(pt(&pos, "d4")), Tap::Selected(pt(&pos, "d4")));
    let marks: Vec<Point> = c.marks().into_iter().map(|(p, _)| p).collect();
    assert_eq!(marks.len(), 3);
    assert_eq!(played_now(&mut c, pt(&pos, "d5")), "d4-d5");
}

#[test]
fn tapping_the_piece_again_or_elsewhere_cancels() {
    let (mut c, pos) = selection("turkish", &[], "W:Wd4:Bh8");
    c.tap(pt(&pos, "d4"));
    assert_eq!(c.tap(pt(&pos, "d4")), Tap::Cancelled);
    c.tap(pt(&pos, "d4"));
    assert_eq!(c.tap(pt(&pos, "a8")), Tap::Cancelled);
    assert_eq!(c.tap(pt(&pos, "a8")), Tap::Ignored);
    // an enemy piece or an immobile one is not selected
    assert_eq!(c.tap(pt(&pos, "h8")), Tap::Ignored);
}

#[test]
fn multi_capture_by_its_end_point() {
    let (mut c, pos) = selection("turkish", &[], "W:WKe1:Bc5,b4,e3,g3");
    assert_eq!(c.must_capture(), vec![pt(&pos, "e1")]);
    c.tap(pt(&pos, "e1"));
    let (routes, captured) = c.routes();
    assert_eq!(routes.len(), 1);
    assert_eq!(captured.len(), 4);
    assert_eq!(played_now(&mut c, pt(&pos, "h3")), "e1xe5xb5xb3xh3");
}

#[test]
fn routes_are_chosen_step_by_step() {
    // R-Z8: every prefix of a capture is a move. Tapping the first landing c1 goes on
    // building (longer routes pass there); tapping c1 again stops there.
    let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
    c.tap(pt(&pos, "a1"));
    assert_eq!(c.tap(pt(&pos, "c1")), Tap::Extended);
    assert!(c.marks().contains(&(pt(&pos, "c1"), Mark::Destination)));
    assert_eq!(played_now(&mut c, pt(&pos, "c1")), "a1xc1");
    // c3 ends two different moves (via a3: a2,b3; via c1: b1,c2): choose the way.
    let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
    c.tap(pt(&pos, "a1"));
    assert_eq!(c.tap(pt(&pos, "c3")), Tap::Ambiguous(pt(&pos, "c3")));
    let marks: Vec<Point> = c.marks().into_iter().map(|(p, _)| p).collect();
    assert!(
        marks.contains(&pt(&pos, "a3")) && marks.contains(&pt(&pos, "c1")),
        "{marks:?}"
    );
    assert!(c.marks().contains(&(pt(&pos, "c3"), Mark::Target)));
    // Only the way's own captures are crossed out: none is common to both ways.
    assert!(c.routes().1.is_empty());
    // c1 leaves one route to c3: it is played without another tap.
    assert_eq!(played_now(&mut c, pt(&pos, "c1")), "a1xc1xc3");
    // The loop back to the start: two routes, one merged move.
    let (mut c, pos) = selection("zamma", &[], "W:Wa1:Ba2,b1,b3,c2");
    c.tap(pt(&pos, "a1"));
    for l in ["a3", "c3", "c1"] {
        assert_eq!(c.tap(pt(&pos, l)), Tap::Extended, "{l}");
    }
    assert_eq!(played_now(&mut c, pt(&pos, "a1")), "a1xa3xc3xc1xa1");
}

#[test]
fn a_king_capture_ending_on_its_own_square_is_played() {
    // Turkish king b2 takes b4, d6, f4, d2 round the rectangle b2-b6-f6-f2, either way
    // round, and may land back on b2 (R-T7): tapping b2 plays it, not cancels.
    let (mut c, pos) = selection("turkish", &[], "W:WKb2:Bb4,d6,f4,d2");
    let b2 = pt(&pos, "b2");
    c.tap(b2);
    assert!(c.marks().contains(&(b2, Mark::Destination)));
    match c.tap(b2) {
        Tap::Play(i) => {
            let d = c.move_at(i).unwrap();
            assert_eq!(d.mv.to(), b2);
            assert_eq!(d.mv.capture_count(), 4);
        }
        other => panic!("expected the loop to be played, got {other:?}"),
    }
}

#[test]
fn one_route_left_is_played_without_another_tap() {
    // Turkish king e1: the first landing e5 leaves one route (R-T7 most captures).
    let (mut c, pos) = selection("turkish", &[], "W:WKe1:Bc5,b4,e3,g3");
    c.tap(pt(&pos, "e1"));
    assert_eq!(played_now(&mut c, pt(&pos, "e5")), "e1xe5xb5xb3xh3");
}

#[test]
fn a_far_end_of_one_move_plays_it() {
    // Turkish king: only a6 leads on; the ends d6 and e6 each belong to one move.
    let (mut c, pos) = selection("turkish", &[], "W:Wf6,Ka1:Bc6,a3");
    c.tap(pt(&pos, "a1"));
    assert_eq!(played_now(&mut c, pt(&pos, "e6")), "a1xa6xe6");
}

#[test]
fn landing_points_extend_the_route() {
    // Damma: c3xe5xe3xc5 goes through e5 and e3; tap them in turn, then the end.
    let (mut c, pos) = selection("damma", &[], "W:Wc3:Bd4,e4");
    c.tap(pt(&pos, "c3"));
    assert_eq!(played_now(&mut c, pt(&pos, "c5")), "c3xe5xe3xc5");
}

#[test]
fn huff_first_then_the_move() {
    let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1,i1");
    assert_eq!(c.huff_choices().len(), 2);
    assert!(c.movable().is_empty());
    assert_eq!(c.tap(pt(&pos, "i9")), Tap::Ignored);
    assert_eq!(c.tap(pt(&pos, "i1")), Tap::HuffChosen(pt(&pos, "i1")));
    c.tap(pt(&pos, "i9"));
    assert_eq!(played_now(&mut c, pt(&pos, "h9")), "[xi1] i9-h9");
    // one liable piece: removed automatically
    let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1");
    assert!(c.huff_choices().is_empty());
    c.tap(pt(&pos, "i9"));
    assert_eq!(played_now(&mut c, pt(&pos, "h9")), "[xa1] i9-h9");
}

#[test]
fn movable_pieces_and_optional_captures() {
    // Zamma, capture optional: a1 can take a2; e1 can only step.
    let (c, pos) = selection("zamma", &[], "W:Wa1,e1:Ba2,i9");
    assert!(c.must_capture().is_empty());
    assert_eq!(c.capturers(), vec![pt(&pos, "a1")]);
    assert_eq!(c.movable(), vec![pt(&pos, "a1"), pt(&pos, "e1")]);
}

#[test]
fn finished_game_ignores_taps() {
    let pos = Position::from_code(
        Rules::parse("zamma", &[] as &[&str]).unwrap(),
        "W:Wa9:Bb9,c9",
    )
    .unwrap();
    let mut session = Session::from_record(GameRecord::from_position(pos.clone()));
    session.resign(dama_core::Color::White).unwrap_or(());
    assert!(session.outcome().is_some());
    let mut c = Selection::new(&session);
    assert_eq!(c.tap(pt(&pos, "a9")), Tap::Ignored);
}

// Issue 48: the piece chosen for removal stays a pending choice until the move: tapping it
// again takes the choice back, tapping another liable piece changes it, and the move then
// carries the last choice.
#[test]
fn a_huff_choice_can_be_changed_or_taken_back_before_the_move() {
    let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1,i1");
    let (a1, i1, i9) = (pt(&pos, "a1"), pt(&pos, "i1"), pt(&pos, "i9"));
    assert_eq!(c.tap(i1), Tap::HuffChosen(i1));
    assert_eq!(c.huff_alternatives(), vec![a1]);
    assert_eq!(c.tap(i1), Tap::HuffCancelled, "the chosen piece again");
    assert_eq!(c.chosen_huff(), None);
    assert_eq!(c.huff_choices(), vec![a1, i1], "back to the choice");
    assert!(c.movable().is_empty());
    assert_eq!(c.tap(a1), Tap::HuffChosen(a1));
    assert_eq!(c.tap(i1), Tap::HuffChosen(i1), "changed to another");
    assert_eq!(c.chosen_huff(), Some(i1));
    // Changed again while a piece is selected: the selection starts over.
    assert_eq!(c.tap(i9), Tap::Selected(i9));
    assert_eq!(c.tap(a1), Tap::HuffChosen(a1));
    assert_eq!(c.selected(), None);
    c.tap(i9);
    assert_eq!(played_now(&mut c, pt(&pos, "h9")), "[xa1] i9-h9");
}

#[test]
fn a_move_onto_the_removed_pieces_point_is_not_a_change_of_choice() {
    // Black i9 may step to h9 once the white man there is removed.
    let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,h9:Bi9:huff=a1,h9");
    let (h9, i9) = (pt(&pos, "h9"), pt(&pos, "i9"));
    assert_eq!(c.tap(h9), Tap::HuffChosen(h9));
    assert_eq!(c.tap(i9), Tap::Selected(i9));
    assert!(c.marks().contains(&(h9, Mark::Destination)));
    assert_eq!(played_now(&mut c, h9), "[xh9] i9-h9");
}

#[test]
fn a_forced_huff_has_no_choice_to_change() {
    let (mut c, pos) = selection("zamma", &["capture=huffing"], "B:Wa1,i1:Bi9:huff=a1");
    let a1 = pt(&pos, "a1");
    assert!(c.huff_forced());
    assert_eq!(c.chosen_huff(), Some(a1));
    assert_eq!(c.tap(a1), Tap::Ignored);
    assert_eq!(c.chosen_huff(), Some(a1));
    assert!(c.huff_alternatives().is_empty());
}
