//! The flags every command reads: the game, its options and position, and the AI's limits.

use dama_core::ai::{Limits, Player};
use dama_core::tools::Quote;
use dama_core::{Position, Rules};

/// Options common to every command.
pub(crate) struct Common {
    pub(crate) rules: Rules,
    pub(crate) position: Position,
    pub(crate) depth: Option<u32>,
    pub(crate) paths: bool,
    pub(crate) divide: bool,
    pub(crate) threads: usize,
    /// Flags of the AI commands: (name, value).
    pub(crate) extra: Vec<(String, String)>,
}

impl Common {
    pub(crate) fn get(&self, name: &str) -> Option<&str> {
        self.extra
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    pub(crate) fn number(&self, name: &str) -> Result<Option<u64>, String> {
        self.get(name)
            .map(|v| {
                v.parse::<u64>()
                    .map_err(|_| format!("--{name} needs a number, not '{}'", Quote(v)))
            })
            .transpose()
    }
}

pub(crate) fn parse(args: &[String], wants_depth: bool) -> Result<Common, String> {
    let mut game: Option<String> = None;
    let mut code: Option<String> = None;
    let mut options: Vec<String> = Vec::new();
    let mut depth = None;
    let mut paths = false;
    let mut divide = false;
    let mut threads = 1usize;
    let mut extra = Vec::new();
    let mut i = 0;
    let value = |i: usize, name: &str| -> Result<String, String> {
        args.get(i + 1)
            .cloned()
            .ok_or_else(|| format!("{name} needs a value"))
    };
    while i < args.len() {
        let a = args[i].as_str();
        match a {
            "--game" => {
                game = Some(value(i, a)?);
                i += 1;
            }
            "--position" => {
                code = Some(value(i, a)?);
                i += 1;
            }
            "--option" => {
                options.push(value(i, a)?);
                i += 1;
            }
            "--threads" => {
                threads = value(i, a)?
                    .parse()
                    .ok()
                    .filter(|&n| (1..=256).contains(&n))
                    .ok_or("--threads needs a number from 1 to 256")?;
                i += 1;
            }
            "--level" | "--depth" | "--movetime" | "--nodes" | "--seed" | "--a" | "--b"
            | "--games" | "--count" | "--minutes" | "--verify" | "--from" | "--merge"
            | "--pool" => {
                extra.push((a[2..].to_string(), value(i, a)?));
                i += 1;
            }
            "--keep-all" => extra.push(("keep-all".into(), String::new())),
            "--paths" if wants_depth => paths = true,
            "--divide" if wants_depth => divide = true,
            _ if wants_depth && depth.is_none() && !a.starts_with("--") => {
                depth =
                    Some(a.parse::<u32>().ok().filter(|&d| d <= 64).ok_or_else(|| {
                        format!("depth '{}' is not a number from 0 to 64", Quote(a))
                    })?);
            }
            _ => return Err(format!("unexpected argument '{}'", Quote(a))),
        }
        i += 1;
    }
    let game = game.ok_or("--game is required")?;
    let rules = Rules::parse(&game, &options).map_err(|e| e.to_string())?;
    let position = match code {
        Some(c) => Position::from_code(rules, &c).map_err(|e| format!("position: {e}"))?,
        None => Position::start(rules),
    };
    if wants_depth && depth.is_none() {
        return Err("perft needs a depth".into());
    }
    Ok(Common {
        rules,
        position,
        depth,
        paths,
        divide,
        threads,
        extra,
    })
}

/// The player of `dama go` from its flags (level 8 when none is given).
pub(crate) fn go_player(c: &Common) -> Result<Player, String> {
    let given = ["level", "depth", "movetime", "nodes"]
        .iter()
        .filter(|n| c.get(n).is_some())
        .count();
    if given > 1 {
        return Err("give only one of --level, --depth, --movetime, --nodes".into());
    }
    if let Some(l) = c.number("level")? {
        if !(1..=8).contains(&l) {
            return Err("--level must be 1 to 8".into());
        }
        return Ok(Player::Level(dama_core::ai::Level::new(l as u8)));
    }
    if let Some(d) = c.number("depth")? {
        if !(1..=64).contains(&d) {
            return Err("--depth must be 1 to 64".into());
        }
        return Ok(Player::Limits(Limits::depth(d as u32)));
    }
    if let Some(t) = c.number("movetime")? {
        return Ok(Player::Limits(Limits::movetime(
            std::time::Duration::from_millis(t.max(1)),
        )));
    }
    if let Some(n) = c.number("nodes")? {
        return Ok(Player::Limits(Limits::nodes(n.max(1))));
    }
    Ok(Player::Level(dama_core::ai::Level::new(8)))
}
