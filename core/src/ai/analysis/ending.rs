//! An ending's mistakes read from the endgame tables: a move from a won position of the
//! tables to one that is not won let the win go; from a drawn one to a lost one, it lost the
//! draw. The tables are exact where the search may not see to the end.

use crate::position::Position;
use crate::tables::{self, Value};
use serde::{Deserialize, Serialize};

/// What the endgame tables say of a move that threw away part of an ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EndingMark {
    /// A won position left for a drawn or lost one: this let the win go.
    LetTheWinGo,
    /// A drawn position left for a lost one.
    LostTheDraw,
}

/// The tables' value of `pos` for its side to move: three-piece tables are made if need be
/// (a second or so), larger ones only read if already made (a review should not wait on
/// one). A side with no piece left has lost.
fn value(pos: &Position) -> Option<Value> {
    if pos.count(pos.side_to_move()) == 0 {
        return Some(Value::Loss(0));
    }
    if pos.count(pos.side_to_move().other()) == 0 {
        return Some(Value::Win(0));
    }
    let pieces = pos.count(pos.side_to_move()) + pos.count(pos.side_to_move().other());
    if pieces <= 3 {
        tables::probe(pos)
    } else {
        tables::probe_ready(pos)
    }
}

/// The mark of the move from `before` to `after` (its player's loss by the tables), if any.
pub(super) fn mark(before: &Position, after: &Position) -> Option<EndingMark> {
    let was = value(before)?;
    let now = value(after)?.before();
    match (was, now) {
        (Value::Win(_), Value::Draw | Value::Loss(_)) => Some(EndingMark::LetTheWinGo),
        (Value::Draw, Value::Loss(_)) => Some(EndingMark::LostTheDraw),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::analysis::{analyse, Judgement};
    use crate::ai::Engine;
    use crate::record::GameRecord;
    use crate::session::Session;
    use crate::{GameId, Rules};
    use std::sync::atomic::AtomicBool;

    fn reviewed(moves: &[&str]) -> Vec<(Option<EndingMark>, Judgement)> {
        // R-T8, R-T10: two men against one, won for White in 9 plies (`dama tables probe`).
        let p = Position::from_code(Rules::new(GameId::Turkish), "W:Wd5,e5:Bh6").unwrap();
        let mut s = Session::from_record(GameRecord::from_position(p));
        for m in moves {
            s.play_notation(m).unwrap();
        }
        let mut engine = Engine::new(4);
        let a = analyse(
            &mut engine,
            s.record(),
            2_000,
            &AtomicBool::new(false),
            |_, _| {},
        )
        .unwrap();
        a.moves.iter().map(|m| (m.ending, m.judgement)).collect()
    }

    #[test]
    fn a_move_from_a_won_ending_to_a_drawn_one_let_the_win_go() {
        // d5-c5 lets Black's man hold the draw: the tables say so, and it is a blunder.
        assert_eq!(
            reviewed(&["d5-c5"]),
            [(Some(EndingMark::LetTheWinGo), Judgement::Blunder)]
        );
        // e5-f5 keeps the win (the quickest way): no mark.
        assert_eq!(reviewed(&["e5-f5"])[0].0, None);
    }
}
