//! A finished (or running) game reviewed by the engine: the evaluation after every move,
//! the engine's best move at every position, and the moves that threw away a clear
//! advantage, judged on the engine's own scale.
//!
//! Scores are in hundredths of a man from White's side, capped at ±[`CAP`] (ten men: a won
//! game, found by the search or on the board, counts as the cap), so a graph of a game is
//! readable and one lost man always shows. A move's *loss* is how much its player's score
//! fell over the move, read over two plies on each side (the lower of the two scores before
//! it against the higher of the two after it), so that one search's horizon, which makes a
//! score swing for a ply in the middle of an exchange, marks no move; the move the engine
//! itself would have played loses nothing by definition.
//!
//! | judgement | loss (hundredths of a man) |
//! | --- | --- |
//! | [`Judgement::Blunder`] | ≥ [`BLUNDER`] (2.5 men, or a won game given away) |
//! | [`Judgement::Mistake`] | ≥ [`MISTAKE`] (one man) |
//! | [`Judgement::Good`] | less |

use super::{AiError, Engine, Limits, Player, Root, WIN_BOUND};
use crate::moves::Move;
use crate::outcome::Outcome;
use crate::record::GameRecord;
use crate::rules::Color;
use crate::session::Session;
use serde::{Deserialize, Serialize};
use std::sync::atomic::AtomicBool;

/// The largest score shown (ten men); a win or loss counts as this.
pub const CAP: i32 = 1000;
/// A move that loses at least this much (one man) is a mistake.
pub const MISTAKE: i32 = 100;
/// A move that loses at least this much (two and a half men) is a blunder.
pub const BLUNDER: i32 = 250;
/// The node budget per position of the app's review and of `dama analyse` by default:
/// a tenth of a second or so on a phone, the same evaluation on every machine.
pub const DEFAULT_NODES: u64 = 150_000;

/// How a played move is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Judgement {
    /// Lost less than a man against the engine's best.
    Good,
    /// Lost a man or more.
    Mistake,
    /// Lost two and a half men or more.
    Blunder,
}

impl Judgement {
    /// The judgement of a move that lost `loss`.
    pub fn of_loss(loss: i32) -> Judgement {
        if loss >= BLUNDER {
            Judgement::Blunder
        } else if loss >= MISTAKE {
            Judgement::Mistake
        } else {
            Judgement::Good
        }
    }
}

/// One move of the game, reviewed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveReview {
    /// The move played, in notation.
    pub played: String,
    /// The engine's best move in the position before it, in notation.
    pub best: String,
    /// What the move cost its player (0 for the engine's own choice).
    pub loss: i32,
    /// The judgement of that loss.
    pub judgement: Judgement,
}

/// A game reviewed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// The score of every position from the start (one more than there are moves), from
    /// White's side, capped at ±[`CAP`].
    pub scores: Vec<i32>,
    /// Every move, in order.
    pub moves: Vec<MoveReview>,
    /// The engine's best move in the last position, if the game can go on there.
    pub best_last: Option<String>,
    /// The node budget per position it was made with.
    pub nodes: u64,
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

/// What move `i` (from position `i` to `i + 1`) cost its player (`sign` 1 for White, -1
/// for Black), read over two plies on each side so that one search's horizon marks no
/// move: before it, the lower of the player's scores of the two positions before the move;
/// after it, the higher of the two after it.
fn loss(scores: &[i32], i: usize, sign: i32) -> i32 {
    let mine = |j: usize| scores.get(j).map(|&s| sign * s);
    let before = [i.checked_sub(1).and_then(mine), mine(i)]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(0);
    let after = [mine(i + 1), mine(i + 2)]
        .into_iter()
        .flatten()
        .max()
        .unwrap_or(before);
    (before - after).max(0)
}

/// Reviews `record` from its start with `nodes` nodes per position (a fixed budget: the
/// same review on every machine). `progress(done, total)` is called after each position;
/// `stop` cancels (the error is [`AiError::Cancelled`]).
pub fn analyse(
    engine: &mut Engine,
    record: &GameRecord,
    nodes: u64,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, AiError> {
    let played = record.played();
    let total = played.len() + 1;
    let mut game = Session::from_record(GameRecord::from_position(record.start().clone()));
    let mut scores = Vec::with_capacity(total);
    let mut best: Vec<Option<(Move, String)>> = Vec::with_capacity(total);
    let player = Player::Limits(Limits::nodes(nodes.max(1)));
    engine.clear();
    for i in 0..total {
        let side = game.position().side_to_move();
        match Root::of(&game) {
            Ok(root) => {
                let r = engine.play(&root, player, 0, stop, |_| {})?;
                let name = game
                    .legal_moves()
                    .iter()
                    .find(|d| d.mv == r.best)
                    .map(|d| d.notation.clone())
                    .unwrap_or_default();
                scores.push(white_view(r.info.score, side));
                best.push(Some((r.best, name)));
            }
            Err(AiError::GameOver(o)) => {
                scores.push(ended(o));
                best.push(None);
            }
            Err(e) => return Err(e),
        }
        progress(i + 1, total);
        if let Some(m) = played.get(i) {
            // A record holds only legal moves (checked when made or read).
            let _ = game.play(m);
        }
    }
    let mut moves = Vec::with_capacity(played.len());
    let mut replay = Session::from_record(GameRecord::from_position(record.start().clone()));
    for (i, m) in played.iter().enumerate() {
        let side = replay.position().side_to_move();
        let sign = if side == Color::White { 1 } else { -1 };
        let engine_best = best[i].as_ref();
        let notation = replay
            .legal_moves()
            .iter()
            .find(|d| d.mv == *m)
            .map(|d| d.notation.clone())
            .unwrap_or_default();
        let loss = if engine_best.is_some_and(|(b, _)| b == m) {
            0
        } else {
            loss(&scores, i, sign)
        };
        moves.push(MoveReview {
            played: notation,
            best: engine_best.map(|(_, n)| n.clone()).unwrap_or_default(),
            loss,
            judgement: Judgement::of_loss(loss),
        });
        let _ = replay.play(m);
    }
    Ok(Analysis {
        best_last: best.last().cloned().flatten().map(|(_, n)| n),
        scores,
        moves,
        nodes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{GameId, Position, Rules};

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
        assert!(m.loss >= MISTAKE, "{m:?} scores {:?}", a.scores);
        assert_ne!(m.judgement, Judgement::Good);
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

    /// A score that swings for one ply (a search's horizon in an exchange) marks neither the
    /// move into it nor the reply; a man given away for good is marked.
    #[test]
    fn a_loss_must_last_two_plies() {
        let swing = [75, 90, -100, 90, 92];
        assert_eq!(loss(&swing, 1, 1), 0, "White's move into the swing");
        assert_eq!(loss(&swing, 2, -1), 0, "Black's reply out of it");
        let white_gives = [0, -120, -115];
        assert_eq!(loss(&white_gives, 0, 1), 115);
    }

    #[test]
    fn thresholds_follow_the_scale() {
        assert_eq!(Judgement::of_loss(0), Judgement::Good);
        assert_eq!(Judgement::of_loss(MISTAKE - 1), Judgement::Good);
        assert_eq!(Judgement::of_loss(MISTAKE), Judgement::Mistake);
        assert_eq!(Judgement::of_loss(BLUNDER), Judgement::Blunder);
        assert_eq!(white_view(WIN_BOUND + 5, Color::Black), -CAP);
        assert_eq!(white_view(-40, Color::Black), 40);
    }
}
