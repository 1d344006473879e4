//! A puzzle being solved, without any UI code: the player's taps through the same selection
//! as in a game, each move judged against the puzzle's line (a wrong one is taken back and
//! may be tried again), the opponent's reply played from the line, a hint, the solution move
//! by move, and the attempt's result for the ratings: solved with neither a miss nor a hint
//! is a win; a miss, a hint or the solution asked for is a loss, known at once.

use super::selection::{Selection, Tap};
use dama_core::puzzle::{Attempt, Puzzle, Theme};
use dama_core::{GameRecord, LegalMove, Point, Session};

/// Where the attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// The player is to find the move at the current place of the line.
    Solving,
    /// The player's move was right; the opponent's reply comes next ([`Solving::reply`]).
    Replying,
    /// The whole line played.
    Solved,
}

/// Why the line works, as far as the board tells it once the line is played (issue 52
/// item 3): said after the puzzle, whoever found the moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Why {
    /// The line ends the game in the solver's favour.
    WinsTheGame,
    /// The line wins this many pieces (net, both sides' losses counted), and whether it
    /// crowns a king of the solver's.
    Wins(u32, bool),
    /// The line crowns a king of the solver's, the material level.
    Crowns,
    /// A defence (the maker's [`Theme::Defence`]): the line keeps the game level, where
    /// every other first move loses at least two men.
    Holds,
    /// Nothing the board shows: the line is the best move, every other loses more.
    Best,
}

/// What a tap did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// Nothing changed.
    Ignored,
    /// The selection changed (a piece selected, a route extended, cancelled).
    Selection,
    /// A move was played and judged: the state tells how.
    Played(LegalMove),
}

/// One puzzle being solved.
pub struct Solving {
    puzzle: Puzzle,
    game: Session,
    /// The place in the line of the next move to play.
    ply: usize,
    selection: Selection,
    state: State,
    hinted: bool,
    missed: bool,
    /// The solution asked for: its moves are shown, not tried.
    showing: bool,
}

impl Solving {
    /// The puzzle at its start, the player to move.
    pub fn new(puzzle: Puzzle) -> Solving {
        let game = Session::from_record(GameRecord::from_position(puzzle.start.clone()));
        let selection = Selection::new(&game);
        Solving {
            puzzle,
            game,
            ply: 0,
            selection,
            state: State::Solving,
            hinted: false,
            missed: false,
            showing: false,
        }
    }

    /// The puzzle.
    pub fn puzzle(&self) -> &Puzzle {
        &self.puzzle
    }

    /// The game as it stands (the line played so far).
    pub fn game(&self) -> &Session {
        &self.game
    }

    /// The selection over the position's moves.
    pub fn selection(&self) -> &Selection {
        &self.selection
    }

    /// Where the attempt stands.
    pub fn state(&self) -> State {
        self.state
    }

    /// The player's moves found so far, and how many there are to find.
    pub fn progress(&self) -> (usize, usize) {
        (self.ply.div_ceil(2), self.puzzle.moves_to_find())
    }

    /// Whether the attempt counts as solved (for the ratings): no miss, no hint.
    pub fn clean(&self) -> bool {
        !self.missed && !self.hinted
    }

    /// The attempt's result for the ratings, once it is known: `Some(false)` from the first
    /// miss, hint or solution move on, `Some(true)` when solved cleanly.
    pub fn result(&self) -> Option<bool> {
        if !self.clean() {
            Some(false)
        } else {
            (self.state == State::Solved).then_some(true)
        }
    }

    /// Whether a move was missed.
    pub fn missed(&self) -> bool {
        self.missed
    }

    /// Whether the solution is being shown (its moves played by *Solution*).
    pub fn showing(&self) -> bool {
        self.showing
    }

    /// Why the line works, once it is played (`None` before).
    pub fn why(&self) -> Option<Why> {
        if self.state != State::Solved {
            return None;
        }
        let me = self.puzzle.start.side_to_move();
        if self.game.outcome().and_then(|o| o.winner()) == Some(me) {
            return Some(Why::WinsTheGame);
        }
        // (the solver's pieces − the opponent's, the solver's kings)
        let count = |pos: &dama_core::Position| {
            let g = pos.geometry();
            let (mut balance, mut kings) = (0i32, 0u32);
            for pc in g.points().iter().filter_map(|&p| pos.piece_at(p)) {
                balance += if pc.color == me { 1 } else { -1 };
                kings += u32::from(pc.color == me && pc.role == dama_core::Role::King);
            }
            (balance, kings)
        };
        let (b0, k0) = count(&self.puzzle.start);
        let (b1, k1) = count(self.game.position());
        let crowns = k1 > k0;
        Some(match b1 - b0 {
            won if won > 0 => Why::Wins(won as u32, crowns),
            _ if crowns => Why::Crowns,
            _ if self.puzzle.themes.contains(&Theme::Defence) => Why::Holds,
            _ => Why::Best,
        })
    }

    /// Whether a hint was asked for.
    pub fn hinted(&self) -> bool {
        self.hinted
    }

    /// A tap on point `p` while solving.
    pub fn tap(&mut self, p: Point) -> Step {
        if self.state != State::Solving {
            return Step::Ignored;
        }
        match self.selection.tap(p) {
            Tap::Play(i) => {
                let Some(d) = self.game.legal_moves().get(i).cloned() else {
                    return Step::Ignored;
                };
                self.judge(d)
            }
            Tap::Ignored => Step::Ignored,
            _ => Step::Selection,
        }
    }

    fn judge(&mut self, d: LegalMove) -> Step {
        match self.puzzle.judge(self.ply, &d.mv) {
            Attempt::Wrong => {
                // Taken back at once: the player may try again, or ask for the solution.
                self.missed = true;
                self.selection = Selection::new(&self.game);
            }
            verdict => {
                self.advance(&d);
                self.state = if verdict == Attempt::Solved {
                    State::Solved
                } else {
                    State::Replying
                };
            }
        }
        Step::Played(d)
    }

    /// Plays the line's move at the current place on the board.
    fn advance(&mut self, d: &LegalMove) {
        // The line's moves are legal where they are played (the bank is checked when read).
        let _ = self.game.play(&d.mv);
        self.ply += 1;
        self.selection = Selection::new(&self.game);
    }

    /// The line's move at the current place, with its route (the hint, the solution).
    pub fn expected(&self) -> Option<LegalMove> {
        let mv = self.puzzle.line.get(self.ply)?;
        self.game
            .legal_moves()
            .iter()
            .find(|d| d.mv == *mv)
            .cloned()
    }

    /// Plays the opponent's reply after a right move; the player is to move again.
    pub fn reply(&mut self) -> Option<LegalMove> {
        if self.state != State::Replying {
            return None;
        }
        let d = self.expected()?;
        self.advance(&d);
        self.state = State::Solving;
        Some(d)
    }

    /// The piece to move (and where it goes) as a hint; the attempt no longer counts as
    /// solved.
    pub fn hint(&mut self) -> Option<Vec<Point>> {
        if self.state != State::Solving {
            return None;
        }
        self.hinted = true;
        self.expected().map(|d| d.path)
    }

    /// The solution, one move at a time (the right move, then the reply): after a miss, or
    /// to give up (which counts as a miss). `None` at the line's end.
    pub fn show_next(&mut self) -> Option<LegalMove> {
        let d = self.expected()?;
        self.showing = true;
        if self.ply % 2 == 0 {
            // A move of the player's, shown rather than found.
            self.missed = true;
        }
        self.advance(&d);
        self.state = if self.ply >= self.puzzle.line.len() {
            State::Solved
        } else if self.ply % 2 == 1 {
            State::Replying
        } else {
            State::Solving
        };
        Some(d)
    }

    /// The last move played on the board (its route).
    pub fn last_path(&self) -> Option<Vec<Point>> {
        let i = self.game.record().ply().checked_sub(1)?;
        self.game
            .record()
            .played_move(i)
            .map(|(_, path)| path.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::puzzle::parse_bank;
    use dama_core::{GameId, Rules};

    /// A three-move line: White's d4-d5 is answered d6xd4 (forced, R-T6), then c4xe4.
    fn puzzle() -> Puzzle {
        let rules = Rules::new(GameId::Turkish);
        let text = "t/1\t3\t1500\tW:Wb4,c4,d4,h2:Bd6,h7\td4-d5 d6xd4 c4xe4\n";
        parse_bank(rules, text).unwrap().remove(0)
    }

    fn point(label: &str) -> Point {
        Rules::new(GameId::Turkish)
            .geometry()
            .parse_label(label)
            .unwrap()
    }

    fn play(s: &mut Solving, from: &str, to: &str) -> Step {
        assert_eq!(s.tap(point(from)), Step::Selection);
        s.tap(point(to))
    }

    #[test]
    fn the_line_found_move_by_move_is_solved_cleanly() {
        let mut s = Solving::new(puzzle());
        assert_eq!(s.progress(), (0, 2));
        assert!(matches!(play(&mut s, "d4", "d5"), Step::Played(_)));
        assert_eq!(s.state(), State::Replying);
        assert_eq!(s.tap(point("b4")), Step::Ignored);
        assert_eq!(s.reply().unwrap().notation, "d6xd4");
        assert_eq!(s.state(), State::Solving);
        assert!(matches!(play(&mut s, "c4", "e4"), Step::Played(_)));
        assert_eq!(s.state(), State::Solved);
        assert!(s.clean());
        assert_eq!(s.result(), Some(true));
        assert_eq!(s.progress(), (2, 2));
    }

    #[test]
    fn a_wrong_move_is_a_miss_the_position_stays_and_the_solution_plays_out() {
        let mut s = Solving::new(puzzle());
        assert_eq!(s.result(), None);
        assert!(matches!(play(&mut s, "h2", "h3"), Step::Played(_)));
        assert_eq!(s.state(), State::Solving, "may try again");
        assert!(s.missed());
        assert_eq!(s.result(), Some(false), "rated as a miss at once");
        assert_eq!(s.game().record().ply(), 0, "the wrong move is not kept");
        assert_eq!(s.expected().unwrap().notation, "d4-d5");
        let shown: Vec<String> = std::iter::from_fn(|| s.show_next())
            .map(|d| d.notation)
            .collect();
        assert_eq!(shown, ["d4-d5", "d6xd4", "c4xe4"]);
        assert_eq!(s.state(), State::Solved);
        assert!(!s.clean(), "seen, not solved");
    }

    #[test]
    fn a_hint_shows_the_move_and_the_attempt_no_longer_counts() {
        let mut s = Solving::new(puzzle());
        assert_eq!(s.hint(), Some(vec![point("d4"), point("d5")]));
        assert!(s.hinted());
        play(&mut s, "d4", "d5");
        s.reply();
        play(&mut s, "c4", "e4");
        assert_eq!(s.state(), State::Solved);
        assert!(!s.clean());
    }

    // Issue 52 item 3: after the line, why it works, from the board: d6xd4 takes one man and
    // c4xe4 one back, an even trade the board cannot explain.
    #[test]
    fn the_line_is_explained_once_played() {
        let mut s = Solving::new(puzzle());
        assert_eq!(s.why(), None);
        while s.show_next().is_some() {}
        assert!(s.showing());
        assert_eq!(s.why(), Some(Why::Best));
        // The same line in a defence puzzle: it holds.
        let rules = Rules::new(GameId::Turkish);
        let text = "t/1\t3\t1500\tW:Wb4,c4,d4,h2:Bd6,h7\td4-d5 d6xd4 c4xe4\tdefence\n";
        let mut s = Solving::new(parse_bank(rules, text).unwrap().remove(0));
        while s.show_next().is_some() {}
        assert_eq!(s.why(), Some(Why::Holds));
        // The last black man taken: the game won.
        let rules = Rules::new(GameId::Turkish);
        let text = "t/2\t1\t1500\tW:Wc4,h2:Bd4\tc4xe4\n";
        let mut s = Solving::new(parse_bank(rules, text).unwrap().remove(0));
        play(&mut s, "c4", "e4");
        assert_eq!(s.why(), Some(Why::WinsTheGame));
        // Two men taken for none, and a crown on the way (R-T8).
        let text = "t/3\t1\t1500\tW:Wc6,h2:Bc7,e8,a2,a3\tc6xc8xh8\n";
        let mut s = Solving::new(parse_bank(rules, text).unwrap().remove(0));
        play(&mut s, "c6", "h8");
        assert_eq!(s.why(), Some(Why::Wins(2, true)));
    }
}
