use super::*;
use dama_core::{Position, Rules};

fn flow(game: &str, code: Option<&str>, opponent: u8, human: Color) -> (Flow, Vec<Effect>) {
    let opponent = Opponent::from(opponent);
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let record = match code {
        Some(c) => GameRecord::from_position(Position::from_code(rules, c).unwrap()),
        None => GameRecord::new(rules),
    };
    Flow::new(record, opponent, human)
}

fn pt(f: &Flow, l: &str) -> Point {
    f.game().position().geometry().parse_label(l).unwrap()
}

fn taps(f: &mut Flow, labels: &[&str]) -> Vec<Effect> {
    let mut last = Vec::new();
    for l in labels {
        let p = pt(f, l);
        last = f.tap(p);
    }
    last
}

/// The computer's answer, found by a real search.
fn computer_answer(f: &Flow, job: Job) -> Answer {
    let Job::Move { level, seed } = job else {
        panic!("{job:?}")
    };
    use dama_core::ai::{Engine, Level, Player, Root};
    let mut e = Engine::new(1);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let player = Player::Level(Level::new(level));
    let r = Root::of(f.game()).and_then(|root| e.play(&root, player, seed, &stop, |_| {}));
    Answer::Move(r.ok().map(|r| r.best))
}

#[test]
fn a_tapped_move_is_saved_shown_then_the_computer_is_asked() {
    let (mut f, start) = flow("turkish", None, 2, Color::White);
    assert_eq!(start, vec![Effect::Save], "White (the player) starts");
    assert!(taps(&mut f, &["d3"]).is_empty());
    let effects = taps(&mut f, &["d4"]);
    assert!(matches!(
        effects[..],
        [Effect::Save, Effect::Animate { .. }]
    ));
    assert!(f.is_moving());
    assert!(
        f.tap(pt(&f, "e3")).is_empty(),
        "no taps while the move is shown"
    );
    let next = f.arrived();
    let [Effect::Search(job)] = next[..] else {
        panic!("{next:?}")
    };
    assert!(f.computer_thinking());
    assert!(
        f.tap(pt(&f, "e3")).is_empty(),
        "no taps while the computer thinks"
    );
    let reply = f.answer(computer_answer(&f, job));
    assert!(matches!(reply[..], [Effect::Save, Effect::Animate { .. }]));
    assert!(f.arrived().is_empty());
    assert!(f.human_to_move());
    assert_eq!(f.game().record().ply(), 2);
}

#[test]
fn the_computer_opens_when_it_has_white() {
    let (f, start) = flow("zamma", None, 1, Color::Black);
    assert!(matches!(
        start[..],
        [Effect::Save, Effect::Search(Job::Move { level: 1, .. })]
    ));
    assert!(f.computer_thinking());
}

#[test]
fn undo_against_the_computer_takes_back_the_pair_and_stops_its_search() {
    let (mut f, _) = flow("turkish", None, 1, Color::White);
    taps(&mut f, &["d3", "d4"]);
    let [Effect::Search(job)] = f.arrived()[..] else {
        panic!()
    };
    f.answer(computer_answer(&f, job));
    f.arrived();
    taps(&mut f, &["e3", "e4"]);
    f.arrived();
    assert_eq!(f.game().record().ply(), 3);
    let effects = f.undo();
    assert_eq!(effects[0], Effect::StopSearch);
    assert_eq!(f.game().record().ply(), 2);
    assert!(f.human_to_move());
    let effects = f.undo();
    assert_eq!(f.game().record().ply(), 0);
    assert!(effects.contains(&Effect::Save) && effects.contains(&Effect::ShowResultCard));
}

/// Issue 24 item 9: a tap that cannot be played is heard; deselecting is not; a move
/// that ends the game is followed by the ending's sound, heard from the player's side.
#[test]
fn refused_taps_and_endings_are_heard() {
    let illegal = vec![Effect::Sound(Cue::Illegal)];
    let (mut f, _) = flow("turkish", None, 0, Color::White);
    // R-T3: a2 is boxed in by its own men.
    assert_eq!(taps(&mut f, &["a2"]), illegal);
    assert_eq!(taps(&mut f, &["e5"]), vec![], "an empty point: no attempt");
    assert_eq!(taps(&mut f, &["d3", "d5"]), illegal, "not a destination");
    assert_eq!(taps(&mut f, &["d3", "d3"]), vec![], "deselected");
    // Issue 39 item 9: refused taps are said in words, not only heard.
    taps(&mut f, &["a2"]);
    assert_eq!(f.advice(), Advice::CannotMove);
    taps(&mut f, &["d6"]);
    assert_eq!(f.advice(), Advice::NotYours, "the opponent's man");
    taps(&mut f, &["d3", "d6"]);
    assert_eq!(f.advice(), Advice::NotYours, "sent onto the opponent's man");
    taps(&mut f, &["d3", "d5"]);
    assert_eq!(f.advice(), Advice::NotThere);
    taps(&mut f, &["d3"]);
    assert_eq!(f.advice(), Advice::None, "a piece selected: nothing to say");
    // The computer's last man taken: the player won.
    let (mut f, _) = flow("turkish", Some("W:Wd3:Bd4"), 1, Color::White);
    let effects = taps(&mut f, &["d3", "d5"]);
    assert!(matches!(effects[1], Effect::Animate { .. }));
    assert_eq!(effects[2], Effect::Sound(Cue::Win));
    let (mut f, _) = flow("turkish", Some("B:Wd3:Bd4"), 1, Color::White);
    let Answer::Move(Some(m)) = computer_answer(&f, Job::Move { level: 1, seed: 1 }) else {
        panic!("the computer has a move");
    };
    let effects = f.answer(Answer::Move(Some(m)));
    assert_eq!(effects.last(), Some(&Effect::Sound(Cue::Loss)));
}

#[test]
fn a_resignation_or_an_agreed_draw_is_not_undone() {
    // Issue 39 item 11: Undo on the result card took the resignation back, and the game
    // then left History. A resignation (or agreed draw) is final; a move is not.
    let (mut f, _) = flow("turkish", None, 0, Color::White);
    taps(&mut f, &["d3", "d4"]);
    f.arrived();
    assert!(f.can_undo());
    assert_eq!(f.resign(), vec![Effect::Save, Effect::Sound(Cue::Win)]);
    let ended = f.game().outcome();
    assert!(ended.is_some());
    assert!(!f.can_undo());
    assert_eq!(f.undo(), vec![]);
    assert_eq!(f.game().outcome(), ended);
    assert_eq!(f.game().record().ply(), 1);
}

// R-Z14: being huffed is said and marked, not silent.
#[test]
fn a_huff_is_announced_after_the_move() {
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1,i1").unwrap();
    let (mut f, _) = Flow::new(
        GameRecord::from_position(pos),
        Opponent::TwoPlayers,
        Color::White,
    );
    let d = f
        .game()
        .legal_moves()
        .iter()
        .find(|d| d.mv.huff().is_some())
        .cloned()
        .unwrap();
    let huff = d.mv.huff().unwrap();
    f.play(d);
    f.arrived();
    assert_eq!(f.huffed(), Some(huff));
    assert_eq!(f.advice(), Advice::Huffed);
}

fn huffing(code: &str) -> Flow {
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, code).unwrap();
    let record = GameRecord::from_position(pos);
    Flow::new(record, Opponent::TwoPlayers, Color::White).0
}

// Issue 48: the huff in two steps, said at each: the removal chosen is named and drawn as
// taken away, can be taken back or changed (never "That is your opponent's piece"), and
// the move then completes the turn with the last choice.
#[test]
fn a_huff_is_chosen_taken_back_or_changed_then_the_move_made() {
    let mut f = huffing("B:Wa1,i1:Bi9:huff=a1,i1");
    assert_eq!(f.advice(), Advice::ChooseHuff);
    assert_eq!(f.removing(), None);
    assert!(taps(&mut f, &["i1"]).is_empty());
    assert_eq!(
        (f.advice(), f.advice_point(), f.removing()),
        (Advice::HuffChosen, Some(pt(&f, "i1")), Some(pt(&f, "i1")))
    );
    // The removed piece again: the choice is taken back, quietly.
    assert!(taps(&mut f, &["i1"]).is_empty());
    assert_eq!((f.advice(), f.removing()), (Advice::ChooseHuff, None));
    // Another liable piece while one is chosen: the choice changes.
    taps(&mut f, &["i1", "a1"]);
    assert_eq!(
        (f.advice(), f.advice_point(), f.removing()),
        (Advice::HuffChosen, Some(pt(&f, "a1")), Some(pt(&f, "a1")))
    );
    // Picking the piece to move keeps the removal said.
    taps(&mut f, &["i9"]);
    assert_eq!(f.advice(), Advice::HuffChosen);
    let effects = taps(&mut f, &["h9"]);
    assert!(
        matches!(effects[..], [Effect::Save, Effect::Animate { .. }]),
        "{effects:?}"
    );
    assert_eq!(f.removing(), None, "shown by the move now");
    f.arrived();
    assert_eq!(f.game().record().moves(), ["[xa1] i9-h9"]);
    assert_eq!(f.huffed(), Some(pt(&f, "a1")));
}

// The only liable piece is removed without a choice: tapping it says so again.
#[test]
fn a_forced_huff_is_said_not_refused() {
    let mut f = huffing("B:Wa1,i1:Bi9:huff=a1");
    assert_eq!(
        (f.advice(), f.advice_point(), f.removing()),
        (Advice::HuffNext, Some(pt(&f, "a1")), Some(pt(&f, "a1")))
    );
    assert!(taps(&mut f, &["a1"]).is_empty(), "no refusal sound");
    assert_eq!(f.advice(), Advice::HuffNext);
    taps(&mut f, &["i9"]);
    assert_eq!(f.advice(), Advice::HuffNext, "still said while moving");
    taps(&mut f, &["i1"]);
    assert_eq!(f.advice(), Advice::NotYours, "another enemy piece");
}

#[test]
fn a_resumed_game_shows_its_last_move() {
    let mut s = Session::new(Rules::new(dama_core::GameId::Turkish));
    s.play_notation("d3-d4").unwrap();
    let (f, _) = Flow::new(s.into_record(), Opponent::TwoPlayers, Color::White);
    let path: Vec<String> = f
        .last_move()
        .expect("the last move is shown")
        .iter()
        .map(|&p| f.game().position().geometry().label(p).to_string())
        .collect();
    assert_eq!(path, ["d3", "d4"]);
}

#[test]
fn advice_follows_the_rules() {
    // R-T6: a compulsory capture is announced; R-T6 routes never offer to stop.
    let (mut f, _) = flow("turkish", Some("W:WKa1:Ba3,c5,c6"), 0, Color::White);
    assert_eq!(f.advice(), Advice::MustCapture);
    taps(&mut f, &["a1", "a5"]);
    assert_eq!(f.advice(), Advice::NextLanding);
    // R-Z8: a Zamma route may stop on the way.
    let (mut f, _) = flow("zamma", Some("W:Wa1:Ba2,b1,b3,c2"), 0, Color::White);
    taps(&mut f, &["a1", "c1"]);
    assert_eq!(f.advice(), Advice::ContinueRoute);
    // R-Z13: with compulsory capture the same route must go on: no "tap again to stop".
    // (a1xa3 then a5 or c3: two routes of two captures, none may stop on a3.)
    let rules = Rules::parse("zamma", &["capture=compulsory"]).unwrap();
    let pos = Position::from_code(rules, "W:Wa1:Ba2,a4,b3").unwrap();
    let (mut f, _) = Flow::new(
        GameRecord::from_position(pos),
        Opponent::TwoPlayers,
        Color::White,
    );
    taps(&mut f, &["a1", "a3"]);
    assert_eq!(f.advice(), Advice::NextLanding);
    // R-Z14: a pending huff is announced.
    let rules = Rules::parse("zamma", &["capture=huffing"]).unwrap();
    let pos = Position::from_code(rules, "B:Wa1,i1:Bi9:huff=a1,i1").unwrap();
    let (f, _) = Flow::new(
        GameRecord::from_position(pos),
        Opponent::TwoPlayers,
        Color::White,
    );
    assert_eq!(f.advice(), Advice::ChooseHuff);
}

#[test]
fn a_declined_draw_is_said_and_an_accepted_one_ends_the_game() {
    let (mut f, _) = flow("turkish", None, 3, Color::White);
    assert_eq!(f.offer_draw(), vec![Effect::Search(Job::DrawOffer)]);
    assert!(f.offer_draw().is_empty(), "one offer at a time");
    assert!(f.answer(Answer::Draw(false)).is_empty());
    assert_eq!(f.advice(), Advice::DrawDeclined);
    f.offer_draw();
    assert_eq!(
        f.answer(Answer::Draw(true)),
        vec![Effect::Save, Effect::Sound(Cue::Draw)]
    );
    assert_eq!(
        f.game().outcome().map(|o| o.reason()),
        Some(Reason::Agreement)
    );
}

/// Issue 52 item 4: a refused tap is said in the words of the rule it breaks (the game and
/// the lessons share the answer, `play::refusal`).
#[test]
fn refused_taps_name_the_rule_they_break() {
    let two = 0;
    // R-T1, R-T3: no diagonal, no step back.
    let (mut f, _) = flow("turkish", Some("W:Wd4:Bh8"), two, Color::White);
    taps(&mut f, &["d4", "e5"]);
    assert_eq!(f.advice(), Advice::Diagonal);
    taps(&mut f, &["d4", "d3"]);
    assert_eq!(f.advice(), Advice::Backward);
    taps(&mut f, &["d4", "d6"]);
    assert_eq!(f.advice(), Advice::NotThere, "two squares at once");
    // R-T6: a plain step while a capture is due; the one piece that must capture named.
    let (mut f, _) = flow("turkish", Some("W:Wd4:Bd5,h8"), two, Color::White);
    taps(&mut f, &["d4", "c4"]);
    assert_eq!(f.advice(), Advice::MustCapture);
    assert_eq!(f.advice_point(), Some(pt(&f, "d4")));
    // R-T6: a man, then a king, whose capture takes fewer pieces than another's.
    let (mut f, _) = flow("turkish", Some("W:Wb2,f2:Bb3,f3,f5,h8"), two, Color::White);
    taps(&mut f, &["b2"]);
    assert_eq!(f.advice(), Advice::TakeMost);
    assert_eq!(f.advice_point(), None, "the longer capture is marked");
    let (mut f, _) = flow("turkish", Some("W:WKa1,Kh1:Ba3,h4,h6"), two, Color::White);
    taps(&mut f, &["a1"]);
    assert_eq!(f.advice(), Advice::TakeMost);
    // A king sent to the landing of a smaller capture.
    let (mut f, _) = flow("turkish", Some("W:WKh1:Bh4,h6,d5"), two, Color::White);
    taps(&mut f, &["h1", "h5"]);
    assert_ne!(
        f.advice(),
        Advice::TakeMost,
        "h5 is on the longest route: {:?}",
        f.advice()
    );
    // R-Z5: a Zamma man never steps back.
    let (mut f, _) = flow("zamma", Some("W:We5:Bi9"), two, Color::White);
    taps(&mut f, &["e5", "e4"]);
    assert_eq!(f.advice(), Advice::Backward);
    // R-Z6: nor does any piece step straight back to where it has just come from (the man
    // from d5 to e5 may not step back to d5, sideways).
    let (mut f, _) = flow(
        "zamma",
        Some("W:We5:Bi9:last=d5-e5/i8-i9"),
        two,
        Color::White,
    );
    taps(&mut f, &["e5", "d5"]);
    assert_eq!(f.advice(), Advice::SteppedBack);
    taps(&mut f, &["e5", "f5"]);
    assert_ne!(f.advice(), Advice::SteppedBack, "the other way is a step");
}
