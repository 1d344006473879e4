//! Which game is played and with which rule options (`key=value`, rule book R-T8, R-T10,
//! R-T12, R-Z4, R-Z9, R-Z13..R-Z15).
//!
//! Here the rules in force ([`Rules`]); beside them the sides (`rules/color.rs`), the games
//! (`game.rs`) and their families (`family.rs`), the option table (`options.rs`) and the
//! errors (`error.rs`).

use crate::geometry::Geometry;
use serde::{Deserialize, Serialize};
use std::fmt;

mod color;
mod error;
mod family;
mod game;
mod options;
pub use color::Color;
pub use error::RulesError;
pub use family::Family;
pub use game::GameId;
pub use options::{
    help as options_help, options_of, OptionValue, RuleOption, RuleOptions, OPTIONS,
};

/// Capture obligation in the Zamma family.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptureRule {
    /// Capturing is optional and may stop after any jump (R-Z8).
    #[default]
    Free,
    /// Maximum capture is compulsory (R-Z13).
    Compulsory,
    /// Optional, but an under-capture makes pieces liable to removal (R-Z14).
    Huffing,
}

/// A game together with every rule option in force. Small and `Copy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    game: GameId,
    /// Turkish R-T8 option: crown at the end of the move instead of mid-capture.
    pub(crate) promotion_at_end: bool,
    /// Turkish R-T10 option: one piece each is a draw.
    pub(crate) lone_man_draw: bool,
    /// Zamma family capture obligation.
    pub(crate) capture: CaptureRule,
    /// Zamma family R-Z15.
    pub(crate) no_return_to_start: bool,
    /// Zamma family R-Z9 option: every move that ends on the far row promotes.
    pub(crate) any_arrival: bool,
    /// Zamma family R-Z4: who moves first from the start position.
    pub(crate) first: Color,
}

impl Rules {
    /// The game with its default rules.
    pub const fn new(game: GameId) -> Rules {
        Rules {
            game,
            promotion_at_end: false,
            lone_man_draw: false,
            capture: CaptureRule::Free,
            no_return_to_start: false,
            any_arrival: false,
            first: Color::White,
        }
    }

    /// The game with options given as `key=value` strings, applied in order.
    pub fn with_options<S: AsRef<str>>(game: GameId, options: &[S]) -> Result<Rules, RulesError> {
        let mut r = Rules::new(game);
        for o in options {
            r.set_option(o.as_ref())?;
        }
        Ok(r)
    }

    /// Parses `game` and `options` in one go.
    pub fn parse<S: AsRef<str>>(game: &str, options: &[S]) -> Result<Rules, RulesError> {
        Rules::with_options(game.parse()?, options)
    }

    /// The game.
    #[inline]
    pub const fn game(&self) -> GameId {
        self.game
    }

    /// The rule family (see [`Family`]).
    #[inline]
    pub const fn family(&self) -> Family {
        self.game.family()
    }

    /// A capture must be made when one exists (R-T6, R-Z13).
    #[inline]
    pub fn capture_forced(&self) -> bool {
        self.family().capture_always_forced() || self.capture == CaptureRule::Compulsory
    }

    /// The board geometry of the game.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::of(self.game.board())
    }

    /// Turkish: a man crowned mid-capture keeps capturing as a man (`promotion=at-end`).
    pub const fn promotion_at_end(&self) -> bool {
        self.promotion_at_end
    }

    /// Turkish: one piece each is a draw (`lone-man=draw`).
    pub const fn lone_man_draw(&self) -> bool {
        self.lone_man_draw
    }

    /// Zamma family capture obligation.
    pub const fn capture(&self) -> CaptureRule {
        self.capture
    }

    /// Zamma family: `no-return-to-start=on`.
    pub const fn no_return_to_start(&self) -> bool {
        self.no_return_to_start
    }

    /// Zamma family: `promotion=any-arrival`.
    pub const fn any_arrival(&self) -> bool {
        self.any_arrival
    }

    /// Who moves first from the start position.
    pub const fn first(&self) -> Color {
        self.first
    }

    /// Damma keeps captured pieces on the board until the move ends (R-Z12).
    #[inline]
    pub const fn deferred_removal(&self) -> bool {
        matches!(self.game, GameId::Damma)
    }

    /// Plies without progress after which the clock ends the game (R-T11: 50, R-Z17: 40).
    #[inline]
    pub const fn clock_limit(&self) -> u16 {
        if matches!(self.family(), Family::Zamma) {
            40
        } else {
            50
        }
    }
}

impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.game)?;
        for o in self.options() {
            write!(f, " {o}")?;
        }
        Ok(())
    }
}

/// The options a game offers, each value as `key=value` with one line for players (from
/// the table, [`OPTIONS`]).
pub fn option_descriptions(game: GameId) -> Vec<(String, &'static str)> {
    options_of(game)
        .flat_map(|o| {
            o.values
                .iter()
                .map(move |v| (format!("{}={}", o.key, v.name), v.description))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_and_print() {
        let r = Rules::parse("turkish", &["preset=federation"]).unwrap(); // R-T12
        assert!(r.promotion_at_end() && r.lone_man_draw());
        assert_eq!(r.options(), vec!["promotion=at-end", "lone-man=draw"]);
        let r = Rules::parse("zamma", &["capture=huffing", "first=black"]).unwrap();
        assert_eq!(r.capture(), CaptureRule::Huffing);
        assert_eq!(r.first(), Color::Black);
        assert!(Rules::with_options(GameId::Zamma, &r.options()).unwrap() == r);
    }

    #[test]
    fn options_a_game_does_not_have_are_errors() {
        assert!(matches!(
            Rules::parse("turkish", &["capture=huffing"]),
            Err(RulesError::UnknownOption { .. })
        ));
        assert!(matches!(
            Rules::parse("zamma", &["promotion=at-end"]),
            Err(RulesError::BadValue { .. })
        ));
        assert!(matches!(
            Rules::parse("zamma", &["huffing"]),
            Err(RulesError::NotKeyValue(_))
        ));
        assert!(matches!(
            Rules::parse("chess", &[] as &[&str]),
            Err(RulesError::UnknownGame(_))
        ));
    }

    // R-T8, R-T10, R-T12, R-Z4, R-Z9, R-Z13..R-Z15: every value of the table parses, prints
    // back (presets as what they set) and survives the typed form.
    #[test]
    fn every_option_of_the_table_round_trips() {
        for &game in &GameId::ALL {
            let mut seen = 0;
            for o in options_of(game) {
                for (i, val) in o.values.iter().enumerate() {
                    let text = format!("{}={}", o.key, val.name);
                    let r = Rules::with_options(game, &[&text]).unwrap();
                    assert_eq!(o.value_in(&r), i, "{game} {text}");
                    if o.stored {
                        assert_eq!(r.options().contains(&text), i != 0, "{game} {text}");
                    }
                    assert_eq!(Rules::with_options(game, &r.options()).unwrap(), r);
                    assert_eq!(Rules::from_options(game, &r.rule_options()).unwrap(), r);
                    assert!(options_help().contains(val.name));
                    seen += 1;
                }
            }
            assert!(seen >= 6, "{game}: {seen} values");
            assert_eq!(option_descriptions(game).len(), seen);
        }
    }

    #[test]
    fn a_typed_option_the_game_does_not_have_is_an_error() {
        let huffing = RuleOptions {
            capture: CaptureRule::Huffing,
            ..RuleOptions::default()
        };
        assert!(matches!(
            Rules::from_options(GameId::Turkish, &huffing),
            Err(RulesError::UnknownOption { .. })
        ));
        let at_end = RuleOptions {
            promotion_at_end: true,
            ..RuleOptions::default()
        };
        assert!(Rules::from_options(GameId::Zamma, &at_end).is_err());
        assert_eq!(
            Rules::from_options(GameId::Zamma, &huffing)
                .unwrap()
                .capture(),
            CaptureRule::Huffing
        );
        assert_eq!(
            Rules::from_options(GameId::Damma, &RuleOptions::default()).unwrap(),
            Rules::new(GameId::Damma)
        );
    }

    // R-T8, R-Z13: a settings screen sets options by the table's index, keeps the other
    // family's choices, and a game takes only its own.
    #[test]
    fn options_set_by_index_keep_the_other_familys_choices() {
        let mut chosen = RuleOptions::default();
        for &game in &GameId::ALL {
            for o in options_of(game).filter(|o| o.stored) {
                let mut r = Rules::with_own_options(game, &chosen);
                let last = o.values.len() - 1;
                o.apply(&mut r, last).unwrap();
                assert_eq!(o.value_in(&r), last, "{game} {}", o.key);
                assert!(o.apply(&mut r, last + 1).is_err());
                chosen = chosen.updated_from(&r);
                assert_eq!(Rules::with_own_options(game, &chosen), r);
            }
        }
        // Both families' last values are kept, and each game takes its own.
        assert!(chosen.promotion_at_end && chosen.lone_man_draw);
        assert_eq!(chosen.capture, CaptureRule::Huffing);
        let t = Rules::with_own_options(GameId::Turkish, &chosen);
        assert_eq!(t.capture(), Rules::new(GameId::Turkish).capture());
        assert!(t.promotion_at_end());
        let z = Rules::with_own_options(GameId::Kharbaga, &chosen);
        assert!(!z.promotion_at_end() && z.capture() == CaptureRule::Huffing);
        // An option of the other family is refused.
        let capture = options_of(GameId::Zamma)
            .find(|o| o.key == "capture")
            .unwrap();
        assert!(capture.apply(&mut Rules::new(GameId::Turkish), 1).is_err());
    }
}
