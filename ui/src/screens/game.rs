//! The game screen drawn from the flow: the board, its points, the pieces, the routes and
//! the status, each pushed into the window only when the app asks for it (an animation
//! frame asks for the pieces alone). The orientation and the position shown are worked out
//! once per view. The screen's state and its `update` are in `game/screen.rs`.

mod screen;
pub(crate) use screen::{GameScreen, Save};

use super::{send, Msg as M, Sender};
use crate::board::coords;
use crate::models::{self, Models};
use crate::play::animation::Animation;
use crate::play::flow::Flow;
use crate::play::selection::Mark;
use crate::store::Settings;
use crate::window::{
    advice, capture_kind, crosses, end_reason, game_kind, move_rows, move_text, path_vm, strings,
    winner,
};
use crate::{
    AppWindow, GameAdapter, GameModels, PieceVm, RouteVm, SpotMark, SpotVm, Wakeup, Winner,
};
use dama_core::{Color, Geometry, Point, Position, Role};
use slint::{ComponentHandle, ModelRc, VecModel};

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

    /// The board's kind, size and lines (rebuilt only when the board or its turn changes).
    pub fn board(&self) {
        let (ui, flow) = (self.ui, self.flow);
        let (g, flipped) = (self.geometry, self.flipped);
        let game = ui.global::<GameAdapter>();
        game.set_game(game_kind(flow.game().rules().game()));
        game.set_squares(g.kind() == dama_core::BoardKind::Squares8);
        game.set_board_size(g.size() as i32);
        if self.models.lines_for.replace(Some((g.kind(), flipped))) != Some((g.kind(), flipped)) {
            let lines = crate::window::line_vms(g, flipped);
            // A new model, not new rows: the board's art is painted from this property
            // and is painted again only when the property changes.
            ui.global::<GameModels>()
                .set_lines(ModelRc::new(VecModel::from(lines)));
        }
    }

    /// The points with their marks: destinations, landings, hint, last move.
    pub fn spots(&self) {
        let flow = self.flow;
        let (g, flipped) = (self.geometry, self.flipped);
        let selection = flow.selection();
        let marks = selection.marks();
        let huffs = selection.huff_choices();
        let hint_ends: Vec<Point> = flow
            .hint()
            .map(|h| vec![h[0], h[h.len() - 1]])
            .unwrap_or_default();
        let last_ends: Vec<Point> = match (self.animation, flow.last_move()) {
            (None, Some(l)) if l.len() > 1 => vec![l[0], l[l.len() - 1]],
            _ => Vec::new(),
        };
        let spots: Vec<SpotVm> = g
            .points()
            .iter()
            .map(|&p| {
                let (x, y) = coords::xy(g, p, flipped);
                let mark = if huffs.contains(&p) && flow.human_to_move() {
                    SpotMark::Liable
                } else {
                    match marks.iter().find(|(q, _)| *q == p) {
                        Some((_, Mark::Destination)) => SpotMark::Destination,
                        Some((_, Mark::Landing)) => SpotMark::Landing,
                        Some((_, Mark::Target)) => SpotMark::Target,
                        None if hint_ends.contains(&p) => SpotMark::Hint,
                        None => SpotMark::None,
                    }
                };
                let (file_label, rank_label) = coords::edge_labels(g, p, flipped);
                SpotVm {
                    x,
                    y,
                    label: g.label(p).into(),
                    mark,
                    last: last_ends.contains(&p),
                    file_label: file_label.into(),
                    rank_label: rank_label.into(),
                }
            })
            .collect();
        models::sync(&self.models.spots, spots);
    }

    /// The pieces, with the animation's moving piece and vanishing captures: the only part
    /// an animation frame redraws.
    pub fn pieces(&self) {
        let (ui, flow) = (self.ui, self.flow);
        let (pos, g, flipped) = (self.shown, self.geometry, self.flipped);
        let xy = |p: Point| coords::xy(g, p, flipped);
        let selection = flow.selection();
        let huffs = selection.huff_choices();
        // R-Z14: the piece the move will remove is drawn as taken away (faded, and crossed
        // in `routes`), the others it may change to keep their ring.
        let removing = flow.removing();
        let alternatives = removing
            .map(|_| selection.huff_alternatives())
            .unwrap_or_default();
        let selected = selection.selected();
        let must = selection.must_capture();
        // With "show moves" on, the player's movable pieces and optional captures are marked.
        let show = self.show_moves
            && self.animation.is_none()
            && selected.is_none()
            && flow.human_to_move()
            && !flow.computer_thinking();
        let (movable, capturers) = if show {
            (selection.movable(), selection.capturers())
        } else {
            (Vec::new(), Vec::new())
        };
        let frame = self.animation.map(|a| a.frame_at(a.elapsed(), xy));
        let moving = frame.as_ref().map(|f| f.moving);
        let (gone, fading) = frame.map(|f| (f.gone, f.fading)).unwrap_or_default();
        let mut mover = None;
        let pieces: Vec<PieceVm> = g
            .points()
            .iter()
            .filter_map(|&p| {
                let pc = pos.piece_at(p)?;
                if gone.contains(&p) {
                    return None;
                }
                let (x, y) = xy(p);
                let travelling = moving.is_some_and(|(from, _, _)| from == p);
                Some(PieceVm {
                    x,
                    y,
                    travelling,
                    white: pc.color == Color::White,
                    king: pc.role == Role::King,
                    selected: selected == Some(p),
                    // No ring on a piece while it travels.
                    must: self.animation.is_none() && selected.is_none() && must.contains(&p),
                    liable: huffs.contains(&p) || alternatives.contains(&p),
                    captured: fading.contains(&p) || removing == Some(p),
                    movable: movable.contains(&p),
                    can_capture: capturers.contains(&p) && !must.contains(&p),
                })
                .inspect(|vm| {
                    if let (true, Some((_, mx, my))) = (travelling, moving) {
                        mover = Some(PieceVm {
                            x: mx,
                            y: my,
                            travelling: false,
                            ..vm.clone()
                        });
                    }
                })
            })
            .collect();
        models::sync_in_place(&self.models.pieces, pieces);
        let gm = ui.global::<GameModels>();
        gm.set_has_mover(mover.is_some());
        if let Some(m) = mover {
            gm.set_mover(m);
        }
    }

    /// Candidate capture routes, the route being built, the crosses, the last move and the
    /// hint.
    pub fn routes(&self) {
        let (ui, flow) = (self.ui, self.flow);
        let (g, flipped) = (self.geometry, self.flipped);
        let selection = flow.selection();
        let (routes, captured) = selection.routes();
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
        models::sync(&self.models.routes, route_vms);
        // The crosses (see `crosses`); the last move's huff once it has arrived.
        let huffed = flow.huffed().filter(|_| self.animation.is_none());
        let marks = crosses(
            flow.game().position(),
            flipped,
            captured,
            flow.removing(),
            huffed,
        );
        models::sync(&self.models.captured_marks, marks);
        let game = ui.global::<GameAdapter>();
        let last = match (self.animation, flow.last_move()) {
            (None, Some(l)) => coords::boxed_polyline(g, l, flipped),
            _ => Default::default(),
        };
        game.set_last_move(path_vm(last));
        game.set_hint_path(path_vm(
            flow.hint()
                .map(|h| coords::boxed_polyline(g, h, flipped))
                .unwrap_or_default(),
        ));
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
        models::sync(&self.models.move_rows, rows);
    }
}

/// Whether the board is shown turned (Black at the bottom): the human's side against the
/// computer; for two players, the side to move on the board `shown` when the setting asks
/// (during a move's animation, the mover's: the board turns once the move has arrived).
pub(crate) fn flipped(flow: &Flow, shown: &Position, settings: &Settings) -> bool {
    if flow.vs_computer() {
        flow.human() == Color::Black
    } else {
        settings.flip_two_players && shown.side_to_move() == Color::Black
    }
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
