//! Differential test against the `kish` crate under `preset=federation` (R-T12): the same
//! multiset of (from, to, captured set) on random-game positions and random sparse
//! positions with kings.

use dama_core::{Color, GameId, Position, Rules};
use kish::{Board, State, Team};

/// A small deterministic PRNG (xorshift64*), so failures reproduce.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

fn federation() -> Rules {
    Rules::parse("turkish", &["preset=federation"]).unwrap()
}

type Key = (u8, u8, u64);

/// A capture that ends where it started: kish's delta does not say which piece moved, so
/// both sides compare such moves by their captured set only.
const LOOP: (u8, u8) = (u8::MAX, u8::MAX);

fn ours(pos: &Position) -> Vec<Key> {
    let mut v: Vec<Key> = pos
        .legal_moves_detailed()
        .iter()
        .flat_map(|d| {
            // kish lists every capture route; a merged move stands for `paths` routes.
            let (from, to) = (d.mv.from().index() as u8, d.mv.to().index() as u8);
            let ends = if from == to { LOOP } else { (from, to) };
            let key = (ends.0, ends.1, d.mv.captured_bits() as u64);
            std::iter::repeat_n(key, d.mv.paths() as usize)
        })
        .collect();
    v.sort();
    v
}

fn to_kish(pos: &Position) -> Board {
    let turn = if pos.side_to_move() == Color::White {
        Team::White
    } else {
        Team::Black
    };
    Board::new(
        turn,
        State::new(
            [
                pos.pieces(Color::White) as u64,
                pos.pieces(Color::Black) as u64,
            ],
            pos.kings() as u64,
        ),
    )
}

fn theirs(pos: &Position) -> Vec<Key> {
    let b = to_kish(pos);
    let them = 1 - pos.side_to_move().index();
    let mut v: Vec<Key> = b
        .actions()
        .iter()
        .map(|a| {
            // kish stores a move as a XOR delta: own pieces src^dest, enemy pieces captured.
            let own = b.state.pieces[1 - them];
            let moved = a.delta.pieces[1 - them];
            let (from, to) = if moved == 0 {
                LOOP
            } else {
                (
                    (moved & own).trailing_zeros() as u8,
                    (moved & !own).trailing_zeros() as u8,
                )
            };
            (from, to, a.delta.pieces[them])
        })
        .collect();
    v.sort();
    v
}

fn compare(pos: &Position) {
    let (a, b) = (ours(pos), theirs(pos));
    assert_eq!(a, b, "move lists differ in {}", pos.to_code());
}

/// Random sparse position with kings: no man on its promotion row.
fn random_sparse(rng: &mut Rng, rules: Rules) -> Position {
    let g = rules.geometry();
    let mut used = 0u64;
    let mut parts: [Vec<String>; 2] = [Vec::new(), Vec::new()];
    for (c, part) in parts.iter_mut().enumerate() {
        let n = 1 + rng.below(8);
        while part.len() < n {
            let sq = rng.below(64) as u8;
            if used >> sq & 1 == 1 {
                continue;
            }
            let rank = sq / 8;
            let king = rng.below(3) == 0 || (c == 0 && rank == 7) || (c == 1 && rank == 0);
            used |= 1 << sq;
            let p = g.point(sq % 8, rank).unwrap();
            part.push(format!("{}{}", if king { "K" } else { "" }, g.label(p)));
        }
    }
    let side = if rng.below(2) == 0 { "W" } else { "B" };
    let code = format!("{side}:W{}:B{}", parts[0].join(","), parts[1].join(","));
    Position::from_code(rules, &code).unwrap()
}

#[test]
fn federation_agrees_with_kish() {
    // R-T12
    let rules = federation();
    assert_eq!(rules.game(), GameId::Turkish);
    let mut rng = Rng(0x5EED_1234_ABCD_0001);
    let mut checked = 0;
    // Random games from the start.
    while checked < 12_000 {
        let mut pos = Position::start(rules);
        for _ in 0..200 {
            compare(&pos);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() || pos.outcome().is_some() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            pos = pos.play(&m).unwrap();
        }
    }
    // Random sparse positions with kings, and a few plies from each.
    while checked < 24_000 {
        let mut pos = random_sparse(&mut rng, rules);
        for _ in 0..4 {
            compare(&pos);
            checked += 1;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.below(moves.len())];
            let mut next = pos.clone();
            next.play_unchecked(&m);
            pos = next;
        }
    }
    assert!(checked >= 20_000);
}
