//! The rule options, in one table: each option's key, its values (the default first), the
//! rule it changes and a line for players. Parsing `key=value`, printing the options in
//! force, the `dama` help, the FFI's game list and the typed [`RuleOptions`] all read it.

use super::{CaptureRule, Color, Family, GameId, Rules, RulesError};

/// One value of an option.
#[derive(Debug)]
pub struct OptionValue {
    /// As written after `=`.
    pub name: &'static str,
    /// One line for players.
    pub description: &'static str,
}

/// One rule option of a family of games.
#[derive(Debug)]
pub struct RuleOption {
    /// As written before `=`.
    pub key: &'static str,
    /// The games that have it.
    pub family: Family,
    /// The rule book's section (`R-T8`).
    pub rule: &'static str,
    /// The values, the default first.
    pub values: &'static [OptionValue],
    /// `false` for a preset, which sets other options and is never printed back.
    pub stored: bool,
    get: fn(&Rules) -> usize,
    set: fn(&mut Rules, usize),
}

impl RuleOption {
    /// The values as an error message lists them (`a|b`).
    pub fn allowed(&self) -> String {
        let names: Vec<&str> = self.values.iter().map(|v| v.name).collect();
        names.join("|")
    }

    /// The index of the value in force in `rules`.
    pub fn value_in(&self, rules: &Rules) -> usize {
        (self.get)(rules)
    }

    /// Sets the value at `index` (of [`RuleOption::values`]) in `rules`: the typed form of
    /// `key=value`, for a settings screen that lists the table's values.
    pub fn apply(&self, rules: &mut Rules, index: usize) -> Result<(), RulesError> {
        if rules.game().family() != self.family {
            return Err(RulesError::UnknownOption {
                game: rules.game(),
                key: self.key.to_string(),
            });
        }
        if index >= self.values.len() {
            return Err(RulesError::BadValue {
                key: self.key.to_string(),
                value: index.to_string(),
                allowed: self.allowed(),
            });
        }
        (self.set)(rules, index);
        Ok(())
    }
}

const fn v(name: &'static str, description: &'static str) -> OptionValue {
    OptionValue { name, description }
}

/// Every rule option of every game.
pub static OPTIONS: &[RuleOption] = &[
    RuleOption {
        key: "promotion",
        family: Family::Turkish,
        rule: "R-T8",
        values: &[
            v(
                "immediate",
                "A man crowned during a capture goes on as a king",
            ),
            v(
                "at-end",
                "A man crowned during a capture finishes it as a man (federation rule)",
            ),
        ],
        stored: true,
        get: |r| r.promotion_at_end as usize,
        set: |r, i| r.promotion_at_end = i == 1,
    },
    RuleOption {
        key: "lone-man",
        family: Family::Turkish,
        rule: "R-T10",
        values: &[
            v("win", "A king beats a lone man"),
            v(
                "draw",
                "One piece each is a draw; otherwise a king beats a lone man",
            ),
        ],
        stored: true,
        get: |r| r.lone_man_draw as usize,
        set: |r, i| r.lone_man_draw = i == 1,
    },
    RuleOption {
        key: "preset",
        family: Family::Turkish,
        rule: "R-T12",
        values: &[
            v("seed", "The rules as the seed document gives them"),
            v(
                "federation",
                "Both federation rules: crowning at the end, one piece each draws",
            ),
        ],
        stored: false,
        get: |r| (r.promotion_at_end && r.lone_man_draw) as usize,
        set: |r, i| {
            r.promotion_at_end = i == 1;
            r.lone_man_draw = i == 1;
        },
    },
    RuleOption {
        key: "capture",
        family: Family::Zamma,
        rule: "R-Z8, R-Z13, R-Z14",
        values: &[
            v("free", "Capturing is optional and may stop after any jump"),
            v("compulsory", "You must capture, taking the most pieces"),
            v(
                "huffing",
                "Capture less than the most and the opponent removes one of your pieces",
            ),
        ],
        stored: true,
        get: |r| match r.capture {
            CaptureRule::Free => 0,
            CaptureRule::Compulsory => 1,
            CaptureRule::Huffing => 2,
        },
        set: |r, i| {
            r.capture = [
                CaptureRule::Free,
                CaptureRule::Compulsory,
                CaptureRule::Huffing,
            ][i]
        },
    },
    RuleOption {
        key: "no-return-to-start",
        family: Family::Zamma,
        rule: "R-Z15",
        values: &[
            v("off", "A capture may end where it began"),
            v(
                "on",
                "A capture of two or more jumps may not end where it began",
            ),
        ],
        stored: true,
        get: |r| r.no_return_to_start as usize,
        set: |r, i| r.no_return_to_start = i == 1,
    },
    RuleOption {
        key: "promotion",
        family: Family::Zamma,
        rule: "R-Z9",
        values: &[
            v(
                "capture-end",
                "A man is crowned when a capture ends on the far row",
            ),
            v(
                "any-arrival",
                "Any move that ends on the far row crowns a man, not only captures",
            ),
        ],
        stored: true,
        get: |r| r.any_arrival as usize,
        set: |r, i| r.any_arrival = i == 1,
    },
    RuleOption {
        key: "first",
        family: Family::Zamma,
        rule: "R-Z4",
        values: &[
            v("white", "White moves first"),
            v("black", "Black moves first"),
        ],
        stored: true,
        get: |r| (r.first == Color::Black) as usize,
        set: |r, i| r.first = if i == 1 { Color::Black } else { Color::White },
    },
];

/// The options `game` offers.
pub fn options_of(game: GameId) -> impl Iterator<Item = &'static RuleOption> {
    OPTIONS.iter().filter(move |o| o.family == game.family())
}

impl Rules {
    /// Applies one `key=value` option.
    pub fn set_option(&mut self, option: &str) -> Result<(), RulesError> {
        let (key, value) = option
            .split_once('=')
            .map(|(k, v)| (k.trim(), v.trim()))
            .ok_or_else(|| RulesError::NotKeyValue(option.to_string()))?;
        let spec = options_of(self.game())
            .find(|o| o.key == key)
            .ok_or_else(|| RulesError::UnknownOption {
                game: self.game(),
                key: key.to_string(),
            })?;
        let i = spec
            .values
            .iter()
            .position(|v| v.name == value)
            .ok_or_else(|| RulesError::BadValue {
                key: key.to_string(),
                value: value.to_string(),
                allowed: spec.allowed(),
            })?;
        (spec.set)(self, i);
        Ok(())
    }

    /// The options that differ from the defaults, as canonical `key=value` strings.
    pub fn options(&self) -> Vec<String> {
        options_of(self.game())
            .filter(|o| o.stored)
            .filter_map(|o| {
                let i = (o.get)(self);
                (i != 0).then(|| format!("{}={}", o.key, o.values[i].name))
            })
            .collect()
    }

    /// The game with typed options. An option the game does not have must keep its
    /// default: it is an error, not silently dropped.
    pub fn from_options(game: GameId, options: &RuleOptions) -> Result<Rules, RulesError> {
        let r = Rules::with_all(game, options);
        // Every stored option of the other family must be at its default.
        for o in OPTIONS
            .iter()
            .filter(|o| o.family != game.family() && o.stored)
        {
            let i = (o.get)(&r);
            if i != 0 {
                return Err(RulesError::UnknownOption {
                    game,
                    key: format!("{}={}", o.key, o.values[i].name),
                });
            }
        }
        Ok(r)
    }

    /// The game with those of `options` that it has; the other family's are ignored (a
    /// settings screen keeps the choices of both families).
    pub fn with_own_options(game: GameId, options: &RuleOptions) -> Rules {
        let all = Rules::with_all(game, options);
        let mut r = Rules::new(game);
        for o in options_of(game).filter(|o| o.stored) {
            (o.set)(&mut r, (o.get)(&all));
        }
        r
    }

    /// Every field set from `options`, whether the game has the option or not.
    fn with_all(game: GameId, options: &RuleOptions) -> Rules {
        let mut r = Rules::new(game);
        r.promotion_at_end = options.promotion_at_end;
        r.lone_man_draw = options.lone_man_draw;
        r.capture = options.capture;
        r.no_return_to_start = options.no_return_to_start;
        r.any_arrival = options.any_arrival;
        r.first = options.first;
        r
    }

    /// The options in force, typed.
    pub fn rule_options(&self) -> RuleOptions {
        RuleOptions {
            promotion_at_end: self.promotion_at_end,
            lone_man_draw: self.lone_man_draw,
            capture: self.capture,
            no_return_to_start: self.no_return_to_start,
            any_arrival: self.any_arrival,
            first: self.first,
        }
    }
}

/// Every rule option as a typed value; [`Default`] is the standard rules. Turkish Dama has
/// the first two, the Zamma family the others.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(default)]
pub struct RuleOptions {
    /// Turkish `promotion=at-end` (R-T8).
    pub promotion_at_end: bool,
    /// Turkish `lone-man=draw` (R-T10).
    pub lone_man_draw: bool,
    /// Zamma family `capture=` (R-Z8, R-Z13, R-Z14).
    pub capture: CaptureRule,
    /// Zamma family `no-return-to-start=on` (R-Z15).
    pub no_return_to_start: bool,
    /// Zamma family `promotion=any-arrival` (R-Z9).
    pub any_arrival: bool,
    /// Zamma family `first=` (R-Z4).
    pub first: Color,
}

impl RuleOptions {
    /// These choices with those of `rules`' family replaced by the ones in force in
    /// `rules`; the other family's are kept.
    pub fn updated_from(&self, rules: &Rules) -> RuleOptions {
        let mut all = Rules::with_all(rules.game(), self);
        for o in options_of(rules.game()).filter(|o| o.stored) {
            (o.set)(&mut all, (o.get)(rules));
        }
        all.rule_options()
    }
}

/// The help text of the options, from the table: a line per option, under its family.
pub fn help() -> String {
    let mut out = String::new();
    for (family, name) in [
        (Family::Turkish, "turkish"),
        (Family::Zamma, "zamma family"),
    ] {
        out.push_str(&format!("  {name}:\n"));
        for o in OPTIONS.iter().filter(|o| o.family == family) {
            out.push_str(&format!("    {}={} ({})\n", o.key, o.allowed(), o.rule));
        }
    }
    out
}
