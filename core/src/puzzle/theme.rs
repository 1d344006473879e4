//! What a puzzle is about, read from its line ([`Theme`]), and the rules every shipped
//! puzzle keeps that need no search ([`check_shape`]).

use super::Puzzle;
use crate::moves::Move;
use crate::outcome::{Outcome, Reason};
use crate::position::Position;
use crate::rules::Family;

/// A theme the code can tell from a puzzle's position and line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// A move of the player's is answered by a capture, and the player then captures more.
    Sacrifice,
    /// The player captures two pieces or more in one move.
    MultiCapture,
    /// The player crowns a man.
    Promotion,
    /// The line ends with a king against a lone man (R-T10).
    KingVsLoneMan,
    /// The line leaves the opponent without a move (R-T9, R-Z16).
    Blocked,
    /// Six pieces or fewer on the board.
    Endgame,
    /// The player holds a level position where every other move loses (a "defend" puzzle).
    Defence,
}

/// The pieces at most of an ending ([`Theme::Endgame`]).
pub const ENDGAME_PIECES: u32 = 6;

/// Plies the clock (R-T11, R-Z17) must stay below its limit after the line: room for the
/// maker's deepest search of the final position (depth + 2) and a margin, so that no answer
/// rests on a count the board does not show.
pub const CLOCK_ROOM: u16 = 14;

impl Theme {
    /// Every theme, in the bank's order.
    pub const ALL: [Theme; 7] = [
        Theme::Sacrifice,
        Theme::MultiCapture,
        Theme::Promotion,
        Theme::KingVsLoneMan,
        Theme::Blocked,
        Theme::Endgame,
        Theme::Defence,
    ];

    /// The theme's name in a bank (`multi-capture`).
    pub const fn code(self) -> &'static str {
        match self {
            Theme::Sacrifice => "sacrifice",
            Theme::MultiCapture => "multi-capture",
            Theme::Promotion => "promotion",
            Theme::KingVsLoneMan => "king-vs-lone-man",
            Theme::Blocked => "blocked",
            Theme::Endgame => "endgame",
            Theme::Defence => "defence",
        }
    }

    /// The theme named `code` in a bank.
    pub fn from_code(code: &str) -> Option<Theme> {
        Theme::ALL.into_iter().find(|t| t.code() == code)
    }

    /// Its name for players (English; the UI translates it).
    pub const fn label(self) -> &'static str {
        match self {
            Theme::Sacrifice => "Sacrifice",
            Theme::MultiCapture => "Multiple capture",
            Theme::Promotion => "Promotion",
            Theme::KingVsLoneMan => "King against a lone man",
            Theme::Blocked => "Blocked",
            Theme::Endgame => "Endgame",
            Theme::Defence => "Defence",
        }
    }
}

/// The themes of `line` played from `start`, but [`Theme::Defence`] (which the maker's
/// search decides), sorted.
pub fn themes_of(start: &Position, line: &[Move]) -> Vec<Theme> {
    let mut out = Vec::new();
    let solver: Vec<&Move> = line.iter().step_by(2).collect();
    let sacrifice = (0..line.len().saturating_sub(2)).step_by(2).any(|i| {
        line[i + 1].is_capture() && line[i + 2].capture_count() > line[i + 1].capture_count()
    });
    if sacrifice {
        out.push(Theme::Sacrifice);
    }
    if solver.iter().any(|m| m.capture_count() >= 2) {
        out.push(Theme::MultiCapture);
    }
    if solver.iter().any(|m| m.promotes()) {
        out.push(Theme::Promotion);
    }
    let mut end = start.clone();
    for m in line {
        end.play_unchecked(m);
    }
    let me = start.side_to_move();
    match end.outcome() {
        Some(Outcome::Win {
            winner,
            reason: Reason::KingVersusLoneMan,
        }) if winner == me => out.push(Theme::KingVsLoneMan),
        Some(Outcome::Win {
            winner,
            reason: Reason::Blocked,
        }) if winner == me => out.push(Theme::Blocked),
        _ => {}
    }
    let pieces = start.count(me) + start.count(me.other());
    if pieces <= ENDGAME_PIECES {
        out.push(Theme::Endgame);
    }
    out
}

/// A Zamma-family board three quarters full or more: there, a puzzle must be a combination.
pub fn crowded(pos: &Position) -> bool {
    let me = pos.side_to_move();
    let pieces = (pos.count(me) + pos.count(me.other())) as usize;
    pos.rules().family() == Family::Zamma && pieces * 4 >= pos.geometry().points().len() * 3
}

/// The rules a shipped puzzle keeps that need no search: three legal moves or more at the
/// start (so the first is never forced), a line ending on the player's move, the clock far
/// from its limit through the line and [`CLOCK_ROOM`] plies more, a crowded Zamma board only
/// with a capture or a crowning among the player's moves, and the stored themes those of
/// the line. Returns what is wrong.
pub fn check_shape(p: &Puzzle) -> Result<(), String> {
    let legal = p.start.legal_moves().len();
    if legal < 3 {
        return Err(format!("{legal} legal moves at the start"));
    }
    if p.line.len() % 2 == 0 {
        return Err("the line ends on the opponent's move".into());
    }
    let limit = p.start.rules().clock_limit();
    if p.start.clock() + p.line.len() as u16 + CLOCK_ROOM > limit {
        return Err(format!(
            "clock {} too near its limit {limit}",
            p.start.clock()
        ));
    }
    let real = p
        .line
        .iter()
        .step_by(2)
        .any(|m| m.is_capture() || m.promotes());
    if crowded(&p.start) && !real {
        return Err("a crowded board and no capture or crowning in the answer".into());
    }
    let mut stored: Vec<Theme> = p
        .themes
        .iter()
        .copied()
        .filter(|t| *t != Theme::Defence)
        .collect();
    stored.sort();
    let read = themes_of(&p.start, &p.line);
    if stored != read {
        return Err(format!("themes {stored:?}, the line's {read:?}"));
    }
    Ok(())
}
