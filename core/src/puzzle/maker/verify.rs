//! A bank's puzzle proved again by the maker's rules (`dama puzzles --verify`).

use super::*;

/// Checks `puzzle` again at `depth`: its shape ([`check_shape`]); the first move at least
/// [`MARGIN`] better than any other and not lost, each later move of the player's the only
/// good one ([`LINE_MARGIN`]) or the only move, each reply legal; the end, searched
/// [`DEEPER`] plies deeper, winning, or level for a defend puzzle. Returns what is wrong.
pub fn verify(puzzle: &Puzzle, depth: u32) -> Result<(), String> {
    check_shape(puzzle)?;
    let mut engine = Engine::new(TABLE_MIB);
    let nodes = &mut 0;
    let mut p = puzzle.start.clone();
    let mut start = 0;
    for (i, m) in puzzle.line.iter().enumerate() {
        if !p.legal_moves().contains(m) {
            return Err(format!("move {} is not legal", i + 1));
        }
        if i % 2 == 0 {
            let Some((best, score, second)) = best_two(&mut engine, &p, depth, nodes) else {
                return Err(format!("no move at {}", i + 1));
            };
            let margin = if i == 0 { MARGIN } else { LINE_MARGIN };
            let clear = second.is_none_or(|s| clearly(score, s, margin));
            if best != *m || !clear {
                return Err(format!(
                    "move {} is not the only good one at depth {depth}",
                    i + 1
                ));
            }
            if i == 0 {
                start = score;
            }
        }
        p.play_unchecked(m);
    }
    let end = end_score(
        &mut engine,
        &puzzle.start,
        &puzzle.line,
        depth + DEEPER,
        nodes,
    );
    let defend = puzzle.themes.contains(&Theme::Defence);
    match bucket(start, end) {
        Some(d) if d == defend => Ok(()),
        Some(d) => Err(format!("defend {d}, marked {defend} (end {end})")),
        None => Err(format!(
            "neither winning nor holding (start {start}, end {end})"
        )),
    }
}
