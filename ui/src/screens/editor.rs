//! The position editor's screen: the position being set up (`play::editing`) into the
//! window, and the palette's choice read back.

use super::{send, send_with, Command, Ctx, Msg as M, Sender};
use crate::play::editing::{Brush, CodeStatus, Editor, Problem};
use crate::window::board::{self, BoardView, Seat, Shown};
use crate::{AppWindow, Screen};
use dama_core::position::Role;
use dama_core::{Color, Piece};

/// The palette's choice as the editor's brush.
pub fn brush_of(b: crate::EditorBrush) -> Brush {
    use crate::EditorBrush as B;
    match b {
        B::WhiteMan => Brush::Piece(Color::White, Role::Man),
        B::WhiteKing => Brush::Piece(Color::White, Role::King),
        B::BlackMan => Brush::Piece(Color::Black, Role::Man),
        B::BlackKing => Brush::Piece(Color::Black, Role::King),
        B::Erase => Brush::Erase,
    }
}

/// The editor into its screen, its board through `view`.
pub fn show(ui: &crate::AppWindow, e: &Editor, view: &BoardView) {
    use slint::ComponentHandle;
    let a = ui.global::<crate::EditorAdapter>();
    let g = e.rules().geometry();
    a.set_game(crate::window::game_kind(e.rules().game()));
    let points = g.points();
    let piece = |p| {
        let (color, role) = e.cell(points.iter().position(|&q| q == p)?)?;
        Some(Piece { color, role })
    };
    view.show(&Shown::still(
        g,
        board::flipped(Seat::Shared {
            turns: false,
            to_move: e.side(),
        }),
        &piece,
    ));
    a.set_board(view.vm());
    a.set_white_to_move(e.side() == Color::White);
    a.set_brush(match e.brush() {
        Brush::Piece(Color::White, Role::Man) => crate::EditorBrush::WhiteMan,
        Brush::Piece(Color::White, Role::King) => crate::EditorBrush::WhiteKing,
        Brush::Piece(Color::Black, Role::Man) => crate::EditorBrush::BlackMan,
        Brush::Piece(Color::Black, Role::King) => crate::EditorBrush::BlackKing,
        Brush::Erase => crate::EditorBrush::Erase,
    });
    a.set_code(e.code().into());
    a.set_code_shown(crate::window::breakable_code(&e.code()).into());
    let (problem, max, point, detail) = match e.position() {
        Ok(_) => (0, 0, String::new(), String::new()),
        Err(Problem::TooManyPieces { color, max }) => (
            if color == Color::White { 1 } else { 2 },
            max,
            String::new(),
            String::new(),
        ),
        Err(Problem::ManOnPromotionRow(l)) => (3, 0, l, String::new()),
        Err(Problem::Decided) => (4, 0, String::new(), String::new()),
        Err(Problem::Other(d)) => (5, 0, String::new(), d),
    };
    a.set_problem(problem);
    let (notice, about) = match e.code_status() {
        CodeStatus::None => (crate::CodeNotice::None, String::new()),
        CodeStatus::Copied => (crate::CodeNotice::Copied, String::new()),
        CodeStatus::Pasted => (crate::CodeNotice::Pasted, String::new()),
        CodeStatus::NoClipboard => (crate::CodeNotice::NoClipboard, String::new()),
        CodeStatus::Empty => (crate::CodeNotice::Empty, String::new()),
        CodeStatus::NotACode(why) => (crate::CodeNotice::NotACode, why.clone()),
        CodeStatus::NotOnBoard(label) => (crate::CodeNotice::NotOnBoard, label.clone()),
    };
    a.set_code_notice(notice);
    a.set_code_about(about.into());
    a.set_max(max as i32);
    a.set_point(point.into());
    a.set_detail(detail.into());
}

/// What the player does in the position editor.
pub(crate) enum Msg {
    /// The editor opened (for Home's game and options).
    Show,
    /// A tap on the point at this index.
    Tapped(i32),
    /// The side to move.
    WhiteToMove(bool),
    /// A piece (or the eraser) chosen in the palette.
    Brush(crate::EditorBrush),
    /// *Clear*.
    Clear,
    /// *Start position*.
    Reset,
    /// *Play this position*.
    Play,
    /// *Copy code*.
    CopyCode,
    /// *Paste code*.
    PasteCode,
}

/// The editor's state: the position being set up (none before the editor is opened), and
/// its board.
#[derive(Default)]
pub(crate) struct EditorScreen {
    editor: Option<Editor>,
    board: BoardView,
}

impl EditorScreen {
    /// Opens the editor for these rules, at their start position.
    fn open(&mut self, ui: &AppWindow, rules: dama_core::Rules) {
        self.editor = Some(Editor::new(rules));
        self.show(ui);
    }

    /// What `msg` changes, shown, or what the app must do (`Show` opens the editor for
    /// Home's game and options, from its start position).
    pub(crate) fn update(&mut self, ui: &AppWindow, msg: Msg, cx: &Ctx) -> Vec<Command> {
        if let Msg::Show = msg {
            self.open(ui, cx.settings.new_game.rules());
            return vec![Command::Navigate(Screen::Editor)];
        }
        let Some(e) = self.editor.as_mut() else {
            return Vec::new();
        };
        match msg {
            Msg::Play => {
                return e
                    .position()
                    .ok()
                    .map(Command::PlayPosition)
                    .into_iter()
                    .collect()
            }
            Msg::CopyCode => return vec![Command::CopyCode(e.code())],
            Msg::PasteCode => return vec![Command::PasteCode],
            _ => {}
        }
        // What a copy or paste did is said until the next change.
        e.set_code_status(CodeStatus::None);
        match msg {
            Msg::Show | Msg::Play | Msg::CopyCode | Msg::PasteCode => {}
            Msg::Tapped(i) => e.tap(i.max(0) as usize),
            Msg::WhiteToMove(white) => e.set_side(if white { Color::White } else { Color::Black }),
            Msg::Brush(b) => e.set_brush(brush_of(b)),
            Msg::Clear => e.clear(),
            Msg::Reset => e.reset(),
        }
        self.show(ui);
        Vec::new()
    }

    /// What the clipboard did for a copy or paste (`Ok(text)` the pasted code), shown.
    pub(crate) fn clipboard_answered(
        &mut self,
        ui: &AppWindow,
        answer: Result<Option<String>, CodeStatus>,
    ) {
        if let Some(e) = &mut self.editor {
            let status = match answer {
                Ok(None) => CodeStatus::Copied,
                Ok(Some(code)) => match e.load_code(&code) {
                    Ok(()) => CodeStatus::Pasted,
                    Err(why) => why,
                },
                Err(why) => why,
            };
            e.set_code_status(status);
        }
        self.show(ui);
    }

    fn show(&self, ui: &AppWindow) {
        if let Some(e) = &self.editor {
            show(ui, e, &self.board);
        }
    }
}

/// Wires the editor's callbacks: each sends its message.
pub(crate) fn connect(ui: &AppWindow, tx: &Sender) {
    use slint::ComponentHandle;
    let e = ui.global::<crate::EditorAdapter>();
    let m = |msg| M::Editor(msg);
    e.on_show_editor(send(tx, move || m(Msg::Show)));
    e.on_tapped(send_with(tx, move |i| m(Msg::Tapped(i))));
    e.on_choose_white_to_move(send_with(tx, move |w| m(Msg::WhiteToMove(w))));
    e.on_choose_brush(send_with(tx, move |b| m(Msg::Brush(b))));
    e.on_clear(send(tx, move || m(Msg::Clear)));
    e.on_reset(send(tx, move || m(Msg::Reset)));
    e.on_play(send(tx, move || m(Msg::Play)));
    e.on_copy_code(send(tx, move || m(Msg::CopyCode)));
    e.on_paste_code(send(tx, move || m(Msg::PasteCode)));
}
