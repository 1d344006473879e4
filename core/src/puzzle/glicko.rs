//! Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012): the player's
//! puzzle rating and each puzzle's difficulty, both moved by every attempt.

use serde::{Deserialize, Serialize};

/// The scale factor between the Glicko and Glicko-2 scales.
const SCALE: f64 = 173.7178;
/// The rating of a newcomer.
pub const START: f64 = 1500.0;
/// How uncertain a newcomer's rating is (the rating deviation).
const START_DEVIATION: f64 = 350.0;
/// A newcomer's volatility.
const START_VOLATILITY: f64 = 0.06;
/// The system constant τ: how much the volatility may change (Glickman: 0.3 to 1.2; lichess
/// uses 0.75).
const TAU: f64 = 0.75;
/// How uncertain a puzzle's bank rating is when first met: the maker rated it from its
/// search depth alone, so it starts less settled than a player who has played, more than a
/// newcomer's.
pub const PUZZLE_DEVIATION: f64 = 250.0;
/// The deviation never falls below this, so that a rating keeps moving (lichess: 45).
const MIN_DEVIATION: f64 = 45.0;

/// One rating on the Glicko scale (1500 for a newcomer).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating.
    pub rating: f64,
    /// Its deviation: about how far the true strength may be from it.
    pub deviation: f64,
    /// Its volatility: how erratic the results have been.
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::new(START, START_DEVIATION)
    }
}

/// The result of one game (or one puzzle attempt) for the side being rated.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// Won (the puzzle solved).
    Win,
    /// Drawn.
    Draw,
    /// Lost (the puzzle missed).
    Loss,
}

impl Score {
    fn value(self) -> f64 {
        match self {
            Score::Win => 1.0,
            Score::Draw => 0.5,
            Score::Loss => 0.0,
        }
    }

    /// The same game seen from the other side.
    pub fn reversed(self) -> Score {
        match self {
            Score::Win => Score::Loss,
            Score::Draw => Score::Draw,
            Score::Loss => Score::Win,
        }
    }
}

impl Rating {
    /// A rating with the newcomer's volatility.
    pub fn new(rating: f64, deviation: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility: START_VOLATILITY,
        }
    }

    /// The rating rounded for showing.
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Whether the rating is still provisional (lichess shows a "?" above 110).
    pub fn provisional(&self) -> bool {
        self.deviation > 110.0
    }

    /// The rating after one rating period with `games` (each an opponent and the result),
    /// step by step as in Glickman's example. With no games only the deviation grows.
    pub fn after(&self, games: &[(Rating, Score)]) -> Rating {
        self.after_with(games, TAU, MIN_DEVIATION)
    }

    fn after_with(&self, games: &[(Rating, Score)], tau: f64, min_deviation: f64) -> Rating {
        // Step 2: to the Glicko-2 scale.
        let mu = (self.rating - START) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi * SCALE).min(START_DEVIATION),
                ..*self
            };
        }
        let g = |phi: f64| 1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI.powi(2))).sqrt();
        let e = |mu: f64, mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        // Step 3: the estimated variance; step 4: the estimated improvement.
        let mut inv_v = 0.0;
        let mut sum = 0.0;
        for (o, s) in games {
            let (mu_j, phi_j) = ((o.rating - START) / SCALE, o.deviation / SCALE);
            let (gj, ej) = (g(phi_j), e(mu, mu_j, phi_j));
            inv_v += gj * gj * ej * (1.0 - ej);
            sum += gj * (s.value() - ej);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (tau * tau)
        };
        let epsilon = 0.000_001;
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * tau) < 0.0 {
                k += 1.0;
            }
            a - k * tau
        };
        let (mut fa, mut fb) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > epsilon {
            let c = big_a + (big_a - big_b) * fa / (fb - fa);
            let fc = f(c);
            if fc * fb <= 0.0 {
                big_a = big_b;
                fa = fb;
            } else {
                fa /= 2.0;
            }
            big_b = c;
            fb = fc;
        }
        let sigma = (big_a / 2.0).exp();
        // Steps 6 to 8: the new deviation and rating, back on the Glicko scale.
        let phi_star = (phi * phi + sigma * sigma).sqrt();
        let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu = mu + phi * phi * sum;
        Rating {
            rating: mu * SCALE + START,
            deviation: (phi * SCALE).clamp(min_deviation, START_DEVIATION),
            volatility: sigma,
        }
    }
}

/// A first attempt at a puzzle whose bank rating is `start`: the player's rating and the
/// puzzle's after it (the puzzle starting from `start` with [`PUZZLE_DEVIATION`]).
pub fn first_attempt(player: Rating, start: u16, solved: bool) -> (Rating, Rating) {
    attempt(player, Rating::new(start as f64, PUZZLE_DEVIATION), solved)
}

/// One puzzle attempt: the player's rating and the puzzle's, both moved (each counts the
/// attempt as one game against the other, as lichess rates its puzzles).
pub fn attempt(player: Rating, puzzle: Rating, solved: bool) -> (Rating, Rating) {
    let score = if solved { Score::Win } else { Score::Loss };
    (
        player.after(&[(puzzle, score)]),
        puzzle.after(&[(player, score.reversed())]),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example (section "Example calculation"): a 1500 player, deviation
    /// 200, volatility 0.06, τ 0.5, beats a 1400 (30), loses to a 1550 (100) and a 1700 (300):
    /// 1464.06, deviation 151.52, volatility 0.05999.
    #[test]
    fn glickmans_example() {
        let player = Rating::new(1500.0, 200.0);
        let games = [
            (Rating::new(1400.0, 30.0), Score::Win),
            (Rating::new(1550.0, 100.0), Score::Loss),
            (Rating::new(1700.0, 300.0), Score::Loss),
        ];
        let r = player.after_with(&games, 0.5, 0.0);
        assert!((r.rating - 1464.06).abs() < 0.01, "{r:?}");
        assert!((r.deviation - 151.52).abs() < 0.01, "{r:?}");
        assert!((r.volatility - 0.05999).abs() < 0.00001, "{r:?}");
    }

    #[test]
    fn solving_raises_the_player_and_lowers_the_puzzle() {
        let (p, q) = attempt(Rating::default(), Rating::new(1500.0, 200.0), true);
        assert!(p.rating > START && q.rating < START);
        assert!(p.deviation < START_DEVIATION);
        let (p, q) = attempt(Rating::default(), Rating::new(1500.0, 200.0), false);
        assert!(p.rating < START && q.rating > START);
    }

    #[test]
    fn a_hard_puzzle_missed_costs_little_and_an_easy_one_much() {
        let me = Rating::new(1500.0, 100.0);
        let (hard, _) = attempt(me, Rating::new(2000.0, 80.0), false);
        let (easy, _) = attempt(me, Rating::new(1000.0, 80.0), false);
        assert!(me.rating - hard.rating < me.rating - easy.rating);
    }

    #[test]
    fn the_deviation_stays_within_its_bounds() {
        let mut me = Rating::default();
        for i in 0..500 {
            (me, _) = attempt(me, Rating::new(1500.0, 60.0), i % 2 == 0);
        }
        // One attempt per period: the deviation settles where each attempt's information
        // balances the volatility added (about 60), never below the floor.
        assert!(
            me.deviation >= MIN_DEVIATION && me.deviation < 100.0,
            "{me:?}"
        );
        assert!(
            (me.rating - 1500.0).abs() < 50.0,
            "half won against 1500: {me:?}"
        );
        assert!(Rating::new(1500.0, 340.0).after(&[]).deviation <= START_DEVIATION);
    }
}
