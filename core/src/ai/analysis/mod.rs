//! A finished (or running) game reviewed by the engine: the evaluation after every move,
//! the engine's best move at every position, and the moves that threw away a clear part of
//! the game, judged on the engine's own scale.
//!
//! Scores are in hundredths of a man from White's side, capped at ±[`CAP`] (ten men: a won
//! game, found by the search or on the board, counts as the cap), so a graph of a game is
//! readable and one lost man always shows. Each position's score is *settled*
//! (`settle.rs`): a position with one legal move (a forced capture) scores as the one after
//! it, and a one-ply spike (a search's horizon in the middle of an exchange) is searched
//! again deeper and kept only if the deeper search confirms it. A move is judged by
//! what it cost its player in expected result, the settled score before it against the one
//! after it read through a logistic curve (`judgement.rs`), so a slide weighs what was at
//! stake; the engine's own choice, and a move that was the only one, cost nothing.
//!
//! | judgement | expected result lost | from level |
//! | --- | --- | --- |
//! | [`Judgement::Blunder`] | ≥ [`BLUNDER`] (33 %) | about 2.4 men |
//! | [`Judgement::Mistake`] | ≥ [`MISTAKE`] (15 %) | about one man |
//! | [`Judgement::Good`] | less | |
//!
//! In a Turkish ending the endgame tables cover (`ending.rs`), a move that lets a win go or
//! loses a draw is marked ([`EndingMark`]) and judged a blunder, whatever the search saw.
//!
//! The budget: [`DEFAULT_NODES`] per position for a game of up to [`FULL_POSITIONS`]
//! positions; a longer game shares `FULL_POSITIONS × nodes` among its positions, never
//! fewer than `nodes / `[`FLOOR_DIVISOR`] each, so a 400-ply Zamma game takes a few seconds
//! instead of half a minute. Positions are searched from the end backwards with one table,
//! so each search finds the lines of the positions after it already stored.

mod ending;
mod judgement;
mod settle;

pub use ending::EndingMark;
pub use judgement::{chance, Judgement, Tally, BLUNDER, MISTAKE, SCALE};
pub use settle::SPIKE;

use super::{AiError, Engine, Limits, Player, Root, WIN_BOUND};
use crate::moves::{LegalMove, Move};
use crate::outcome::Outcome;
use crate::position::Position;
use crate::record::GameRecord;
use crate::rules::Color;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The largest score shown (ten men); a win or loss counts as this.
pub const CAP: i32 = 1000;
/// The node budget per position of the app's review and of `dama analyse` by default:
/// a tenth of a second or so on a phone, the same evaluation on every machine.
pub const DEFAULT_NODES: u64 = 150_000;
/// Games of up to this many positions get the whole budget at every position; longer ones
/// share this many positions' budgets.
pub const FULL_POSITIONS: u64 = 64;
/// No position gets less than the budget divided by this.
pub const FLOOR_DIVISOR: u64 = 8;
/// A spike is searched again with this many times its position's budget.
pub const SPIKE_FACTOR: u64 = 4;
/// The version of the review: reviews kept with games by an older one are made again
/// (3: an ending's moves marked from the endgame tables).
pub const VERSION: u32 = 3;

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move played, in notation.
    pub played: String,
    /// The engine's best move in the position before it, in notation.
    pub best: String,
    /// What the move cost its player in score, hundredths of a man (0 for the engine's own
    /// choice).
    pub loss: i32,
    /// What it cost in expected result, per mille (see [`chance`]).
    #[serde(default)]
    pub lost: i32,
    /// Who played it.
    #[serde(default)]
    pub side: Color,
    /// The judgement of that cost.
    pub judgement: Judgement,
    /// Where the endgame tables (Turkish Dama) cover the position before the move: the win
    /// or the draw it threw away, judged a blunder whatever the search saw.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<EndingMark>,
}

/// A game reviewed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// The settled score of every position from the start (one more than there are moves),
    /// from White's side, capped at ±[`CAP`].
    pub scores: Vec<i32>,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// The engine's best move in the last position, if the game can go on there.
    pub best_last: Option<String>,
    /// The node budget per position it was asked for.
    pub nodes: u64,
    /// The [`VERSION`] of the review that made it (0: before versions).
    #[serde(default)]
    pub version: u32,
}

impl Analysis {
    /// The mistakes and blunders of `side`.
    pub fn tally(&self, side: Color) -> Tally {
        Tally::of(self.moves.iter().map(|m| (m.side, m.judgement)), side)
    }
}

/// The budget of each position of a game of `positions` positions, `nodes` asked for each:
/// the whole of it up to [`FULL_POSITIONS`], then a share, at least `nodes /`
/// [`FLOOR_DIVISOR`].
pub fn nodes_per_position(nodes: u64, positions: usize) -> u64 {
    let nodes = nodes.max(1);
    let share = nodes.saturating_mul(FULL_POSITIONS) / positions.max(1) as u64;
    share.clamp((nodes / FLOOR_DIVISOR).max(1), nodes)
}

/// A search's score for the side to move `side`, from White's side and capped.
fn white_view(score: i32, side: Color) -> i32 {
    let capped = if score > WIN_BOUND {
        CAP
    } else if score < -WIN_BOUND {
        -CAP
    } else {
        score.clamp(-CAP, CAP)
    };
    if side == Color::White {
        capped
    } else {
        -capped
    }
}

/// The score of a finished position, from White's side.
fn ended(o: Outcome) -> i32 {
    match o.winner() {
        Some(Color::White) => CAP,
        Some(Color::Black) => -CAP,
        None => 0,
    }
}

/// One position of the game under review.
struct Place<'a> {
    pos: &'a Position,
    /// Placement hashes of the positions before it.
    history: &'a [u64],
    moves: Vec<LegalMove>,
    /// How the game ended here, if it did.
    over: Option<Outcome>,
}

impl Place<'_> {
    /// Its search: White's score, and the best move with its name (`None` when the game is
    /// over here, scored as it ended).
    fn search(
        &self,
        engine: &mut Engine,
        nodes: u64,
        stop: &AtomicBool,
    ) -> Result<(i32, Option<(Move, String)>), AiError> {
        if let Some(o) = self.over {
            return Ok((ended(o), None));
        }
        let root = Root {
            pos: self.pos.clone(),
            history: self.history.to_vec(),
            moves: self.moves.iter().map(|d| d.mv).collect(),
        };
        let player = Player::Limits(Limits::nodes(nodes.max(1)));
        match engine.play(&root, player, 0, stop, |_| {}) {
            Ok(r) => {
                let name = self
                    .moves
                    .iter()
                    .find(|d| d.mv == r.best)
                    .map(|d| d.notation.clone())
                    .unwrap_or_default();
                let side = self.pos.side_to_move();
                Ok((white_view(r.info.score, side), Some((r.best, name))))
            }
            Err(AiError::GameOver(o)) => Ok((ended(o), None)),
            Err(e) => Err(e),
        }
    }
}

/// Reviews `record` from its start with about `nodes` nodes per position (a fixed budget:
/// the same review on every machine; long games get less a position, see
/// [`nodes_per_position`]). `progress(done, total)` is called after each position; `stop`
/// cancels (the error is [`AiError::Cancelled`]).
pub fn analyse(
    engine: &mut Engine,
    record: &GameRecord,
    nodes: u64,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, AiError> {
    let positions = record.positions();
    let played = record.played();
    let total = positions.len();
    let per = nodes_per_position(nodes, total);
    let hashes: Vec<u64> = positions.iter().map(Position::placement_hash).collect();
    let place = |i: usize| Place {
        pos: &positions[i],
        history: &hashes[..i],
        moves: positions[i].legal_moves_detailed(),
        over: if i + 1 == total {
            record.outcome()
        } else {
            None
        },
    };
    let mut raw = vec![0; total];
    let mut over = vec![false; total];
    let mut best: Vec<Option<(Move, String)>> = vec![None; total];
    let mut choices = vec![0; total];
    engine.clear();
    // From the end backwards: the table keeps what the later positions' searches found,
    // and every later position is a line of the earlier ones.
    for (done, i) in (0..total).rev().enumerate() {
        let p = place(i);
        choices[i] = p.moves.len();
        let (score, chosen) = p.search(engine, per, stop)?;
        raw[i] = score;
        over[i] = chosen.is_none();
        best[i] = chosen;
        progress(done + 1, total);
    }
    let mut forced: Vec<bool> = choices.iter().map(|&n| n == 1).collect();
    // A resignation or an agreed draw is no value of the position it ends on: it is not
    // carried back through a forced move.
    let by_players = record.outcome().is_some_and(|o| {
        matches!(
            o.reason(),
            crate::outcome::Reason::Resignation | crate::outcome::Reason::Agreement
        )
    });
    if let (true, Some(f)) = (
        by_players,
        total.checked_sub(2).and_then(|i| forced.get_mut(i)),
    ) {
        *f = false;
    }
    settle::through_forced(&mut raw, &forced);
    let scores = settle::settle(&raw, &over, |i| {
        Ok(place(i).search(engine, per * SPIKE_FACTOR, stop)?.0)
    })?;
    let moves = played
        .iter()
        .enumerate()
        .map(|(i, m)| {
            let side = positions[i].side_to_move();
            let sign = if side == Color::White { 1 } else { -1 };
            let engine_best = best[i].as_ref();
            let notation = record
                .played_move(i)
                .map(|(t, _)| t.to_string())
                .unwrap_or_default();
            // The engine's own choice, or the only move, costs nothing.
            let chose = engine_best.is_some_and(|(b, _)| b == m) || choices[i] <= 1;
            let ending = positions
                .get(i + 1)
                .and_then(|after| ending::mark(&positions[i], after));
            let (mut judgement, loss, lost) = if chose {
                (Judgement::Good, 0, 0)
            } else {
                Judgement::of_scores(sign * scores[i], sign * scores[i + 1])
            };
            if ending.is_some() {
                judgement = Judgement::Blunder;
            }
            MoveReview {
                played: notation,
                best: engine_best.map(|(_, n)| n.clone()).unwrap_or_default(),
                loss,
                lost,
                side,
                judgement,
                ending,
            }
        })
        .collect();
    Ok(Analysis {
        best_last: best.last().cloned().flatten().map(|(_, n)| n),
        scores,
        moves,
        nodes,
        version: VERSION,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::session::Session;
    use crate::{GameId, Rules};

    fn record(game: GameId, code: &str, moves: &[&str]) -> GameRecord {
        let p = Position::from_code(Rules::new(game), code).unwrap();
        let mut s = Session::from_record(GameRecord::from_position(p));
        for m in moves {
            s.play_notation(m).unwrap();
        }
        s.into_record()
    }

    #[test]
    fn the_last_position_names_the_engines_best_move() {
        // R-T6: White's d4 man must take e4.
        let rec = record(GameId::Turkish, "W:Wa2,d4:Be4,h7", &[]);
        let s = Session::from_record(rec.clone());
        let moves: Vec<String> = s.legal_moves().iter().map(|d| d.notation.clone()).collect();
        assert_eq!(moves, vec!["d4xf4"], "R-T6: the capture is forced");
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        let a = analyse(&mut engine, &rec, 20_000, &stop, |_, _| {}).unwrap();
        assert_eq!(a.scores.len(), 1);
        assert_eq!(a.best_last.as_deref(), Some("d4xf4"));
    }

    #[test]
    fn every_position_is_scored_from_whites_side_and_the_end_counts_as_won() {
        // White takes Black's last man: the end position is a win for White.
        let rec = record(GameId::Turkish, "W:Wd3,a2:Bd4", &["d3xd5"]);
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        let mut seen = Vec::new();
        let a = analyse(&mut engine, &rec, 20_000, &stop, |d, t| seen.push((d, t))).unwrap();
        assert_eq!(seen, vec![(1, 2), (2, 2)]);
        assert_eq!(a.scores.len(), 2);
        assert_eq!(a.scores[1], CAP, "the game is won");
        assert!(
            a.scores[0] > WIN_BOUND.min(CAP) - 1,
            "found by the search: {}",
            a.scores[0]
        );
        assert_eq!(a.moves[0].played, "d3xd5");
        assert_eq!(a.moves[0].best, "d3xd5");
        assert_eq!(a.moves[0].judgement, Judgement::Good);
        assert_eq!(a.best_last, None);
    }

    #[test]
    fn a_move_that_gives_a_man_away_is_marked() {
        // R-T5: b3-b4 puts White's man under Black's b5 with b3 empty behind it: Black
        // takes it, where g2-g3 would have kept both men.
        let rec = record(GameId::Turkish, "W:Wb3,g2:Bb5,h8", &["b3-b4"]);
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        let a = analyse(&mut engine, &rec, 40_000, &stop, |_, _| {}).unwrap();
        let m = &a.moves[0];
        assert_eq!(m.played, "b3-b4");
        assert_ne!(m.best, "b3-b4");
        assert!(m.loss >= 100, "{m:?} scores {:?}", a.scores);
        assert_ne!(m.judgement, Judgement::Good);
        assert_eq!(m.side, Color::White);
        let t = a.tally(Color::White);
        assert_eq!(t.mistakes + t.blunders, 1, "White's mark counted");
        assert_eq!(a.tally(Color::Black), Tally::default());
        assert_eq!(a.version, VERSION);
    }

    // R-T11: a game that comes back to a position it went through once is not drawn, so
    // its review does not read it as a draw: White's king circles the eighth rank (eight
    // moves round) while Black's man steps f7-g7 and back, and from ply 23 every position
    // is the second time of one seen sixteen plies before.
    #[test]
    fn a_second_time_reads_as_the_position_not_as_a_draw() {
        let mut s = Session::new(Rules::new(GameId::Turkish));
        for _ in 0..30 {
            let last = s.legal_moves().last().map(|d| d.mv).unwrap();
            s.play(&last).unwrap();
        }
        let rec = s.into_record();
        let hashes: Vec<u64> = rec
            .positions()
            .iter()
            .map(Position::placement_hash)
            .collect();
        assert_eq!(hashes[23], hashes[7], "ply 23 repeats ply 7");
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        let a = analyse(&mut engine, &rec, 20_000, &stop, |_, _| {}).unwrap();
        // Black gave men away early: White is far ahead all along the circling.
        for (ply, &score) in a.scores.iter().enumerate().skip(6) {
            assert!(score > 300, "ply {ply}: {score} in {:?}", a.scores);
        }
    }

    #[test]
    fn a_review_can_be_cancelled() {
        let rec = GameRecord::new(Rules::new(GameId::Zamma));
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(true);
        assert_eq!(
            analyse(&mut engine, &rec, 1_000_000, &stop, |_, _| {}),
            Err(AiError::Cancelled)
        );
    }

    /// Issue 48: Black's slide from −1 to −2.5 men is a mistake even when White gives part
    /// of it back at once (the old review read each move over two plies on each side, and
    /// this slide came to 0.8 men: unmarked); and a move at −8.7 men that loses by more is
    /// none (the old review marked it, 1.3 men).
    #[test]
    fn moves_are_judged_on_the_settled_scores_by_what_was_at_stake() {
        let judged = |raw: &[i32], i: usize, sign: i32| {
            let s = settle::settle(raw, &vec![false; raw.len()], |_| panic!("no spike")).unwrap();
            Judgement::of_scores(sign * s[i], sign * s[i + 1]).0
        };
        let slide = [100, 100, 250, 180, 180];
        assert_eq!(judged(&slide, 1, -1), Judgement::Mistake, "Black's slide");
        assert_eq!(judged(&slide, 2, 1), Judgement::Good, "White gave back 0.7");
        let lost = [-870, -1000, -1000];
        assert_eq!(judged(&lost, 0, 1), Judgement::Good, "already lost");
    }

    /// A forced reply takes the score after it, but not a resignation's: b3-b4 gives a man
    /// (Black's capture is forced) and White resigns after the capture; b3-b4 is judged on
    /// the man (a mistake), not on the resignation (a blunder).
    #[test]
    fn a_resignation_is_not_carried_back_through_a_forced_move() {
        let rec = record(GameId::Turkish, "W:Wb3,g2:Bb5,h8", &["b3-b4"]);
        let mut s = Session::from_record(rec);
        assert_eq!(s.legal_moves().len(), 1, "Black's capture is forced");
        let capture = s.legal_moves()[0].mv;
        s.play(&capture).unwrap();
        s.resign(Color::White).unwrap();
        let mut engine = Engine::new(4);
        let stop = AtomicBool::new(false);
        let a = analyse(&mut engine, s.record(), 40_000, &stop, |_, _| {}).unwrap();
        assert_eq!(a.scores[2], -CAP, "resigned");
        assert!(
            a.scores[1] > -CAP / 2,
            "the man, not the resignation: {:?}",
            a.scores
        );
        assert_eq!(a.moves[0].judgement, Judgement::Mistake, "{:?}", a.moves[0]);
    }

    /// Issue 48: a 406-ply Zamma game took 18 s; long games share a budget, with a floor.
    #[test]
    fn long_games_share_the_budget() {
        assert_eq!(nodes_per_position(150_000, 60), 150_000);
        assert_eq!(nodes_per_position(150_000, 64), 150_000);
        assert_eq!(nodes_per_position(150_000, 128), 75_000);
        assert_eq!(nodes_per_position(150_000, 407), 23_587);
        assert_eq!(nodes_per_position(150_000, 5_000), 18_750);
        assert_eq!(nodes_per_position(1, 5_000), 1);
    }

    #[test]
    fn thresholds_follow_the_scale() {
        assert_eq!(Judgement::of_lost(0), Judgement::Good);
        assert_eq!(Judgement::of_lost(MISTAKE - 1), Judgement::Good);
        assert_eq!(Judgement::of_lost(MISTAKE), Judgement::Mistake);
        assert_eq!(Judgement::of_lost(BLUNDER), Judgement::Blunder);
        assert_eq!(white_view(WIN_BOUND + 5, Color::Black), -CAP);
        assert_eq!(white_view(-40, Color::Black), 40);
    }
}
