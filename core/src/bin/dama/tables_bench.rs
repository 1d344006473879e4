//! `dama tables convert` and `dama tables speed`: what the tables change in play.

use dama_core::ai::{Engine, Limits, Player, Root};
use dama_core::tables::{self, Material, Value};
use dama_core::{GameRecord, Rules, Session};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

fn xorshift(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

/// Plays `games` won positions of `m` (random, the side to move winning) engine against
/// engine as `player` (level 8 with a movetime, or a node budget), with and without the
/// tables, and counts the wins within `plies`.
pub(crate) fn convert(m: Material, rules: Rules, games: u64, player: Player, plies: u64) {
    let table = tables::table(m, rules);
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut starts = Vec::new();
    while (starts.len() as u64) < games {
        let idx = (xorshift(&mut state) % table.len() as u64) as usize;
        if let (Some(Value::Win(n)), Some(p)) = (table.at(idx), table.position(idx, rules)) {
            if n >= 3 {
                starts.push(p);
            }
        }
    }
    let stop = AtomicBool::new(false);
    for with in [false, true] {
        let t = Instant::now();
        let (mut won, mut total_plies, mut optimal) = (0, 0, 0);
        for p in &starts {
            let winner = p.side_to_move();
            let Some(Value::Win(best)) = tables::probe(p) else {
                unreachable!("a won start");
            };
            let mut game = Session::from_record(GameRecord::from_position(p.clone()));
            let mut engine = Engine::new(16);
            engine.set_tables(with);
            let mut ply = 0;
            while game.outcome().is_none() && ply < plies {
                let root = Root::of(&game).expect("a game in play");
                let r = engine
                    .play(&root, player, 1, &stop, |_| {})
                    .expect("a move");
                game.play(&r.best).expect("a legal move");
                ply += 1;
            }
            if game.outcome().and_then(|o| o.winner()) == Some(winner) {
                won += 1;
                total_plies += ply;
                optimal += (ply == best as u64) as u64;
            }
        }
        println!(
            "{} {}: {won} of {} won within {plies} plies ({} in the fewest plies), {:.1} plies a win, {:.1} s",
            m.name(),
            if with { "with tables   " } else { "without tables" },
            starts.len(),
            optimal,
            total_plies as f64 / won.max(1) as f64,
            t.elapsed().as_secs_f64()
        );
    }
}

/// Nodes a second of a search of `code` to `nodes`, with and without the tables made so
/// far (every table is made first), and how many positions the search scored from them.
pub(crate) fn speed(code: &str, rules: Rules, nodes: u64) -> Result<(), String> {
    let pos = dama_core::Position::from_code(rules, code).map_err(|e| format!("position: {e}"))?;
    for m in tables::materials() {
        tables::table(m, rules);
    }
    let game = Session::from_record(GameRecord::from_position(pos));
    let root = Root::of(&game).map_err(|e| e.to_string())?;
    let stop = AtomicBool::new(false);
    for with in [false, true] {
        let mut engine = Engine::new(16);
        engine.set_tables(with);
        let r = engine
            .play(
                &root,
                Player::Limits(Limits::nodes(nodes)),
                1,
                &stop,
                |_| {},
            )
            .map_err(|e| e.to_string())?;
        println!(
            "{}: depth {}, {} nodes, {} nodes/s, score {}",
            if with {
                "with tables   "
            } else {
                "without tables"
            },
            r.info.depth,
            r.info.nodes,
            r.info.nps,
            r.info.score
        );
    }
    Ok(())
}
