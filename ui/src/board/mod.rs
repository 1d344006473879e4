//! Drawing a board: where each point stands on the screen (`coords`) and the painted art
//! of the board and its pieces (`art`).

pub mod art;
pub mod coords;

use dama_core::position::Role;
use dama_core::Color;

/// What stands on a point, as the screen reader's words for it name it (`board_cells.slint`).
pub fn cell_piece(piece: Option<(Color, Role)>) -> crate::CellPiece {
    match piece {
        None => crate::CellPiece::None,
        Some((Color::White, Role::Man)) => crate::CellPiece::WhiteMan,
        Some((Color::White, Role::King)) => crate::CellPiece::WhiteKing,
        Some((Color::Black, Role::Man)) => crate::CellPiece::BlackMan,
        Some((Color::Black, Role::King)) => crate::CellPiece::BlackKing,
    }
}
