//! The tables made so far, one per material and rule options, made on first use and kept
//! for the life of the process. A table being made does not hold the others: making one
//! asks for the smaller ones its captures and crownings reach, which are made first.

use super::generate::generate;
use super::index::{Layout, Material};
use super::{options_key, Value, DRAW, NONE};
use crate::position::Position;
use crate::rules::{Color, Rules};
use once_cell::sync::{Lazy, OnceCell};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// One material's table: a byte a position (both sides to move), with its counts.
pub struct Table {
    layout: Layout,
    data: Vec<u8>,
    /// Time it took to make, the smaller tables it asked for not counted.
    pub time: Duration,
}

type Key = (Material, u8);

static TABLES: Lazy<Mutex<HashMap<Key, Arc<OnceCell<Table>>>>> =
    Lazy::new(|| Mutex::new(HashMap::new()));

fn cell(m: Material, rules: &Rules) -> Arc<OnceCell<Table>> {
    let key = (m, options_key(&m, rules));
    let mut map = TABLES.lock().unwrap_or_else(|e| e.into_inner());
    map.entry(key).or_default().clone()
}

/// The table of a covered material (either colour), made now if it is not yet made.
pub fn table(m: Material, rules: Rules) -> TableRef {
    let (m, _) = m.canonical();
    let c = cell(m, &rules);
    c.get_or_init(|| Table::make(m, rules));
    TableRef(c)
}

/// The table of a material if it is already made.
pub fn ready(m: Material, rules: Rules) -> Option<TableRef> {
    let (m, _) = m.canonical();
    let c = cell(m, &rules);
    c.get().is_some().then_some(TableRef(c))
}

/// `true` when the table of `m` under `rules` is made.
pub fn is_ready(m: Material, rules: Rules) -> bool {
    cell(m.canonical().0, &rules).get().is_some()
}

/// A handle on a made table (cheap to clone).
#[derive(Clone)]
pub struct TableRef(Arc<OnceCell<Table>>);

impl std::ops::Deref for TableRef {
    type Target = Table;
    fn deref(&self) -> &Table {
        self.0.get().expect("a made table")
    }
}

impl Table {
    fn make(m: Material, rules: Rules) -> Table {
        let layout = Layout::new(m);
        let exit = |child: &Position| exit_value(child);
        // The smaller tables first, so that the time below is this table's own.
        for sub in super::materials() {
            let smaller = sub.pieces() < m.pieces()
                || (sub.pieces() == m.pieces() && sub.all_men() < m.all_men());
            if smaller && reaches(&m, &sub) {
                table(sub, rules);
            }
        }
        let t = Instant::now();
        let data = generate(&layout, rules, &exit);
        Table {
            layout,
            data,
            time: t.elapsed(),
        }
    }

    /// The material (the stored colours: the stronger side White).
    pub fn material(&self) -> Material {
        self.layout.material
    }

    /// Entries (positions of both sides to move, with the impossible ones).
    pub fn len(&self) -> usize {
        self.data.len()
    }

    /// `false`: a table always has entries.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }

    /// Memory of the values in bytes.
    pub fn bytes(&self) -> usize {
        self.data.len()
    }

    /// The value of a position of this material (either colour), `None` for another.
    pub fn value(&self, pos: &Position) -> Option<Value> {
        let m = Material::of(pos);
        let (c, turn) = m.canonical();
        if c != self.layout.material {
            return None;
        }
        let k = pos.kings() as u64;
        let w = pos.pieces(Color::White) as u64;
        let b = pos.pieces(Color::Black) as u64;
        let (side, boards) = if turn {
            let t = |x: u64| x.swap_bytes();
            (
                pos.side_to_move().other(),
                [t(b & k), t(b & !k), t(w & k), t(w & !k)],
            )
        } else {
            (pos.side_to_move(), [w & k, w & !k, b & k, b & !k])
        };
        Value::from_code(self.data[self.layout.index_of(side, &boards) as usize])
    }

    /// The value at an index of the stored colours (`None`: no position).
    pub fn at(&self, idx: usize) -> Option<Value> {
        Value::from_code(self.data[idx])
    }

    /// The position at an index of the stored colours under `rules`.
    pub fn position(&self, idx: usize, rules: Rules) -> Option<Position> {
        let (side, b) = self.layout.decode(idx as u64)?;
        Some(super::generate::position_of(rules, side, &b))
    }

    /// Wins, draws and losses for the side to move, the positions counted, and the longest
    /// win in plies.
    pub fn counts(&self) -> Counts {
        let mut c = Counts::default();
        for &v in &self.data {
            match v {
                NONE => {}
                DRAW => c.draws += 1,
                v if v % 2 == 1 => {
                    c.wins += 1;
                    c.longest = c.longest.max(v / 2);
                }
                _ => c.losses += 1,
            }
        }
        c.positions = c.wins + c.draws + c.losses;
        c
    }
}

/// What a table holds, counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Positions (both sides to move).
    pub positions: u64,
    /// Won for the side to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost for the side to move.
    pub losses: u64,
    /// The longest win, in plies.
    pub longest: u8,
}

/// Whether a capture or crowning from `m` may reach `sub` (either colour of it).
fn reaches(m: &Material, sub: &Material) -> bool {
    let fits = |s: &Material| {
        (0..2).all(|c| s.kings[c] + s.men[c] <= m.kings[c] + m.men[c] && s.men[c] <= m.men[c])
    };
    fits(sub) || fits(&sub.flipped())
}

/// The value of a position reached by a capture or a crowning: from its table, or lost
/// when the side to move has nothing left.
pub(crate) fn exit_value(child: &Position) -> Value {
    if child.count(child.side_to_move()) == 0 {
        return Value::Loss(0);
    }
    let m = Material::of(child);
    table(m, *child.rules())
        .value(child)
        .expect("a covered material reaches only covered ones")
}
