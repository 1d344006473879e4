//! The tables a search may probe: those already made, looked up by material without a lock,
//! and the ones a position may soon need, made meanwhile on a thread of their own.

use super::index::Material;
use super::store::{is_ready, ready, table, TableRef};
use super::{covers, materials, Value};
use crate::position::Position;
use crate::rules::{Color, Family, Rules};
use std::collections::HashSet;
use std::sync::Mutex;

/// The tables made when a search began, by material (both colours), for one rule set.
pub struct Ready {
    by_code: Vec<Option<TableRef>>,
}

/// A material's slot: kings and men of each side, two bits each.
fn code(kings: [u32; 2], men: [u32; 2]) -> usize {
    (kings[0] << 6 | men[0] << 4 | kings[1] << 2 | men[1]) as usize
}

impl Ready {
    /// The tables of `rules` made so far (none for a game without tables).
    pub fn now(rules: Rules) -> Ready {
        let mut by_code = vec![None; 256];
        if rules.family() == Family::Turkish {
            for m in materials() {
                if let Some(t) = ready(m, rules) {
                    for x in [m, m.flipped()] {
                        let k = |a: [u8; 2]| [a[0] as u32, a[1] as u32];
                        by_code[code(k(x.kings), k(x.men))] = Some(t.clone());
                    }
                }
            }
        }
        Ready { by_code }
    }

    /// `true` when no table was made.
    pub fn is_empty(&self) -> bool {
        self.by_code.iter().all(Option::is_none)
    }

    /// The value of `pos` if its material's table is among these. Four bit counts decide
    /// that most positions have too many pieces.
    #[inline]
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        let k = pos.kings();
        let (w, b) = (pos.pieces(Color::White), pos.pieces(Color::Black));
        if (w | b).count_ones() > 4 {
            return None;
        }
        let kings = [(w & k).count_ones(), (b & k).count_ones()];
        let men = [(w & !k).count_ones(), (b & !k).count_ones()];
        if kings.iter().chain(&men).any(|&n| n > 3) {
            return None;
        }
        self.by_code[code(kings, men)].as_ref()?.value(pos)
    }
}

static MAKING: Mutex<Option<HashSet<(Material, u8)>>> = Mutex::new(None);

/// Makes, on a thread of its own, every table of fewer pieces than `pos` that a game from
/// it may reach by captures and crownings and that is not made yet (for a position of five
/// pieces or fewer); returns at once. A search probes them once they are made, and a game
/// that reaches one finds it made: the three-piece tables take about a second together, a
/// four-piece one 7–12 s (5–14 MB) on the development machine.
pub fn prepare(pos: &Position) {
    let m = Material::of(pos);
    if pos.rules().family() != Family::Turkish || m.pieces() > 5 {
        return;
    }
    let rules = *pos.rules();
    let fits = |s: &Material| {
        (0..2).all(|c| s.kings[c] + s.men[c] <= m.kings[c] + m.men[c] && s.men[c] <= m.men[c])
    };
    let wanted: Vec<Material> = materials()
        .into_iter()
        .filter(|s| {
            covers(s) && s.pieces() <= 3 && (fits(s) || fits(&s.flipped())) && !is_ready(*s, rules)
        })
        .collect();
    if wanted.is_empty() {
        return;
    }
    let key = (m.canonical().0, super::options_key(&m, &rules));
    {
        let mut making = MAKING.lock().unwrap_or_else(|e| e.into_inner());
        if !making.get_or_insert_with(HashSet::new).insert(key) {
            return;
        }
    }
    std::thread::spawn(move || {
        for s in wanted {
            table(s, rules);
        }
        if let Some(set) = MAKING.lock().unwrap_or_else(|e| e.into_inner()).as_mut() {
            set.remove(&key);
        }
    });
}
