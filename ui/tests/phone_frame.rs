//! The phone platform's frame on the host (`platform::headless`: the same window, renderer
//! and frame as the Android and iOS builds, without a screen): partial rendering gives the
//! same pixels as drawing everything, the back button goes one screen back and then leaves,
//! and the safe area moves the content clear of the system's bars.

use dama_ui::platform::headless::Screen;
use dama_ui::platform::insets::Edges;
use dama_ui::platform::shell::AppHooks;
use dama_ui::store::Store;
use i_slint_backend_testing::ElementHandle;
use slint::platform::software_renderer::PremultipliedRgbaColor;
use slint::{ComponentHandle, Model};
use std::time::Duration;

fn full_repaint(screen: &Screen) -> Vec<PremultipliedRgbaColor> {
    screen.repaint_all(|_| {})
}

fn differing(a: &[PremultipliedRgbaColor], b: &[PremultipliedRgbaColor]) -> usize {
    a.iter()
        .zip(b)
        .filter(|(x, y)| (x.red, x.green, x.blue) != (y.red, y.green, y.blue))
        .count()
}

/// A fresh app on a 1080×2400 phone at 420 dpi, with its data in a folder of its own.
fn phone(name: &str) -> (Screen, dama_ui::app::AppHandle, std::path::PathBuf) {
    let screen = Screen::install(1080, 2400, 2.625).unwrap();
    let dir = std::env::temp_dir().join(format!("dama-phone-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    ui.show().unwrap();
    (screen, ui, dir)
}

/// Starts a game for two of the game at `index` on Home (fast animations) and draws it.
fn start_for_two(screen: &mut Screen, ui: &dama_ui::AppWindow, game: dama_ui::GameKind) {
    ui.global::<dama_ui::HomeAdapter>().invoke_choose_game(game);
    ui.global::<dama_ui::HomeAdapter>()
        .invoke_choose_opponent(0);
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_anim_speed(dama_ui::AnimationSpeed::Fast);
    ui.global::<dama_ui::HomeAdapter>().invoke_start_game();
    screen.advance(Duration::from_millis(16));
    screen.draw().expect("the game screen");
}

/// Draws frames until the move under way has arrived; `each` sees every frame drawn.
fn animate(screen: &mut Screen, ui: &dama_ui::AppWindow, mut each: impl FnMut(&Screen)) {
    for _ in 0..300 {
        std::thread::sleep(Duration::from_millis(4));
        screen.advance(Duration::from_millis(16));
        if screen.draw().is_some() {
            each(screen);
        }
        if !ui.global::<dama_ui::GameAdapter>().get_animating() {
            break;
        }
    }
    assert!(
        !ui.global::<dama_ui::GameAdapter>().get_animating(),
        "the move arrived"
    );
    screen.advance(Duration::from_millis(16));
    screen.draw();
}

#[test]
fn zamma_lines_drawn_partially_equal_a_full_repaint() {
    // The alquerque lines are part of the board's art image: what a moving piece redraws
    // around itself must match drawing everything.
    let (mut screen, ui, dir) = phone("zamma");
    screen.draw().expect("a first frame");
    start_for_two(&mut screen, &ui, dama_ui::GameKind::Zamma);
    ui.tap_label("d4");
    ui.tap_label("e5");
    animate(&mut screen, &ui, |_| {});
    let after = screen.frame.pixels().to_vec();
    assert_eq!(differing(&after, &full_repaint(&screen)), 0);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_boards_art_is_copied_pixel_for_pixel() {
    // The wood, lines and points are one image (`board::art`) that the renderer copies at its
    // own size. Between two rows of pieces only the art shows: there the frame must hold
    // the image's pixels exactly (not scaled, not shifted by a pixel).
    let (mut screen, ui, dir) = phone("art");
    start_for_two(&mut screen, &ui, dama_ui::GameKind::Zamma);
    let inner = ElementHandle::find_by_element_id(&*ui, "Board::inner")
        .next()
        .expect("the board's playing area");
    let (p, s) = (inner.absolute_position(), inner.size());
    let px = |v: f32| (v * 2.625).round() as usize;
    let (x0, y0, w, h) = (px(p.x), px(p.y), px(s.width), px(s.height));
    // The arguments board.slint passes, in physical pixels.
    let theme = ui.global::<dama_ui::Theme>();
    let art = ui
        .global::<dama_ui::BoardArt>()
        .invoke_paint(
            w as f32,
            h as f32,
            ui.global::<dama_ui::GameAdapter>().get_board().lines,
            false,
            9,
            theme.get_board(),
            theme.get_board_edge(),
            theme.get_board_line(),
            theme.get_board_style(),
        )
        .to_rgba8()
        .expect("an image of pixels");
    assert_eq!((art.width() as usize, art.height() as usize), (w, h));
    let frame = screen.frame.pixels();
    let cell = w / 9;
    let mut compared = 0;
    for row in 1..9 {
        // Half-way between two rows of points, 6 pixels up and down; the first column
        // holds the rank labels.
        let mid = row * h / 9;
        for y in mid - 6..mid + 6 {
            for x in cell..w - cell {
                let (a, f) = (art.as_slice()[y * w + x], frame[(y0 + y) * 1080 + x0 + x]);
                assert_eq!(
                    (a.r, a.g, a.b, a.a),
                    (f.red, f.green, f.blue, f.alpha),
                    "pixel {x},{y} of the board"
                );
                compared += 1;
            }
        }
    }
    assert!(compared > 50_000);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_jumping_piece_passes_over_the_piece_it_captures() {
    // R-T5: the white man on d4 jumps the black man on d5 (drawn after it in the list).
    let (mut screen, ui, dir) = phone("jump");
    let rules = dama_core::Rules::new(dama_core::GameId::Turkish);
    let pos = dama_core::Position::from_code(rules, "W:Wd4:Bd5,h8").unwrap();
    ui.with(|a| {
        a.set_anim_speed(3);
        a.begin(
            dama_core::GameRecord::from_position(pos),
            dama_ui::opponent::Opponent::TwoPlayers,
            dama_core::Color::White,
        )
    });
    screen.advance(Duration::from_millis(16));
    screen.draw();
    let spots = ui.global::<dama_ui::GameAdapter>().get_board().spots;
    let d5 = (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .find(|s| s.label == "d5")
        .unwrap();
    let centre = ElementHandle::find_by_accessible_label(&*ui, "d5")
        .next()
        .map(|e| {
            let (p, s) = (e.absolute_position(), e.size());
            (
                ((p.x + s.width / 2.0) * 2.625) as usize,
                ((p.y + s.height / 2.0) * 2.625) as usize,
            )
        })
        .expect("the d5 point");
    ui.tap_label("d4");
    ui.tap_label("d6");
    let mut over = 0;
    animate(&mut screen, &ui, |screen| {
        let m = ui.global::<dama_ui::GameModels>().get_mover();
        if !ui.global::<dama_ui::GameModels>().get_has_mover()
            || (m.x - d5.x).abs() > 0.01
            || (m.y - d5.y).abs() > 0.01
        {
            return;
        }
        over += 1;
        let px = screen.frame.pixels()[centre.1 * 1080 + centre.0];
        // The white man's face (#f7f2e8), not the captured black man showing through.
        assert!(
            px.red > 0xd8 && px.green > 0xd0 && px.blue > 0xc0,
            "the mover is drawn on top: {px:?}"
        );
    });
    assert!(over > 0, "a frame showed the mover over d5");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn partial_frames_equal_a_full_repaint_and_back_and_insets_work() {
    // A 1080×2400 phone at 420 dpi.
    let mut screen = Screen::install(1080, 2400, 2.625).unwrap();
    let dir = std::env::temp_dir().join(format!("dama-phone-frame-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    ui.show().unwrap();
    let hooks = AppHooks::new(&ui);

    // The first frame is handed over whole.
    let first = screen.draw().expect("a first frame");
    assert_eq!((first.width, first.height), (1080, 2400));
    assert_eq!(screen.draw(), None, "nothing changed, nothing drawn");

    // Back on Home: nothing to go back to (Android then leaves the app).
    assert!(!hooks.go_back());

    // A game for two; a man moves and every animation frame is drawn partially.
    start_for_two(&mut screen, &ui, dama_ui::GameKind::Turkish);
    ui.tap_label("a3");
    ui.tap_label("a4");
    let mut partial = 0;
    for _ in 0..200 {
        std::thread::sleep(Duration::from_millis(8));
        screen.advance(Duration::from_millis(16));
        if let Some(d) = screen.draw() {
            assert!(
                d.width * d.height < 1080 * 2400,
                "an animation frame redraws a part: {d:?}"
            );
            partial += 1;
        }
        if !ui.global::<dama_ui::GameAdapter>().get_animating() {
            break;
        }
    }
    assert!(
        !ui.global::<dama_ui::GameAdapter>().get_animating(),
        "the move arrived"
    );
    assert!(
        partial >= 2,
        "the move was animated over {partial} partial frames"
    );
    screen.advance(Duration::from_millis(16));
    screen.draw();
    let after = screen.frame.pixels().to_vec();
    assert_eq!(
        differing(&after, &full_repaint(&screen)),
        0,
        "partial frames add up to the full picture"
    );

    // Pausing writes the move now (Lifecycle: Paused -> flush_saves), not after the saver's
    // pause: the system may end a background app without a word.
    ui.tap_label("a6");
    ui.tap_label("a5");
    hooks.flush_saves();
    let saved = std::fs::read_to_string(dir.join("game.json")).expect("the game is on disk");
    assert!(
        saved.contains("a6-a5"),
        "the move just played is saved: {saved}"
    );

    // Back from the game goes Home; from Home it does not.
    assert!(hooks.go_back());
    assert_eq!(ui.get_screen(), dama_ui::Screen::Home);
    assert!(!hooks.go_back());

    // A status bar of 24 logical pixels: the content moves down by 63 physical pixels.
    screen.advance(Duration::from_millis(16));
    screen.draw();
    let before = screen.frame.pixels().to_vec();
    hooks.set_safe_area(Edges::new(0.0, 63.0, 0.0, 126.0).to_logical(2.625));
    screen.advance(Duration::from_millis(16));
    assert!(screen.draw().is_some(), "the safe area redraws the screen");
    let moved = screen.frame.pixels();
    let row = |px: &[PremultipliedRgbaColor], y: usize| px[y * 1080..(y + 1) * 1080].to_vec();
    // Row 300 of the new frame is row 237 of the old one.
    let same = row(moved, 300)
        .iter()
        .zip(row(&before, 237).iter())
        .filter(|(a, b)| (a.red, a.green, a.blue) == (b.red, b.green, b.blue))
        .count();
    assert!(
        same > 1000,
        "content shifted by the status bar ({same} of 1080 pixels match)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn boards_are_painted_ahead_while_home_is_shown() {
    // What Home foresees (board/art/ahead.rs) must be what the screens then ask for, at
    // whatever size: a phone upright and on its side, and a small one at another density.
    for (w, h, scale) in [(1080, 2400, 2.625), (2400, 1080, 2.625), (720, 1280, 2.0)] {
        // A thread each: a thread's platform is installed once.
        std::thread::spawn(move || painted_ahead_at(w, h, scale))
            .join()
            .expect("painted ahead");
    }
}

fn painted_ahead_at(w: usize, h: usize, scale: f32) {
    let mut screen = Screen::install(w, h, scale).unwrap();
    let dir = std::env::temp_dir().join(format!("dama-phone-ahead-{w}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui = dama_ui::platform::desktop::create(Store::new(&dir)).unwrap();
    ui.show().unwrap();
    screen.draw().expect("Home");
    let home = ui.global::<dama_ui::HomeAdapter>();
    // Turkish first: the game Home shows chosen when it opens.
    for game in [
        dama_ui::GameKind::Turkish,
        dama_ui::GameKind::Zamma,
        dama_ui::GameKind::Kharbaga,
    ] {
        home.invoke_choose_game(game);
        next_frame(&mut screen);
        // The player plays Black: the board is turned, its art is the same.
        home.invoke_choose_opponent(1);
        home.set_play_black(true);
        home.invoke_start_game();
        next_frame(&mut screen).expect("the game");
        assert_eq!(
            ui.art_painted_when_shown(),
            (0, 0),
            "{game:?} at {w}x{h}: the board and pieces were painted ahead"
        );
        // Left as a player leaves it: Home offers to resume it.
        ui.with(|a| a.leave());
        next_frame(&mut screen);
    }
    // The puzzles' board (Home's game's bank), and the unfinished game's when another game
    // is chosen (Home then foresees three boards: the game chosen, the unfinished one, and
    // the chosen game's puzzles).
    ui.global::<dama_ui::PuzzleAdapter>().invoke_show_puzzles();
    next_frame(&mut screen).expect("Puzzles");
    ui.set_screen(dama_ui::Screen::Home);
    next_frame(&mut screen);
    home.invoke_choose_game(dama_ui::GameKind::Fetaix);
    next_frame(&mut screen);
    home.invoke_resume();
    next_frame(&mut screen).expect("the unfinished game");
    assert_eq!(
        ui.art_painted_when_shown(),
        (0, 0),
        "puzzles and the resumed game at {w}x{h}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// The next frame, 16 ms on: drawn if anything changed.
fn next_frame(screen: &mut Screen) -> Option<dama_ui::platform::frame::Rect> {
    screen.advance(Duration::from_millis(16));
    screen.draw()
}
