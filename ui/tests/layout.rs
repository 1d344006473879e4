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
    AccessibleRole, ElementHandle, TestingBackend, TestingBackendOptions,
};
use slint::{ComponentHandle, Model};

#[path = "layout/contrast.rs"]
mod contrast;
#[path = "layout/measure.rs"]
mod measure;
#[path = "layout/tablet.rs"]
mod tablet;
#[path = "common/wcag.rs"]
mod wcag;
use measure::*;

/// Every problem of the screen shown: what `problems` finds anywhere, on a tablet what a
/// tablet shows badly, and where contrast is measured (`CONTRAST`) a text that does not
/// stand out (a dialog's screen is left out: what its scrim covers is meant to recede).
fn check(ui: &AppWindow, name: &str, overlay: bool) -> Vec<String> {
    let mut out = problems(ui, name, overlay);
    out.extend(tablet::tablet_problems(ui, name, overlay));
    if CONTRAST.load(std::sync::atomic::Ordering::Relaxed) && !overlay {
        out.extend(contrast::contrast_problems(ui, name, &safe_window(ui)));
    }
    let all = std::env::var("DAMA_LAYOUT_PNG_ALL").is_ok_and(|v| v == "1");
    if let (true, Some(dir)) = (all || !out.is_empty(), std::env::var_os("DAMA_LAYOUT_PNG")) {
        save_png(ui, &std::path::Path::new(&dir).join(name));
    }
    out
}

/// `DAMA_LAYOUT_PNG=DIR`: each screen with a problem drawn to DIR, to look at what was found
/// (with `DAMA_LAYOUT_PNG_ALL=1`, every screen checked).
fn save_png(ui: &AppWindow, path: &std::path::Path) {
    let buf = ui.window().take_snapshot().expect("software snapshot");
    let name: String = path
        .file_name()
        .unwrap()
        .to_string_lossy()
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let file = std::fs::File::create(path.with_file_name(name + ".png")).unwrap();
    let mut enc = png::Encoder::new(std::io::BufWriter::new(file), buf.width(), buf.height());
    enc.set_color(png::ColorType::Rgba);
    enc.set_depth(png::BitDepth::Eight);
    enc.write_header()
        .unwrap()
        .write_image_data(buf.as_bytes())
        .unwrap();
}

/// Contrast is measured from the drawn frame at the smallest phone, in both themes, in
/// English (the colours do not depend on the language or the size).
static CONTRAST: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

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

/// Sixty plies of a Turkish game (each side's middle move in turn): a long line of moves.
fn long_game() -> GameRecord {
    let mut s = dama_core::Session::new(Rules::new(dama_core::GameId::Turkish));
    for _ in 0..60 {
        let legal = s.legal_moves();
        let Some(d) = legal.get(legal.len() / 2).cloned() else {
            break;
        };
        s.play(&d.mv).unwrap();
    }
    s.into_record()
}

/// Left, top, right, bottom.
type Insets = (f32, f32, f32, f32);

/// Window sizes in logical pixels, with the edges the system covers there (left, top, right,
/// bottom): a status bar and a gesture bar in portrait; in landscape the cutout on one side,
/// the gesture bar at the bottom. 360×640 is the smallest phone we fit; 360×740, 412×915
/// and 740×360 are the sizes issue 39 was tried at; 420×860 and 860×420 have no insets (a
/// desktop window). The last two again in the dark theme (`true`): the themes share every
/// size and font, so two sizes show that nothing depends on the theme. The last field is the
/// Text size setting (0 normal, 1 large 1.3×, 2 largest 2×).
const SIZES: &[(f32, f32, Insets, bool, usize)] = &[
    (360.0, 640.0, (0.0, 24.0, 0.0, 24.0), false, 0),
    (360.0, 740.0, (0.0, 24.0, 0.0, 24.0), false, 0),
    (360.0, 800.0, (0.0, 32.0, 0.0, 24.0), false, 0),
    (412.0, 915.0, (0.0, 32.0, 0.0, 24.0), false, 0),
    (420.0, 860.0, (0.0, 0.0, 0.0, 0.0), false, 0),
    (640.0, 360.0, (24.0, 0.0, 0.0, 16.0), false, 0),
    (740.0, 360.0, (24.0, 0.0, 0.0, 16.0), false, 0),
    (800.0, 360.0, (32.0, 0.0, 0.0, 16.0), false, 0),
    (915.0, 412.0, (32.0, 0.0, 0.0, 16.0), false, 0),
    (860.0, 420.0, (0.0, 0.0, 0.0, 0.0), false, 0),
    (360.0, 640.0, (0.0, 24.0, 0.0, 24.0), true, 0),
    (740.0, 360.0, (24.0, 0.0, 0.0, 16.0), true, 0),
    // Tablets (issue 51), with a status bar above and a home indicator below: Android's
    // 800×1280 and 1280×800, the iPad's 768×1024, 1024×768 and 13-inch 1024×1366; the last
    // again dark.
    (768.0, 1024.0, (0.0, 24.0, 0.0, 20.0), false, 0),
    (1024.0, 768.0, (0.0, 24.0, 0.0, 20.0), false, 0),
    (800.0, 1280.0, (0.0, 24.0, 0.0, 24.0), false, 0),
    (1280.0, 800.0, (0.0, 24.0, 0.0, 24.0), false, 0),
    (1024.0, 1366.0, (0.0, 24.0, 0.0, 20.0), false, 0),
    (1024.0, 768.0, (0.0, 24.0, 0.0, 20.0), true, 0),
    // Large text (issue 50 item 5): the Text size setting's 1.3× and 2× (Android's largest
    // font scale), at the smallest phones upright and on their side and on a tablet, in
    // both themes.
    (360.0, 640.0, (0.0, 24.0, 0.0, 24.0), false, 1),
    (740.0, 360.0, (24.0, 0.0, 0.0, 16.0), true, 1),
    (768.0, 1024.0, (0.0, 24.0, 0.0, 20.0), false, 1),
    (360.0, 740.0, (0.0, 24.0, 0.0, 24.0), true, 2),
    (740.0, 360.0, (24.0, 0.0, 0.0, 16.0), false, 2),
    (768.0, 1024.0, (0.0, 24.0, 0.0, 20.0), true, 2),
];

/// What the default run checks on tablets (CI time: each size in each language costs about
/// four seconds): every size in English, and the narrowest upright and the widest on its
/// side also in German (the longest words) and Arabic (mirrored).
/// `DAMA_LAYOUT_TABLETS=all` checks every tablet size in all six languages (the phones are
/// always checked in all six).
const TABLET_LANGUAGES: [&str; 3] = ["en", "de", "ar"];
const TABLET_SIZES_IN_EVERY_LANGUAGE: [(f32, f32); 2] = [(768.0, 1024.0), (1280.0, 800.0)];

const GAMES: [&str; 5] = ["turkish", "zamma", "damma", "fetaix", "kharbaga"];

/// Issue 48: the rule finds the wraps a player met, a narrow no-break space satisfies it,
/// and a no-break space (U+00A0, which the line breaker breaks after) does not.
#[test]
fn loose_breaks_are_found_where_a_player_met_them() {
    let names = ["Turkish Dama".to_string(), "Damas turcas".to_string()];
    for (text, found) in [
        ("Partida sin terminar: Damas turcas, jugada 2", 2),
        (
            "Partida sin terminar: Damas\u{202f}turcas, jugada\u{202f}2",
            0,
        ),
        ("Partida sin terminar: Damas\u{a0}turcas, jugada\u{a0}2", 2),
        ("8. e6xg6xg8 f7-f6 9.\u{a0}g8xg3", 2),
        ("Unfinished game: Turkish Dama, move\u{202f}2", 1),
        ("[Result \"*\"]\n1. c3-c4 f6-f5 2. d3-d4", 2),
        (
            "[Result \"*\"]\n1.\u{202f}c3-c4 f6-f5 2.\u{202f}d3-d4 3...",
            0,
        ),
        ("Most wins in a row: 12", 1),
        ("Each player has 16 men on the second and third rows.", 0),
    ] {
        let why = loose_breaks(text, &names);
        assert_eq!(why.len(), found, "{text:?}: {why:?}");
    }
}

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
    // DAMA_LAYOUT_SIZES=360x640,740x360 checks only those sizes (both themes where listed
    // twice), for a quick look while working; the full run checks all.
    let only = std::env::var("DAMA_LAYOUT_SIZES").ok();
    // A size may name its text size too: 740x360@1 is 740×360 at the Text size setting's 1.3×.
    let named = |w: f32, h: f32, text: usize| {
        only.as_deref()
            .is_some_and(|o| o.split(',').any(|s| s == format!("{w}x{h}@{text}")))
    };
    let chosen = |w: f32, h: f32, text: usize| {
        named(w, h, text)
            || only
                .as_deref()
                .is_none_or(|o| o.split(',').any(|s| s == format!("{w}x{h}")))
    };
    // The Text size setting's 1.3× is always checked; its 2× (Android's largest font scale)
    // on demand (DAMA_LAYOUT_TEXT=1): it does not fit yet (issue 50 item 5; docs/testing.md
    // says where).
    let large_text = std::env::var("DAMA_LAYOUT_TEXT").is_ok_and(|v| v == "1");
    // DAMA_LAYOUT_PART=k/n checks every n-th size from the k-th: scripts/test.sh runs the
    // parts as processes side by side (one window per process, and one core each).
    let part = std::env::var("DAMA_LAYOUT_PART").ok();
    let (k, n) = part.as_deref().map_or((1, 1), |p| {
        let (k, n) = p.split_once('/').expect("DAMA_LAYOUT_PART=k/n");
        (k.parse().unwrap(), n.parse().unwrap())
    });
    assert!((1..=n).contains(&k), "DAMA_LAYOUT_PART={k}/{n}");
    let sizes = SIZES
        .iter()
        .filter(|s| named(s.0, s.1, s.4) || (chosen(s.0, s.1, s.4) && (s.4 <= 1 || large_text)))
        .enumerate()
        .filter(|(i, _)| i % n == k - 1)
        .map(|(_, s)| s);
    for &(w, h, insets, dark, text) in sizes {
        ui.window().set_size(slint::LogicalSize::new(w, h));
        let settings = ui.global::<dama_ui::SettingsAdapter>();
        settings.invoke_choose_dark(dark);
        settings.invoke_choose_text_size(text as i32);
        let area = ui.global::<SafeArea>();
        let (l, t, r, b) = insets;
        area.set_left(l);
        area.set_top(t);
        area.set_right(r);
        area.set_bottom(b);
        let scale = dama_ui::store::TEXT_SCALES[text];
        let orientation = format!(
            "{w}x{h}{}{}",
            if dark { ", dark" } else { "" },
            if text > 0 {
                format!(", text {scale}×")
            } else {
                String::new()
            }
        );
        for (l, lang) in dama_ui::languages::LANGUAGES
            .iter()
            .map(|l| l.code)
            .enumerate()
        {
            let all_languages = std::env::var("DAMA_LAYOUT_TABLETS").is_ok_and(|v| v == "all");
            let languages: &[&str] = if TABLET_SIZES_IN_EVERY_LANGUAGE.contains(&(w, h)) {
                &TABLET_LANGUAGES
            } else {
                &["en"]
            };
            if w.min(h) >= 600.0 && !all_languages && !languages.contains(&lang) {
                continue;
            }
            ui.global::<dama_ui::SettingsAdapter>()
                .invoke_choose_language(l as i32);
            let contrast = lang == "en" && (w, h) == (360.0, 640.0) && text == 0;
            CONTRAST.store(contrast, std::sync::atomic::Ordering::Relaxed);
            let at = |s: &str| format!("{s} [{lang}, {orientation}]");
            for (g, game) in GAMES.iter().enumerate() {
                start(&handle, game, None);
                found.extend(check(ui, &at(&format!("game {game}")), false));
                if lang == "en" {
                    // The whole board: its first and last points (opposite corners).
                    let spots = ui.global::<dama_ui::GameAdapter>().get_board().spots;
                    let corner = |i: usize| spots.row_data(i).unwrap().label.to_string();
                    let corners = [corner(0), corner(spots.row_count() - 1)];
                    let corners = corners.each_ref().map(String::as_str);
                    found.extend(in_view(ui, &at(&format!("game {game}")), &corners));
                }
                ui.set_rules_return(Screen::Game);
                ui.set_screen(Screen::Rules);
                found.extend(check(ui, &at(&format!("rules {game}")), false));
                // Home with this game chosen and an unfinished game to resume.
                ui.set_screen(Screen::Home);
                ui.global::<dama_ui::HomeAdapter>()
                    .invoke_choose_game(dama_ui::window::game_kind(dama_core::GameId::ALL[g]));
                handle.with(|a| a.leave());
                found.extend(check(ui, &at(&format!("home {game}")), false));
                if lang == "en" {
                    // The first game, Learn, Puzzles and Play; on its side, the opponent
                    // too (upright, the page scrolls down to it). Issue 48: on its side,
                    // Learn and Puzzles were below the five games, out of sight.
                    // With large text the games come after a scroll: Learn, Puzzles and
                    // Play stay in view.
                    let wanted: &[&str] = if text > 0 {
                        &["Learn", "Puzzles", "Play"]
                    } else if w > h {
                        &["Turkish Dama", "Learn", "Puzzles", "Two players", "Play"]
                    } else {
                        &["Turkish Dama", "Learn", "Puzzles", "Play"]
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
            found.extend(check(ui, &at("home with the last result"), false));
            home.set_can_resume(can_resume);
            home.set_has_last(false);
            ui.set_screen(Screen::Settings);
            found.extend(check(ui, &at("settings"), false));
            // Issue 48: the huff's sentences under a Zamma board (the longest advice lines).
            start(&handle, "zamma", None);
            let game = ui.global::<dama_ui::GameAdapter>();
            for advice in [
                dama_ui::Advice::ChooseHuff,
                dama_ui::Advice::HuffChosen,
                dama_ui::Advice::HuffNext,
            ] {
                game.set_advice(advice);
                game.set_advice_point("i1".into());
                found.extend(check(ui, &at(&format!("game, {advice:?}")), false));
            }
            // The game-over card.
            start(&handle, "turkish", Some("B:WKa1:Bh8"));
            ui.set_screen(Screen::Game);
            found.extend(check(ui, &at("game over"), true));
            // The share sheet over the result card, with its longest notice; the History, with a paste refused; the position editor.
            handle.with(|a| a.share_game());
            let share = ui.global::<dama_ui::ShareAdapter>();
            share.set_can_share(true);
            share.set_status(dama_ui::ShareStatus::NoClipboard);
            found.extend(check(ui, &at("share sheet"), true));
            share.invoke_close();
            // Issue 48: a long game's text, whose lines must not end on a move number.
            handle.with(|a| a.begin(long_game(), Opponent::TwoPlayers, Color::White));
            handle.with(|a| a.share_game());
            found.extend(check(ui, &at("share sheet, a long game"), true));
            share.invoke_close();
            handle.with(|a| a.show_history());
            let history = ui.global::<dama_ui::HistoryAdapter>();
            history.set_paste_problem(dama_ui::PasteProblem::NotMoves);
            found.extend(check(ui, &at("history"), false));
            history.set_paste_problem(dama_ui::PasteProblem::None);
            // The review (issue 48: "Bester / Zug" broke in its button while the engine
            // analysed): analysing, then analysed with a blunder named. The finished game
            // above is the newest row; the engine's answers are not awaited.
            handle.with(|a| a.open_review(0));
            assert_eq!(ui.get_screen(), Screen::Review, "the finished game opens");
            let review = ui.global::<dama_ui::ReviewAdapter>();
            review.set_analysed(false);
            review.set_analysing(true);
            review.set_done(12);
            review.set_total(140);
            found.extend(check(ui, &at("review, analysing"), false));
            review.set_analysing(false);
            review.set_analysed(true);
            review.set_judgement(2);
            review.set_best_move("d3xd5xf5".into());
            review.set_score("+2.45".into());
            found.extend(check(ui, &at("review, a blunder"), false));
            // Issue 39 item 1: the statistics table's headings and game names.
            handle.with(|a| a.show_statistics());
            found.extend(check(ui, &at("statistics"), false));
            handle.with(|a| a.show_editor());
            ui.global::<dama_ui::EditorAdapter>()
                .set_code_notice(dama_ui::CodeNotice::NotOnBoard);
            found.extend(check(ui, &at("editor"), false));
            if lang == "en" {
                found.extend(palette_words(ui, &at("editor")));
                // The palette and Play (issue 39 item 7: Play was below the board).
                found.extend(in_view(
                    ui,
                    &at("editor"),
                    &["White man", "Erase", "Play this position"],
                ));
            }
            // Puzzles (issue 41): Turkish Dama's bank, then Zamma's with the longest status.
            let puzzles = ui.global::<dama_ui::PuzzleAdapter>();
            puzzles.invoke_show_puzzles();
            puzzles.invoke_choose_game(dama_ui::GameKind::Turkish);
            found.extend(check(ui, &at("puzzles turkish"), false));
            if lang == "en" {
                found.extend(in_view(
                    ui,
                    &at("puzzles turkish"),
                    &["Hint", "Solution", "Next puzzle"],
                ));
            }
            // Issue 52: the list of themes to practise, and a solved puzzle's longest
            // theme line with why it works.
            puzzles.set_choosing_theme(true);
            found.extend(check(ui, &at("puzzles, the themes"), true));
            puzzles.set_choosing_theme(false);
            puzzles.set_state(dama_ui::PuzzleState::Solved);
            puzzles.set_themes(slint::ModelRc::from([3, 1, 5, 4].as_slice()));
            puzzles.set_why(2);
            puzzles.set_why_count(3);
            puzzles.set_why_crowns(true);
            found.extend(check(ui, &at("puzzles turkish, solved"), false));
            // A defence's why, the longest.
            puzzles.set_why(5);
            found.extend(check(ui, &at("puzzles turkish, a defence solved"), false));
            puzzles.invoke_choose_game(dama_ui::GameKind::Zamma);
            puzzles.set_missed(true);
            found.extend(check(ui, &at("puzzles zamma, missed"), false));
            puzzles.set_missed(false);
            // Learn (issue 41): each course's list, a lesson, its step done, and the longest
            // words any lesson says.
            let learn = ui.global::<dama_ui::LearnAdapter>();
            learn.invoke_show_learn(dama_ui::GameKind::Turkish);
            found.extend(check(ui, &at("learn turkish"), false));
            learn.invoke_choose_course(1);
            found.extend(check(ui, &at("learn zamma"), false));
            learn.invoke_open(0);
            found.extend(check(ui, &at("lesson zamma"), false));
            if lang == "en" {
                found.extend(in_view(
                    ui,
                    &at("lesson zamma"),
                    &["e5", "Start the step again"],
                ));
            }
            // Done: the step's own words for it, and the next lesson's button.
            let course =
                dama_core::lesson::Course::parse(dama_core::lesson::Course::bundled()[1]).unwrap();
            let done = course.lessons[0].steps[0].done.get(lang).to_string();
            learn.set_state(dama_ui::LearnState::Finished);
            learn.set_say(done.into());
            found.extend(check(ui, &at("lesson zamma, done"), false));
            // The longest words a lesson says in this language (a practice's task or its
            // advice), as a failed practice shows them: under what went wrong, with its
            // Try again.
            let longest = dama_core::lesson::Course::bundled()
                .iter()
                .flat_map(|t| dama_core::lesson::Course::parse(t).unwrap().lessons)
                .flat_map(|l| l.steps)
                .flat_map(|s| [Some(s.task), s.practice.map(|p| p.advice)])
                .flatten()
                .map(|t| t.get(lang).to_string())
                .max_by_key(|t| t.chars().count())
                .unwrap();
            learn.set_state(dama_ui::LearnState::Failed);
            learn.set_failure(dama_ui::PracticeFailure::NoMan);
            learn.set_say(longest.into());
            found.extend(check(ui, &at("lesson, its longest words"), false));
            learn.set_failure(dama_ui::PracticeFailure::None);
            learn.invoke_to_list();
            checked += 12;
        }
    }
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_text_size(0);
    let area = ui.global::<SafeArea>();
    area.set_left(0.0);
    area.set_top(0.0);
    area.set_right(0.0);
    area.set_bottom(0.0);
    // Arabic mirrors the layout: the header's buttons change sides. (Tall enough that the
    // level chips are in view under the resume card: the page is not scrolled here.)
    ui.window().set_size(slint::LogicalSize::new(420.0, 1100.0));
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
    assert!(
        checked >= 800 / n || only.is_some(),
        "{checked} screens checked"
    );
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
