//! Which puzzles a bank keeps: the longer lines first, and enough of them.

use super::{find, Puzzle, Report, Settings, MULTI_SHARE};

/// Makes a bank of `settings.count` puzzles ([`choose`]; fewer if `max_games` games or the
/// time do not give them), each from a position no other puzzle starts from;
/// `progress(games, found)` after each batch.
pub fn make(settings: Settings, progress: impl FnMut(u32, usize)) -> (Vec<Puzzle>, Report) {
    let (pool, mut report) = find(settings, progress);
    let bank = choose(pool, settings.count);
    report.kept = bank.len();
    (bank, report)
}

/// The bank chosen from `pool` (in the order found): at most `count`, the longer lines
/// first, and at least [`MULTI_SHARE`] percent of it needing two moves of the player's or
/// more; in the order found.
pub fn choose(pool: Vec<Puzzle>, count: usize) -> Vec<Puzzle> {
    let mut order: Vec<usize> = (0..pool.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(pool[i].moves_to_find()), i));
    let multi = pool.iter().filter(|p| p.moves_to_find() >= 2).count();
    let (mut kept, mut singles) = (Vec::new(), 0);
    for i in order {
        if kept.len() == count {
            break;
        }
        if pool[i].moves_to_find() < 2 {
            // Singles may be at most (100 - share) / share of the multi-move ones kept.
            let kept_multi = multi.min(count);
            if (singles + 1) * MULTI_SHARE > kept_multi * (100 - MULTI_SHARE) {
                break;
            }
            singles += 1;
        }
        kept.push(i);
    }
    kept.sort_unstable();
    let mut pool: Vec<Option<Puzzle>> = pool.into_iter().map(Some).collect();
    kept.into_iter().filter_map(|i| pool[i].take()).collect()
}

/// Enough found for a bank of `count`.
pub(super) fn enough(pool: &[Puzzle], count: usize) -> bool {
    let multi = pool.iter().filter(|p| p.moves_to_find() >= 2).count();
    pool.len() >= count && multi * 100 >= count * MULTI_SHARE
}
