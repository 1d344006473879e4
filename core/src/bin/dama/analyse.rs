//! `dama analyse`: a game's review, as the app shows it.

use dama_core::tools::Quote;
use std::time::Instant;

/// `dama analyse`: reads a record (JSON or PDN) and prints its review.
pub(crate) fn analyse(args: &[String]) -> Result<(), String> {
    use dama_core::ai::analysis::{self, Judgement};
    use dama_core::record::GameRecord;
    let mut file = None;
    let mut nodes = analysis::DEFAULT_NODES;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--nodes" => {
                nodes = args
                    .get(i + 1)
                    .and_then(|v| v.parse().ok())
                    .filter(|&n| (1..=1_000_000_000).contains(&n))
                    .ok_or("--nodes needs a number from 1 to 1000000000")?;
                i += 1;
            }
            a if file.is_none() && (a == "-" || !a.starts_with("--")) => file = Some(a.to_string()),
            a => return Err(format!("unexpected argument '{}'", Quote(a))),
        }
        i += 1;
    }
    let file = file.ok_or("analyse needs a record file (or - for stdin)")?;
    let text = if file == "-" {
        let mut t = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut t).map_err(|e| e.to_string())?;
        t
    } else {
        std::fs::read_to_string(&file).map_err(|e| format!("{}: {e}", Quote(&file)))?
    };
    let record = GameRecord::from_json(&text).or_else(|json| {
        GameRecord::from_pdn(&text).map_err(|p| format!("not a record: as JSON {json}; as PDN {p}"))
    })?;
    let mut engine = dama_core::ai::Engine::new(dama_core::ai::DEFAULT_TT_MIB);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let t = Instant::now();
    let a = analysis::analyse(&mut engine, &record, nodes, &stop, |done, total| {
        eprint!("\ranalysing {done}/{total}");
    })
    .map_err(|e| e.to_string())?;
    eprintln!(" ({:.1} s)", t.elapsed().as_secs_f64());
    println!(
        "{}, {} plies, {}",
        record.rules().game().display_name(),
        a.moves.len(),
        record
            .outcome()
            .map_or("unfinished".to_string(), |o| o.to_string())
    );
    println!("start {:+.2}", a.scores[0] as f64 / 100.0);
    for (i, m) in a.moves.iter().enumerate() {
        let side = (record.start().side_to_move() as usize + i) % 2;
        let number = 1 + (i + record.start().side_to_move() as usize) / 2;
        let dots = if side == 0 { "." } else { "..." };
        let mut line = format!(
            "{number}{dots} {:<14} {:+.2}",
            m.played,
            a.scores[i + 1] as f64 / 100.0
        );
        match m.judgement {
            Judgement::Good => {}
            j => {
                let word = match j {
                    Judgement::Blunder => "blunder",
                    _ => "mistake",
                };
                line += &format!(
                    "  {word} (lost {:.2}, {:.1} % of the game), best {}",
                    m.loss as f64 / 100.0,
                    m.lost as f64 / 10.0,
                    m.best
                );
            }
        }
        println!("{line}");
    }
    if let Some(b) = &a.best_last {
        println!("best now {b}");
    }
    for (side, name) in [
        (dama_core::Color::White, "White"),
        (dama_core::Color::Black, "Black"),
    ] {
        let t = a.tally(side);
        println!("{name}: {} mistakes, {} blunders", t.mistakes, t.blunders);
    }
    Ok(())
}
