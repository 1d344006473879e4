//! Which game is played and with which rule options (`key=value`, rule book R-T8, R-T10,
//! R-T12, R-Z4, R-Z9, R-Z13..R-Z15).

use crate::geometry::{BoardKind, Geometry};
use crate::quote::Quote;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

mod options;
pub use options::{
    help as options_help, options_of, OptionValue, RuleOption, RuleOptions, OPTIONS,
};

/// One of the two sides.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// Starts at the bottom (ranks 1, 2, …).
    #[default]
    White = 0,
    /// Starts at the top.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// `white` or `black`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The games of the rule book.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum GameId {
    /// Turkish Dama (R-T*).
    Turkish,
    /// Zamma on the 9×9 alquerque board.
    Zamma,
    /// Zamma with deferred removal (R-Z12).
    Damma,
    /// Zamma's rules on the 5×5 board.
    Fetaix,
    /// Zamma's rules on the 41-point board.
    Kharbaga,
}

impl GameId {
    /// Every game, in menu order.
    pub const ALL: [GameId; 5] = [
        GameId::Turkish,
        GameId::Zamma,
        GameId::Damma,
        GameId::Fetaix,
        GameId::Kharbaga,
    ];

    /// The identifier used on the command line and in files.
    pub const fn id(self) -> &'static str {
        match self {
            GameId::Turkish => "turkish",
            GameId::Zamma => "zamma",
            GameId::Damma => "damma",
            GameId::Fetaix => "fetaix",
            GameId::Kharbaga => "kharbaga",
        }
    }

    /// The name shown to players.
    pub const fn display_name(self) -> &'static str {
        match self {
            GameId::Turkish => "Turkish Dama",
            GameId::Zamma => "Zamma",
            GameId::Damma => "Damma",
            GameId::Fetaix => "Fetaix",
            GameId::Kharbaga => "Kharbaga",
        }
    }

    /// Other names the game is known by (Zamma is also called Srand or Dhamet).
    pub const fn also_known_as(self) -> &'static [&'static str] {
        match self {
            GameId::Zamma => &["Srand", "Dhamet"],
            _ => &[],
        }
    }

    /// `true` for Zamma, Damma, Fetaix and Kharbaga.
    pub const fn is_zamma_family(self) -> bool {
        matches!(self.family(), Family::Zamma)
    }

    /// The rule family of the game.
    #[inline]
    pub const fn family(self) -> Family {
        match self {
            GameId::Turkish => Family::Turkish,
            _ => Family::Zamma,
        }
    }

    /// The board this game is played on.
    pub const fn board(self) -> BoardKind {
        match self {
            GameId::Turkish => BoardKind::Squares8,
            GameId::Zamma | GameId::Damma => BoardKind::Alquerque9,
            GameId::Fetaix => BoardKind::Alquerque5,
            GameId::Kharbaga => BoardKind::Kharbaga,
        }
    }

    /// Pieces per side at the start (also the most a position code may hold).
    pub const fn pieces_per_side(self) -> u32 {
        match self {
            GameId::Turkish => 16,
            GameId::Zamma | GameId::Damma => 40,
            GameId::Fetaix => 12,
            GameId::Kharbaga => 20,
        }
    }
}

/// The two rule families. Everything that differs between Turkish Dama and the Zamma family
/// is answered here, so the rest of the code asks a question instead of testing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Turkish Dama (R-T).
    Turkish,
    /// Zamma, Damma, Fetaix and Kharbaga (R-Z).
    Zamma,
}

impl Family {
    /// Capturing is compulsory whatever the options (R-T6); in the Zamma family only with
    /// `capture=compulsory` (R-Z13).
    #[inline]
    pub const fn capture_always_forced(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// A man's move resets the clock (R-T11: 50 plies without capture or man move); in the
    /// Zamma family only a capture does (R-Z17).
    #[inline]
    pub const fn man_moves_reset_clock(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// Repetition, the clock and both sides blocked are decided by count (R-Z16, R-Z17,
    /// R-Z18); in Turkish Dama repetition and the clock draw (R-T11).
    #[inline]
    pub const fn decided_by_count(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// One piece each ends the game at once (R-T10, R-T11).
    #[inline]
    pub const fn one_piece_each_ends(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// Each side's previous move is remembered (R-Z6) and a huff may be pending (R-Z14).
    #[inline]
    pub const fn has_move_memory(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// The players choose who starts (R-Z4); in Turkish Dama White does (R-T2).
    #[inline]
    pub const fn first_player_chosen(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// Men move and capture forward and sideways only (R-T3); Zamma men capture backward
    /// too (R-Z7) and move along diagonals where the board has them.
    #[inline]
    pub const fn orthogonal_only(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// A man standing on its far row has already been crowned (R-T8); a Zamma man may stand
    /// there uncrowned (R-Z9).
    #[inline]
    pub const fn crowns_on_arrival(self) -> bool {
        matches!(self, Family::Turkish)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for GameId {
    type Err = RulesError;
    fn from_str(s: &str) -> Result<Self, RulesError> {
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == s)
            .ok_or_else(|| RulesError::UnknownGame(s.to_string()))
    }
}

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

/// A problem with a game id or a rule option.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RulesError {
    /// The game id is not one of `turkish`, `zamma`, `damma`, `fetaix`, `kharbaga`.
    UnknownGame(String),
    /// The option is not written `key=value`.
    NotKeyValue(String),
    /// The game has no option with this key.
    UnknownOption {
        /// The game.
        game: GameId,
        /// The key given.
        key: String,
    },
    /// The option exists but not with this value.
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// The values allowed (`a|b`).
        allowed: String,
    },
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::UnknownGame(g) => write!(
                f,
                "unknown game '{}' (expected turkish, zamma, damma, fetaix or kharbaga)",
                Quote(g)
            ),
            RulesError::NotKeyValue(s) => {
                write!(f, "option '{}' is not written key=value", Quote(s))
            }
            RulesError::UnknownOption { game, key } => {
                write!(f, "{game} has no option '{}'", Quote(key))
            }
            RulesError::BadValue {
                key,
                value,
                allowed,
            } => write!(f, "option {key}={}: expected {key}={allowed}", Quote(value)),
        }
    }
}

impl std::error::Error for RulesError {}

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
