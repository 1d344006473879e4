//! One board as the window shows it, for every screen that has one (the game, the review,
//! the editor, the puzzles, the lessons): the `BoardVm` its `Board` draws, and the one
//! place that says what each point shows (its label, what stands there, its mark), where
//! the board is turned, and which point a tap meant.
//!
//! A [`BoardView`] owns the board's models and updates them row by row: a step or a tap
//! touches only the rows that changed, and a frame of a move only the pieces'
//! ([`BoardView::pieces`]). The `BoardVm` itself (kind, size, lines and the models' handles)
//! changes only with the board or its orientation: every binding that reads it is redone
//! then, the board's art is painted again from the new lines, and the lists are new models
//! too. (Slint's repeater leaves a row changed while its model property is dirty for the
//! new model to reset, and a model that stayed the same resets nothing: the pieces of a
//! Turkish board stayed drawn on the Zamma board that followed it.)

use super::rows::{sync, sync_in_place};
use crate::board::coords::{self, Polyline};
use crate::play::animation::Animation;
use crate::play::selection::{Mark, Selection};
use crate::{BoardVm, DotVm, LineVm, PathVm, PieceVm, SpotMark, SpotVm};
use dama_core::{BoardKind, Color, Geometry, Piece, Point, Role};
use slint::{ModelRc, VecModel};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Who sits at a board's bottom edge.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// One person at the device: the human against the computer (in the game and its
    /// review), a puzzle's solver, a lesson's pupil.
    Player(Color),
    /// The device is shared (two players, the editor): White, or the side to move when
    /// the board turns between moves (`turns`, the two-player setting).
    Shared {
        /// The board turns to the side to move.
        turns: bool,
        /// The side to move on the board shown.
        to_move: Color,
    },
}

/// The one orientation rule: the board is turned (Black at the bottom) when Black sits at
/// its bottom.
pub fn flipped(seat: Seat) -> bool {
    let bottom = match seat {
        Seat::Player(side) => side,
        Seat::Shared {
            turns: true,
            to_move,
        } => to_move,
        Seat::Shared { turns: false, .. } => Color::White,
    };
    bottom == Color::Black
}

/// What a screen shows on its board, for [`BoardView::show`].
pub struct Shown<'a> {
    /// The board.
    pub geometry: &'static Geometry,
    /// Black at the bottom ([`flipped`]).
    pub flipped: bool,
    /// What stands on a point (a position's pieces, or the editor's set-up board).
    pub piece: &'a dyn Fn(Point) -> Option<Piece>,
    /// The turn being played on the board, if it takes moves.
    pub play: Option<Play<'a>>,
    /// A move on its way: `piece` gives the position before it; the piece travelling is
    /// drawn apart (the mover), the pieces it takes vanish or fade as it passes.
    pub animation: Option<&'a Animation>,
    /// The last move's route: its ends marked, its path drawn.
    pub last: Option<&'a [Point]>,
    /// A suggested move's route: its ends marked where no other mark is, its path drawn.
    pub hint: Option<&'a [Point]>,
    /// Crosses are drawn (the game's and the lessons' boards): on what the selected route
    /// takes and the piece the move will remove; else on the point of the piece the last
    /// move huffed (`huffed`), so it does not vanish unseen, unless a piece stands there
    /// now (the mover would look crossed; the words name the point instead).
    pub crosses: bool,
    /// The piece the last move huffed (R-Z14), if it did and has arrived.
    pub huffed: Option<Point>,
}

impl<'a> Shown<'a> {
    /// A board showing what `piece` says stands on each point, and nothing else: no turn,
    /// no move on its way, no marks (the fields to add are set over it).
    pub fn still(
        geometry: &'static Geometry,
        flipped: bool,
        piece: &'a dyn Fn(Point) -> Option<Piece>,
    ) -> Shown<'a> {
        Shown {
            geometry,
            flipped,
            piece,
            play: None,
            animation: None,
            last: None,
            hint: None,
            crosses: false,
            huffed: None,
        }
    }
}

/// The turn on a board that takes moves: the selection's marks and rings.
pub struct Play<'a> {
    /// The tap state of the side to move.
    pub selection: &'a Selection,
    /// The turn is the player's (else the opponent's reply is coming): the liable pieces
    /// to choose from are marked on their points.
    pub player: bool,
    /// The liable piece the player's move will remove first (R-Z14), once known: drawn
    /// faded and crossed, the others it may change to ringed.
    pub removing: Option<Point>,
    /// The liable pieces are ringed on the opponent's turn too (the game's board).
    pub opponent_liable: bool,
    /// "Show moves" (the game's setting, while the player may move): the pieces that can
    /// move and the optional captures ringed, before a piece is chosen.
    pub show_moves: bool,
}

impl<'a> Play<'a> {
    /// The turn of a puzzle or a lesson: `player` when it is the player's to make.
    pub fn of(selection: &'a Selection, player: bool) -> Play<'a> {
        Play {
            selection,
            player,
            removing: selection.chosen_huff().filter(|_| player),
            opponent_liable: false,
            show_moves: false,
        }
    }
}

/// One screen's board: its models, and the board and orientation drawn.
pub struct BoardView {
    vm: RefCell<BoardVm>,
    lists: RefCell<Lists>,
    /// The board and orientation drawn: the lines were made for them, and taps are read
    /// on them.
    drawn: Cell<Option<(&'static Geometry, bool)>>,
}

/// The lists of a `BoardVm`, new for each board and orientation.
#[derive(Default)]
struct Lists {
    spots: Rc<VecModel<SpotVm>>,
    pieces: Rc<VecModel<PieceVm>>,
    last_move: Rc<VecModel<PathVm>>,
    hint: Rc<VecModel<PathVm>>,
    crosses: Rc<VecModel<DotVm>>,
}

impl Lists {
    /// Hands the lists to `vm`.
    fn install(&self, vm: &mut BoardVm) {
        vm.spots = ModelRc::from(self.spots.clone());
        vm.pieces = ModelRc::from(self.pieces.clone());
        vm.last_move = ModelRc::from(self.last_move.clone());
        vm.hint = ModelRc::from(self.hint.clone());
        vm.crosses = ModelRc::from(self.crosses.clone());
    }
}

impl Default for BoardView {
    fn default() -> Self {
        BoardView::new()
    }
}

impl BoardView {
    /// Empty models; the adapters' default board (8 a side, no lines) until one is shown.
    pub fn new() -> BoardView {
        let lists = Lists::default();
        let mut vm = BoardVm {
            size: 8,
            ..BoardVm::default()
        };
        lists.install(&mut vm);
        BoardView {
            vm: RefCell::new(vm),
            lists: RefCell::new(lists),
            drawn: Cell::new(None),
        }
    }

    /// The board for the adapter's `board` property. Setting it again unchanged does
    /// nothing (Slint compares the value: the models by identity).
    pub fn vm(&self) -> BoardVm {
        self.vm.borrow().clone()
    }

    /// Everything `shown` shows; the piece on its way, if any (the game draws it apart).
    pub fn show(&self, shown: &Shown) -> Option<PieceVm> {
        self.orient(shown.geometry, shown.flipped);
        self.spots(shown);
        self.paths(shown);
        self.pieces(shown)
    }

    /// The board's kind, size and lines, made again only when the board or its
    /// orientation changes: a new lines model, from which the art is painted again, and
    /// new lists (see the module's note).
    pub fn orient(&self, g: &'static Geometry, flipped: bool) {
        let key = |d: Option<(&'static Geometry, bool)>| d.map(|(g, f)| (g.kind(), f));
        if key(self.drawn.replace(Some((g, flipped)))) == Some((g.kind(), flipped)) {
            return;
        }
        let mut vm = self.vm.borrow_mut();
        vm.squares = g.kind() == BoardKind::Squares8;
        vm.size = g.size() as i32;
        vm.lines = ModelRc::new(VecModel::from(line_vms(g, flipped)));
        let lists = Lists::default();
        lists.install(&mut vm);
        *self.lists.borrow_mut() = lists;
    }

    /// The points: each one's place, label, coordinates and mark, and whether the last
    /// move began or ended there.
    pub fn spots(&self, shown: &Shown) {
        let (g, flipped) = (shown.geometry, shown.flipped);
        let ends = |route: Option<&[Point]>| -> Vec<Point> {
            route
                .filter(|r| r.len() > 1)
                .map(|r| vec![r[0], r[r.len() - 1]])
                .unwrap_or_default()
        };
        let (last_ends, hint_ends) = (ends(shown.last), ends(shown.hint));
        let (marks, choices) = match &shown.play {
            Some(play) => (
                play.selection.marks(),
                play.selection
                    .huff_choices()
                    .into_iter()
                    .filter(|_| play.player)
                    .collect(),
            ),
            None => (Vec::new(), Vec::new()),
        };
        // What a screen reader says of each point (`board_cells.slint`): the piece chosen,
        // and those that must capture while none is (not while a move is on its way).
        let (selected, must) = match &shown.play {
            Some(play) => (play.selection.selected(), play.selection.must_capture()),
            None => (None, Vec::new()),
        };
        let spots: Vec<SpotVm> = g
            .points()
            .iter()
            .map(|&p| {
                let (x, y) = coords::xy(g, p, flipped);
                let mark = match marks.iter().find(|(q, _)| *q == p) {
                    _ if choices.contains(&p) => SpotMark::Liable,
                    Some((_, Mark::Destination)) => SpotMark::Destination,
                    Some((_, Mark::Landing)) => SpotMark::Landing,
                    Some((_, Mark::Target)) => SpotMark::Target,
                    None if hint_ends.contains(&p) => SpotMark::Hint,
                    None => SpotMark::None,
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
                    piece: super::cell_piece((shown.piece)(p).map(|pc| (pc.color, pc.role))),
                    selected: selected == Some(p),
                    must: shown.animation.is_none() && selected.is_none() && must.contains(&p),
                }
            })
            .collect();
        sync(&self.lists.borrow().spots, spots);
    }

    /// The pieces, with the rings of the turn, and those a move on its way takes: the only
    /// part a frame of the move redraws. Returns the piece on its way, drawn apart.
    pub fn pieces(&self, shown: &Shown) -> Option<PieceVm> {
        let (g, flipped) = (shown.geometry, shown.flipped);
        let xy = |p: Point| coords::xy(g, p, flipped);
        let still = shown.animation.is_none();
        let (mut liable, mut removing, mut selected, mut must) = (Vec::new(), None, None, vec![]);
        let (mut movable, mut capturers) = (Vec::new(), Vec::new());
        if let Some(play) = &shown.play {
            let s = play.selection;
            if play.player || play.opponent_liable {
                liable = s.huff_choices();
            }
            removing = play.removing;
            if removing.is_some() {
                liable.extend(s.huff_alternatives());
            }
            selected = s.selected();
            must = s.must_capture();
            if play.show_moves && still && selected.is_none() {
                (movable, capturers) = (s.movable(), s.capturers());
            }
        }
        let frame = shown.animation.map(|a| a.frame_at(a.elapsed(), xy));
        let moving = frame.as_ref().map(|f| f.moving);
        let (gone, fading) = frame.map(|f| (f.gone, f.fading)).unwrap_or_default();
        let mut mover = None;
        let pieces: Vec<PieceVm> = g
            .points()
            .iter()
            .filter_map(|&p| {
                let pc = (shown.piece)(p)?;
                if gone.contains(&p) {
                    return None;
                }
                let (x, y) = xy(p);
                let travelling = moving.is_some_and(|(from, _, _)| from == p);
                let vm = PieceVm {
                    x,
                    y,
                    travelling,
                    white: pc.color == Color::White,
                    king: pc.role == Role::King,
                    selected: selected == Some(p),
                    // No ring on a piece while a move is on its way.
                    must: still && selected.is_none() && must.contains(&p),
                    liable: liable.contains(&p),
                    captured: fading.contains(&p) || removing == Some(p),
                    movable: movable.contains(&p),
                    can_capture: capturers.contains(&p) && !must.contains(&p),
                };
                if let (true, Some((_, mx, my))) = (travelling, moving) {
                    mover = Some(PieceVm {
                        x: mx,
                        y: my,
                        travelling: false,
                        ..vm.clone()
                    });
                }
                Some(vm)
            })
            .collect();
        sync_in_place(&self.lists.borrow().pieces, pieces);
        mover
    }

    /// The last move's and the hint's paths, and the crosses.
    pub fn paths(&self, shown: &Shown) {
        let (g, flipped) = (shown.geometry, shown.flipped);
        let path = |route: Option<&[Point]>| -> Vec<PathVm> {
            route
                .map(|r| path_vm(coords::boxed_polyline(g, r, flipped)))
                .filter(|p| !p.commands.is_empty())
                .into_iter()
                .collect()
        };
        let lists = self.lists.borrow();
        sync(&lists.last_move, path(shown.last));
        sync(&lists.hint, path(shown.hint));
        let mut crossed = Vec::new();
        if shown.crosses {
            if let Some(play) = &shown.play {
                crossed = play.selection.routes().1;
                crossed.extend(play.removing);
            }
            if crossed.is_empty() {
                crossed.extend(shown.huffed.filter(|&p| (shown.piece)(p).is_none()));
            }
        }
        let crosses = crossed
            .into_iter()
            .map(|p| {
                let (x, y) = coords::xy(g, p, flipped);
                DotVm { x, y }
            })
            .collect();
        sync(&lists.crosses, crosses);
    }

    /// Nothing on the board (a puzzle bank that did not read).
    pub fn clear(&self) {
        let lists = self.lists.borrow();
        sync(&lists.spots, Vec::new());
        sync(&lists.pieces, Vec::new());
        sync(&lists.last_move, Vec::new());
        sync(&lists.hint, Vec::new());
        sync(&lists.crosses, Vec::new());
    }

    /// The point a tap meant: the point at `index` of the spots was tapped `offset` logical
    /// px from its centre, on a board whose cells are `cell` px. With a selection, the
    /// nearest useful point within half the 48-dp touch target (or the cell, if that is
    /// larger; `Selection::aimed_at`), else the point tapped. Read on the board as drawn.
    pub fn aim(
        &self,
        index: usize,
        offset: (f32, f32),
        cell: f32,
        selection: Option<&Selection>,
    ) -> Option<Point> {
        let (g, flipped) = self.drawn.get()?;
        let (p, at, radius) = coords::touch(g, index, offset, cell, flipped)?;
        Some(match selection {
            Some(s) => s.aimed_at(p, at, radius, |q| coords::xy(g, q, flipped)),
            None => p,
        })
    }
}

/// The board's lines as the window draws them.
pub fn line_vms(g: &Geometry, flipped: bool) -> Vec<LineVm> {
    coords::segments(g, flipped)
        .into_iter()
        .map(|s| LineVm {
            x: s.x,
            y: s.y,
            w: s.w,
            h: s.h,
            rising: s.rising,
        })
        .collect()
}

/// A polyline on the board as the window draws it.
pub fn path_vm(p: Polyline) -> PathVm {
    PathVm {
        commands: p.commands.into(),
        x: p.x,
        y: p.y,
        w: p.w,
        h: p.h,
    }
}

#[cfg(test)]
#[path = "board_tests.rs"]
mod tests;
