//! The finished games as the History, Statistics and Review screens show them, without
//! Slint: one summary per game (read from its record once), the statistics derived from the
//! summaries (so they cannot disagree with the history), and the evaluation graph's path.

use crate::opponent::Opponent;
use crate::store::FinishedGame;
use dama_core::ai::analysis::{self, Analysis, Judgement};
use dama_core::{Color, GameId, GameRecord, Outcome};

/// What the player got out of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// Won against the computer.
    Won,
    /// Lost to the computer.
    Lost,
    /// Drawn.
    Drawn,
    /// Two players: this side won.
    SideWon(Color),
}

/// One finished game, read from its record.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The game.
    pub game: GameId,
    /// Who played.
    pub opponent: Opponent,
    /// How it ended.
    pub outcome: Outcome,
    /// From the player's side.
    pub result: Result,
    /// Plies played.
    pub plies: usize,
    /// When it ended (seconds since 1970, UTC).
    pub ended: u64,
    /// Pasted in, not played here.
    pub imported: bool,
    /// Begun from a position set up in the editor.
    pub set_up: bool,
}

impl Summary {
    /// The summary of `g`; `None` if its record does not read.
    pub fn of(g: &FinishedGame) -> Option<Summary> {
        let ending = match g.ending {
            Some(e) => e,
            None => {
                let record = GameRecord::from_json(&g.record).ok()?;
                crate::store::Ending::new(&record, record.outcome()?)
            }
        };
        Some(Summary::ended(g, ending))
    }

    /// The summary of `g` whose record was read already (`record`): it is not read again.
    pub fn of_read(g: &FinishedGame, record: &GameRecord) -> Option<Summary> {
        let ending = match g.ending {
            Some(e) => e,
            None => crate::store::Ending::new(record, record.outcome()?),
        };
        Some(Summary::ended(g, ending))
    }

    fn ended(g: &FinishedGame, ending: crate::store::Ending) -> Summary {
        let outcome = ending.outcome;
        let human = g.human();
        let result = match (g.opponent, outcome.winner()) {
            (_, None) => Result::Drawn,
            (Opponent::TwoPlayers, Some(w)) => Result::SideWon(w),
            (Opponent::Computer(_), Some(w)) if w == human => Result::Won,
            (Opponent::Computer(_), Some(_)) => Result::Lost,
        };
        Summary {
            game: ending.game,
            opponent: g.opponent,
            outcome,
            result,
            plies: ending.plies,
            ended: g.ended,
            imported: g.imported,
            set_up: ending.set_up,
        }
    }
}

/// The date of `secs` since 1970 (UTC) as `YYYY-MM-DD`.
pub fn date(secs: u64) -> String {
    // Days to a civil date (H. Hinnant's algorithm), so no date crate is needed.
    let z = (secs / 86_400) as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + (m <= 2) as i64;
    format!("{y:04}-{m:02}-{d:02}")
}

/// Won, drawn and lost games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Won.
    pub won: u32,
    /// Drawn.
    pub drawn: u32,
    /// Lost.
    pub lost: u32,
}

impl Tally {
    fn add(&mut self, r: Result) {
        match r {
            Result::Won => self.won += 1,
            Result::Drawn => self.drawn += 1,
            Result::Lost => self.lost += 1,
            Result::SideWon(_) => {}
        }
    }

    /// Games counted.
    pub fn games(&self) -> u32 {
        self.won + self.drawn + self.lost
    }
}

/// The statistics of the games against the computer from the game's start (two-player games
/// and games from a set-up position are only counted, imported ones not at all: they were not
/// played here).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Per game, in [`GameId::ALL`]'s order.
    pub per_game: Vec<(GameId, Tally)>,
    /// Per computer level 1–8.
    pub per_level: Vec<(u8, Tally)>,
    /// Wins in a row up to the newest game against the computer.
    pub streak: u32,
    /// The longest run of wins.
    pub best_streak: u32,
    /// Two-player games.
    pub two_player_games: u32,
    /// Games against the computer from a position set up in the editor: no win, loss or
    /// streak of a level.
    pub set_up_games: u32,
}

/// The statistics of `games` (oldest first).
pub fn stats(games: &[Summary]) -> Stats {
    let mut s = Stats {
        per_game: GameId::ALL.iter().map(|&g| (g, Tally::default())).collect(),
        per_level: (1..=8).map(|l| (l, Tally::default())).collect(),
        ..Stats::default()
    };
    let mut run = 0;
    for g in games.iter().filter(|g| !g.imported) {
        let Opponent::Computer(level) = g.opponent else {
            s.two_player_games += 1;
            continue;
        };
        if g.set_up {
            s.set_up_games += 1;
            continue;
        }
        if let Some((_, t)) = s.per_game.iter_mut().find(|(id, _)| *id == g.game) {
            t.add(g.result);
        }
        if let Some((_, t)) = s.per_level.iter_mut().find(|(l, _)| *l == level) {
            t.add(g.result);
        }
        run = if g.result == Result::Won { run + 1 } else { 0 };
        s.best_streak = s.best_streak.max(run);
    }
    s.streak = run;
    s
}

/// The evaluation graph as path commands in a `width` × `height` box: the score after each
/// position from White's side, White's advantage up, capped at ten men; the middle line is
/// level.
pub fn graph_path(scores: &[i32], width: f32, height: f32) -> String {
    let mut path = String::new();
    let n = scores.len().saturating_sub(1).max(1) as f32;
    for (i, &s) in scores.iter().enumerate() {
        let (x, y) = graph_point(i, s, n, width, height);
        path += &format!("{} {x:.1} {y:.1} ", if i == 0 { "M" } else { "L" });
    }
    path
}

/// Where position `i` of `n + 1` with score `s` lies on the graph. The scale is the square
/// root of the score, so that a one-man edge shows as clearly as a ten-man one is bounded.
pub fn graph_point(i: usize, s: i32, n: f32, width: f32, height: f32) -> (f32, f32) {
    let v = (s.clamp(-analysis::CAP, analysis::CAP) as f32 / analysis::CAP as f32).clamp(-1.0, 1.0);
    let v = v.signum() * v.abs().sqrt();
    (i as f32 / n * width, height / 2.0 * (1.0 - v * 0.92))
}

/// The plies the review marks, with their judgement.
pub fn marked(a: &Analysis) -> Vec<(usize, Judgement)> {
    a.moves
        .iter()
        .enumerate()
        .filter(|(_, m)| m.judgement != Judgement::Good)
        .map(|(i, m)| (i, m.judgement))
        .collect()
}

/// The ply nearest to `fraction` (0..1) of a graph over `plies` moves.
pub fn ply_at(fraction: f32, plies: usize) -> usize {
    ((fraction.clamp(0.0, 1.0) * plies as f32).round() as usize).min(plies)
}

/// A score for people: `+1.25` (White's advantage in men), `White wins` beyond the cap.
pub fn score_text(s: i32) -> String {
    format!("{:+.2}", s as f64 / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::{Reason, Rules, Session};

    fn finished(
        opponent: Opponent,
        human_black: bool,
        winner: Option<Color>,
        id: u64,
    ) -> FinishedGame {
        let mut s = Session::new(Rules::new(GameId::Zamma));
        match winner {
            Some(w) => s.resign(w.other()).unwrap(),
            None => s.agree_draw().unwrap(),
        }
        FinishedGame {
            record: s.record().to_json(),
            opponent,
            human_black,
            ended: 1_764_720_000 + id,
            id,
            analysis: None,
            ending: None,
            imported: false,
        }
    }

    #[test]
    fn a_summary_speaks_from_the_players_side() {
        let g = finished(Opponent::Computer(3), true, Some(Color::Black), 1);
        let s = Summary::of(&g).unwrap();
        assert_eq!((s.game, s.result, s.plies), (GameId::Zamma, Result::Won, 0));
        assert_eq!(s.outcome.reason(), Reason::Resignation);
        let lost = finished(Opponent::Computer(3), false, Some(Color::Black), 2);
        assert_eq!(Summary::of(&lost).unwrap().result, Result::Lost);
        let two = finished(Opponent::TwoPlayers, false, Some(Color::Black), 3);
        assert_eq!(
            Summary::of(&two).unwrap().result,
            Result::SideWon(Color::Black)
        );
        let mut bad = g.clone();
        bad.record = "{".into();
        assert_eq!(Summary::of(&bad), None);
    }

    /// Issue 48: a position set up in the editor and won against level 8 is no level-8
    /// win and starts no streak; it is counted apart.
    #[test]
    fn a_set_up_position_is_counted_apart() {
        let rules = Rules::new(GameId::Turkish);
        let code = "W:WKa1,Kh1:Ba2";
        let start = dama_core::Position::from_code(rules, code).unwrap();
        let mut s = Session::from_record(GameRecord::from_position(start));
        s.play_notation("a1xa3").unwrap();
        assert!(s.record().outcome().is_some(), "Black's last man taken");
        let set_up = FinishedGame {
            record: s.record().to_json(),
            ..finished(Opponent::Computer(8), false, Some(Color::White), 1)
        };
        let summary = Summary::of(&set_up).unwrap();
        assert!(summary.set_up && summary.result == Result::Won);
        let from_start = finished(Opponent::Computer(8), false, Some(Color::White), 2);
        assert!(!Summary::of(&from_start).unwrap().set_up);
        let st = stats(&[summary]);
        assert_eq!(st.set_up_games, 1);
        assert_eq!(st.per_level[7].1.games(), 0, "no level-8 game");
        assert!(st.per_game.iter().all(|(_, t)| t.games() == 0));
        assert_eq!((st.streak, st.best_streak), (0, 0));
    }

    #[test]
    fn statistics_follow_the_history_with_streaks() {
        let w = |id, level| finished(Opponent::Computer(level), false, Some(Color::White), id);
        let l = |id| finished(Opponent::Computer(2), false, Some(Color::Black), id);
        let d = |id| finished(Opponent::Computer(8), false, None, id);
        let games: Vec<Summary> = [w(1, 2), w(2, 2), w(3, 5), l(4), d(5), w(6, 8), w(7, 8)]
            .iter()
            .chain([&finished(
                Opponent::TwoPlayers,
                false,
                Some(Color::White),
                8,
            )])
            .filter_map(Summary::of)
            .collect();
        let s = stats(&games);
        let zamma = s
            .per_game
            .iter()
            .find(|(g, _)| *g == GameId::Zamma)
            .unwrap()
            .1;
        assert_eq!((zamma.won, zamma.drawn, zamma.lost), (5, 1, 1));
        assert_eq!(
            s.per_level[1].1,
            Tally {
                won: 2,
                drawn: 0,
                lost: 1
            }
        );
        assert_eq!(
            s.per_level[7].1,
            Tally {
                won: 2,
                drawn: 1,
                lost: 0
            }
        );
        assert_eq!((s.streak, s.best_streak), (2, 3));
        assert_eq!(s.two_player_games, 1);
        assert_eq!(stats(&[]).streak, 0);
        // An imported game was not played here: it changes nothing.
        let mut pasted = finished(Opponent::TwoPlayers, false, Some(Color::White), 9);
        pasted.imported = true;
        let mut more = games.clone();
        more.extend(Summary::of(&pasted));
        assert_eq!(stats(&more), s);
    }

    #[test]
    fn dates_are_civil_dates() {
        assert_eq!(date(0), "1970-01-01");
        assert_eq!(date(951_782_400), "2000-02-29");
        assert_eq!(date(1_796_256_000), "2026-12-03");
    }

    #[test]
    fn the_graph_runs_across_the_box_white_up() {
        let p = graph_path(&[0, 1000, -1000, 100], 300.0, 100.0);
        assert!(
            p.starts_with("M 0.0 50.0 L 100.0 4.0 L 200.0 96.0 L 300.0 "),
            "{p}"
        );
        let (_, y) = graph_point(3, 100, 3.0, 300.0, 100.0);
        assert!(y < 40.0, "a man up shows clearly: {y}");
        assert_eq!(graph_path(&[], 10.0, 10.0), "");
        assert_eq!(ply_at(0.49, 10), 5);
        assert_eq!(ply_at(2.0, 10), 10);
        assert_eq!(score_text(-125), "-1.25");
    }
}
