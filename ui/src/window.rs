//! The window: the types Slint generates from `ui/*.slint` (re-exported at the crate root,
//! where the screens name them), and the window's enums and rows made from the core's
//! types, each mapped in one function (and back where the window sends it to Rust); the
//! tests check both ways. `board.rs`: one board as every screen shows it; `rows.rs`: lists
//! updated row by row.

#[allow(missing_docs)]
pub(crate) mod generated {
    slint::include_modules!();
}

use crate::play::flow;
use crate::{
    Advice, AnimationSpeed, CaptureKind, EndReason, GameKind, MoveRowVm, RuleOptionKind, Winner,
};
use dama_core::rules::RuleOption;
use dama_core::{CaptureRule, Color, Family, GameId, GameRecord, Reason};
use slint::{ModelRc, SharedString, VecModel};

pub mod board;
mod rows;
mod text;
pub use rows::{sync, sync_in_place};
pub use text::{breakable_code, unbroken_moves};

/// The move list in rows of White's and Black's move.
/// (numbered by the core's record, as PDN is; "…" for White's half a game Black began
/// does not have).
pub fn move_rows(record: &GameRecord) -> Vec<MoveRowVm> {
    record
        .move_rows()
        .into_iter()
        .map(|r| MoveRowVm {
            number: r.number as i32,
            white: r.white.unwrap_or("…").into(),
            black: r.black.unwrap_or("").into(),
        })
        .collect()
}

/// The move rows as one paragraph that wraps only between full moves: figure spaces (U+2007)
/// and no-break hyphens (U+2011) inside each, where a line would otherwise break after "f8-".
/// (Not U+00A0: the text layout, parley 0.11, breaks at a no-break space that overflows.)
pub fn move_text(rows: &[MoveRowVm]) -> SharedString {
    let moves: Vec<String> = rows
        .iter()
        .map(|r| {
            let mut m = format!("{}. {}", r.number, r.white);
            if !r.black.is_empty() {
                m.push(' ');
                m.push_str(&r.black);
            }
            m.replace('-', "\u{2011}").replace(' ', "\u{2007}")
        })
        .collect();
    moves.join("  ").into()
}

/// Strings as a window model.
pub fn strings(v: Vec<String>) -> ModelRc<SharedString> {
    let v: Vec<SharedString> = v.into_iter().map(SharedString::from).collect();
    ModelRc::new(VecModel::from(v))
}

/// The last move played in `record`, as its notation, and whether White played it (for the
/// screen reader's announcement of a lesson's or a puzzle's moves); empty before any.
pub fn last_move(record: &GameRecord) -> (SharedString, bool) {
    let Some(i) = record.ply().checked_sub(1) else {
        return (SharedString::new(), false);
    };
    let white = record.positions()[i].side_to_move() == Color::White;
    let text = record.played_move(i).map_or("", |(t, _)| t);
    (text.into(), white)
}

/// The flow's advice as the window's.
pub fn advice(a: flow::Advice) -> Advice {
    match a {
        flow::Advice::None => Advice::None,
        flow::Advice::ChooseRoute => Advice::ChooseRoute,
        flow::Advice::ContinueRoute => Advice::ContinueRoute,
        flow::Advice::NextLanding => Advice::NextLanding,
        flow::Advice::ChooseHuff => Advice::ChooseHuff,
        flow::Advice::MustCapture => Advice::MustCapture,
        flow::Advice::DrawDeclined => Advice::DrawDeclined,
        flow::Advice::Hint => Advice::Hint,
        flow::Advice::Huffed => Advice::Huffed,
        flow::Advice::HuffNext => Advice::HuffNext,
        flow::Advice::HuffChosen => Advice::HuffChosen,
        flow::Advice::NotYours => Advice::NotYours,
        flow::Advice::CannotMove => Advice::CannotMove,
        flow::Advice::NotThere => Advice::NotThere,
        flow::Advice::TakeMost => Advice::TakeMost,
        flow::Advice::Diagonal => Advice::Diagonal,
        flow::Advice::Backward => Advice::Backward,
        flow::Advice::SteppedBack => Advice::SteppedBack,
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

/// The number of the move to be played next (the core's count), and whether White plays it.
pub fn move_number(r: &GameRecord) -> (i32, bool) {
    let (number, side) = r.next_move_number();
    (number as i32, side == Color::White)
}

/// What stands on a point, as the screen reader's words for it name it (`board_cells.slint`).
pub fn cell_piece(piece: Option<(Color, dama_core::position::Role)>) -> crate::CellPiece {
    use dama_core::position::Role;
    match piece {
        None => crate::CellPiece::None,
        Some((Color::White, Role::Man)) => crate::CellPiece::WhiteMan,
        Some((Color::White, Role::King)) => crate::CellPiece::WhiteKing,
        Some((Color::Black, Role::Man)) => crate::CellPiece::BlackMan,
        Some((Color::Black, Role::King)) => crate::CellPiece::BlackKing,
    }
}

/// Each side's mistakes and blunders of a review: the player first and the computer second
/// in a game against it (the player `human`), else White first.
pub fn tally_vm(a: &dama_core::ai::analysis::Analysis, human: Option<Color>) -> crate::MarksVm {
    let first = human.unwrap_or(Color::White);
    let (f, s) = (a.tally(first), a.tally(first.other()));
    crate::MarksVm {
        versus_computer: human.is_some(),
        first_mistakes: f.mistakes as i32,
        first_blunders: f.blunders as i32,
        second_mistakes: s.mistakes as i32,
        second_blunders: s.blunders as i32,
    }
}

/// A result as the screens code it (see `HistoryRowVm`).
pub(crate) fn result_code(r: crate::play::summary::Result) -> i32 {
    use crate::play::summary::Result as GameResult;
    use dama_core::Color;
    match r {
        GameResult::Won => 0,
        GameResult::Lost => 1,
        GameResult::Drawn => 2,
        GameResult::SideWon(Color::White) => 3,
        GameResult::SideWon(Color::Black) => 4,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
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
    }

    // Issue 24: the short move card's paragraph breaks only between full moves.
    #[test]
    fn the_move_paragraph_breaks_only_between_full_moves() {
        let row = |number, white: &str, black: &str| MoveRowVm {
            number,
            white: white.into(),
            black: black.into(),
        };
        let text = move_text(&[row(1, "c3-c4", "f6-f5"), row(2, "[xb4] b5-b4", "")]);
        assert_eq!(
            text.as_str(),
            "1.\u{2007}c3\u{2011}c4\u{2007}f6\u{2011}f5  2.\u{2007}[xb4]\u{2007}b5\u{2011}b4"
        );
        assert_eq!(text.matches(' ').count(), 2, "breakable only between moves");
    }
}
