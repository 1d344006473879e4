//! Drawing a board: where each point stands on the screen (`coords`) and the painted art
//! of the board and its pieces (`art`).

pub mod art;
pub mod coords;
