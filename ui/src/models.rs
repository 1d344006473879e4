//! The game screen's lists as Slint models that live as long as the app and are updated
//! row by row (`window::sync`): the board (`window::board::BoardView`), the capture routes
//! and the move list.

use crate::window::board::BoardView;
use crate::{AppWindow, GameModels, MoveRowVm, RouteVm};
use slint::{ComponentHandle, ModelRc, VecModel};
use std::rc::Rc;

/// The game's board, and one persistent model per list of the `GameModels` global.
pub struct Models {
    /// The board: its points, pieces, paths and crosses (`GameAdapter.board`).
    pub board: BoardView,
    /// Capture routes drawn for the selected piece.
    pub routes: Rc<VecModel<RouteVm>>,
    /// The move list.
    pub move_rows: Rc<VecModel<MoveRowVm>>,
}

impl Models {
    /// Empty models, handed to the window's `GameModels` global once (the board is set on
    /// `GameAdapter` when a game is first shown).
    pub fn install(ui: &AppWindow) -> Models {
        let m = Models {
            board: BoardView::new(),
            routes: Rc::new(VecModel::default()),
            move_rows: Rc::new(VecModel::default()),
        };
        let g = ui.global::<GameModels>();
        g.set_routes(ModelRc::from(m.routes.clone()));
        g.set_move_rows(ModelRc::from(m.move_rows.clone()));
        m
    }
}
