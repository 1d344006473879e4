//! The two rule families, and every question on which they differ.

/// The two rule families. Everything that differs between Turkish Dama and the Zamma family
/// is answered here, so the rest of the code asks a question instead of testing the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Turkish Dama (R-T).
    Turkish,
    /// Zamma, Damma, Fetaix and Kharbaga (R-Z).
    Zamma,
}

impl Family {
    /// Capturing is compulsory whatever the options (R-T6); in the Zamma family only with
    /// `capture=compulsory` (R-Z13).
    #[inline]
    pub const fn capture_always_forced(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// A man's move resets the clock (R-T11: 50 plies without capture or man move); in the
    /// Zamma family only a capture does (R-Z17).
    #[inline]
    pub const fn man_moves_reset_clock(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// Repetition, the clock and both sides blocked are decided by count (R-Z16, R-Z17,
    /// R-Z18); in Turkish Dama repetition and the clock draw (R-T11).
    #[inline]
    pub const fn decided_by_count(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// One piece each ends the game at once (R-T10, R-T11).
    #[inline]
    pub const fn one_piece_each_ends(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// Each side's previous move is remembered (R-Z6) and a huff may be pending (R-Z14).
    #[inline]
    pub const fn has_move_memory(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// The players choose who starts (R-Z4); in Turkish Dama White does (R-T2).
    #[inline]
    pub const fn first_player_chosen(self) -> bool {
        matches!(self, Family::Zamma)
    }

    /// Men move and capture forward and sideways only (R-T3); Zamma men capture backward
    /// too (R-Z7) and move along diagonals where the board has them.
    #[inline]
    pub const fn orthogonal_only(self) -> bool {
        matches!(self, Family::Turkish)
    }

    /// A man standing on its far row has already been crowned (R-T8); a Zamma man may stand
    /// there uncrowned (R-Z9).
    #[inline]
    pub const fn crowns_on_arrival(self) -> bool {
        matches!(self, Family::Turkish)
    }
}
