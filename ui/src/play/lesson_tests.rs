use super::*;
use dama_core::lesson::Course;

fn lesson(family: usize, id: &str) -> Lesson {
    let text = Course::bundled()[family];
    Course::parse(text)
        .unwrap()
        .lessons
        .into_iter()
        .find(|l| l.id == id)
        .unwrap()
}

fn point(t: &Taking, label: &str) -> Point {
    t.game().position().geometry().parse_label(label).unwrap()
}

fn play(t: &mut Taking, from: &str, to: &str) -> Option<LegalMove> {
    let (f, d) = (point(t, from), point(t, to));
    t.tap(f);
    t.tap(d)
}

#[test]
fn a_lesson_is_taken_step_by_step_with_its_reply() {
    let mut t = Taking::new(lesson(0, "t-moving")).unwrap();
    assert_eq!((t.step(), t.state()), ((0, 3), State::Task));
    assert!(t.say().en.contains("d4 forward"));
    play(&mut t, "d4", "d5").unwrap();
    assert_eq!(t.state(), State::Replying);
    assert_eq!(t.reply().unwrap().notation, "h8-h7");
    assert_eq!(t.state(), State::StepDone);
    t.next_step();
    assert_eq!((t.step(), t.state()), ((1, 3), State::Task));
    assert_eq!(
        t.game().record().ply(),
        2,
        "the second step goes on from the first"
    );
    play(&mut t, "d5", "e5").unwrap();
    assert_eq!(t.state(), State::StepDone, "the practice comes next");
}

#[test]
fn a_wrong_move_is_taken_back_and_answered_with_why() {
    let mut t = Taking::new(lesson(0, "t-moving")).unwrap();
    play(&mut t, "d4", "c4").unwrap();
    assert_eq!(t.state(), State::Wrong);
    assert!(t.say().en.contains("sideways step"), "{}", t.say().en);
    assert_eq!(t.game().record().ply(), 0, "taken back");
    play(&mut t, "d4", "d5").unwrap();
    assert_eq!(t.state(), State::Replying);
}

#[test]
fn a_huff_is_the_scripted_reply() {
    let mut t = Taking::new(lesson(1, "z-options")).unwrap();
    play(&mut t, "e5", "d5").unwrap();
    let reply = t.reply().unwrap();
    assert_eq!(reply.notation, "[xd5] i9-i8");
    assert_eq!(t.state(), State::StepDone);
    assert!(t.game().position().piece_at(point(&t, "d5")).is_none());
    // Issue 48: where it stood is known, for its cross.
    assert_eq!(t.huffed(), Some(point(&t, "d5")));
}

// Issue 48: the lesson's second step has the player huff in two steps: a liable man
// chosen, the choice taken back and changed, then the step; the move carries the choice.
#[test]
fn the_player_huffs_choosing_and_changing_the_man_to_remove() {
    let mut t = Taking::new(lesson(1, "z-options")).unwrap();
    play(&mut t, "e5", "d5").unwrap();
    t.reply();
    t.next_step();
    assert_eq!((t.step(), t.state()), ((1, 2), State::Task));
    assert!(
        t.say().en.contains("Tap one to remove it"),
        "{}",
        t.say().en
    );
    let (d7, f7) = (point(&t, "d7"), point(&t, "f7"));
    assert_eq!(t.selection().huff_choices(), vec![d7, f7]);
    assert_eq!(t.tap(d7), None);
    assert_eq!(t.selection().chosen_huff(), Some(d7));
    assert_eq!(t.tap(d7), None, "taken back");
    assert_eq!(t.selection().chosen_huff(), None);
    t.tap(d7);
    t.tap(f7);
    assert_eq!(t.selection().chosen_huff(), Some(f7), "changed");
    let d = play(&mut t, "e3", "e4").unwrap();
    assert_eq!(d.notation, "[xf7] e3-e4");
    assert_eq!(t.state(), State::Finished);
    assert_eq!(t.huffed(), Some(f7));
    assert!(t.say().en.contains("cross marks where it stood"));
}

// Issue 52 item 4: a wrong tap is answered in words, as in a game: a plain step while a
// capture is due (R-T6) names the piece that must capture; a man's step back (R-T3).
#[test]
fn a_refused_tap_is_answered_in_words() {
    let mut t = Taking::new(lesson(0, "t-capture")).unwrap();
    assert_eq!(play(&mut t, "d4", "c4"), None);
    assert_eq!(
        t.refusal(),
        Some((Advice::MustCapture, Some(point(&t, "d4"))))
    );
    assert_eq!(t.state(), State::Task, "the task stays");
    play(&mut t, "d4", "d6").unwrap();
    assert_eq!(t.refusal(), None, "cleared by the move");
    t.next_step();
    assert_eq!(play(&mut t, "c4", "c3"), None);
    assert_eq!(t.refusal(), Some((Advice::Backward, None)));
    t.restart_step();
    assert_eq!(t.refusal(), None);
    let mut t = Taking::new(lesson(0, "t-most")).unwrap();
    t.tap(point(&t, "b2"));
    assert_eq!(t.refusal(), Some((Advice::TakeMost, None)));
}

// Issue 52 item 4: a practice is played against the engine: the player's move, then the
// engine's reply asked for (`think`) and played, until the goal (R-T8: a man crowned);
// a failed one starts again with why.
#[test]
fn a_practice_is_played_against_the_engine_until_its_goal() {
    let mut t = Taking::new(lesson(0, "t-moving")).unwrap();
    play(&mut t, "d4", "d5").unwrap();
    t.reply();
    t.next_step();
    play(&mut t, "d5", "e5").unwrap();
    t.next_step();
    assert_eq!((t.step(), t.state()), ((2, 3), State::Task));
    assert!(t.practice().is_some());
    assert!(t.say().en.contains("four moves"), "{}", t.say().en);
    assert_eq!(t.moves_left(), Some(4));
    let engine =
        |t: &Taking, m: &str| dama_core::notation::parse_move(t.game().position(), m).unwrap();
    // A sideways step wastes a move: four moves are then not enough, which a small search
    // says at once (the engine is not asked).
    play(&mut t, "d4", "c4").unwrap();
    assert_eq!(t.reply(), None, "no scripted reply in a practice");
    assert_eq!(t.state(), State::Failed);
    assert_eq!(t.failure(), Some(Failure::Stoppable), "what went wrong");
    assert!(!t.think(), "no reply asked for");
    assert!(t.say().en.contains("sideways step"), "{}", t.say().en);
    assert_eq!(
        t.game().record().ply(),
        1,
        "the failed play stays on the board"
    );
    assert_eq!(play(&mut t, "c4", "c5"), None, "and is not played on");
    t.restart_step();
    assert_eq!(t.state(), State::Task);
    assert_eq!(t.failure(), None);
    assert_eq!(t.moves_left(), Some(4), "counted again from the start");
    assert_eq!(t.game().record().ply(), 0, "the practice starts again");
    // Straight ahead: crowned on the fourth move.
    let mut replies = ["h8-h7", "h7-h6", "h6-h5"].into_iter();
    for (from, to) in [("d4", "d5"), ("d5", "d6"), ("d6", "d7")] {
        play(&mut t, from, to).unwrap();
        assert!(t.think());
        let r = engine(&t, replies.next().unwrap());
        t.engine_reply(r).unwrap();
        assert_eq!(t.state(), State::Task);
    }
    assert_eq!(t.moves_left(), Some(1));
    play(&mut t, "d7", "d8").unwrap();
    assert_eq!(t.state(), State::Finished);
    assert!(t.say().en.contains("Crowned"), "{}", t.say().en);
    assert!(!t.think(), "nothing more to ask");
}
