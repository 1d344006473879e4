//! What a [`Flow`](super::flow::Flow) call asks of the app ([`Effect`]) and tells the
//! player ([`Advice`]).

use super::ai_worker::Job;
use crate::sound::Cue;
use dama_core::{LegalMove, Position};

/// The line of advice under the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Advice {
    /// Nothing to say.
    None,
    /// Several routes end on the tapped point: tap the landing points.
    ChooseRoute,
    /// The route may go on or stop here (R-Z8).
    ContinueRoute,
    /// The route must go on (R-T6, R-Z13).
    NextLanding,
    /// A liable piece must be removed first (R-Z14).
    ChooseHuff,
    /// A capture is compulsory (R-T6, R-Z13).
    MustCapture,
    /// The computer declined the draw.
    DrawDeclined,
    /// The hint is on the board.
    Hint,
    /// The last move began by removing a liable piece (R-Z14), named by its point
    /// ([`Flow::advice_point`]).
    Huffed,
    /// One piece of the opponent is liable (R-Z14): it is removed as the player moves
    /// (no choice to make), named by its point.
    HuffNext,
    /// The liable piece chosen for removal (R-Z14), named by its point: now the move, or
    /// the piece tapped again to choose another.
    HuffChosen,
    /// A tap on the opponent's piece.
    NotYours,
    /// A tap on one of the player's pieces that has no move (blocked, or another captures).
    CannotMove,
    /// A selected piece sent where it cannot go.
    NotThere,
    /// A selected piece sent to the end of a capture smaller than the rules ask (R-T6, R-Z13).
    TakeMost,
    /// A Turkish piece sent diagonally (R-T1).
    Diagonal,
    /// A man sent backward (R-T3, R-Z5).
    Backward,
    /// A Zamma-family piece sent straight back to the point it has just left (R-Z6).
    SteppedBack,
}

/// What the app must do after a call.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Show `mv` travelling from `before`, then call [`Flow::arrived`].
    Animate {
        /// The position before the move.
        before: Box<Position>,
        /// The move.
        mv: Box<LegalMove>,
    },
    /// Stop showing the move under way (it has already been played).
    StopAnimation,
    /// Start this search on the current position; pass its answer to [`Flow::answer`].
    Search(Job),
    /// Cancel the running search: its answer is stale.
    StopSearch,
    /// Save the game (or forget it once it is over).
    Save,
    /// The position changed (undo, redo): show the result card again if the game is over
    /// there, instead of leaving it put aside.
    ShowResultCard,
    /// Play this sound once the move under way (if any) has landed: the game's end, or a
    /// tap that could not be played.
    Sound(Cue),
}
