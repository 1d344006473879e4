//! The game's end judged inside the tree: repetition along the search path and the game
//! before it, one piece each, the clocks, and no legal move.

use super::{Search, MATE};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::rules::Color;
use crate::tables::Value;

/// Score of a finished game for the side to move, `ply` plies from the root.
pub(crate) fn outcome_score(o: &Outcome, side: Color, ply: usize) -> i32 {
    match o.winner() {
        None => 0,
        Some(w) if w == side => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// A table's value as a search score for the side to move, `ply` plies from the root.
pub(crate) fn table_score(v: Value, ply: usize) -> i32 {
    match v {
        Value::Win(n) => MATE - (ply + n as usize) as i32,
        Value::Draw => 0,
        Value::Loss(n) => -(MATE - (ply + n as usize) as i32),
    }
}

impl Search<'_> {
    /// Enters the child reached from `pos` by `m`.
    #[inline]
    pub(super) fn push(&mut self, pos: &Position, m: &Move, child: &Position) {
        let run = if pos.is_reversible(m) {
            self.reversible.last().map_or(0, |r| r.saturating_add(1))
        } else {
            0
        };
        self.path.push(child.placement_hash());
        self.reversible.push(run);
    }

    /// Leaves the node entered by the last [`Search::push`].
    #[inline]
    pub(super) fn pop(&mut self) {
        self.path.pop();
        self.reversible.pop();
    }

    /// A repetition along the game and the search path (R-T11, R-Z17). A return to a
    /// position of the search path (the root included) is scored as the repetition ending
    /// at once, as engines usually do: whoever can repeat once can repeat again. A position
    /// the game went through before the root counts only when this is its third time, the
    /// rule itself: the other side could still leave a second occurrence, and scoring it as
    /// the end made the review's evaluation swing to a draw and back every time a game
    /// came back to a position it had seen once. Only the run of reversible plies is
    /// searched: nothing before a capture, promotion or man advance can recur. The clock is
    /// no guide to that run, because Turkish sideways man moves reset it and are still
    /// reversible.
    pub(super) fn repeated(&self, pos: &Position) -> bool {
        let n = self.path.len();
        let run = self.reversible[n - 1] as usize;
        let h = pos.placement_hash();
        let mut back = 4;
        while back <= run.min(n - 1) {
            if self.path[n - 1 - back] == h {
                return true;
            }
            back += 2;
        }
        // Reversible all the way back to the root: the game before it counts too, twice.
        run >= n - 1 && {
            let first = self.game.partition_point(|&k| k < h);
            self.game.get(first + 1) == Some(&h)
        }
    }

    /// The game-ending rules that do not depend on the move list, for the side to move.
    pub(super) fn rule_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        if self.repeated(pos) {
            return Some(outcome_score(
                &pos.repetition_outcome(),
                pos.side_to_move(),
                ply,
            ));
        }
        if pos.rules().family().one_piece_each_ends() {
            let (w, b) = (pos.count(Color::White), pos.count(Color::Black));
            if w == 1 && b == 1 {
                if let Some(o) = pos.outcome_without_moves() {
                    return Some(outcome_score(&o, pos.side_to_move(), ply));
                }
            }
        }
        if pos.clock_expired() {
            let o = pos.outcome_without_moves()?;
            return Some(outcome_score(&o, pos.side_to_move(), ply));
        }
        None
    }

    /// Score of a position whose side to move has no legal move (R-T9, R-Z16).
    pub(super) fn no_move_score(&self, pos: &Position, ply: usize) -> i32 {
        match pos.outcome() {
            Some(o) => outcome_score(&o, pos.side_to_move(), ply),
            None => -(MATE - ply as i32),
        }
    }

    /// The exact score of a position in the endgame tables (a win `n` plies on scores as
    /// a win found `ply + n` plies from the root), where a table is at hand.
    #[inline]
    pub(super) fn table_end(&self, pos: &Position, ply: usize) -> Option<i32> {
        let v = self.tables.as_ref()?.probe(pos)?;
        Some(table_score(v, ply))
    }

    /// End rules inside the quiescence search (no repetition: captures never repeat).
    pub(super) fn rule_end_quiet(&self, pos: &Position, ply: usize) -> Option<i32> {
        if pos.rules().family().one_piece_each_ends()
            && pos.count(Color::White) == 1
            && pos.count(Color::Black) == 1
        {
            if let Some(o) = pos.outcome_without_moves() {
                return Some(outcome_score(&o, pos.side_to_move(), ply));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::tt::Tt;
    use crate::notation::parse_move;
    use crate::rules::Rules;
    use std::sync::atomic::AtomicBool;

    /// White men d3, h2; Black king a8, man h7. White's man steps sideways and back while
    /// Black's king goes b8 and back: the start returns after four plies, yet every White
    /// move reset the clock (R-T11: the clock counts king moves only).
    fn shuffle() -> (Position, Vec<Move>) {
        let rules = Rules::parse("turkish", &[] as &[&str]).unwrap();
        let start = Position::from_code(rules, "W:Wd3,h2:BKa8,h7").unwrap();
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for text in ["d3-e3", "a8-b8", "e3-d3", "b8-a8"] {
            let m = parse_move(&pos, text).unwrap();
            pos.play_unchecked(&m);
            moves.push(m);
        }
        assert_eq!(pos.placement_hash(), start.placement_hash());
        assert!(pos.clock() < 4, "the clock window alone would miss it");
        (start, moves)
    }

    /// The game from `start` through `moves`: the placement hashes of the positions before
    /// its last one (a search's history), and that last one (its root).
    fn game_through<'m>(
        start: &Position,
        moves: impl IntoIterator<Item = &'m Move>,
    ) -> (Vec<u64>, Position) {
        let mut history = Vec::new();
        let mut pos = start.clone();
        for m in moves {
            history.push(pos.placement_hash());
            pos.play_unchecked(m);
        }
        (history, pos)
    }

    // R-T11: a repetition along the search path, through sideways man moves.
    #[test]
    fn repetition_through_sideways_man_moves_on_the_path() {
        let (start, moves) = shuffle();
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &[], &start);
        let mut pos = start.clone();
        for (i, m) in moves.iter().enumerate() {
            let mut child = pos.clone();
            child.play_unchecked(m);
            s.push(&pos, m, &child);
            pos = child;
            assert_eq!(s.repeated(&pos), i == 3, "after ply {}", i + 1);
        }
    }

    // R-T11: a position the game went through twice before the root, reached a third time.
    #[test]
    fn repetition_through_sideways_man_moves_in_the_game() {
        let (start, moves) = shuffle();
        // The shuffle once (the start seen twice), then three plies of it again.
        let (history, root) = game_through(&start, moves.iter().chain(&moves[..3]));
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &history, &root);
        let mut child = root.clone();
        child.play_unchecked(&moves[3]);
        s.push(&root, &moves[3], &child);
        assert!(s.repeated(&child), "the start's third time ends the game");
        // A man's advance cannot be undone: behind it nothing repeats.
        let advance = parse_move(&root, "h7-h6").unwrap();
        let mut other = root.clone();
        other.play_unchecked(&advance);
        s.pop();
        s.push(&root, &advance, &other);
        assert_eq!(s.reversible.last(), Some(&0));
        assert!(!s.repeated(&other));
    }

    // R-T11: a position the game went through once before the root is no ending when it
    // comes back: only its third time is. A return to the root itself is (the side that
    // repeated once can repeat again).
    #[test]
    fn a_second_time_in_the_game_is_no_repetition() {
        let (start, moves) = shuffle();
        let (history, root) = game_through(&start, &moves[..3]);
        let mut tt = Tt::new(1);
        let stop = AtomicBool::new(false);
        let mut s = Search::new(&mut tt, &stop, &history, &root);
        let mut at = root.clone();
        // Four plies of the shuffle from the root: the start again (its second time), then
        // on round to the root.
        let order = [3, 0, 1, 2];
        for (i, &k) in order.iter().enumerate() {
            let mut child = at.clone();
            child.play_unchecked(&moves[k]);
            s.push(&at, &moves[k], &child);
            at = child;
            assert_eq!(s.repeated(&at), i == 3, "after ply {} of the search", i + 1);
        }
        assert_eq!(at.placement_hash(), root.placement_hash());
    }
}
