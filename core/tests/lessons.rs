//! The courses (`core/lessons/`), checked through the rules: every position valid, every
//! move to play and every scripted reply legal where it is played, every wrong move with its
//! own answer legal (so its answer can be reached), every text in six languages; each course
//! teaches the rules the issue names; and a broken lesson is refused with its fault named.

use dama_core::lesson::{Course, Lesson};
use std::collections::HashSet;

fn course(name: &str) -> Course {
    let path = format!("{}/lessons/{name}.json", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    Course::parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

#[test]
fn every_lesson_checks_through_the_rules() {
    for name in ["turkish", "zamma"] {
        let c = course(name);
        assert_eq!(c.family, name);
        let mut ids = HashSet::new();
        for l in &c.lessons {
            assert!(ids.insert(l.id.clone()), "{}: twice", l.id);
            l.check().unwrap_or_else(|e| panic!("{e}"));
            l.prove_practices().unwrap_or_else(|e| panic!("{e}"));
        }
    }
}

#[test]
fn each_course_teaches_its_rules() {
    let taught = |name: &str| -> HashSet<String> {
        course(name)
            .lessons
            .iter()
            .flat_map(|l| l.rules.clone())
            .collect()
    };
    // Moving, capturing and its compulsion, the most pieces, several jumps and no turning
    // back, crowning and capturing on as a king, the flying king, king against a lone man,
    // the end and the draws.
    let turkish = taught("turkish");
    for r in [
        "R-T1", "R-T3", "R-T4", "R-T5", "R-T6", "R-T7", "R-T8", "R-T9", "R-T10", "R-T11",
    ] {
        assert!(turkish.contains(r), "Turkish Dama: {r} untaught");
    }
    // The points and their diagonals, forward only, no stepping back, capturing (optional,
    // several jumps, backward), the Mullah, the end; Damma, Fetaix, Kharbaga; the options.
    let zamma = taught("zamma");
    for r in [
        "R-Z1", "R-Z2", "R-Z5", "R-Z6", "R-Z7", "R-Z8", "R-Z9", "R-Z10", "R-Z12", "R-Z13", "R-Z14",
        "R-Z15", "R-Z16", "R-Z18", "R-Z19",
    ] {
        assert!(zamma.contains(r), "Zamma: {r} untaught");
    }
    let games: HashSet<String> = course("zamma")
        .lessons
        .iter()
        .map(|l| l.game.clone())
        .collect();
    for g in ["zamma", "damma", "fetaix", "kharbaga"] {
        assert!(games.contains(g), "no lesson on {g}");
    }
}

/// The first Turkish lesson with one thing broken.
fn broken(change: impl Fn(&mut Lesson)) -> String {
    let mut l = course("turkish").lessons.remove(0);
    change(&mut l);
    l.check()
        .and_then(|()| l.prove_practices())
        .unwrap_err()
        .to_string()
}

#[test]
fn a_broken_lesson_is_refused_and_its_fault_named() {
    assert!(broken(|l| l.steps[0].position = Some("W:Wz9:Bh8".into())).contains("step 1"));
    assert!(broken(|l| l.steps[0].play = vec!["d4-d3".into()]).contains("step 1"));
    assert!(broken(|l| l.steps[0].reply = Some("h8-h9".into())).contains("reply"));
    let e = broken(|l| l.steps[0].wrong[0].moves = vec!["d4-b4".into()]);
    assert!(e.contains("wrong move"), "{e}");
    let e = broken(|l| l.steps[0].wrong[0].moves = vec!["d4-d5".into()]);
    assert!(e.contains("both right and wrong"), "{e}");
    let e = broken(|l| l.steps[1].task.ar = " ".into());
    assert!(e.contains("language"), "{e}");
    let e = broken(|l| l.steps[1].play.clear());
    assert!(e.contains("no move"), "{e}");
    // A text missing in one language does not even read.
    let text = std::fs::read_to_string(format!(
        "{}/lessons/turkish.json",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let without = text.replacen("\"ar\":", "\"xx\":", 1);
    assert!(Course::parse(&without).is_err());
}

// Issue 52 item 4: lessons are practised against the engine. Each course has practices, and
// a practice whose goal the player cannot force against every defence is refused.
#[test]
fn a_practice_is_refused_unless_its_goal_can_be_forced() {
    for name in ["turkish", "zamma"] {
        let practices = course(name)
            .lessons
            .iter()
            .flat_map(|l| &l.steps)
            .filter(|s| s.practice.is_some())
            .count();
        assert!(practices >= 2, "{name}: {practices} practices");
    }
    // t-moving's practice: a man crowned in four moves (R-T3, R-T8), not in three.
    let practice = |l: &mut Lesson| l.steps[2].practice.as_mut().unwrap().moves = 3;
    assert!(broken(practice).contains("cannot be forced in 3 moves"));
    let e = broken(|l| l.steps[2].play = vec!["d4-d5".into()]);
    assert!(e.contains("no scripted move"), "{e}");
    let e = broken(|l| l.steps[2].practice.as_mut().unwrap().advice.de = String::new());
    assert!(e.contains("language"), "{e}");
    // A win the tables say is a draw (R-T9: two kings against one in open play).
    let mut king = course("turkish")
        .lessons
        .into_iter()
        .find(|l| l.id == "t-king")
        .unwrap();
    let practice = king
        .steps
        .iter_mut()
        .find(|s| s.practice.is_some())
        .unwrap();
    practice.position = Some("W:WKa1,Kb2:BKh8".into());
    assert!(king.check().is_ok(), "the shape is right");
    assert!(king.prove_practices().is_err());
}
