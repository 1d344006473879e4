//! The position being set up, without Slint: pieces placed and removed point by point, the side
//! to move, and the position made only through the core's validating `Setup`, whose typed
//! error the screen explains.

use dama_core::position::Role;
use dama_core::setup::{CodeError, Setup};
use dama_core::{Color, Point, Position, Rules, Session};

/// What is on a point while editing.
pub type Cell = Option<(Color, Role)>;

/// What a tap puts on a point: the piece chosen in the palette, or nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// This piece (a second tap on the same piece takes it off again).
    Piece(Color, Role),
    /// An empty point.
    Erase,
}

/// Why the set-up position cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// More pieces of `color` than the game starts with (`max`).
    TooManyPieces {
        /// Whose.
        color: Color,
        /// The most allowed.
        max: u32,
    },
    /// Turkish: a man on its far row, where it would have been crowned (R-T8).
    ManOnPromotionRow(String),
    /// The game is over in this position already (a side has no piece or no move).
    Decided,
    /// Anything else the core refused (cannot come from the editor's taps).
    Other(String),
}

/// What became of the last copy or paste of the position code.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum CodeStatus {
    /// Nothing copied or pasted since the last change.
    #[default]
    None,
    /// The code is on the clipboard.
    Copied,
    /// The clipboard's code was set up.
    Pasted,
    /// There is no clipboard to use.
    NoClipboard,
    /// The clipboard holds no text.
    Empty,
    /// The clipboard's text is not a position code (the core's reason).
    NotACode(String),
    /// The code names a point this game's board does not have.
    NotOnBoard(String),
}

/// A position being set up.
#[derive(Clone, Debug)]
pub struct Editor {
    rules: Rules,
    cells: Vec<Cell>,
    side: Color,
    brush: Brush,
    code_status: CodeStatus,
}

impl Editor {
    /// The start position of `rules`' game.
    pub fn new(rules: Rules) -> Editor {
        let mut e = Editor {
            rules,
            cells: Vec::new(),
            side: Color::White,
            brush: Brush::Piece(Color::White, Role::Man),
            code_status: CodeStatus::None,
        };
        e.reset();
        e
    }

    /// The game and its options.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Back to the start position.
    pub fn reset(&mut self) {
        let start = Position::start(self.rules);
        self.side = start.side_to_move();
        self.cells = self
            .points()
            .iter()
            .map(|&p| start.piece_at(p).map(|pc| (pc.color, pc.role)))
            .collect();
    }

    /// An empty board.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
    }

    fn points(&self) -> Vec<Point> {
        self.rules.geometry().points().to_vec()
    }

    /// What is on point `index` (the board's order).
    pub fn cell(&self, index: usize) -> Cell {
        self.cells.get(index).copied().flatten()
    }

    /// A tap on point `index` puts the brush's piece there; a tap on the same piece takes
    /// it off, so a misplaced piece needs no trip to the eraser.
    pub fn tap(&mut self, index: usize) {
        let Some(c) = self.cells.get_mut(index) else {
            return;
        };
        let put = match self.brush {
            Brush::Piece(color, role) => Some((color, role)),
            Brush::Erase => None,
        };
        *c = if *c == put { None } else { put };
    }

    /// What a tap puts on a point.
    pub fn brush(&self) -> Brush {
        self.brush
    }

    /// Chooses what a tap puts on a point.
    pub fn set_brush(&mut self, brush: Brush) {
        self.brush = brush;
    }

    /// The side to move.
    pub fn side(&self) -> Color {
        self.side
    }

    /// Sets the side to move.
    pub fn set_side(&mut self, side: Color) {
        self.side = side;
    }

    /// What became of the last copy or paste.
    pub fn code_status(&self) -> &CodeStatus {
        &self.code_status
    }

    /// Notes what became of a copy or paste (shown until the next change).
    pub fn set_code_status(&mut self, status: CodeStatus) {
        self.code_status = status;
    }

    /// Sets up the position of a pasted code: its pieces and side to move (its clock, last
    /// moves and huff marks are not the editor's to set). The board is left as it was if
    /// the code does not read or names a point the board lacks; a code that reads but
    /// cannot be played is set up, and the screen says why, as for taps.
    pub fn load_code(&mut self, code: &str) -> Result<(), CodeStatus> {
        let setup = Setup::parse(code).map_err(|e| CodeStatus::NotACode(e.to_string()))?;
        let g = self.rules.geometry();
        let points = self.points();
        let mut cells = vec![None; points.len()];
        for (color, list) in [(Color::White, &setup.white), (Color::Black, &setup.black)] {
            for (king, label) in list {
                let at = g
                    .parse_label(label)
                    .and_then(|p| points.iter().position(|&q| q == p))
                    .ok_or_else(|| CodeStatus::NotOnBoard(label.clone()))?;
                let role = if *king { Role::King } else { Role::Man };
                cells[at] = Some((color, role));
            }
        }
        self.cells = cells;
        self.side = setup.side.unwrap_or(Color::White);
        Ok(())
    }

    /// The unvalidated setup of what is on the board.
    pub fn setup(&self) -> Setup {
        let g = self.rules.geometry();
        let mut s = Setup {
            side: Some(self.side),
            ..Setup::default()
        };
        for (p, c) in self.points().into_iter().zip(&self.cells) {
            if let Some((color, role)) = c {
                let entry = (*role == Role::King, g.label(p));
                match color {
                    Color::White => s.white.push(entry),
                    Color::Black => s.black.push(entry),
                }
            }
        }
        s
    }

    /// The position to play, validated by the core; or what is wrong with it.
    pub fn position(&self) -> Result<Position, Problem> {
        let pos = Position::from_setup(self.rules, &self.setup()).map_err(|e| match e {
            CodeError::TooManyPieces { color, max, .. } => Problem::TooManyPieces { color, max },
            CodeError::ManOnPromotionRow { label, .. } => Problem::ManOnPromotionRow(label),
            e => Problem::Other(e.to_string()),
        })?;
        let game = Session::from_record(dama_core::GameRecord::from_position(pos.clone()));
        if game.outcome().is_some() {
            return Err(Problem::Decided);
        }
        Ok(pos)
    }

    /// The position code of what is on the board (also while it cannot be played).
    pub fn code(&self) -> String {
        match Position::from_setup(self.rules, &self.setup()) {
            Ok(p) => p.to_code(),
            Err(_) => {
                let s = self.setup();
                let list = |v: &[(bool, String)]| {
                    v.iter()
                        .map(|(k, l)| format!("{}{l}", if *k { "K" } else { "" }))
                        .collect::<Vec<_>>()
                        .join(",")
                };
                let side = if self.side == Color::White { "W" } else { "B" };
                format!("{side}:W{}:B{}", list(&s.white), list(&s.black))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use dama_core::GameId;

    fn at(e: &Editor, label: &str) -> usize {
        let g = e.rules().geometry();
        let p = g.parse_label(label).unwrap();
        g.points().iter().position(|&q| q == p).unwrap()
    }

    /// Puts `role` of `color` on `label` with the palette.
    fn put(e: &mut Editor, color: Color, role: Role, label: &str) {
        e.set_brush(Brush::Piece(color, role));
        e.tap(at(e, label));
    }

    #[test]
    fn it_starts_from_the_start_and_taps_put_the_chosen_piece() {
        let mut e = Editor::new(Rules::new(GameId::Turkish));
        assert_eq!(
            e.position().unwrap(),
            Position::start(Rules::new(GameId::Turkish))
        );
        e.clear();
        let d4 = at(&e, "d4");
        assert_eq!(e.brush(), Brush::Piece(Color::White, Role::Man));
        e.tap(d4);
        assert_eq!(e.cell(d4), Some((Color::White, Role::Man)));
        // One tap with another piece chosen replaces it (no cycling through four kinds).
        e.set_brush(Brush::Piece(Color::Black, Role::King));
        e.tap(d4);
        assert_eq!(e.cell(d4), Some((Color::Black, Role::King)));
        // The same piece again takes it off; the eraser empties any point.
        e.tap(d4);
        assert_eq!(e.cell(d4), None);
        e.tap(d4);
        e.set_brush(Brush::Erase);
        e.tap(d4);
        assert_eq!(e.cell(d4), None);
        e.tap(d4);
        assert_eq!(e.cell(d4), None, "erasing an empty point leaves it empty");
    }

    #[test]
    fn the_core_decides_what_can_be_played() {
        let mut e = Editor::new(Rules::new(GameId::Turkish));
        e.clear();
        assert_eq!(e.position(), Err(Problem::Decided), "no pieces: over");
        put(&mut e, Color::White, Role::Man, "a8"); // on its far row (R-T8)
        put(&mut e, Color::Black, Role::Man, "h8");
        assert_eq!(e.position(), Err(Problem::ManOnPromotionRow("a8".into())));
        assert_eq!(e.code(), "W:Wa8:Bh8");
        put(&mut e, Color::White, Role::King, "a8");
        assert_eq!(
            e.position(),
            Err(Problem::Decided),
            "R-T10: king against a lone man"
        );
        put(&mut e, Color::White, Role::Man, "b2");
        put(&mut e, Color::Black, Role::Man, "g7");
        e.set_side(Color::Black);
        let p = e.position().unwrap();
        assert_eq!(p.to_code(), "B:WKa8,b2:Bg7,h8");
        assert_eq!(e.code(), p.to_code());
        // Seventeen white men are more than a side starts with.
        let mut many = Editor::new(Rules::new(GameId::Turkish));
        put(&mut many, Color::White, Role::Man, "a5");
        assert_eq!(
            many.position(),
            Err(Problem::TooManyPieces {
                color: Color::White,
                max: 16
            })
        );
    }

    #[test]
    fn a_pasted_code_sets_up_its_position_or_says_why_not() {
        let mut e = Editor::new(Rules::new(GameId::Turkish));
        e.clear();
        let d4 = at(&e, "d4");
        put(&mut e, Color::Black, Role::Man, "d4");
        let code = e.code();
        let mut other = Editor::new(Rules::new(GameId::Turkish));
        other.load_code(&format!(" {code}\n")).unwrap();
        assert_eq!(other.code(), code);
        assert_eq!(other.cell(d4), Some((Color::Black, Role::Man)));
        // Not a code, or a point of another board: the board stays as it was.
        let before = other.code();
        assert!(matches!(
            other.load_code("hello"),
            Err(CodeStatus::NotACode(_))
        ));
        assert_eq!(
            other.load_code("W:Wi9:Ba1"),
            Err(CodeStatus::NotOnBoard("i9".into()))
        );
        assert_eq!(other.code(), before);
        // A code that reads but cannot be played is set up, and the problem shown.
        let mut zamma = Editor::new(Rules::new(GameId::Zamma));
        zamma.load_code("B:Wa1:B").unwrap();
        assert_eq!(zamma.side(), Color::Black);
        assert_eq!(zamma.position(), Err(Problem::Decided));
    }
}
