//! The window's enums and rows from the core's types, each mapped in one function (and
//! back where the window sends it to Rust); the tests check both ways.

use crate::flow::Advice;
use crate::{
    AnimationSpeed, CaptureKind, EndReason, GameKind, Language, Message, MoveRowVm, RuleOptionKind,
    Winner,
};
use dama_core::rules::RuleOption;
use dama_core::{CaptureRule, Color, Family, GameId, GameRecord, Reason};
use slint::{ModelRc, SharedString, VecModel};

/// The move list in rows of White's and Black's move.
pub fn move_rows(record: &GameRecord) -> Vec<MoveRowVm> {
    let moves = record.moves();
    let mut rows = Vec::new();
    let black_first = record.start().side_to_move() == Color::Black;
    let mut i = 0;
    let mut number = 1;
    if black_first && !moves.is_empty() {
        rows.push(MoveRowVm {
            number,
            white: "…".into(),
            black: moves[0].into(),
        });
        i = 1;
        number += 1;
    }
    while i < moves.len() {
        rows.push(MoveRowVm {
            number,
            white: moves[i].into(),
            black: moves.get(i + 1).copied().unwrap_or("").into(),
        });
        i += 2;
        number += 1;
    }
    rows
}

/// Strings as a window model.
pub fn strings(v: Vec<String>) -> ModelRc<SharedString> {
    let v: Vec<SharedString> = v.into_iter().map(SharedString::from).collect();
    ModelRc::new(VecModel::from(v))
}

/// The advice of the flow as the window's message.
pub fn message(a: Advice) -> Message {
    match a {
        Advice::None => Message::None,
        Advice::ChooseRoute => Message::ChooseRoute,
        Advice::ContinueRoute => Message::ContinueRoute,
        Advice::NextLanding => Message::NextLanding,
        Advice::ChooseHuff => Message::ChooseHuff,
        Advice::MustCapture => Message::MustCapture,
        Advice::DrawDeclined => Message::DrawDeclined,
        Advice::Hint => Message::Hint,
        Advice::Huffed => Message::Huffed,
    }
}

/// The game as the window names it.
pub fn game_kind(g: GameId) -> GameKind {
    match g {
        GameId::Turkish => GameKind::Turkish,
        GameId::Zamma => GameKind::Zamma,
        GameId::Damma => GameKind::Damma,
        GameId::Fetaix => GameKind::Fetaix,
        GameId::Kharbaga => GameKind::Kharbaga,
    }
}

/// The game the window names.
pub fn game_id(g: GameKind) -> GameId {
    match g {
        GameKind::Turkish => GameId::Turkish,
        GameKind::Zamma => GameId::Zamma,
        GameKind::Damma => GameId::Damma,
        GameKind::Fetaix => GameId::Fetaix,
        GameKind::Kharbaga => GameId::Kharbaga,
    }
}

/// The capture rule as the window names it.
pub fn capture_kind(c: CaptureRule) -> CaptureKind {
    match c {
        CaptureRule::Free => CaptureKind::Free,
        CaptureRule::Compulsory => CaptureKind::Compulsory,
        CaptureRule::Huffing => CaptureKind::Huffing,
    }
}

/// The winner (or none) as the window names it.
pub fn winner(c: Option<Color>) -> Winner {
    match c {
        None => Winner::None,
        Some(Color::White) => Winner::White,
        Some(Color::Black) => Winner::Black,
    }
}

/// The reason a game ended (or none) as the window names it.
pub fn end_reason(r: Option<Reason>) -> EndReason {
    match r {
        None => EndReason::None,
        Some(Reason::NoPieces) => EndReason::NoPieces,
        Some(Reason::Blocked) => EndReason::Blocked,
        Some(Reason::KingVersusLoneMan) => EndReason::KingVersusLoneMan,
        Some(Reason::OnePieceEach) => EndReason::OnePieceEach,
        Some(Reason::KingVersusKing) => EndReason::KingVersusKing,
        Some(Reason::Repetition) => EndReason::Repetition,
        Some(Reason::FiftyPlies) => EndReason::FiftyPlies,
        Some(Reason::FortyPlies) => EndReason::FortyPlies,
        Some(Reason::BothBlocked) => EndReason::BothBlocked,
        Some(Reason::Agreement) => EndReason::Agreement,
        Some(Reason::Resignation) => EndReason::Resignation,
    }
}

/// The stored animation speed (0 off … 3 slow) as the window's.
pub fn animation_speed(i: u8) -> AnimationSpeed {
    match i {
        0 => AnimationSpeed::Off,
        1 => AnimationSpeed::Fast,
        2 => AnimationSpeed::Normal,
        _ => AnimationSpeed::Slow,
    }
}

/// The window's animation speed as stored (0 off … 3 slow).
pub fn speed_index(s: AnimationSpeed) -> u8 {
    match s {
        AnimationSpeed::Off => 0,
        AnimationSpeed::Fast => 1,
        AnimationSpeed::Normal => 2,
        AnimationSpeed::Slow => 3,
    }
}

/// The stored language (an index into [`crate::store::LANGUAGES`]) as the window's.
pub fn language(i: u8) -> Language {
    match i {
        1 => Language::Spanish,
        2 => Language::German,
        3 => Language::Turkish,
        4 => Language::French,
        5 => Language::Arabic,
        _ => Language::English,
    }
}

/// The window's language as stored (an index into [`crate::store::LANGUAGES`]).
pub fn language_index(l: Language) -> u8 {
    match l {
        Language::English => 0,
        Language::Spanish => 1,
        Language::German => 2,
        Language::Turkish => 3,
        Language::French => 4,
        Language::Arabic => 5,
    }
}

/// The window's name of a stored option of the table.
pub fn option_kind(o: &RuleOption) -> Option<RuleOptionKind> {
    Some(match (o.family, o.key) {
        (Family::Turkish, "promotion") => RuleOptionKind::CrowningAtEnd,
        (Family::Turkish, "lone-man") => RuleOptionKind::LoneMan,
        (Family::Zamma, "capture") => RuleOptionKind::Capture,
        (Family::Zamma, "no-return-to-start") => RuleOptionKind::NoReturn,
        (Family::Zamma, "promotion") => RuleOptionKind::AnyArrival,
        (Family::Zamma, "first") => RuleOptionKind::First,
        _ => return None,
    })
}

/// The number of the move to be played next (a move is White's ply and Black's reply, so a
/// game Black began starts with Black's half of move 1), and whether White plays it.
pub fn move_number(r: &GameRecord) -> (i32, bool) {
    let black_first = r.start().side_to_move() == Color::Black;
    let plies = r.ply() as i32 + i32::from(black_first);
    (plies / 2 + 1, r.current().side_to_move() == Color::White)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::LANGUAGES;
    use dama_core::{Rules, Session};

    #[test]
    fn the_resume_card_counts_moves_from_whoever_began() {
        // White begins: after one ply it is Black's half of move 1.
        let mut s = Session::new(Rules::new(GameId::Turkish));
        assert_eq!(move_number(s.record()), (1, true));
        s.play_notation("d3-d4").unwrap();
        assert_eq!(move_number(s.record()), (1, false));
        // R-Z4 first=black: Black's first ply is move 1, White's reply opens move 2.
        let rules = Rules::parse("zamma", &["first=black"]).unwrap();
        let mut s = Session::new(rules);
        assert_eq!(move_number(s.record()), (1, false));
        let m = s.legal_moves()[0].mv;
        s.play(&m).unwrap();
        assert_eq!(move_number(s.record()), (2, true));
    }

    #[test]
    fn every_window_enum_maps_both_ways() {
        for &g in &GameId::ALL {
            assert_eq!(game_id(game_kind(g)), g);
        }
        // The capture rule only goes to the window (Home's options are set by the table).
        let kinds: Vec<CaptureKind> = [
            CaptureRule::Free,
            CaptureRule::Compulsory,
            CaptureRule::Huffing,
        ]
        .into_iter()
        .map(capture_kind)
        .collect();
        assert_eq!(
            kinds,
            [
                CaptureKind::Free,
                CaptureKind::Compulsory,
                CaptureKind::Huffing
            ]
        );
        // Every stored option of the table has its row on Home, each its own.
        let rows: Vec<RuleOptionKind> = dama_core::rules::OPTIONS
            .iter()
            .filter(|o| o.stored)
            .map(|o| option_kind(o).expect("a row for every stored option"))
            .collect();
        for (i, a) in rows.iter().enumerate() {
            assert!(!rows[i + 1..].contains(a), "{a:?} twice");
        }
        for i in 0..4 {
            assert_eq!(speed_index(animation_speed(i)), i);
        }
        for i in 0..LANGUAGES.len() as u8 {
            assert_eq!(language_index(language(i)), i);
        }
    }
}
