//! The game screen drawn from the flow: the board, its points, the pieces, the routes and
//! the status, each pushed into the window only when the app asks for it (an animation
//! frame asks for the pieces alone). The orientation and the position shown are worked out
//! once per view. The screen's state and its `update` are in `game/screen.rs`.

mod screen;
pub(crate) use screen::{GameScreen, Save};

use super::{send, Msg as M, Sender};
use crate::board::coords;
use crate::models::Models;
use crate::play::animation::Animation;
use crate::play::flow::Flow;
use crate::store::Settings;
use crate::window::board::{self, path_vm, Play, Seat, Shown};
use crate::window::{
    advice, capture_kind, end_reason, game_kind, move_rows, move_text, strings, sync, winner,
};
use crate::{AppWindow, GameAdapter, GameModels, RouteVm, Wakeup, Winner};
use dama_core::{Color, Geometry, Position};
use slint::ComponentHandle;

/// What the game screen shows now.
pub struct GameView<'a> {
    ui: &'a AppWindow,
    flow: &'a Flow,
    models: &'a Models,
    animation: Option<&'a Animation>,
    show_moves: bool,
    /// The position on the board: during a move's animation, the one before it.
    shown: &'a Position,
    geometry: &'static Geometry,
    /// Black at the bottom.
    flipped: bool,
}

impl<'a> GameView<'a> {
    /// The view of `flow` in `ui`, with the animation running (if any) and the settings.
    pub fn new(
        ui: &'a AppWindow,
        flow: &'a Flow,
        models: &'a Models,
        animation: Option<&'a Animation>,
        settings: &Settings,
    ) -> GameView<'a> {
        let shown = match animation {
            Some(a) => &a.before,
            None => flow.game().position(),
        };
        let flipped = flipped(flow, shown, settings);
        GameView {
            ui,
            flow,
            models,
            animation,
            show_moves: settings.show_moves,
            shown,
            geometry: shown.geometry(),
            flipped,
        }
    }

    /// Everything.
    pub fn all(&self) {
        self.board();
        self.spots();
        self.pieces();
        self.routes();
        self.status();
    }

    /// Hands what the board shows to `draw` (`window::board`): the position shown, the
    /// turn's selection, the move on its way, the last move once it has arrived, the hint.
    fn with_shown<R>(&self, draw: impl FnOnce(&Shown) -> R) -> R {
        let flow = self.flow;
        let selection = flow.selection();
        let piece = |p| self.shown.piece_at(p);
        let shown = Shown {
            geometry: self.geometry,
            flipped: self.flipped,
            piece: &piece,
            play: Some(Play {
                selection,
                player: flow.human_to_move(),
                // R-Z14: the piece the move will remove is drawn as taken away (faded and
                // crossed), the others it may change to keep their ring.
                removing: flow.removing(),
                opponent_liable: true,
                show_moves: self.show_moves && flow.human_to_move() && !flow.computer_thinking(),
            }),
            animation: self.animation,
            last: flow.last_move().filter(|_| self.animation.is_none()),
            hint: flow.hint(),
            crosses: true,
            // Once it has arrived.
            huffed: flow.huffed().filter(|_| self.animation.is_none()),
        };
        draw(&shown)
    }

    /// The board's kind, size and lines (rebuilt only when the board or its turn changes).
    pub fn board(&self) {
        let game = self.ui.global::<GameAdapter>();
        game.set_game(game_kind(self.flow.game().rules().game()));
        let board = &self.models.board;
        board.orient(self.geometry, self.flipped);
        game.set_board(board.vm());
    }

    /// The points with their marks: destinations, landings, hint, last move.
    pub fn spots(&self) {
        self.with_shown(|s| self.models.board.spots(s));
    }

    /// The pieces, with the animation's moving piece and vanishing captures: the only part
    /// an animation frame redraws.
    pub fn pieces(&self) {
        let mover = self.with_shown(|s| self.models.board.pieces(s));
        let gm = self.ui.global::<GameModels>();
        gm.set_has_mover(mover.is_some());
        if let Some(m) = mover {
            gm.set_mover(m);
        }
    }

    /// Candidate capture routes, the route being built, the crosses, the last move and the
    /// hint.
    pub fn routes(&self) {
        let (g, flipped) = (self.geometry, self.flipped);
        let selection = self.flow.selection();
        let (routes, _) = selection.routes();
        let built = selection.route_so_far();
        let mut route_vms: Vec<RouteVm> = routes
            .iter()
            .map(|r| RouteVm {
                path: path_vm(coords::boxed_polyline(g, r, flipped)),
                active: false,
            })
            .collect();
        if built.len() > 1 {
            route_vms.push(RouteVm {
                path: path_vm(coords::boxed_polyline(g, &built, flipped)),
                active: true,
            });
        }
        sync(&self.models.routes, route_vms);
        self.with_shown(|s| self.models.board.paths(s));
    }

    /// Whose turn, the advice, the result, undo/redo, the options and the move list.
    pub fn status(&self) {
        let (ui, flow) = (self.ui, self.flow);
        let game = ui.global::<GameAdapter>();
        let session = flow.game();
        game.set_white_to_move(session.position().side_to_move() == Color::White);
        game.set_thinking(flow.computer_thinking());
        game.set_animating(self.animation.is_some());
        game.set_vs_computer(flow.vs_computer());
        game.set_human_side(if flow.vs_computer() {
            winner(Some(flow.human()))
        } else {
            Winner::None
        });
        game.set_human_to_move(flow.human_to_move() && !flow.computer_thinking());
        game.set_advice(advice(flow.advice()));
        let point = flow
            .advice_point()
            .map(|p| flow.game().position().geometry().label(p));
        game.set_advice_point(point.unwrap_or_default().into());
        let outcome = session.outcome().filter(|_| self.animation.is_none());
        game.set_game_over(outcome.is_some());
        game.set_winner(winner(outcome.and_then(|o| o.winner())));
        game.set_reason(end_reason(outcome.map(|o| o.reason())));
        game.set_can_undo(flow.can_undo());
        game.set_can_redo(session.record().can_redo());
        game.set_options_in_force(strings(session.rules().options()));
        game.set_capture(capture_kind(session.rules().capture()));
        let rows = move_rows(session.record());
        ui.global::<GameModels>().set_move_text(move_text(&rows));
        sync(&self.models.move_rows, rows);
    }
}

/// Whether the board is shown turned (Black at the bottom): the human's side against the
/// computer; for two players, the side to move on the board `shown` when the setting asks
/// (during a move's animation, the mover's: the board turns once the move has arrived).
pub(crate) fn flipped(flow: &Flow, shown: &Position, settings: &Settings) -> bool {
    board::flipped(if flow.vs_computer() {
        Seat::Player(flow.human())
    } else {
        Seat::Shared {
            turns: settings.flip_two_players,
            to_move: shown.side_to_move(),
        }
    })
}

/// What the player does on the game screen (and the AI worker's wake-up).
pub(crate) enum Msg {
    /// A tap on the point at this index of the spots, this far from its centre, on a board
    /// of cells this size (logical px).
    Tapped(usize, (f32, f32), f32),
    /// *Undo*.
    Undo,
    /// *Redo*.
    Redo,
    /// *Hint*.
    Hint,
    /// A draw offered.
    OfferDraw,
    /// A draw agreed between two players.
    AcceptDraw,
    /// *Resign*.
    Resign,
    /// The share button.
    Share,
    /// Another game like this one.
    NewGame,
    /// Back to Home.
    Leave,
    /// The computer answered (sent by its worker through the event loop; the app, which
    /// owns the worker, takes the answers).
    AnswerReady,
    /// The answer of the search the game asked for (sent by the app).
    Answer(crate::play::ai_worker::Answer),
    /// A frame of the animation is due (the app's timer).
    Tick,
    /// Draw again (the settings changed).
    Redraw,
}

/// Wires the game screen's callbacks (and the AI worker's wake-up): each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    let game = ui.global::<GameAdapter>();
    let m = |msg| M::Game(msg);
    let t = tx.clone();
    game.on_tapped(move |i, dx, dy, cell| t(m(Msg::Tapped(i.max(0) as usize, (dx, dy), cell))));
    game.on_undo(send(tx, move || m(Msg::Undo)));
    game.on_redo(send(tx, move || m(Msg::Redo)));
    game.on_hint(send(tx, move || m(Msg::Hint)));
    game.on_offer_draw(send(tx, move || m(Msg::OfferDraw)));
    game.on_accept_draw(send(tx, move || m(Msg::AcceptDraw)));
    game.on_resign(send(tx, move || m(Msg::Resign)));
    game.on_share_game(send(tx, move || m(Msg::Share)));
    game.on_new_game(send(tx, move || m(Msg::NewGame)));
    game.on_leave(send(tx, move || m(Msg::Leave)));
    ui.global::<Wakeup>()
        .on_answer_ready(send(tx, move || m(Msg::AnswerReady)));
}
