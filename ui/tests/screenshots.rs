//! Screenshots rendered by Slint's software renderer (no display): the home screen, every
//! board, a capture route being chosen, the game-over card, the rules and settings screens,
//! the dark theme and the Arabic translation, phones in four languages and tablets
//! (`screenshots/tablets.rs`). Written to `screenshots/` at the repository root for
//! reviewers. It also checks the review's graph as drawn (`screenshots/graph.rs`).

mod common;
#[path = "screenshots/graph.rs"]
mod graph;
#[path = "screenshots/tablets.rs"]
mod tablets;
use common::long_game;

use dama_core::{Color, GameRecord, Position, Rules};
use dama_ui::app::AppHandle;
use dama_ui::opponent::Opponent;
use dama_ui::store::Store;
use dama_ui::{AppWindow, Screen};
use i_slint_backend_testing::ElementHandle;
use slint::platform::PointerEventButton;
use slint::ComponentHandle;
use std::path::PathBuf;

fn out_dir() -> PathBuf {
    let d = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../screenshots");
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn shot(ui: &AppWindow, name: &str) {
    let buf = ui.window().take_snapshot().expect("software snapshot");
    let (w, h) = (buf.width(), buf.height());
    assert!(w > 0 && h > 0);
    let pixels = buf.as_bytes();
    // Something was drawn: not a single flat colour.
    assert!(
        pixels.chunks(4).any(|p| p != &pixels[0..4]),
        "{name} is blank"
    );
    let file = std::fs::File::create(out_dir().join(format!("{name}.png"))).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header()
        .unwrap()
        .write_image_data(pixels)
        .unwrap();
}

fn tap(ui: &AppWindow, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no {label}"));
    e.mock_single_click(PointerEventButton::Left);
}

fn start(h: &AppHandle, game: &str, options: &[&str], code: Option<&str>, opponent: u8) {
    let rules = Rules::parse(game, options).unwrap();
    let pos = match code {
        Some(c) => Position::from_code(rules, c).unwrap(),
        None => Position::start(rules),
    };
    h.with(|a| {
        a.begin(
            GameRecord::from_position(pos),
            opponent.into(),
            Color::White,
        )
    });
}

#[test]
fn screenshots() {
    common::testing_platform();
    let dir = std::env::temp_dir().join(format!("dama-shots-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let handle = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    let ui: &AppWindow = &handle;
    ui.window().set_size(slint::LogicalSize::new(420.0, 860.0));
    ui.show().unwrap();
    handle.with(|a| a.set_anim_speed(0));

    shot(ui, "home");
    for (game, name) in [
        ("turkish", "board-turkish"),
        ("zamma", "board-zamma"),
        ("damma", "board-damma"),
        ("fetaix", "board-fetaix"),
        ("kharbaga", "board-kharbaga"),
    ] {
        start(&handle, game, &[], None, 0);
        shot(ui, name);
    }
    // A piece selected, its capture routes drawn, the captured pieces marked.
    start(
        &handle,
        "zamma",
        &[],
        Some("W:Wa1,e1,Kg3:Ba2,b1,b3,c2,g5,h8"),
        0,
    );
    tap(ui, "a1");
    shot(ui, "route-zamma");
    start(
        &handle,
        "turkish",
        &[],
        Some("W:Wf6,Ka1,c2:Bc6,a3,h7,Kh1"),
        0,
    );
    tap(ui, "a1");
    shot(ui, "route-turkish");
    // Huffing: the liable pieces are marked for removal.
    start(
        &handle,
        "zamma",
        &["capture=huffing"],
        Some("B:Wa1,i1,e5:Bi9,e7,a9:huff=a1,i1"),
        0,
    );
    shot(ui, "huff-zamma");
    // Issue 48: i1 chosen for removal (faded and crossed, a1 still ringed), i9 picked.
    tap(ui, "i1");
    tap(ui, "i9");
    shot(ui, "huff-chosen-zamma");
    // King versus lone man.
    start(&handle, "turkish", &[], Some("W:WKa1:Ba4,h8"), 0);
    tap(ui, "a1");
    tap(ui, "a5");
    shot(ui, "game-over-turkish");
    // Landscape tablet.
    ui.window().set_size(slint::LogicalSize::new(1180.0, 820.0));
    start(&handle, "kharbaga", &[], None, 3);
    shot(ui, "tablet-kharbaga");
    ui.window().set_size(slint::LogicalSize::new(420.0, 860.0));
    // Rules and settings.
    // From the game: the rules of the game being played (Kharbaga), not Home's choice.
    ui.set_rules_return(Screen::Game);
    ui.set_screen(Screen::Rules);
    assert_eq!(
        ui.global::<dama_ui::GameAdapter>().get_game(),
        dama_ui::GameKind::Kharbaga
    );
    shot(ui, "rules-kharbaga");
    ui.set_rules_return(Screen::Home);
    ui.set_screen(Screen::Settings);
    shot(ui, "settings");
    // Dark theme, Arabic.
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_dark(true);
    start(&handle, "zamma", &[], None, 3);
    shot(ui, "dark-zamma");
    // The board and piece styles (issue 24 item 11), kings among the pieces.
    let set = ui.global::<dama_ui::SettingsAdapter>();
    for (board, pieces, dark, name) in [
        (1, 1, false, "style-baize-wood"),
        (2, 2, false, "style-stone-coral"),
        (2, 0, true, "style-dark-stone-classic"),
        (1, 2, true, "style-dark-baize-coral"),
    ] {
        set.invoke_choose_dark(dark);
        set.invoke_choose_board_style(board);
        set.invoke_choose_piece_style(pieces);
        start(
            &handle,
            "turkish",
            &[],
            Some("W:WKa1,b2,c3,d4:BKh8,g7,f6,e5"),
            0,
        );
        shot(ui, name);
        start(
            &handle,
            "zamma",
            &[],
            Some("W:WKa1,b2,c3,e1:BKi9,h8,g7,e9"),
            0,
        );
        shot(ui, &format!("{name}-zamma"));
    }
    // Show moves on the wooden pieces (issue 48: the rings were lost in their rims).
    set.invoke_choose_show_moves(true);
    set.invoke_choose_board_style(0);
    set.invoke_choose_piece_style(1);
    for (dark, name) in [(false, "show-moves-wood"), (true, "show-moves-wood-dark")] {
        set.invoke_choose_dark(dark);
        start(&handle, "zamma", &[], None, 0);
        shot(ui, name);
    }
    set.invoke_choose_show_moves(false);
    set.invoke_choose_board_style(0);
    set.invoke_choose_piece_style(0);
    set.invoke_choose_dark(true);
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_language(dama_ui::languages::index("ar").into());
    ui.set_screen(Screen::Home);
    shot(ui, "home-arabic");
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_dark(false);

    // A finished game for the History, Review and Statistics screens (issue 26), its review
    // made once at a small budget.
    handle.with(|a| {
        a.begin(long_game(30), Opponent::Computer(3), Color::White);
        a.resign();
        a.set_review_nodes(3_000);
    });

    // Phones: the smallest we fit, portrait and landscape, a tall one and a wide
    // landscape, with a status bar, a gesture bar
    // and (landscape) a cutout covering the edges, in English, German (long words) and
    // Arabic (mirrored).
    for (w, h, (l, t, r, b)) in [
        (360.0, 640.0, (0.0, 24.0, 0.0, 24.0)),
        (640.0, 360.0, (24.0, 0.0, 0.0, 16.0)),
        (412.0, 915.0, (0.0, 24.0, 0.0, 48.0)),
        (740.0, 360.0, (24.0, 0.0, 0.0, 16.0)),
    ] {
        ui.window().set_size(slint::LogicalSize::new(w, h));
        let area = ui.global::<dama_ui::SafeArea>();
        area.set_left(l);
        area.set_top(t);
        area.set_right(r);
        area.set_bottom(b);
        // A long game: the move list shows its latest moves.
        ui.global::<dama_ui::SettingsAdapter>()
            .invoke_choose_language(dama_ui::languages::index("en").into());
        start(&handle, "turkish", &[], None, 0);
        ui.window().take_snapshot().unwrap();
        handle.with(|a| a.begin(long_game(30), Opponent::TwoPlayers, Color::White));
        i_slint_backend_testing::mock_elapsed_time(std::time::Duration::from_millis(50));
        ui.window().take_snapshot().unwrap();
        // Issue 15: the last move is in view (the list scrolled to its end as it grew).
        let last = handle
            .with(|a| a.record().unwrap().moves().last().map(|m| m.to_string()))
            .unwrap();
        // Its own row, or (issue 24: where the card is short) the end of the moves' paragraph,
        // whose last line then stands inside the window.
        let (wanted, in_text) = (
            last.clone(),
            format!("\u{2007}{}", last.replace('-', "\u{2011}")),
        );
        let ends_with_last = move |e: &ElementHandle| {
            e.accessible_label()
                .is_some_and(|l| l == wanted.as_str() || l.ends_with(&in_text))
        };
        let shown: Vec<_> = i_slint_backend_testing::ElementQuery::from_root(ui)
            .match_predicate(ends_with_last)
            .find_all()
            .into_iter()
            .map(|e| (e.absolute_position().y, e.size().height))
            .filter(|&(top, tall)| top + tall > 0.0 && top + tall <= h - b)
            .collect();
        assert!(
            !shown.is_empty(),
            "the last move {last} is in view at {w}x{h}"
        );
        shot(ui, &format!("phone-long-game-{w}x{h}"));
        for code in ["en", "de", "tr", "ar"] {
            let lang = dama_ui::languages::index(code).into();
            ui.global::<dama_ui::SettingsAdapter>()
                .invoke_choose_language(lang);
            let name = |screen: &str| format!("phone-{screen}-{code}-{w}x{h}");
            ui.set_screen(Screen::Home);
            shot(ui, &name("home"));
            start(&handle, "zamma", &[], None, 3);
            shot(ui, &name("game"));
            // Zamma's three rule options on Home, the longest list of choices.
            let home = ui.global::<dama_ui::HomeAdapter>();
            home.invoke_choose_game(dama_ui::GameKind::Zamma);
            ui.set_screen(Screen::Home);
            shot(ui, &name("home-zamma"));
            home.invoke_choose_game(dama_ui::GameKind::Turkish);
            ui.set_screen(Screen::Game);
            handle.with(|a| a.share_game());
            shot(ui, &name("share"));
            ui.global::<dama_ui::ShareAdapter>().invoke_close();
            ui.set_screen(Screen::Settings);
            shot(ui, &name("settings"));
            handle.with(|a| a.show_history());
            shot(ui, &name("history"));
            common::analysed_review(&handle, 0, 21);
            shot(ui, &name("review"));
            handle.with(|a| a.show_statistics());
            shot(ui, &name("statistics"));
            handle.with(|a| a.show_editor());
            shot(ui, &name("editor"));
            // Puzzles: Turkish Dama's, a piece selected; Zamma's after a hint.
            let puzzles = ui.global::<dama_ui::PuzzleAdapter>();
            puzzles.invoke_show_puzzles();
            puzzles.invoke_choose_game(dama_ui::GameKind::Turkish);
            if let Some((_, line)) = handle.with(|a| a.puzzle_shown()) {
                tap(ui, &line[0][0]);
            }
            shot(ui, &name("puzzles"));
            puzzles.invoke_choose_game(dama_ui::GameKind::Zamma);
            puzzles.invoke_hint();
            shot(ui, &name("puzzles-zamma"));
            puzzles.invoke_choose_game(dama_ui::GameKind::Turkish);
            // Learn: the Turkish course, and the first Zamma lesson.
            let learn = ui.global::<dama_ui::LearnAdapter>();
            learn.invoke_show_learn(dama_ui::GameKind::Turkish);
            shot(ui, &name("learn"));
            learn.invoke_choose_course(1);
            learn.invoke_open(0);
            shot(ui, &name("lesson-zamma"));
            learn.invoke_to_list();
        }
        // The dark theme at this size.
        ui.global::<dama_ui::SettingsAdapter>()
            .invoke_choose_dark(true);
        start(&handle, "zamma", &[], None, 3);
        shot(ui, &format!("phone-game-dark-{w}x{h}"));
        ui.set_screen(Screen::Home);
        shot(ui, &format!("phone-home-dark-{w}x{h}"));
        handle.with(|a| a.open_review(0));
        shot(ui, &format!("phone-review-dark-{w}x{h}"));
        ui.global::<dama_ui::PuzzleAdapter>().invoke_show_puzzles();
        shot(ui, &format!("phone-puzzles-dark-{w}x{h}"));
        let learn = ui.global::<dama_ui::LearnAdapter>();
        learn.invoke_show_learn(dama_ui::GameKind::Turkish);
        learn.invoke_open(1);
        shot(ui, &format!("phone-lesson-dark-{w}x{h}"));
        learn.invoke_to_list();
        ui.global::<dama_ui::SettingsAdapter>()
            .invoke_choose_dark(false);
    }
    tablets::tablets(&handle);
    graph::curve_cursor_and_taps_agree(&handle);
    let _ = std::fs::remove_dir_all(&dir);
}
