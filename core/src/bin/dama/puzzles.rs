//! `dama puzzles`: makes a puzzle bank from engine games (see `dama_core::puzzle::maker`)
//! and prints it; what it took goes to stderr.

use dama_core::puzzle::maker::{self, Settings, GLANCE, MARGIN, MAX_MOVES, NOT_WON};
use dama_core::Rules;

/// Makes the bank and prints it, headed by how it was made (so that it can be made again).
pub fn run(rules: Rules, settings: Settings, command: &str) -> Result<(), String> {
    let (bank, report) = maker::make(Settings { rules, ..settings }, |games, kept| {
        eprintln!("games {games}, puzzles {kept}");
    });
    println!("# Dama & Zamma puzzle bank: {}", rules.game());
    println!("# made by: {command}");
    println!(
        "# each: the best move at least {:.1} men better than any other at depth {} (the others below {:.1} men),",
        MARGIN as f64 / 100.0,
        settings.depth,
        NOT_WON as f64 / 100.0
    );
    println!(
        "# and so every move of the player's in its line (at most {MAX_MOVES}); looked at first at depth {GLANCE}."
    );
    println!("# id (game seed/ply)\tdepth needed\trating\tposition\tline");
    for p in &bank {
        println!("{}", p.to_bank_line());
    }
    eprintln!(
        "{} games, {} positions looked at, {} again at depth {}, {} puzzles kept; {} nodes in {:.1} s",
        report.games,
        report.positions,
        report.candidates,
        settings.depth,
        report.kept,
        report.nodes,
        report.time.as_secs_f64()
    );
    if bank.len() < settings.count {
        return Err(format!(
            "only {} of {} puzzles in {} games (raise --games)",
            bank.len(),
            settings.count,
            report.games
        ));
    }
    Ok(())
}
