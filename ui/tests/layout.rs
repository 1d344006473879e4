//! Layout check of every screen in every language, at phone sizes from 360×640 up, portrait
//! and landscape, with the system's bars and cutout covering the window's edges: no text is
//! wider or taller than its box (Slint measures each text with its real font, see
//! `label.slint`), no text box overlaps another, nothing in a card sticks out of it, nothing
//! outside a scrolling page is clipped by the safe area, a scrolling page's content fits its
//! real height (so its last control can be scrolled to), and no button is stretched. It reads
//! the geometry Slint laid out (software renderer, no display) and lists every problem before
//! failing.

use dama_core::{Color, GameRecord, Position, Rules};
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::store::Store;
use dama_ui::{AppWindow, LayoutCheck, SafeArea, Screen};
use i_slint_backend_testing::{
    AccessibleRole, ElementHandle, ElementQuery, TestingBackend, TestingBackendOptions,
};
use slint::{ComponentHandle, Model};
use std::ops::ControlFlow;

/// Pixels of slack for rounding.
const SLACK: f32 = 1.0;
/// The smallest a button or chip may be, either way.
const MIN_TARGET: f32 = 44.0;
/// The tallest a button may be (touch size is 48 px; the game cards on Home are taller).
const TALLEST_BUTTON: f32 = 120.0;

#[derive(Clone, Debug, PartialEq)]
struct Rect {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
}

impl Rect {
    fn of(e: &ElementHandle) -> Rect {
        let (p, s) = (e.absolute_position(), e.size());
        Rect {
            x: p.x,
            y: p.y,
            w: s.width,
            h: s.height,
        }
    }
    fn inside(&self, o: &Rect) -> bool {
        self.x >= o.x - SLACK
            && self.y >= o.y - SLACK
            && self.x + self.w <= o.x + o.w + SLACK
            && self.y + self.h <= o.y + o.h + SLACK
    }
    /// The part of this inside `o`, if any.
    fn clipped_to(&self, o: &Rect) -> Option<Rect> {
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
    fn overlaps(&self, o: &Rect) -> bool {
        let w = (self.x + self.w).min(o.x + o.w) - self.x.max(o.x);
        let h = (self.y + self.h).min(o.y + o.h) - self.y.max(o.y);
        w > 2.0 && h > 2.0
    }
}

/// A visible text or button.
#[derive(Clone, Debug, PartialEq)]
struct Item {
    label: String,
    rect: Rect,
    text: bool,
}

fn visible(e: &ElementHandle) -> bool {
    let s = e.size();
    s.width > 0.0 && s.height > 0.0 && e.computed_opacity() > 0.0
}

fn item(e: &ElementHandle) -> Option<Item> {
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
fn items_under(e: &ElementHandle) -> Vec<Item> {
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

fn all(ui: &AppWindow, type_name: &str) -> Vec<ElementHandle> {
    ElementQuery::from_root(ui)
        .match_descendants()
        .match_type_name(type_name)
        .find_all()
}

fn short(s: &str) -> String {
    s.chars().take(40).collect()
}

/// What the system leaves visible and touchable: the window less its safe-area edges.
fn safe_window(ui: &AppWindow) -> Rect {
    let size = ui.window().size().to_logical(ui.window().scale_factor());
    let area = ui.global::<SafeArea>();
    Rect {
        x: area.get_left(),
        y: area.get_top(),
        w: size.width - area.get_left() - area.get_right(),
        h: size.height - area.get_top() - area.get_bottom(),
    }
}

/// What must be in view, whole, when a screen first shows (issue 39: at 740×360 about 20 px of
/// Home's game list showed): each of `labels` (English) inside the window's safe area and
/// inside the page it scrolls in, without scrolling.
fn in_view(ui: &AppWindow, name: &str, labels: &[&str]) -> Vec<String> {
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
static MEASURED: std::sync::Mutex<std::collections::BTreeMap<String, (usize, usize)>> =
    std::sync::Mutex::new(std::collections::BTreeMap::new());

fn count(name: &str, texts: usize, targets: usize) {
    let screen = name.split(" [").next().unwrap_or(name).to_string();
    let mut m = MEASURED.lock().unwrap();
    let e = m.entry(screen).or_default();
    e.0 += texts;
    e.1 += targets;
}

fn problems(ui: &AppWindow, name: &str, overlay: bool) -> Vec<String> {
    let window = safe_window(ui);
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
            if !i.rect.inside(&card) {
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
    // A scrolled text counts where its page shows it: clipped by the page, it cannot
    // overlap what lies outside the page.
    let shown = |i: &Item| -> Option<Rect> {
        match shown_part.iter().find(|(s, _)| s == i) {
            Some((_, part)) => part.clone(),
            None => Some(i.rect.clone()),
        }
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
    // Each problem once (the same element can be reached along several paths).
    let mut unique: Vec<String> = Vec::new();
    for p in out {
        if !unique.contains(&p) {
            unique.push(p);
        }
    }
    unique
}

fn start(h: &AppHandle, game: &str, code: Option<&str>) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let pos = match code {
        Some(c) => Position::from_code(rules, c).unwrap(),
        None => Position::start(rules),
    };
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            Opponent::TwoPlayers,
            Color::White,
        )
    });
}

/// Left, top, right, bottom.
type Insets = (f32, f32, f32, f32);

/// Window sizes in logical pixels, with the edges the system covers there (left, top, right,
/// bottom): a status bar and a gesture bar in portrait; in landscape the cutout on one side,
/// the gesture bar at the bottom. 360×640 is the smallest phone we fit; 360×740, 412×915
/// and 740×360 are the sizes issue 39 was tried at; 420×860 and 860×420 have no insets (a
/// desktop window).
const SIZES: &[(f32, f32, Insets)] = &[
    (360.0, 640.0, (0.0, 24.0, 0.0, 24.0)),
    (360.0, 740.0, (0.0, 24.0, 0.0, 24.0)),
    (360.0, 800.0, (0.0, 32.0, 0.0, 24.0)),
    (412.0, 915.0, (0.0, 32.0, 0.0, 24.0)),
    (420.0, 860.0, (0.0, 0.0, 0.0, 0.0)),
    (640.0, 360.0, (24.0, 0.0, 0.0, 16.0)),
    (740.0, 360.0, (24.0, 0.0, 0.0, 16.0)),
    (800.0, 360.0, (32.0, 0.0, 0.0, 16.0)),
    (915.0, 412.0, (32.0, 0.0, 0.0, 16.0)),
    (860.0, 420.0, (0.0, 0.0, 0.0, 0.0)),
];

const GAMES: [&str; 5] = ["turkish", "zamma", "damma", "fetaix", "kharbaga"];

#[test]
fn every_screen_in_every_language_and_orientation_fits() {
    slint::platform::set_platform(Box::new(TestingBackend::new(TestingBackendOptions {
        mock_time: true,
        threading: false,
        renderer_name: Some("software".into()),
    })))
    .unwrap();
    let dir = std::env::temp_dir().join(format!("dama-layout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let handle = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let ui: &AppWindow = &handle;
    ui.show().unwrap();
    handle.with(|a| a.set_anim_speed(0));
    ui.global::<LayoutCheck>().set_on(true);
    let mut found = Vec::new();
    let mut checked = 0;
    for &(w, h, insets) in SIZES {
        ui.window().set_size(slint::LogicalSize::new(w, h));
        let area = ui.global::<SafeArea>();
        let (l, t, r, b) = insets;
        area.set_left(l);
        area.set_top(t);
        area.set_right(r);
        area.set_bottom(b);
        let orientation = format!("{w}x{h}");
        for (l, lang) in dama_ui::languages::LANGUAGES
            .iter()
            .map(|l| l.code)
            .enumerate()
        {
            ui.global::<dama_ui::SettingsAdapter>()
                .invoke_choose_language(l as i32);
            let at = |s: &str| format!("{s} [{lang}, {orientation}]");
            for (g, game) in GAMES.iter().enumerate() {
                start(&handle, game, None);
                found.extend(problems(ui, &at(&format!("game {game}")), false));
                if lang == "en" {
                    // The whole board: its first and last points (opposite corners).
                    let spots = ui.global::<dama_ui::GameModels>().get_spots();
                    let corner = |i: usize| spots.row_data(i).unwrap().label.to_string();
                    let corners = [corner(0), corner(spots.row_count() - 1)];
                    let corners = corners.each_ref().map(String::as_str);
                    found.extend(in_view(ui, &at(&format!("game {game}")), &corners));
                }
                ui.set_rules_return(Screen::Game);
                ui.set_screen(Screen::Rules);
                found.extend(problems(ui, &at(&format!("rules {game}")), false));
                // Home with this game chosen and an unfinished game to resume.
                ui.set_screen(Screen::Home);
                ui.global::<dama_ui::HomeAdapter>()
                    .invoke_choose_game(dama_ui::window::game_kind(dama_core::GameId::ALL[g]));
                handle.with(|a| a.leave());
                found.extend(problems(ui, &at(&format!("home {game}")), false));
                if lang == "en" {
                    // The first game and Play; on its side, the opponent too (upright, the
                    // page scrolls down to it).
                    let wanted: &[&str] = if w > h {
                        &["Turkish Dama", "Two players", "Play"]
                    } else {
                        &["Turkish Dama", "Play"]
                    };
                    found.extend(in_view(ui, &at(&format!("home {game}")), wanted));
                }
                checked += 3;
            }
            // Home with the last finished game's result instead of a game to resume.
            let home = ui.global::<dama_ui::HomeAdapter>();
            let can_resume = home.get_can_resume();
            home.set_can_resume(false);
            home.set_has_last(true);
            home.set_last_game(dama_ui::GameKind::Kharbaga);
            home.set_last_winner(dama_ui::Winner::Black);
            home.set_last_reason(dama_ui::EndReason::Blocked);
            found.extend(problems(ui, &at("home with the last result"), false));
            home.set_can_resume(can_resume);
            home.set_has_last(false);
            ui.set_screen(Screen::Settings);
            found.extend(problems(ui, &at("settings"), false));
            // The game-over card.
            start(&handle, "turkish", Some("B:WKa1:Bh8"));
            ui.set_screen(Screen::Game);
            found.extend(problems(ui, &at("game over"), true));
            // The share sheet over the result card, with its longest notice; the History, with a paste refused; the position editor.
            handle.with(|a| a.share_game());
            let share = ui.global::<dama_ui::ShareAdapter>();
            share.set_can_share(true);
            share.set_status(dama_ui::ShareStatus::NoClipboard);
            found.extend(problems(ui, &at("share sheet"), true));
            share.invoke_close();
            handle.with(|a| a.show_history());
            let history = ui.global::<dama_ui::HistoryAdapter>();
            history.set_paste_problem(dama_ui::PasteProblem::NotMoves);
            found.extend(problems(ui, &at("history"), false));
            history.set_paste_problem(dama_ui::PasteProblem::None);
            // Issue 39 item 1: the statistics table's headings and game names.
            handle.with(|a| a.show_statistics());
            found.extend(problems(ui, &at("statistics"), false));
            handle.with(|a| a.show_editor());
            ui.global::<dama_ui::EditorAdapter>()
                .set_code_notice(dama_ui::CodeNotice::NotOnBoard);
            found.extend(problems(ui, &at("editor"), false));
            if lang == "en" {
                // The palette and Play (issue 39 item 7: Play was below the board).
                found.extend(in_view(
                    ui,
                    &at("editor"),
                    &["White man", "Erase", "Play this position"],
                ));
            }
            checked += 6;
        }
    }
    let area = ui.global::<SafeArea>();
    area.set_left(0.0);
    area.set_top(0.0);
    area.set_right(0.0);
    area.set_bottom(0.0);
    // Arabic mirrors the layout: the header's buttons change sides. (Tall enough that the
    // level chips are in view under the resume card: the page is not scrolled here.)
    ui.window().set_size(slint::LogicalSize::new(420.0, 1000.0));
    ui.set_screen(Screen::Home);
    let gear_x = |ui: &AppWindow| {
        ElementHandle::find_by_accessible_label(ui, "Settings")
            .chain(ElementHandle::find_by_accessible_label(ui, "الإعدادات"))
            .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
            .map(|e| e.absolute_position().x)
            .unwrap()
    };
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("en").into());
    assert!(gear_x(ui) > 210.0, "English: settings on the right");
    let chip_x = |ui: &AppWindow, label: &str| {
        ElementHandle::find_by_accessible_label(ui, label)
            .find(|e| e.accessible_role() == Some(AccessibleRole::Button))
            .map(|e| e.absolute_position().x)
            .unwrap()
    };
    ui.global::<dama_ui::HomeAdapter>()
        .invoke_choose_opponent(3);
    assert!(
        chip_x(ui, "1") < chip_x(ui, "8"),
        "English: levels left to right"
    );
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("ar").into());
    assert!(gear_x(ui) < 210.0, "Arabic: settings on the left");
    assert!(
        chip_x(ui, "1") > chip_x(ui, "8"),
        "Arabic: levels right to left"
    );
    // Issue 15: the rest reads from the right too.
    let x_of = |ui: &AppWindow, label: &str| {
        ui.window().take_snapshot().unwrap();
        ElementHandle::find_by_accessible_label(ui, label)
            .map(|e| (e.absolute_position().x, e.size().width))
            .last()
            .unwrap_or_else(|| panic!("no {label}"))
    };
    let (resume, _) = x_of(ui, "متابعة");
    assert!(
        resume < 210.0,
        "Arabic: Resume on the left of the resume card"
    );
    start(&handle, "zamma", None);
    let (title, title_w) = x_of(ui, "زمّة");
    let (back, _) = x_of(ui, "رجوع");
    assert!(
        back - (title + title_w) < 24.0,
        "Arabic: the game's title beside the back button ({title} + {title_w}, back at {back})"
    );
    ui.global::<dama_ui::GameAdapter>()
        .set_dialog(dama_ui::Dialog::Resign);
    assert!(
        x_of(ui, "تابع اللعب").0 > x_of(ui, "استسلام").0,
        "Arabic: the dialog's first answer on the right"
    );
    ui.global::<dama_ui::GameAdapter>()
        .set_dialog(dama_ui::Dialog::None);
    // Issue 24: in landscape the board stands on the right in Arabic, the panel on its left.
    let size = ui.window().size().to_logical(ui.window().scale_factor());
    ui.window().set_size(slint::LogicalSize::new(740.0, 360.0));
    let (centre, _) = x_of(ui, "e5");
    let (undo, _) = x_of(ui, "تراجع");
    assert!(
        centre > 370.0 && undo < centre,
        "Arabic landscape: the board on the right (e5 at {centre}, Undo at {undo})"
    );
    ui.window().set_size(size);
    start(&handle, "turkish", Some("B:WKa1:Bh8"));
    assert!(
        x_of(ui, "تراجع").0 > x_of(ui, "الرقعة").0,
        "Arabic: the result card's first button on the right"
    );
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("en").into());
    // Issue 24: the rules screen's back button and title stay put while the rules scroll:
    // they are outside the scrolled area.
    ui.set_rules_return(Screen::Home);
    ui.set_screen(Screen::Rules);
    let back = ElementHandle::find_by_accessible_label(ui, "Back")
        .filter(|e| visible(e) && e.accessible_role() == Some(AccessibleRole::Button))
        .map(|e| Rect::of(&e))
        .next()
        .expect("the rules screen's back button");
    let scrolled: Vec<Rect> = all(ui, "Flickable")
        .iter()
        .filter(|f| visible(f))
        .map(Rect::of)
        .collect();
    assert!(!scrolled.is_empty(), "the rules scroll");
    for f in &scrolled {
        assert!(
            !back.overlaps(f),
            "the back button scrolls with the rules: {f:?}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 800, "{checked} screens checked");
    // What was measured, per screen, over every language and size.
    for (screen, (texts, targets)) in MEASURED.lock().unwrap().iter() {
        println!("measured {screen}: {texts} texts, {targets} buttons and chips");
        assert!(*texts > 0, "{screen}: no text measured");
    }
    assert!(
        found.is_empty(),
        "{} layout problems:\n{}",
        found.len(),
        found.join("\n")
    );
}
