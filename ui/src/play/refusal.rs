//! Why a tap cannot be played, in the words of the rules: the answer to a refused tap in a
//! game and in a lesson alike (issue 52 item 4: a lesson answers every wrong tap as the game
//! does). Only the taps the selection refuses come here; a legal move that a lesson does not
//! want is the lesson's own business.

use super::effect::Advice;
use super::selection::{Selection, Tap};
use dama_core::{Color, Direction, Family, Point, Position, Role};

/// The answer to a tap that did not play, and whether it is heard as refused: `None` when the
/// tap was not refused (a piece selected, a route extended, nothing there).
///
/// `before` is the piece selected before the tap, `tap` what the selection made of it.
pub fn refused(
    sel: &Selection,
    pos: &Position,
    before: Option<Point>,
    tap: &Tap,
    p: Point,
) -> Option<(Advice, bool)> {
    let opponents = pos
        .piece_at(p)
        .is_some_and(|pc| pc.color != pos.side_to_move());
    match (tap, before) {
        // A selected piece sent where it cannot go (the opponent's piece tapped is said so).
        (Tap::Cancelled, Some(from)) if from != p => Some(if opponents {
            (Advice::NotYours, true)
        } else {
            (sent_wrong(sel, pos, from, p), true)
        }),
        // The player's own piece that may not move, or a piece that may not be huffed.
        (Tap::Ignored, _) if sel.is_own(p) || !sel.huff_choices().is_empty() => {
            let why = if !sel.huff_choices().is_empty() {
                Advice::ChooseHuff
            } else if !sel.must_capture().is_empty() && jumps(pos, p, None) {
                // It could capture, but less than another capture takes.
                Advice::TakeMost
            } else if !sel.must_capture().is_empty() {
                Advice::MustCapture
            } else {
                Advice::CannotMove
            };
            Some((why, true))
        }
        // The opponent's piece tapped with nothing selected: said, not heard.
        (Tap::Ignored, _) if opponents => Some((Advice::NotYours, false)),
        _ => None,
    }
}

/// The point an answer names, when it names one: the only piece that must capture ("the
/// piece on c3 must capture").
pub fn named(sel: &Selection, why: Advice) -> Option<Point> {
    match (why, &sel.must_capture()[..]) {
        (Advice::MustCapture, [one]) => Some(*one),
        _ => None,
    }
}

/// Why the piece on `from` may not go to the empty point `to`: the capture that is due, the
/// bigger capture the rules ask for, the diagonal Turkish Dama does not have, the step back a
/// man may not take, the step straight back to where the piece came from (R-Z6); otherwise
/// the plain "not there".
fn sent_wrong(sel: &Selection, pos: &Position, from: Point, to: Point) -> Advice {
    let must = !sel.must_capture().is_empty();
    let Some(piece) = pos.piece_at(from).filter(|_| pos.piece_at(to).is_none()) else {
        // Onto one of the player's own pieces.
        return if must {
            Advice::MustCapture
        } else {
            Advice::NotThere
        };
    };
    let turkish = pos.rules().family() == Family::Turkish;
    let g = pos.geometry();
    let ((fx, fy), (tx, ty)) = (g.coords(from), g.coords(to));
    let back = match piece.color {
        Color::White => ty < fy,
        Color::Black => ty > fy,
    };
    // A Turkish man neither steps nor captures backward (R-T3); a Zamma man captures
    // backward too (R-Z7).
    let man_back = piece.role == Role::Man && back;
    if turkish && man_back {
        return Advice::Backward;
    }
    if must {
        // R-T6, R-Z13: a capture is due; a landing beyond one enemy piece is a capture,
        // only too small.
        return if jumps(pos, from, Some(to)) {
            Advice::TakeMost
        } else {
            Advice::MustCapture
        };
    }
    if turkish && fx != tx && fy != ty {
        return Advice::Diagonal; // R-T1
    }
    if man_back {
        return Advice::Backward; // R-Z5
    }
    // R-Z6: a step straight back to the point the piece came from on its side's last move.
    let came_from = pos.last_move(piece.color).filter(|&(_, t)| t == from);
    let step = fx.abs_diff(tx) <= 1 && fy.abs_diff(ty) <= 1;
    if !turkish && step && came_from.is_some_and(|(f, _)| f == to) {
        return Advice::SteppedBack;
    }
    Advice::NotThere
}

/// Whether the piece on `from` can jump one enemy piece along a line, landing on `to` (or
/// anywhere, for `None`): a man's short jump (R-0.5; a Turkish man never backward, R-T3), a
/// king's flying one over exactly one enemy piece, landing just beyond it (the Mullah, R-Z10)
/// or anywhere beyond (the Turkish king, R-T4).
fn jumps(pos: &Position, from: Point, to: Option<Point>) -> bool {
    let Some(piece) = pos.piece_at(from) else {
        return false;
    };
    let king = piece.role == Role::King;
    let turkish = pos.rules().family() == Family::Turkish;
    let back = match piece.color {
        Color::White => Direction::S,
        Color::Black => Direction::N,
    };
    let g = pos.geometry();
    Direction::ALL
        .iter()
        .filter(|&&d| king || !turkish || d != back)
        .any(|&d| {
            let mut p = from;
            let mut jumped = false;
            while let Some(next) = g.neighbour(p, d) {
                p = next;
                match pos.piece_at(p) {
                    Some(pc) if pc.color != piece.color && !jumped => jumped = true,
                    Some(_) => return false,
                    None if jumped && to.is_none_or(|t| t == p) => return true,
                    None if jumped && !(king && turkish) => return false,
                    None if !jumped && !king => return false,
                    None => {}
                }
            }
            false
        })
}
