//! The search engine: its transposition table, and the iterative deepening at the root that
//! turns a player's settings (noise, overlooked captures, variety) into a move.

use super::alarm::Alarm;
use super::search::{self, Abort, Search};
use super::tt::Tt;
use super::{eval, AiError, Limits, Player, Rng, Root, SearchInfo, SearchResult};
use super::{MATE, VARIETY_PLIES, WIN_BOUND};
use crate::moves::Move;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The search engine with its transposition table.
pub struct Engine {
    tt: Tt,
    weights: Option<eval::Weights>,
    /// Whether the endgame tables are used, when set: by default the top levels use them
    /// and players given by limits do not.
    tables: Option<bool>,
}

impl Engine {
    /// An engine whose table uses at most `tt_mib` MiB.
    pub fn new(tt_mib: usize) -> Engine {
        Engine {
            tt: Tt::new(tt_mib),
            weights: None,
            tables: None,
        }
    }

    /// Evaluates with these weights instead of the game's own (for tuning and tests).
    pub fn set_weights(&mut self, weights: Option<eval::Weights>) {
        self.weights = weights;
        self.tt.clear();
    }

    /// Whether every player but the random one uses the Turkish endgame tables: at a root
    /// they cover the move is the tables' (the quickest win, else a draw), and the search
    /// scores exactly every position of the tables already made. Unless this is called,
    /// levels 7 and 8 use them and the other levels and [`Player::Limits`] do not.
    pub fn set_tables(&mut self, on: bool) {
        self.tables = Some(on);
    }

    /// Memory of the transposition table in bytes.
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Forgets what earlier searches stored (a new game).
    pub fn clear(&mut self) {
        self.tt.clear();
    }

    /// Chooses the move of `player` from `root`, reproducibly for a given `seed` where the
    /// player draws on it. `on_info` is called after each completed iteration of a search.
    pub fn play<F: FnMut(&SearchInfo)>(
        &mut self,
        root: &Root,
        player: Player,
        seed: u64,
        stop: &AtomicBool,
        on_info: F,
    ) -> Result<SearchResult, AiError> {
        match player.bounded() {
            // (Without moves the search below says how the game ended.)
            Player::Random if !root.moves.is_empty() => {
                let best = root.moves[Rng::new(seed).below(root.moves.len() as u64) as usize];
                Ok(SearchResult {
                    best,
                    info: SearchInfo {
                        depth: 0,
                        seldepth: 0,
                        score: 0,
                        nodes: 0,
                        nps: 0,
                        time: Duration::ZERO,
                        pv: vec![best],
                    },
                })
            }
            Player::Level(level) => {
                let (limits, noise, miss) = level.settings();
                let how = How {
                    noise,
                    miss,
                    seed: Some(seed),
                    tables: self.tables.unwrap_or(level.uses_tables()),
                };
                self.search(root, &limits, stop, how, on_info)
            }
            // Explicit limits find the best move; the seed is drawn on only for variety.
            Player::Limits(limits) => {
                let how = How {
                    noise: 0,
                    miss: 0,
                    seed: (limits.variety > 0).then_some(seed),
                    tables: self.tables.unwrap_or(false),
                };
                self.search(root, &limits, stop, how, on_info)
            }
            Player::Random => {
                let how = How {
                    noise: 0,
                    miss: 0,
                    seed: None,
                    tables: false,
                };
                self.search(root, &Limits::depth(1), stop, how, on_info)
            }
        }
    }

    fn search<F: FnMut(&SearchInfo)>(
        &mut self,
        root: &Root,
        limits: &Limits,
        stop: &AtomicBool,
        how: How,
        mut on_info: F,
    ) -> Result<SearchResult, AiError> {
        let How {
            noise,
            miss,
            seed,
            tables,
        } = how;
        // The budget counts from the call.
        let alarm = Alarm::new(limits.movetime);
        // The root's moves are searched in the session's order (where scores tie, the
        // order decides, as the seed does).
        let Root {
            pos,
            history,
            moves,
        } = root;
        let mut moves = moves.clone();
        if let Some(o) = pos.outcome_given(!moves.is_empty()) {
            return Err(AiError::GameOver(o));
        }
        // The third occurrence ended the game (R-T11, R-Z17).
        let h = pos.placement_hash();
        if history.iter().filter(|&&k| k == h).count() >= 2 {
            return Err(AiError::GameOver(pos.repetition_outcome()));
        }
        let start = Instant::now();
        if tables {
            crate::tables::prepare(pos);
            if let Some((i, v)) = root.table_move() {
                return Ok(table_result(root, i, v, start, &mut on_info));
            }
        }
        let mut rng = Rng::new(seed.unwrap_or(0) ^ pos.key());
        // Weaker levels sometimes overlook a longer capture where shorter ones are legal.
        if miss > 0 && rng.below(100) < miss as u64 {
            let shortest = moves
                .iter()
                .filter(|m| m.is_capture())
                .map(|m| m.jumps)
                .min();
            if let Some(short) = shortest {
                if moves.iter().any(|m| m.jumps > short) {
                    moves.retain(|m| !m.is_capture() || m.jumps == short);
                }
            }
        }
        let noise_of: Vec<i32> = moves
            .iter()
            .map(|_| {
                if noise > 0 {
                    rng.below(2 * noise as u64 + 1) as i32 - noise
                } else {
                    0
                }
            })
            .collect();
        let weights = self
            .weights
            .unwrap_or(*eval::weights_for(pos.rules().game()));
        let mut s = Search::new(&mut self.tt, stop, history, pos);
        s.weights = weights;
        s.alarm = alarm;
        s.node_limit = limits.nodes.unwrap_or(u64::MAX);
        if tables {
            let ready = crate::tables::Ready::now(*pos.rules());
            s.tables = (!ready.is_empty()).then_some(ready);
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64) as i32;
        let mut best: Option<(usize, SearchInfo)> = None;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        // A seeded game (the app's levels) searches the root moves in a shuffled first
        // order: of moves that score exactly the same at every depth the first searched is
        // kept, so each game's seed picks among them. No strength is lost, and the same
        // seed plays the same game.
        if seed.is_some() {
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
        }
        // Variety (no noise, the opening only): the same margin at every depth.
        let margin = if noise > 0 || history.len() >= VARIETY_PLIES {
            0
        } else {
            limits.variety
        };
        for depth in 1..=max_depth {
            let ordered: Vec<Move> = order.iter().map(|&i| moves[i]).collect();
            let noise_ordered: Vec<i32> = order.iter().map(|&i| noise_of[i]).collect();
            let search::RootScores { scored, near } =
                s.root(pos, &ordered, depth, &noise_ordered, noise > 0, margin);
            if s.aborted.is_some() && scored.is_empty() {
                break;
            }
            // A partial iteration still improves on the last one when its first (previous
            // best) move was searched: keep its best.
            let (mut score, idx) = scored[0];
            let mut chosen = order[idx];
            // Variety: the seed picks among the best and the moves within the margin of it
            // (never when the best wins or the others' bounds are far from it). Drawn per
            // iteration, so the pick stays reproducible whatever depth is reached.
            if !near.is_empty() && score.abs() < WIN_BOUND {
                let pick = rng.below(near.len() as u64 + 1) as usize;
                if let Some(&(lower, i)) = near.get(pick) {
                    score = lower;
                    chosen = order[i];
                }
            }
            let time = start.elapsed();
            let info = SearchInfo {
                depth: depth as u32,
                seldepth: s.seldepth as u32,
                score: score - noise_of[chosen],
                nodes: s.nodes,
                nps: (s.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64,
                time,
                pv: s.pv(pos, &moves[chosen], depth as usize + 4),
            };
            let complete = s.aborted.is_none();
            if complete {
                on_info(&info);
            }
            best = Some((chosen, info));
            if !complete {
                break;
            }
            // Searched moves first next time, best first.
            let mut next: Vec<usize> = scored.iter().map(|&(_, i)| order[i]).collect();
            for &i in &order {
                if !next.contains(&i) {
                    next.push(i);
                }
            }
            order = next;
            if moves.len() == 1 || (score.abs() > WIN_BOUND && depth > MATE - score.abs()) {
                break;
            }
            if limits
                .movetime
                .is_some_and(|t| start.elapsed() * 2 > t && depth >= 2)
            {
                break; // the next iteration would not finish in time
            }
        }
        if s.aborted == Some(Abort::Cancelled) {
            return Err(AiError::Cancelled);
        }
        let (chosen, info) = match best {
            Some(b) => b,
            // Out of budget before the first iteration ended: the first ordered move.
            None => (
                0,
                SearchInfo {
                    depth: 0,
                    seldepth: 0,
                    score: 0,
                    nodes: s.nodes,
                    nps: 0,
                    time: start.elapsed(),
                    pv: vec![moves[0]],
                },
            ),
        };
        Ok(SearchResult {
            best: moves[chosen],
            info,
        })
    }
}

/// How a player searches beyond its limits.
struct How {
    /// Root noise, hundredths of a man.
    noise: i32,
    /// The chance (percent) to overlook a longer capture.
    miss: u32,
    /// The seed, where the player draws on it.
    seed: Option<u64>,
    /// Whether the endgame tables choose at the root and score in the tree.
    tables: bool,
}

/// The tables' move at the root, reported as a one-ply search that found it.
fn table_result<F: FnMut(&SearchInfo)>(
    root: &Root,
    i: usize,
    v: crate::tables::Value,
    start: Instant,
    on_info: &mut F,
) -> SearchResult {
    let best = root.moves[i];
    let info = SearchInfo {
        depth: 1,
        seldepth: 1,
        score: search::table_score(v, 0),
        nodes: 0,
        nps: 0,
        time: start.elapsed(),
        pv: vec![best],
    };
    on_info(&info);
    SearchResult { best, info }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::VARIETY;
    use crate::position::Position;
    use crate::rules::{GameId, Rules};
    use crate::session::Session;

    const ZAMMA_MIDDLE: &str = "W:Wa1,a2,b1,b2,c1,c3,d2,d4,e1,e3,f1,f2,g1,g2,h1,h3,i1,i2:\
                                Ba9,a8,b9,b8,c7,c9,d8,e9,e7,f9,f8,g9,g8,h9,h7,i9,i8";

    // Issue 24: the top levels vary among moves within the margin of the best, by seed.
    #[test]
    fn variety_picks_among_moves_within_the_margin_by_seed() {
        for game in [GameId::Turkish, GameId::Zamma] {
            // Zamma's start has four moves and one clearly best: the bench's middle game.
            let rules = Rules::new(game);
            let session = match game {
                GameId::Zamma => Session::from_record(crate::GameRecord::from_position(
                    Position::from_code(rules, ZAMMA_MIDDLE).unwrap(),
                )),
                _ => Session::new(rules),
            };
            let root = Root::of(&session).unwrap();
            let stop = AtomicBool::new(false);
            let varied = Limits {
                variety: VARIETY,
                ..Limits::depth(5)
            };
            let mut e = Engine::new(8);
            let mut pick = |seed| {
                e.clear();
                e.play(&root, Player::Limits(varied), seed, &stop, |_| {})
                    .unwrap()
                    .best
            };
            let picks: Vec<Move> = (0..24).map(&mut pick).collect();
            // The same seed, the same move.
            assert_eq!(picks[3], pick(3), "{game:?}");
            let distinct: std::collections::HashSet<Move> = picks.iter().copied().collect();
            assert!(distinct.len() > 1, "{game:?}: 24 seeds, one move");
            // Each pick scores within the margin of the best, by an exact search of each
            // (every root move searched with a full window: no bounds).
            let mut exact = Engine::new(8);
            let best = exact
                .play(&root, Player::Limits(Limits::depth(5)), 0, &stop, |_| {})
                .unwrap()
                .info
                .score;
            for m in distinct {
                let mut after = session.clone();
                let legal = after
                    .legal_moves()
                    .iter()
                    .find(|d| d.mv == m)
                    .unwrap()
                    .clone();
                after.play(&legal.mv).unwrap();
                exact.clear();
                let reply = exact
                    .play(
                        &Root::of(&after).unwrap(),
                        Player::Limits(Limits::depth(4)),
                        0,
                        &stop,
                        |_| {},
                    )
                    .unwrap()
                    .info
                    .score;
                assert!(
                    -reply >= best - VARIETY,
                    "{game:?}: {} scores {} against the best {best}",
                    legal.notation,
                    -reply
                );
            }
        }
    }

    // Issue 24: variety is for the opening only (VARIETY_PLIES); later the best is played.
    #[test]
    fn variety_ends_with_the_opening() {
        let mut session = Session::new(Rules::new(GameId::Turkish));
        let stop = AtomicBool::new(false);
        let mut e = Engine::new(8);
        while session.record().ply() < VARIETY_PLIES {
            let root = Root::of(&session).unwrap();
            let m = e
                .play(&root, Player::Limits(Limits::depth(3)), 0, &stop, |_| {})
                .unwrap()
                .best;
            session.play(&m).unwrap();
        }
        let root = Root::of(&session).unwrap();
        e.clear();
        let best = e
            .play(&root, Player::Limits(Limits::depth(5)), 0, &stop, |_| {})
            .unwrap()
            .info
            .score;
        let varied = Limits {
            variety: VARIETY,
            ..Limits::depth(5)
        };
        for seed in 0..8 {
            e.clear();
            let r = e
                .play(&root, Player::Limits(varied), seed, &stop, |_| {})
                .unwrap();
            assert_eq!(r.info.score, best, "seed {seed}: a move below the best");
        }
    }

    #[test]
    fn the_random_player_follows_its_seed() {
        let game = Session::new(Rules::new(GameId::Zamma));
        let root = Root::of(&game).unwrap();
        let mut e = Engine::new(1);
        let stop = AtomicBool::new(false);
        let pick = |e: &mut Engine, seed| e.play(&root, Player::Random, seed, &stop, |_| {});
        let a = pick(&mut e, 5).unwrap().best;
        assert_eq!(a, pick(&mut e, 5).unwrap().best);
        assert!(root.moves().contains(&a));
        let picks: std::collections::HashSet<Move> =
            (0..40).map(|s| pick(&mut e, s).unwrap().best).collect();
        assert!(picks.len() > 1, "forty seeds, one move");
    }
}
