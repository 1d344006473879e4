//! A lesson's practice: after the scripted steps, a position played out against the engine
//! until a goal is reached (a win, a crowning, no piece lost) within a number of the player's
//! moves. The engine defends as in a game (the tables' moves in a Turkish ending); whether
//! the goal can be reached against any defence is proved when the lesson is checked: by the
//! tables for a Turkish ending to win, else by a search of every reply.

use super::Text;
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::position::Position;
use crate::tables::{self, Value};
use crate::Color;
use serde::Deserialize;

/// What a practice asks.
#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
pub enum Goal {
    /// Win the game.
    Win,
    /// Crown a man.
    Crown,
    /// Lose no piece until the moves are played.
    Keep,
}

/// A step played against the engine.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Practice {
    /// What to reach.
    pub goal: Goal,
    /// In how many moves of the player's, at most.
    pub moves: u8,
    /// Said when the goal can no longer be reached, after what went wrong ([`Failure`]):
    /// how to go about it (the step then starts again).
    pub advice: Text,
}

/// Where a practice stands after a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Not decided yet: play on.
    On,
    /// The goal is reached.
    Reached,
    /// It can no longer be reached, and what went wrong.
    Failed(Failure),
}

/// What made a practice fail: said first, before the practice's own advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// The player's moves are used up.
    UsedUp,
    /// A piece of the player's was taken (a practice to keep them all).
    Taken,
    /// The move let a won ending go (the tables say it is no longer won).
    WinLetGo,
    /// The ending is still won, but not within the moves left (the tables' distance).
    TooSlow,
    /// After the move the opponent can stop the goal whatever the player does (a search
    /// of every reply, where a small one settles it).
    Stoppable,
    /// The game is lost.
    Lost,
    /// The game ended in a draw.
    Drawn,
    /// No man is left to crown.
    NoMan,
}

/// Positions (the player's moves and the replies) a proof may look at before it gives up
/// (a lesson's position is small).
const PROOF_NODES: u64 = 3_000_000;

fn kings(p: &Position, c: Color) -> u32 {
    (p.pieces(c) & p.kings()).count_ones()
}

impl Practice {
    /// Where the practice that began at `start` stands at `now` (the game's `outcome`, if it
    /// is over), the player having played `played` moves. A Turkish ending the tables have
    /// made fails as soon as the win is let go.
    pub fn judge(
        &self,
        start: &Position,
        now: &Position,
        outcome: Option<Outcome>,
        played: u8,
    ) -> Progress {
        let me = start.side_to_move();
        if let Some(o) = outcome {
            // A draw keeps every piece, but wins nothing and crowns no one.
            return match o.winner() {
                Some(w) if w == me => Progress::Reached,
                Some(_) => Progress::Failed(Failure::Lost),
                None if self.goal == Goal::Keep => Progress::Reached,
                None => Progress::Failed(Failure::Drawn),
            };
        }
        // The player's moves are used up once the reply to the last one is played.
        let used_up = played >= self.moves && now.side_to_move() == me;
        match self.goal {
            Goal::Win => {
                let won = |v: Value| match v {
                    Value::Win(_) => now.side_to_move() == me,
                    Value::Loss(_) => now.side_to_move() != me,
                    Value::Draw => false,
                };
                // The plies within which the player's moves left can end the game.
                let left = u32::from(self.moves.saturating_sub(played));
                let within = if now.side_to_move() == me {
                    (2 * left).saturating_sub(1)
                } else {
                    2 * left
                };
                let far = |v: Value| match v {
                    Value::Win(n) | Value::Loss(n) => u32::from(n) > within,
                    Value::Draw => false,
                };
                match tables::probe_ready(now) {
                    Some(v) if !won(v) => Progress::Failed(Failure::WinLetGo),
                    Some(v) if far(v) => Progress::Failed(Failure::TooSlow),
                    _ if used_up => Progress::Failed(Failure::UsedUp),
                    _ => Progress::On,
                }
            }
            Goal::Crown => {
                if kings(now, me) > kings(start, me) {
                    Progress::Reached
                } else if now.count(me) == kings(now, me) {
                    Progress::Failed(Failure::NoMan)
                } else if used_up {
                    Progress::Failed(Failure::UsedUp)
                } else {
                    Progress::On
                }
            }
            Goal::Keep => {
                if now.count(me) < start.count(me) {
                    Progress::Failed(Failure::Taken)
                } else if used_up {
                    Progress::Reached
                } else {
                    Progress::On
                }
            }
        }
    }

    /// After the player's `played` moves, the opponent to move at `now`: whether the goal can
    /// still be forced against every defence, or `None` when `budget` positions do not
    /// settle it (a small budget: this runs on a move's frame).
    pub fn still_forced(
        &self,
        start: &Position,
        now: &Position,
        played: u8,
        budget: u64,
    ) -> Option<bool> {
        let mut nodes = 0;
        self.every_reply(start, now, played, &mut nodes, budget)
    }

    /// Whether the goal can be reached from `start` against any defence: `Err` when the
    /// proof is too big to make. A Turkish win the tables cover is read from them (made here
    /// if need be: seconds), the quickest win within the moves.
    pub fn proved(&self, start: &Position) -> Result<bool, String> {
        if self.goal == Goal::Win {
            if let Some(v) = tables::probe(start) {
                let plies = 2 * u32::from(self.moves) - 1;
                return Ok(matches!(v, Value::Win(n) if u32::from(n) <= plies));
            }
        }
        let mut nodes = 0;
        self.forced(start, start, 0, &mut nodes, PROOF_NODES)
            .ok_or_else(|| format!("more than {PROOF_NODES} positions to prove the practice"))
    }

    /// The player, to move at `p` after `played` moves, reaches the goal whatever the
    /// replies; `None` past `budget` positions.
    fn forced(
        &self,
        start: &Position,
        p: &Position,
        played: u8,
        nodes: &mut u64,
        budget: u64,
    ) -> Option<bool> {
        for m in p.legal_moves() {
            let (after, progress) = self.step(start, p, &m, played + 1, nodes, budget)?;
            let good = match progress {
                Progress::Reached => true,
                Progress::Failed(_) => false,
                Progress::On => self.every_reply(start, &after, played + 1, nodes, budget)?,
            };
            if good {
                return Some(true);
            }
        }
        Some(false)
    }

    /// `m` played at `p` and judged (the player's `played` moves made), counted against
    /// `budget`: `None` past it.
    fn step(
        &self,
        start: &Position,
        p: &Position,
        m: &Move,
        played: u8,
        nodes: &mut u64,
        budget: u64,
    ) -> Option<(Position, Progress)> {
        *nodes += 1;
        if *nodes > budget {
            return None;
        }
        let next = p.play(m).ok()?;
        let progress = self.judge(start, &next, next.outcome(), played);
        Some((next, progress))
    }

    /// The opponent to move at `after` (the player's `played` moves made): the goal is
    /// reached whatever the reply; `None` past `budget` positions.
    fn every_reply(
        &self,
        start: &Position,
        after: &Position,
        played: u8,
        nodes: &mut u64,
        budget: u64,
    ) -> Option<bool> {
        for r in after.legal_moves() {
            let (next, progress) = self.step(start, after, &r, played, nodes, budget)?;
            let ok = match progress {
                Progress::Reached => true,
                Progress::Failed(_) => false,
                Progress::On => self.forced(start, &next, played, nodes, budget)?,
            };
            if !ok {
                return Some(false);
            }
        }
        Some(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    fn practice(goal: Goal, moves: u8) -> Practice {
        let t = "x".to_string();
        let advice = Text {
            en: t.clone(),
            es: t.clone(),
            de: t.clone(),
            tr: t.clone(),
            fr: t.clone(),
            ar: t,
        };
        Practice {
            goal,
            moves,
            advice,
        }
    }

    fn at(code: &str) -> Position {
        Position::from_code(Rules::new(crate::rules::GameId::Turkish), code).unwrap()
    }

    fn after(p: &Position, moves: &[&str]) -> Position {
        moves.iter().fold(p.clone(), |p, m| {
            p.play(&crate::notation::parse_move(&p, m).unwrap())
                .unwrap()
        })
    }

    // R-T8: a crowning reaches the goal; the moves used up without one fail it.
    #[test]
    fn a_crowning_is_judged_after_each_move() {
        let (start, p) = (at("W:Wd6:Bh8"), practice(Goal::Crown, 2));
        let one = after(&start, &["d6-d7"]);
        assert_eq!(p.judge(&start, &one, None, 1), Progress::On);
        let two = after(&one, &["h8-h7", "d7-d8"]);
        assert_eq!(p.judge(&start, &two, None, 2), Progress::Reached);
        let aside = after(&start, &["d6-c6", "h8-h7", "c6-c7", "h7-h6"]);
        let used_up = Progress::Failed(Failure::UsedUp);
        assert_eq!(p.judge(&start, &aside, None, 2), used_up);
        assert_eq!(p.proved(&start), Ok(true));
        assert_eq!(practice(Goal::Crown, 1).proved(&start), Ok(false));
    }

    // A piece lost fails a "keep"; the moves played without a loss reach it.
    #[test]
    fn keeping_every_piece_is_judged_after_the_reply() {
        let (start, p) = (at("W:Wd4,h2:Bd6"), practice(Goal::Keep, 1));
        let step = after(&start, &["d4-d5"]);
        assert_eq!(p.judge(&start, &step, None, 1), Progress::On);
        let taken = after(&step, &["d6xd4"]);
        let taken_said = Progress::Failed(Failure::Taken);
        assert_eq!(p.judge(&start, &taken, None, 1), taken_said);
        let aside = after(&start, &["d4-c4", "d6-d5"]);
        assert_eq!(p.judge(&start, &aside, None, 1), Progress::Reached);
        // A draw keeps every piece (R-T11), but wins nothing.
        let drawn = Outcome::Draw {
            reason: crate::outcome::Reason::Repetition,
        };
        assert_eq!(p.judge(&start, &step, Some(drawn), 1), Progress::Reached);
        let win = practice(Goal::Win, 1);
        let drawn_said = Progress::Failed(Failure::Drawn);
        assert_eq!(win.judge(&start, &step, Some(drawn), 1), drawn_said);
    }

    // R-T9, R-T10 through the tables: a win let go fails at once, a game won reaches the goal.
    #[test]
    fn a_win_let_go_fails_as_soon_as_the_tables_say_so() {
        let start = at("W:WKa1,Kh4:BKa8");
        let p = practice(Goal::Win, 3);
        assert_eq!(p.proved(&start), Ok(true));
        assert_eq!(practice(Goal::Win, 1).proved(&start), Ok(false));
        let _ = tables::probe(&start); // made: probe_ready answers
        let good = after(&start, &["h4-h8"]);
        assert_eq!(p.judge(&start, &good, None, 1), Progress::On);
        let loose = after(&start, &["h4-h5"]);
        let let_go = Progress::Failed(Failure::WinLetGo);
        assert_eq!(p.judge(&start, &loose, None, 1), let_go);
        let won = Outcome::Win {
            winner: Color::White,
            reason: crate::outcome::Reason::NoPieces,
        };
        assert_eq!(p.judge(&start, &good, Some(won), 1), Progress::Reached);
        let lost = Outcome::Win {
            winner: Color::Black,
            reason: crate::outcome::Reason::NoPieces,
        };
        let lost_said = Progress::Failed(Failure::Lost);
        assert_eq!(p.judge(&start, &good, Some(lost), 1), lost_said);
    }

    // R-T9 through the tables: a win kept, but longer than the moves left, fails at once.
    #[test]
    fn a_win_too_slow_for_the_moves_left_fails_at_once() {
        let start = at("W:WKa1,Kh4:BKa8");
        let _ = tables::probe(&start);
        // The win in 3 plies: after h4-h8 the game ends on the player's second move.
        let good = after(&start, &["h4-h8"]);
        assert_eq!(tables::probe_ready(&good), Some(Value::Loss(2)));
        let too_slow = Progress::Failed(Failure::TooSlow);
        assert_eq!(
            practice(Goal::Win, 1).judge(&start, &good, None, 1),
            too_slow
        );
        assert_eq!(
            practice(Goal::Win, 2).judge(&start, &good, None, 1),
            Progress::On
        );
    }

    // R-T3, R-T8: a small search says at once when the goal can no longer be forced (a
    // sideways step leaves too few moves to crown), and nothing past its budget.
    #[test]
    fn a_goal_that_can_no_longer_be_forced_is_found_by_a_small_search() {
        let (start, p) = (at("W:Wd6:Bh8"), practice(Goal::Crown, 2));
        let straight = after(&start, &["d6-d7"]);
        assert_eq!(p.still_forced(&start, &straight, 1, 1_000), Some(true));
        let aside = after(&start, &["d6-c6"]);
        assert_eq!(p.still_forced(&start, &aside, 1, 1_000), Some(false));
        assert_eq!(
            p.still_forced(&start, &aside, 1, 0),
            None,
            "past its budget"
        );
    }

    // R-T3, R-T8: the last man taken leaves nothing to crown, whatever moves are left.
    #[test]
    fn a_crowning_fails_when_no_man_is_left() {
        let (start, p) = (at("W:Wd4,Ka1:Bd6"), practice(Goal::Crown, 4));
        let taken = after(&start, &["d4-d5", "d6xd4"]);
        let no_man = Progress::Failed(Failure::NoMan);
        assert_eq!(p.judge(&start, &taken, None, 1), no_man);
    }
}
