//! Texts as the window shows them: where a line may break in a game's moves and in a
//! position code.

/// A game's text as shown (the share sheet): each hyphen non-breaking (U+2011), so that a
/// line breaks between moves, never inside one ("b7-b6" never becomes "b" and "7-b6"), and
/// each move number bound to its move by a no-break space (no line ends on "6.").
pub fn unbroken_moves(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 16);
    let mut word_start = 0;
    for (i, c) in text.char_indices() {
        if c == ' ' && is_move_number(&text[word_start..i]) {
            out.push('\u{202f}');
        } else if c == '-' {
            out.push('\u{2011}');
        } else {
            out.push(c);
        }
        if c.is_whitespace() {
            word_start = i + c.len_utf8();
        }
    }
    out
}

/// "6." or "12...": digits, then dots.
fn is_move_number(word: &str) -> bool {
    let dots = word.trim_start_matches(|c: char| c.is_ascii_digit());
    dots.len() < word.len() && !dots.is_empty() && dots.chars().all(|c| c == '.')
}

/// A position code as shown: a zero-width space after each comma and colon, the only places
/// a line may break it (a code has no spaces, and character wrapping cut labels in two).
pub fn breakable_code(code: &str) -> String {
    code.replace(',', ",\u{200B}").replace(':', ":\u{200B}")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Issue 39 item 6: lines broke inside moves and labels. Shown, a move keeps its hyphen
    /// unbreakable and a code breaks only after its separators; the characters read the same.
    #[test]
    fn shown_moves_and_codes_break_only_between_moves_and_labels() {
        let shown = unbroken_moves("1. b7-b6 c6-d6 2. f5xd5xd3 3... a3-a4\n12. *");
        assert!(!shown.contains('-'));
        assert_eq!(
            shown.replace('\u{2011}', "-").replace('\u{202f}', " "),
            "1. b7-b6 c6-d6 2. f5xd5xd3 3... a3-a4\n12. *"
        );
        // Issue 48: no line ends on a move number ("6. / e4-d4"): each is bound to its move.
        assert_eq!(shown.matches('\u{202f}').count(), 4, "{shown:?}");
        for number in ["1.", "2.", "3...", "12."] {
            assert!(
                shown.contains(&format!("{number}\u{202f}")),
                "{number} in {shown:?}"
            );
        }
        let code = breakable_code("W:Wa1,a3,Kb2:Bh8");
        assert_eq!(code.replace('\u{200B}', ""), "W:Wa1,a3,Kb2:Bh8");
        // A break may come only right after a separator.
        for (i, _) in code.char_indices().filter(|&(_, c)| c == '\u{200B}') {
            let before = code[..i].chars().last();
            assert!(matches!(before, Some(',') | Some(':')), "{code:?} at {i}");
        }
        assert_eq!(code.matches('\u{200B}').count(), 4);
    }
}
