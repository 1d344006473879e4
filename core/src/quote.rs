//! Quotes of user input in error messages, cut short: an error about a 10 MB input must
//! not be 10 MB long.

use std::fmt;

/// The longest quote, in characters.
pub const MAX_CHARS: usize = 80;

/// Displays at most [`MAX_CHARS`] characters of a text, then `…` when it was longer.
#[derive(Clone, Copy, Debug)]
pub struct Quote<'a>(pub &'a str);

impl fmt::Display for Quote<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.char_indices().nth(MAX_CHARS) {
            Some((cut, _)) => write!(f, "{}…", &self.0[..cut]),
            None => f.write_str(self.0),
        }
    }
}

/// The text cut to [`MAX_CHARS`] characters (with `…` when cut), for storing in an error.
pub fn quote(s: &str) -> String {
    Quote(s).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_input_is_cut_at_a_character_boundary() {
        assert_eq!(quote("d3-d4"), "d3-d4");
        let long = "ş".repeat(10_000);
        let q = quote(&long);
        assert_eq!(q.chars().count(), MAX_CHARS + 1);
        assert!(q.ends_with('…'));
    }
}
