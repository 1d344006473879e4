//! Move generation of each game family, sharing one way of collecting capture routes.
//!
//! The generators walk capture trees depth-first. Each route is handed to a [`Sink`]
//! together with its [`Trail`] (the landing points so far, linked on the stack, so the hot
//! path never allocates). The fast sink merges routes into moves and counts them;
//! the detailed sink also keeps the smallest notation of each merged move.

pub(crate) mod turkish;
pub(crate) mod zamma;

use crate::geometry::Point;
use crate::moves::{LegalMove, Move};
use crate::position::Position;
use crate::rules::{Family, GameId};

/// The points of a capture route so far, newest first, linked through the call stack.
pub(crate) struct Trail<'a> {
    pub point: u8,
    pub prev: Option<&'a Trail<'a>>,
}

impl Trail<'_> {
    /// The route from its start, oldest first.
    pub fn points(&self) -> Vec<u8> {
        let mut v = Vec::new();
        let mut t = Some(self);
        while let Some(f) = t {
            v.push(f.point);
            t = f.prev;
        }
        v.reverse();
        v
    }

    /// `true` when the jump between `a` and `b` (either way) is already in the route
    /// (R-Z12: Damma may not use the same jump twice).
    pub fn has_jump(&self, a: u8, b: u8) -> bool {
        let mut t = self;
        while let Some(prev) = t.prev {
            let (x, y) = (prev.point, t.point);
            if (x == a && y == b) || (x == b && y == a) {
                return true;
            }
            t = prev;
        }
        false
    }
}

/// Receives the moves of a generator.
pub(crate) trait Sink {
    /// Adds a move, merging it into an earlier one with the same identity
    /// found at index `from_index` or later.
    fn add(&mut self, m: Move, trail: &Trail, from_index: usize);
    /// Number of moves held.
    fn len(&self) -> usize;
    /// Drops the moves from index `n` on.
    fn truncate(&mut self, n: usize);
    /// The moves held.
    fn moves_mut(&mut self) -> &mut [Move];
    /// Counts a route of `jumps` jumps from `from` without its move, when the sink only
    /// counts and that route cannot merge with another; `false` when it needs the move.
    #[inline(always)]
    fn counted(&mut self, _jumps: u16, _from: u8) -> bool {
        false
    }
    /// `true` once the caller wants the generation abandoned (a search out of time); the
    /// moves held are then incomplete and must not be used.
    #[inline(always)]
    fn interrupted(&mut self) -> bool {
        false
    }
    /// The points whose captures the sink wants searched (all, but for [`OneMove`]).
    #[inline(always)]
    fn capturers(&self) -> u128 {
        u128::MAX
    }
}

/// The hot-path sink: merged moves only. A piece's few moves are scanned for a route of
/// the same move. With `INDEXED` (Damma, where a man can have thousands of routes),
/// past [`Fast::SCAN`] moves a hash index takes over, so generation stays linear instead of
/// quadratic; the other games keep the plain scan, whose hot loop has no extra test.
pub(crate) struct Fast<'a, const INDEXED: bool> {
    out: &'a mut Vec<Move>,
    /// Open addressing: index + 1 into `out`, 0 for empty; built only for long lists.
    index: Vec<u32>,
    /// Asked now and then (INDEXED only) whether to abandon the generation.
    stop: Option<&'a dyn Fn() -> bool>,
    calls: u32,
    stopped: bool,
}

impl<'a, const INDEXED: bool> Fast<'a, INDEXED> {
    /// Moves scanned before the index is built.
    const SCAN: usize = 64;

    /// A sink appending to `out`.
    #[inline]
    pub fn new(out: &'a mut Vec<Move>) -> Fast<'a, INDEXED> {
        Fast {
            out,
            index: Vec::new(),
            stop: None,
            calls: 0,
            stopped: false,
        }
    }

    /// A sink whose generation is abandoned once `stop` says so (checked every 64 steps).
    #[inline]
    pub fn with_stop(out: &'a mut Vec<Move>, stop: &'a dyn Fn() -> bool) -> Fast<'a, INDEXED> {
        Fast {
            stop: Some(stop),
            ..Fast::new(out)
        }
    }

    #[inline]
    fn hash(m: &Move) -> usize {
        let c = m.captured as u64 ^ (m.captured >> 64) as u64;
        let k = c
            ^ (m.from as u64) << 8
            ^ (m.to as u64) << 16
            ^ (m.huff as u64) << 24
            ^ (m.promote as u64) << 32;
        (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 20) as usize
    }

    /// The slot of `m`'s move in the index: where it is, or the empty slot for it.
    fn slot(&self, m: &Move) -> usize {
        let mask = self.index.len() - 1;
        let mut i = Self::hash(m) & mask;
        loop {
            match self.index[i] {
                0 => return i,
                k if self.out[k as usize - 1] == *m => return i,
                _ => i = (i + 1) & mask,
            }
        }
    }

    /// (Re)builds the index over every move held, with room to double.
    fn rebuild(&mut self) {
        let size = (self.out.len() * 4).next_power_of_two().max(256);
        self.index.clear();
        self.index.resize(size, 0);
        for k in 0..self.out.len() {
            let s = self.slot(&self.out[k]);
            self.index[s] = k as u32 + 1;
        }
    }
}

impl<const INDEXED: bool> Fast<'_, INDEXED> {
    /// The long-list path of [`Sink::add`]: through the hash index.
    #[cold]
    #[inline(never)]
    fn add_indexed(&mut self, m: Move) {
        if self.index.is_empty() {
            self.rebuild();
        }
        let s = self.slot(&m);
        match self.index[s] {
            0 => {
                self.out.push(m);
                self.index[s] = self.out.len() as u32;
                if self.out.len() * 2 > self.index.len() {
                    self.rebuild();
                }
            }
            k => self.out[k as usize - 1].paths += m.paths,
        }
    }
}

impl<const INDEXED: bool> Sink for Fast<'_, INDEXED> {
    #[inline(always)]
    fn add(&mut self, m: Move, _trail: &Trail, from_index: usize) {
        // Short lists: scan this piece's moves (always, unless INDEXED).
        if !INDEXED || (self.index.is_empty() && self.out.len() - from_index <= Self::SCAN) {
            for o in &mut self.out[from_index..] {
                if *o == m {
                    o.paths += m.paths;
                    return;
                }
            }
            self.out.push(m);
        } else {
            self.add_indexed(m);
        }
    }
    #[inline]
    fn len(&self) -> usize {
        self.out.len()
    }
    #[inline]
    fn truncate(&mut self, n: usize) {
        self.out.truncate(n);
        if !self.index.is_empty() {
            self.rebuild();
        }
    }
    #[inline]
    fn moves_mut(&mut self) -> &mut [Move] {
        self.out
    }
    #[inline(always)]
    fn interrupted(&mut self) -> bool {
        if !INDEXED {
            return false;
        }
        self.calls = self.calls.wrapping_add(1);
        if self.calls & 63 == 0 {
            if let Some(stop) = self.stop {
                self.stopped = stop();
            }
        }
        self.stopped
    }
}

/// The bulk-counting sink: counts routes, keeping only the routes that could merge with
/// another one so that merged moves are counted once.
pub(crate) struct Counter<'a> {
    routes: usize,
    paths: bool,
    deferred: bool,
    kings: u128,
    long: &'a mut Vec<Move>,
}

impl<'a> Counter<'a> {
    /// `kings`: the mover's kings; `deferred`: Damma's removal at the end (R-Z12).
    pub fn new(paths: bool, deferred: bool, kings: u128, long: &'a mut Vec<Move>) -> Self {
        long.clear();
        Counter {
            routes: 0,
            paths,
            deferred,
            kings,
            long,
        }
    }
}

impl Counter<'_> {
    /// When each jump removes its piece at once, two routes of a man can only share start,
    /// end and captured set from three jumps on (two jumps in another order never meet
    /// again); a flying king's or a Damma route can from two jumps on.
    #[inline(always)]
    fn may_merge(&self, jumps: u16, from: u8) -> bool {
        !self.paths
            && (jumps >= 3 || (jumps == 2 && (self.deferred || self.kings >> from & 1 == 1)))
    }
}

impl Sink for Counter<'_> {
    #[inline(always)]
    fn add(&mut self, m: Move, _trail: &Trail, _from_index: usize) {
        if !self.may_merge(m.jumps, m.from) {
            self.routes += 1;
        } else if !self.long.contains(&m) {
            self.long.push(m);
        }
    }
    #[inline(always)]
    fn counted(&mut self, jumps: u16, from: u8) -> bool {
        if self.may_merge(jumps, from) {
            return false;
        }
        self.routes += 1;
        true
    }
    #[inline(always)]
    fn len(&self) -> usize {
        self.routes + self.long.len()
    }
    #[inline(always)]
    fn truncate(&mut self, n: usize) {
        // Only ever called to drop everything kept (a longer capture was found).
        debug_assert_eq!(n, 0);
        self.routes = 0;
        self.long.clear();
    }
    fn moves_mut(&mut self) -> &mut [Move] {
        &mut []
    }
}

/// The sink that keeps every route and the smallest notation of each merged move.
pub(crate) struct WithPaths<'g> {
    pub game: GameId,
    pub geometry: &'g crate::geometry::Geometry,
    pub moves: Vec<Move>,
    pub routes: Vec<Vec<Vec<u8>>>,
    /// Each move's index by its identity: a huge capture position has thousands of
    /// routes, and scanning the list for each made listing its moves quadratic.
    pub index: std::collections::HashMap<Identity, usize>,
}

/// What makes two routes the same move: the equality of [`Move`].
pub(crate) type Identity = (u8, u8, u128, bool, u8);

fn identity(m: &Move) -> Identity {
    (m.from, m.to, m.captured, m.promote, m.huff)
}

/// The notation of one route of `m`.
fn route_text(g: &crate::geometry::Geometry, m: &Move, path: &[u8]) -> String {
    let pts: Vec<Point> = path.iter().map(|&p| Point(p)).collect();
    g.path_text(m.huff(), &pts, m.is_capture())
}

impl Sink for WithPaths<'_> {
    fn add(&mut self, m: Move, trail: &Trail, from_index: usize) {
        let path = trail.points();
        match self.index.get(&identity(&m)) {
            // Identity includes the start, so a match is always among this piece's moves.
            Some(&i) if i >= from_index => {
                self.moves[i].paths += m.paths;
                self.routes[i].push(path);
            }
            _ => {
                self.index.insert(identity(&m), self.moves.len());
                self.moves.push(m);
                self.routes.push(vec![path]);
            }
        }
    }
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
        self.routes.truncate(n);
        self.index.retain(|_, &mut i| i < n);
    }
    fn moves_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
}

/// Every route of every legal move of `pos` (ignoring clock endings), merged by identity.
fn collect(pos: &Position) -> WithPaths<'_> {
    crate::stats::generation();
    let mut sink = WithPaths {
        game: pos.rules().game(),
        geometry: pos.geometry(),
        moves: Vec::new(),
        routes: Vec::new(),
        index: std::collections::HashMap::new(),
    };
    match sink.game.family() {
        Family::Turkish => turkish::generate_into(pos, &mut sink),
        Family::Zamma => zamma::generate_into(pos, &mut sink),
    }
    sink
}

/// One merged move with its routes in order and its canonical notation.
fn describe(g: &crate::geometry::Geometry, m: &Move, routes: &[Vec<u8>]) -> LegalMove {
    let mut texts: Vec<(String, &Vec<u8>)> =
        routes.iter().map(|r| (route_text(g, m, r), r)).collect();
    // the route kept is the one whose notation is smallest in byte order.
    texts.sort();
    let to_points = |r: &Vec<u8>| r.iter().map(|&p| Point(p)).collect::<Vec<_>>();
    LegalMove {
        mv: *m,
        path: to_points(texts[0].1),
        routes: texts.iter().map(|(_, r)| to_points(r)).collect(),
        notation: texts[0].0.clone(),
    }
}

/// Every legal move of `pos` (ignoring clock endings) with its routes and canonical notation.
pub(crate) fn detailed(pos: &Position) -> Vec<LegalMove> {
    let sink = collect(pos);
    sink.moves
        .iter()
        .zip(&sink.routes)
        .map(|(m, routes)| describe(sink.geometry, m, routes))
        .collect()
}

/// The legal move of `pos` that is `m` (R-0.7 identity), with its routes and notation: only
/// its own routes are written out, which matters where thousands of moves are legal.
pub(crate) fn detailed_move(pos: &Position, m: &Move) -> Option<LegalMove> {
    crate::stats::generation();
    let mut one = OneMove {
        target: *m,
        moves: Vec::new(),
        routes: Vec::new(),
    };
    match pos.rules().game().family() {
        Family::Turkish => turkish::generate_into(pos, &mut one),
        Family::Zamma => zamma::generate_into(pos, &mut one),
    }
    if !one.moves.contains(m) {
        return None;
    }
    // The move as the caller has it (from a whole generation: its liable pieces, R-Z14,
    // depend on every piece's captures, which were not all searched here).
    let mut found = *m;
    found.paths = one.routes.iter().map(|r| r.1).sum();
    let routes: Vec<Vec<u8>> = one.routes.into_iter().map(|(_, _, r)| r).collect();
    Some(describe(pos.geometry(), &found, &routes))
}

/// The sink that keeps the routes of one move only: only its piece's captures are
/// searched, the other moves are held unmerged (the generator still needs their count),
/// and no route of theirs is written out.
struct OneMove {
    target: Move,
    moves: Vec<Move>,
    /// Each kept route with the index of its move and the routes it stands for.
    routes: Vec<(usize, u32, Vec<u8>)>,
}

impl Sink for OneMove {
    fn add(&mut self, m: Move, trail: &Trail, _from_index: usize) {
        if m == self.target {
            self.routes
                .push((self.moves.len(), m.paths, trail.points()));
        }
        self.moves.push(m);
    }
    fn len(&self) -> usize {
        self.moves.len()
    }
    fn truncate(&mut self, n: usize) {
        self.moves.truncate(n);
        self.routes.retain(|r| r.0 < n);
    }
    fn moves_mut(&mut self) -> &mut [Move] {
        &mut self.moves
    }
    fn capturers(&self) -> u128 {
        1u128 << self.target.from
    }
}
