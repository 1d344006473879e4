//! What the layout check measures on a screen: texts cut or broken, targets too small,
//! overlaps, what must be in view at first show.

use dama_ui::{AppWindow, SafeArea};
use i_slint_backend_testing::{AccessibleRole, ElementHandle, ElementQuery};
use slint::ComponentHandle;
use std::ops::ControlFlow;

/// Pixels of slack for rounding.
pub const SLACK: f32 = 1.0;
/// The smallest a button or chip may be, either way.
pub const MIN_TARGET: f32 = 44.0;
/// The tallest a button may be (touch size is 48 px; the game cards on Home are taller).
pub const TALLEST_BUTTON: f32 = 120.0;

#[derive(Clone, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn of(e: &ElementHandle) -> Rect {
        let (p, s) = (e.absolute_position(), e.size());
        Rect {
            x: p.x,
            y: p.y,
            w: s.width,
            h: s.height,
        }
    }
    pub fn inside(&self, o: &Rect) -> bool {
        self.x >= o.x - SLACK
            && self.y >= o.y - SLACK
            && self.x + self.w <= o.x + o.w + SLACK
            && self.y + self.h <= o.y + o.h + SLACK
    }
    /// The part of this inside `o`, if any.
    pub fn clipped_to(&self, o: &Rect) -> Option<Rect> {
        let (x, y) = (self.x.max(o.x), self.y.max(o.y));
        let (r, b) = (
            (self.x + self.w).min(o.x + o.w),
            (self.y + self.h).min(o.y + o.h),
        );
        (r > x && b > y).then_some(Rect {
            x,
            y,
            w: r - x,
            h: b - y,
        })
    }
    pub fn overlaps(&self, o: &Rect) -> bool {
        let w = (self.x + self.w).min(o.x + o.w) - self.x.max(o.x);
        let h = (self.y + self.h).min(o.y + o.h) - self.y.max(o.y);
        w > 2.0 && h > 2.0
    }
}

/// A visible text or button.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub label: String,
    pub rect: Rect,
    pub text: bool,
}

pub fn visible(e: &ElementHandle) -> bool {
    let s = e.size();
    s.width > 0.0 && s.height > 0.0 && e.computed_opacity() > 0.0
}

pub fn item(e: &ElementHandle) -> Option<Item> {
    if !visible(e) {
        return None;
    }
    let text = e.accessible_role() == Some(AccessibleRole::Text);
    let button = e.accessible_role() == Some(AccessibleRole::Button)
        && e.id().is_some_and(|id| id == "Button::ta");
    let label = e.accessible_label()?.to_string();
    ((text && !label.trim().is_empty()) || button).then(|| Item {
        label,
        rect: Rect::of(e),
        text,
    })
}

/// The texts and buttons under `e`, once each.
pub fn items_under(e: &ElementHandle) -> Vec<Item> {
    let mut out: Vec<Item> = Vec::new();
    e.visit_descendants(|d| {
        if let Some(i) = item(&d) {
            if !out.contains(&i) {
                out.push(i);
            }
        }
        ControlFlow::<()>::Continue(())
    });
    out
}

pub fn all(ui: &AppWindow, type_name: &str) -> Vec<ElementHandle> {
    ElementQuery::from_root(ui)
        .match_descendants()
        .match_type_name(type_name)
        .find_all()
}

pub fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// What the system leaves visible and touchable: the window less its safe-area edges.
pub fn safe_window(ui: &AppWindow) -> Rect {
    let size = ui.window().size().to_logical(ui.window().scale_factor());
    let area = ui.global::<SafeArea>();
    Rect {
        x: area.get_left(),
        y: area.get_top(),
        w: size.width - area.get_left() - area.get_right(),
        h: size.height - area.get_top() - area.get_bottom(),
    }
}

/// The editor's how-to names where the palette is only where it is (issue 48: "Choose a
/// piece below" with the palette above it, on the phone's side).
pub fn palette_words(ui: &AppWindow, name: &str) -> Vec<String> {
    let find = |p: &dyn Fn(&ElementHandle) -> bool| {
        ElementQuery::from_root(ui)
            .match_descendants()
            .find_all()
            .into_iter()
            .find(|e| visible(e) && p(e))
            .map(|e| Rect::of(&e))
    };
    let how = ElementQuery::from_root(ui)
        .match_descendants()
        .find_all()
        .into_iter()
        .find(|e| {
            visible(e)
                && e.accessible_role() == Some(AccessibleRole::Text)
                && e.accessible_label()
                    .is_some_and(|l| l.starts_with("Choose a piece"))
        });
    let palette = find(&|e| {
        e.accessible_role() == Some(AccessibleRole::Button)
            && e.accessible_label().is_some_and(|l| l == "White man")
    });
    let (Some(how), Some(palette)) = (how, palette) else {
        return vec![format!("{name}: the how-to or the palette is missing")];
    };
    let words = how.accessible_label().unwrap_or_default().to_string();
    let text = Rect::of(&how);
    let wrong = (words.contains("below") && palette.y < text.y)
        || (words.contains("above") && palette.y > text.y);
    if wrong {
        vec![format!(
            "{name}: '{}' with the palette at y {:.0}, the text at y {:.0}",
            short(&words),
            palette.y,
            text.y
        )]
    } else {
        Vec::new()
    }
}

/// What must be in view, whole, when a screen first shows (issue 39: at 740×360 about 20 px of
/// Home's game list showed): each of `labels` (English) inside the window's safe area and
/// inside the page it scrolls in, without scrolling.
pub fn in_view(ui: &AppWindow, name: &str, labels: &[&str]) -> Vec<String> {
    let window = safe_window(ui);
    let pages: Vec<(Rect, Vec<Item>)> = all(ui, "Flickable")
        .iter()
        .filter(|f| visible(f))
        .map(|f| (Rect::of(f), items_under(f)))
        .collect();
    let mut out = Vec::new();
    for &label in labels {
        let shown = ElementHandle::find_by_accessible_label(ui, label)
            .filter(visible)
            .map(|e| Rect::of(&e))
            .any(|r| {
                r.inside(&window)
                    && pages
                        .iter()
                        .filter(|(_, items)| items.iter().any(|i| i.label == label && i.rect == r))
                        .all(|(page, _)| r.inside(page))
            });
        if !shown {
            out.push(format!(
                "{name}: '{label}' is not wholly in view at first show"
            ));
        }
    }
    out
}

/// Every layout problem of what is on screen now. `overlay`: a dialog covers the screen, so
/// only what is in its card is checked for overlaps.
/// How many texts and touch targets the check measured, per screen (over every language and
/// size): a screen where it measured nothing is a check that checked nothing.
pub static MEASURED: std::sync::Mutex<std::collections::BTreeMap<String, (usize, usize)>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

pub fn count(name: &str, texts: usize, targets: usize) {
    let screen = name.split(" [").next().unwrap_or(name).to_string();
    let mut m = MEASURED.lock().unwrap();
    let e = m.entry(screen).or_default();
    e.0 += texts;
    e.1 += targets;
}

/// The places where a text shown over several lines may break that a reader would not
/// break (issue 48: "Damas turcas, jugada / 2", "Turkish / Dama, move 2", "6. / e4-d4").
/// Slint does not tell where it broke the lines, so a wrapped text must leave no such place
/// breakable: a move number ("6.", "12...") is bound to its move, a number that ends a short
/// text or its sentence to the word before it, and in a short text (a card's line, not a
/// paragraph) a game's name `names` is never split. A narrow no-break space (U+202F) or a
/// figure space (U+2007) binds; a no-break space (U+00A0) does not: Slint's line breaker
/// (parley 0.11) hangs a space or a no-break space that crosses the line's end and breaks
/// after it, which is how "jugada\u{a0}2" still came out as "jugada / 2".
pub fn loose_breaks(text: &str, names: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let words: Vec<&str> = text
        .split([' ', '\n', '\u{a0}'])
        .filter(|w| !w.is_empty())
        .collect();
    let short_text = words.len() <= 10;
    let number = |w: &str| {
        let w = w.trim_end_matches(['.', ',', ';', ':', '!', '?', ')']);
        !w.is_empty() && w.chars().all(|c| c.is_ascii_digit())
    };
    for (i, w) in words.iter().enumerate() {
        let dots = w.trim_start_matches(|c: char| c.is_ascii_digit());
        let move_number =
            dots.len() < w.len() && !dots.is_empty() && dots.chars().all(|c| c == '.');
        if i + 1 < words.len() && move_number {
            out.push(format!("may end a line on the move number '{w}'"));
        }
        let ends_sentence = i + 1 == words.len() || w.ends_with(['.', ',', ';', '!', '?', ')']);
        if i > 0 && !move_number && number(w) && ends_sentence {
            out.push(format!("may start a line with the number '{w}' alone"));
        }
    }
    if short_text {
        for n in names.iter().filter(|n| n.contains(' ')) {
            if text.contains(n.as_str()) || text.contains(&n.replace(' ', "\u{a0}")) {
                out.push(format!("may break the name '{n}' between its words"));
            }
        }
    }
    out
}

pub fn problems(ui: &AppWindow, name: &str, overlay: bool) -> Vec<String> {
    let window = safe_window(ui);
    // The games' names as this language writes them: a short text must not split one.
    let names: &[String] = &[
        dama_ui::GameKind::Turkish,
        dama_ui::GameKind::Zamma,
        dama_ui::GameKind::Damma,
        dama_ui::GameKind::Fetaix,
        dama_ui::GameKind::Kharbaga,
    ]
    .map(|g| {
        ui.global::<dama_ui::Texts>()
            .invoke_game_name(g)
            .to_string()
    });
    let mut out = Vec::new();
    // Texts that do not fit their own box (measured by Slint with the real font).
    let (mut texts, mut targets) = (0, 0);
    for e in ElementQuery::from_root(ui).match_descendants().find_all() {
        if !visible(&e) || e.accessible_role() != Some(AccessibleRole::Text) {
            continue;
        }
        texts += 1;
        let verdict = e.accessible_description().unwrap_or_default();
        // A label of one or two words is one phrase ("Pes et", "New game"): broken over
        // two lines it reads as two (issue 24). A translation keeps a longer phrase's
        // pairs together with no-break spaces, which this does not count as spaces.
        let label = e.accessible_label().unwrap_or_default();
        // A zero-width space marks a break a text allows (a position code's separators).
        let words = label
            .split([' ', '\u{200B}'])
            .filter(|w| !w.is_empty())
            .count();
        if verdict == "text-wraps" && words <= 2 {
            let s = e.size();
            out.push(format!(
                "{name}: '{}' breaks over two lines in its {:.0}x{:.0} box",
                short(&label),
                s.width,
                s.height
            ));
        }
        if verdict == "text-wraps" && words > 2 {
            for why in loose_breaks(&label, names) {
                out.push(format!("{name}: '{}' {why}", short(&label)));
            }
        }
        if verdict.starts_with("text-too") {
            let label = e.accessible_label().unwrap_or_default();
            let s = e.size();
            out.push(format!(
                "{name}: '{}' is {} for its {:.0}x{:.0} box",
                short(&label),
                if verdict == "text-too-wide" {
                    "too wide"
                } else {
                    "too tall"
                },
                s.width,
                s.height
            ));
        }
    }
    // Touch targets: every button and chip at least 44x44 (Material asks 48 dp; the board's
    // points are left out: a tap near a point finds it).
    for e in ElementQuery::from_root(ui).match_descendants().find_all() {
        let target = e
            .id()
            .is_some_and(|id| id == "Button::ta" || id == "Chip::ta");
        if !target || !visible(&e) {
            continue;
        }
        targets += 1;
        let s = e.size();
        if s.width + SLACK < MIN_TARGET || s.height + SLACK < MIN_TARGET {
            out.push(format!(
                "{name}: the target '{}' is {:.0}x{:.0}, under {MIN_TARGET:.0}x{MIN_TARGET:.0}",
                short(&e.accessible_label().unwrap_or_default()),
                s.width,
                s.height
            ));
        }
    }
    count(name, texts, targets);
    if texts == 0 {
        out.push(format!("{name}: no text measured (is the screen shown?)"));
    }
    let everything: Vec<Item> = {
        let mut v: Vec<Item> = Vec::new();
        for e in ElementQuery::from_root(ui).match_descendants().find_all() {
            if let Some(i) = item(&e) {
                if !v.contains(&i) {
                    v.push(i);
                }
            }
        }
        v
    };
    // Scrolling pages: content inside the viewport's real size and not wider than the page.
    let mut scrolled: Vec<Item> = Vec::new();
    // What of each scrolled item the page shows (it clips the rest): for the overlap check.
    let mut shown_part: Vec<(Item, Option<Rect>)> = Vec::new();
    for f in all(ui, "Flickable") {
        if !visible(&f) {
            continue;
        }
        let page = Rect::of(&f);
        let mut viewport: Option<Rect> = None;
        f.visit_descendants(|d| {
            if viewport.is_none() && d.type_name().is_some_and(|t| t.is_empty()) {
                viewport = Some(Rect::of(&d));
            }
            ControlFlow::<()>::Continue(())
        });
        let inner = items_under(&f);
        for i in &inner {
            if i.rect.x < page.x - SLACK || i.rect.x + i.rect.w > page.x + page.w + SLACK {
                out.push(format!(
                    "{name}: '{}' is wider than its page",
                    short(&i.label)
                ));
            }
            if let Some(v) = &viewport {
                if i.rect.y + i.rect.h > v.y + v.h + SLACK {
                    out.push(format!(
                        "{name}: '{}' lies below the end of its scrolling page",
                        short(&i.label)
                    ));
                }
            }
        }
        for i in &inner {
            shown_part.push((i.clone(), i.rect.clipped_to(&page)));
        }
        scrolled.extend(inner);
    }
    for i in &everything {
        if !scrolled.contains(i) && !i.rect.inside(&window) {
            out.push(format!(
                "{name}: '{}' is cut off by the window ({:?})",
                short(&i.label),
                i.rect
            ));
        }
        if !i.text && i.rect.h > TALLEST_BUTTON {
            out.push(format!(
                "{name}: button '{}' is stretched to {:.0} px",
                short(&i.label),
                i.rect.h
            ));
        }
    }
    // A scrolled text counts where its page shows it: clipped by the page, it cannot
    // overlap what lies outside the page, nor stick out of a card that holds the page.
    let shown = |i: &Item| -> Option<Rect> {
        match shown_part.iter().find(|(s, _)| s == i) {
            Some((_, part)) => part.clone(),
            None => Some(i.rect.clone()),
        }
    };
    // Cards hold their content.
    let mut in_cards: Vec<Item> = Vec::new();
    for c in all(ui, "Card") {
        if !visible(&c) {
            continue;
        }
        let card = Rect::of(&c);
        for i in items_under(&c) {
            if in_cards.contains(&i) {
                continue;
            }
            if shown(&i).is_some_and(|r| !r.inside(&card)) {
                out.push(format!(
                    "{name}: '{}' sticks out of its card ({:?} in {:?})",
                    short(&i.label),
                    i.rect,
                    card
                ));
            }
            in_cards.push(i);
        }
    }
    // Texts never overlap.
    // A dialog is the last card drawn; what it covers is not checked against it.
    let dialog: Vec<Item> = if overlay {
        all(ui, "Card")
            .into_iter()
            .filter(visible)
            .last()
            .map(|c| items_under(&c))
            .unwrap_or_default()
    } else {
        Vec::new()
    };
    let texts: Vec<&Item> = if overlay {
        dialog.iter().filter(|i| i.text).collect()
    } else {
        everything.iter().filter(|i| i.text).collect()
    };
    for (k, a) in texts.iter().enumerate() {
        for b in &texts[k + 1..] {
            let (Some(ra), Some(rb)) = (shown(a), shown(b)) else {
                continue;
            };
            if ra.overlaps(&rb) {
                out.push(format!(
                    "{name}: '{}' overlaps '{}'",
                    short(&a.label),
                    short(&b.label)
                ));
            }
        }
    }
    // A scroll bar is drawn over its page: no button may lie under it anywhere along its
    // travel (issue 48: at 360 px the editor's ran over Start position and Paste code once
    // the page was scrolled to them). A button scrolled with the page passes under the bar
    // wherever it stands across from it; one outside the page, only in the bar's track.
    let pages: Vec<(Rect, Vec<Item>)> = all(ui, "Flickable")
        .iter()
        .filter(|f| visible(f))
        .map(|f| (Rect::of(f), items_under(f)))
        .collect();
    for bar in ElementQuery::from_root(ui)
        .match_descendants()
        .match_id("Scroller::bar")
        .find_all()
        .iter()
        .filter(|e| visible(e))
        .map(Rect::of)
    {
        let Some((page, on_page)) = pages.iter().find(|(p, _)| bar.inside(p)) else {
            continue;
        };
        let track = Rect {
            y: page.y,
            h: page.h,
            ..bar.clone()
        };
        let across = |r: &Rect| (r.x + r.w).min(bar.x + bar.w) - r.x.max(bar.x) > 2.0;
        // Under a dialog only its own buttons count: the rest is covered by it.
        let buttons = everything
            .iter()
            .filter(|i| !i.text && (!overlay || dialog.contains(i)));
        for i in buttons {
            let under = if on_page.contains(i) {
                across(&i.rect)
            } else {
                i.rect.overlaps(&track)
            };
            if under {
                out.push(format!(
                    "{name}: the scroll bar runs over '{}'",
                    short(&i.label)
                ));
            }
        }
    }
    // Each problem once (the same element can be reached along several paths).
    let mut unique: Vec<String> = Vec::new();
    for p in out {
        if !unique.contains(&p) {
            unique.push(p);
        }
    }
    unique
}
