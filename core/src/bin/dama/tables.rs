//! `dama tables`: the Turkish endgame tables made, counted, checked and asked.

use dama_core::ai::{Level, Limits, Player};
use dama_core::tables::{self, Material, Value};
use dama_core::tools::Quote;
use dama_core::{GameId, Position, Rules};
use std::time::Instant;

/// Flags with their values: (name, value).
type Flags = Vec<(String, String)>;

/// The rules from `--option k=v` flags, the other arguments, and the other flags.
fn split(args: &[String]) -> Result<(Rules, Vec<String>, Flags), String> {
    let mut options = Vec::new();
    let mut rest = Vec::new();
    let mut flags = Vec::new();
    let mut i = 0;
    while i < args.len() {
        let a = &args[i];
        if [
            "--option",
            "--samples",
            "--depth",
            "--games",
            "--nodes",
            "--plies",
        ]
        .contains(&a.as_str())
        {
            let v = args.get(i + 1).ok_or(format!("{a} needs a value"))?.clone();
            if a == "--option" {
                options.push(v);
            } else {
                flags.push((a[2..].to_string(), v));
            }
            i += 2;
        } else if a == "--verify" {
            flags.push(("verify".into(), String::new()));
            i += 1;
        } else {
            rest.push(a.clone());
            i += 1;
        }
    }
    let rules = Rules::with_options(GameId::Turkish, &options).map_err(|e| e.to_string())?;
    Ok((rules, rest, flags))
}

fn materials(which: Option<&String>) -> Result<Vec<Material>, String> {
    match which.map(String::as_str) {
        None | Some("all") => Ok(tables::materials()),
        Some(name) => {
            let m = Material::parse(name).filter(tables::covers).ok_or(format!(
                "'{}' is no material of the tables (e.g. KKvK, KMvM, all)",
                Quote(name)
            ))?;
            Ok(vec![m])
        }
    }
}

fn number(flags: &[(String, String)], name: &str, default: u64) -> Result<u64, String> {
    match flags.iter().find(|(n, _)| n == name) {
        Some((_, v)) => v.parse().map_err(|_| format!("--{name} needs a number")),
        None => Ok(default),
    }
}

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let sub = args
        .first()
        .ok_or("dama tables generate|stats|probe|verify")?;
    let (rules, rest, flags) = split(&args[1..])?;
    match sub.as_str() {
        "generate" | "stats" => {
            let verify = flags.iter().any(|(n, _)| n == "verify");
            let t = Instant::now();
            println!("material   entries     bytes  positions       wins      draws     losses longest  time(s)");
            let (mut bytes, mut positions) = (0, 0);
            for m in materials(rest.first())? {
                let table = tables::table(m, rules);
                let c = table.counts();
                bytes += table.bytes();
                positions += c.positions;
                println!(
                    "{:<8} {:>9} {:>9} {:>10} {:>10} {:>10} {:>10} {:>7} {:>8.2}",
                    m.name(),
                    table.len(),
                    table.bytes(),
                    c.positions,
                    c.wins,
                    c.draws,
                    c.losses,
                    c.longest,
                    table.time.as_secs_f64()
                );
                if verify {
                    tables::check_consistent(&table, rules)?;
                    tables::check_symmetry(&table, rules)?;
                    println!("         checked: every value its moves' fixpoint, mirror and colours agree");
                }
            }
            println!(
                "total: {positions} positions, {bytes} bytes, {:.2} s ({rules})",
                t.elapsed().as_secs_f64()
            );
            Ok(())
        }
        "probe" => {
            let code = rest.first().ok_or("dama tables probe <position code>")?;
            let pos = Position::from_code(rules, code).map_err(|e| format!("position: {e}"))?;
            let v = tables::probe(&pos).ok_or("the tables do not cover this material")?;
            println!("{v}");
            if matches!(v, Value::Win(0) | Value::Loss(0)) || pos.outcome().is_some() {
                return Ok(());
            }
            for d in pos.legal_moves_detailed() {
                let mut child = pos.clone();
                child.play_unchecked(&d.mv);
                let after = if child.count(child.side_to_move()) == 0 {
                    Value::Loss(0)
                } else {
                    tables::probe(&child).ok_or("a move leaves the tables")?
                };
                println!("  {}: {}", d.notation, after.before());
            }
            Ok(())
        }
        "verify" => {
            let samples = number(&flags, "samples", 2000)?;
            let depth = number(&flags, "depth", 5)? as u32;
            for m in materials(rest.first())? {
                let table = tables::table(m, rules);
                let mut state = 0x9E37_79B9_7F4A_7C15u64 ^ table.len() as u64;
                let (mut tried, mut told) = (0, 0);
                while tried < samples {
                    state ^= state << 13;
                    state ^= state >> 7;
                    state ^= state << 17;
                    let idx = (state % table.len() as u64) as usize;
                    let (Some(v), Some(pos)) = (table.at(idx), table.position(idx, rules)) else {
                        continue;
                    };
                    tried += 1;
                    let s = tables::solve_by_search(&pos, depth);
                    let within = match v {
                        Value::Win(n) | Value::Loss(n) => n as u32 <= depth,
                        Value::Draw => false,
                    };
                    if s.is_some_and(|s| s != v) || (within && s != Some(v)) {
                        return Err(format!("{}: table {v}, search {s:?}", pos.to_code()));
                    }
                    told += s.is_some() as u32;
                }
                println!(
                    "{}: {tried} samples, {told} decided by a search of {depth} plies, all agree",
                    m.name()
                );
            }
            Ok(())
        }
        "convert" => {
            let m = materials(rest.first())?[0];
            let games = number(&flags, "games", 50)?;
            let nodes = number(&flags, "nodes", 20_000)?;
            let plies = number(&flags, "plies", 100)?;
            // --movetime: the top level (8) with that budget a move; else a node budget.
            let player = match number(&flags, "movetime", 0)? {
                0 => Player::Limits(Limits::nodes(nodes)),
                ms => Player::Level(Level {
                    level: 8,
                    budget: std::time::Duration::from_millis(ms),
                }),
            };
            super::tables_bench::convert(m, rules, games, player, plies);
            Ok(())
        }
        "speed" => {
            let code = rest.first().ok_or("dama tables speed <position code>")?;
            let nodes = number(&flags, "nodes", 2_000_000)?;
            super::tables_bench::speed(code, rules, nodes)
        }
        other => Err(format!(
            "unknown 'dama tables {}': generate|stats|probe|verify",
            Quote(other)
        )),
    }
}
