//! Frame times of the software renderer as a phone draws the app: the game screen at phone
//! resolutions, through the same window, renderer and frame (`platform::frame`) the Android
//! and iOS builds use.
//!
//! `cargo bench -p dama-ui --bench frame` prints, per screen size: a full repaint of the game
//! screen (everything drawn); the frames of a man moving one step (partial repaint: only what
//! changed is drawn and copied), with the targets of issue 14 (16 ms and 4 ms); and the frames
//! that answer the tap and show the arrival (board marks, move list, buttons change); and
//! the painting of the board's art image (`board::art`), done once per size and theme.
//! `cargo bench -p dama-ui --bench frame --profile release-app` measures the shipped profile.
//! Each size runs in a process of its own, because a process has one Slint platform.

use dama_ui::platform::frame::Rect;
use dama_ui::platform::headless::Screen;
use slint::ComponentHandle;
use std::time::{Duration, Instant};

/// Phone screens: pixels and scale factor (Android density / 160).
const SIZES: [(&str, usize, usize, f32); 2] = [
    ("1080x2400 (420 dpi)", 1080, 2400, 2.625),
    ("1440x3120 (560 dpi)", 1440, 3120, 3.5),
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let Some(i) = args.iter().position(|a| a == "--case") {
        let arg = |k: usize| -> usize { args[i + k].parse().expect("case index") };
        measure(SIZES[arg(1)], GAMES[arg(2)]);
        return;
    }
    if args.iter().any(|a| a == "--history") {
        history_and_review();
        return;
    }
    println!("software renderer, game screen, two players, one thread, this machine");
    for (i, g) in (0..SIZES.len()).flat_map(|i| (0..GAMES.len()).map(move |g| (i, g))) {
        run_self(&["--case", &i.to_string(), &g.to_string()]);
    }
    run_self(&["--history"]);
}

/// Runs this bench again with `args` (each case in a fresh process) and prints its output;
/// a failing case ends the bench.
fn run_self(args: &[&str]) {
    let out = std::process::Command::new(std::env::current_exe().expect("bench path"))
        .args(args)
        .output()
        .expect("the bench runs itself per case");
    print!("{}", String::from_utf8_lossy(&out.stdout));
    if !out.status.success() {
        eprint!("{}", String::from_utf8_lossy(&out.stderr));
        std::process::exit(1);
    }
}

/// A finished Turkish game of `plies` plies (the first legal move each time, then a
/// resignation), as the history keeps it.
fn finished_game(plies: usize, id: u64) -> dama_ui::store::FinishedGame {
    let mut s = dama_core::Session::new(dama_core::Rules::new(dama_core::GameId::Turkish));
    for i in 0..plies {
        let n = s.legal_moves().len();
        let Some(m) = s
            .legal_moves()
            .get((i * 7 + id as usize) % n.max(1))
            .map(|d| d.mv)
        else {
            break;
        };
        s.play(&m).unwrap();
    }
    history_entry(s, id)
}

/// `s` as the history keeps it, resigned by the side to move if it was still in play.
fn history_entry(mut s: dama_core::Session, id: u64) -> dama_ui::store::FinishedGame {
    if s.outcome().is_none() {
        let side = s.position().side_to_move();
        s.resign(side).expect("a game in play can be resigned");
    }
    let outcome = s.outcome().expect("resigned");
    dama_ui::store::FinishedGame {
        record: s.record().to_json(),
        opponent: dama_ui::opponent::Opponent::Computer(3),
        human_black: false,
        ended: 1_796_256_000 + id,
        id,
        analysis: None,
        ending: Some(dama_ui::store::Ending::new(s.record(), outcome)),
        imported: false,
    }
}

/// A Turkish game of the engine against itself (a few random plies first, varied by `seed`)
/// stopped after `plies` plies, or sooner where it ended.
fn engine_game(plies: usize, seed: u64) -> dama_core::Session {
    use dama_core::ai::{Engine, Player, Rng, Root};
    let mut s = dama_core::Session::new(dama_core::Rules::new(dama_core::GameId::Turkish));
    let mut rng = Rng::new(seed);
    let mut engine = Engine::new(16);
    let player = Player::parse("nodes=2000,variety=20").expect("engine spec");
    let stop = std::sync::atomic::AtomicBool::new(false);
    while s.outcome().is_none() && s.record().played().len() < plies {
        let m = if s.record().played().len() < 4 {
            let moves = s.legal_moves();
            moves[rng.below(moves.len() as u64) as usize].mv
        } else {
            let root = Root::of(&s).expect("a game in play");
            match engine.play(&root, player, rng.next_u64(), &stop, |_| {}) {
                Ok(r) => r.best,
                Err(_) => break,
            }
        };
        s.play(&m).expect("a legal move");
    }
    s
}

/// Issue 26: the History screen opened with 100 games (the list built from the
/// summaries, and its frame), and a game of up to 200 plies reviewed at the default budget
/// while the player steps through it: the frames drawn while the engine works on the
/// other core.
fn history_and_review() {
    let (w, h, scale) = (1080, 2400, 2.625);
    let mut screen = Screen::install(w, h, scale).expect("headless platform");
    let dir = std::env::temp_dir().join(format!("dama-history-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let store = dama_ui::store::Store::new(dir.clone());
    let mut games: Vec<_> = (0..99).map(|i| finished_game(100, i)).collect();
    // The newest game (the list's first row) is the long one to review: 100 moves (200
    // plies), the first engine game of that length, or the longest of 40 if none is.
    let mut long = engine_game(200, 1);
    for seed in 2..=40 {
        if long.record().played().len() >= 200 {
            break;
        }
        let s = engine_game(200, seed);
        if s.record().played().len() > long.record().played().len() {
            long = s;
        }
    }
    games.push(history_entry(long, 99));
    store.save_history(&games).expect("history written");
    let ui =
        dama_ui::platform::desktop::create(dama_ui::store::Store::new(dir.clone())).expect("app");
    ui.show().expect("shown");
    screen.advance(Duration::from_millis(16));
    screen.draw().expect("first frame");
    let t = Instant::now();
    ui.with(|a| a.show_history());
    let list = t.elapsed().as_secs_f64() * 1e3;
    let (t, c) = (Instant::now(), thread_cpu_ms());
    screen.draw();
    let frame = t.elapsed().as_secs_f64() * 1e3;
    let frame_cpu = thread_cpu_ms() - c;
    if std::env::var_os("DAMA_PROFILE_HISTORY").is_some() {
        for _ in 0..200 {
            ui.set_screen(dama_ui::Screen::Home);
            screen.draw();
            ui.with(|a| a.show_history());
            screen.draw();
        }
        return;
    }
    // What `act` and the frame it brings take, in ms; `cpu`, how much of it this thread
    // spent on a core (the rest it waited for one).
    let cpu = std::cell::Cell::new(0.0);
    let mut timed = |act: &dyn Fn()| -> f64 {
        let (t, c) = (Instant::now(), thread_cpu_ms());
        act();
        screen.advance(Duration::from_millis(16));
        screen.draw();
        cpu.set(thread_cpu_ms() - c);
        t.elapsed().as_secs_f64() * 1e3
    };
    // Opened again (the screen is made anew; fonts and glyphs are cached by then).
    let again: Vec<f64> = (0..9)
        .map(|_| {
            timed(&|| ui.set_screen(dama_ui::Screen::Home));
            timed(&|| ui.with(|a| a.show_history()))
        })
        .collect();
    let (_, again_med, again_max) = stats(again);
    println!(
        "History, 1080x2400, 100 games: listed in {list:.2} ms, first frame {frame:.2} ms ({frame_cpu:.2} on the CPU; target 16 ms: {:.2}x together); opened again: median {again_med:.2} ms, max {again_max:.2} ms ({:.2}x)",
        (list + frame) / 16.0,
        again_max / 16.0
    );
    if std::env::var_os("DAMA_PROFILE_REVIEW").is_some() {
        for i in 0..200 {
            ui.with(|a| a.show_history());
            screen.draw();
            ui.with(|a| a.open_review(i % 2));
            screen.draw();
        }
        return;
    }
    // The review opened: the app's work (the record replayed, the models set) and the
    // frame that shows it, apart.
    let opening = std::cell::Cell::new(0.0);
    let opened = timed(&|| {
        let t = Instant::now();
        ui.with(|a| a.open_review(0));
        opening.set(t.elapsed().as_secs_f64() * 1e3);
    });
    let opened_cpu = cpu.get();
    let plies = ui.with(|a| a.review().map(|r| r.plies()).unwrap_or(0)) as i32;
    let go_to = |ply: i32| ui.global::<dama_ui::ReviewAdapter>().invoke_go_to(ply);
    let t = Instant::now();
    // One step of the player and one frame, as a tap on Next would bring, with the ply
    // it went to; the frame that brings the finished analysis (the graph and its marks
    // appear) on its own.
    let mut frames: Vec<(f64, f64, i32)> = Vec::new();
    let arrival = loop {
        let ply = (frames.len() as i32 + 1) % (plies + 1);
        let done = std::cell::Cell::new(false);
        let ms = timed(&|| {
            ui.with(|a| a.take_review_reports());
            done.set(ui.with(|a| a.review().is_some_and(|r| !r.analysing())));
            go_to(ply);
        });
        if done.get() {
            break ms;
        }
        frames.push((ms, cpu.get(), ply));
        std::thread::sleep(Duration::from_millis(16));
    };
    let analysed = t.elapsed().as_secs_f64();
    // Steps through the analysed game: the cursor moves on the graph, the score changes.
    let after: Vec<f64> = (0..=plies).map(|p| timed(&|| go_to(p))).collect();
    let n = frames.len();
    let (fmin, fmed, fmax) = stats(frames.iter().map(|f| f.0).collect());
    let (_, cmed, cmax) = stats(frames.iter().map(|f| f.1).collect());
    frames.sort_by(|a, b| b.0.total_cmp(&a.0));
    let slowest: Vec<String> = frames
        .iter()
        .take(3)
        .map(|(ms, cpu, ply)| format!("{ms:.1} ms ({cpu:.1} on the CPU) at ply {ply}"))
        .collect();
    println!(
        "Review, 1080x2400, {plies} plies at {} nodes a position: opened with its first frame in {opened:.2} ms ({opened_cpu:.2} on the CPU; the app's part {:.2} ms); analysed in {analysed:.1} s; step + frame meanwhile min {fmin:.2} ms median {fmed:.2} ms max {fmax:.2} ms ({n} frames; target 16 ms: median {:.2}x, max {:.2}x; on the CPU median {cmed:.2} ms, max {cmax:.2} ms; slowest: {})",
        dama_core::ai::analysis::DEFAULT_NODES,
        opening.get(),
        fmed / 16.0,
        fmax / 16.0,
        slowest.join(", ")
    );
    let n = after.len();
    let (amin, amed, amax) = stats(after);
    println!(
        "Review analysed: the graph's first frame {arrival:.2} ms; step + frame min {amin:.2} ms median {amed:.2} ms max {amax:.2} ms ({n} frames; target 16 ms: median {:.2}x, max {:.2}x)",
        amed / 16.0,
        amax / 16.0
    );
    // Back to the list and another game opened: its board's art is the one kept.
    timed(&|| ui.with(|a| a.show_history()));
    let reopened = timed(&|| ui.with(|a| a.open_review(1)));
    println!(
        "Review opened again (another game, its board's art already painted): first frame {reopened:.2} ms ({:.2} on the CPU)",
        cpu.get()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A game (its name, its choice on Home) and the moves played; `undo`: each move is taken
/// back after it arrived (Zamma's start has one empty point), else they follow each other.
type Game = (
    &'static str,
    dama_ui::GameKind,
    &'static [(&'static str, &'static str)],
    bool,
);

const GAMES: [Game; 2] = [
    (
        "Turkish Dama",
        dama_ui::GameKind::Turkish,
        &[("a3", "a4"), ("a6", "a5"), ("b3", "b4"), ("b6", "b5")],
        false,
    ),
    (
        "Zamma",
        dama_ui::GameKind::Zamma,
        &[("e4", "e5"), ("e4", "e5"), ("e4", "e5"), ("e4", "e5")],
        true,
    ),
];

/// The time the calling thread has spent on a core, in ms.
fn thread_cpu_ms() -> f64 {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    t.tv_sec as f64 * 1e3 + t.tv_nsec as f64 / 1e6
}

fn stats(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[0], v[v.len() / 2], v[v.len() - 1])
}

fn measure((size, w, h, scale): (&str, usize, usize, f32), (game, index, moves, undo): Game) {
    let name = format!("{game}, {size}");
    let mut screen = Screen::install(w, h, scale).expect("headless platform");
    let dir = std::env::temp_dir().join(format!("dama-frame-bench-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui =
        dama_ui::platform::desktop::create(dama_ui::store::Store::new(dir.clone())).expect("app");
    ui.show().expect("shown");
    // A game for two on this device: no AI thinking during the measurement.
    ui.global::<dama_ui::HomeAdapter>()
        .invoke_choose_game(index);
    ui.global::<dama_ui::HomeAdapter>()
        .invoke_choose_opponent(0);
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_anim_speed(dama_ui::AnimationSpeed::Normal);
    ui.global::<dama_ui::HomeAdapter>().invoke_start_game();
    screen.advance(Duration::from_millis(16));
    screen.draw().expect("first frame");

    // Full repaint: every pixel of the game screen drawn again.
    let mut full = Vec::new();
    for _ in 0..15 {
        screen.repaint_all(|t| full.push(t.as_secs_f64() * 1e3));
    }
    // Back to partial rendering: the next frame is whole once.
    screen.window.request_redraw();
    screen.draw();

    // Men step forward (two moves of each side). Per move: the frame that answers the tap
    // (marks, move list, buttons), the frames of the travelling piece, and the arrival frame.
    let (mut moving, mut answers) = (Vec::new(), Vec::new());
    let (mut moving_area, mut answer_area) = (0usize, 0usize);
    for &(from, to) in moves {
        ui.tap_label(from);
        ui.tap_label(to);
        let mut frames: Vec<(f64, usize)> = Vec::new();
        let start = Instant::now();
        loop {
            let tick = Instant::now();
            screen.advance(Duration::from_millis(16));
            let t = Instant::now();
            let dirty: Option<Rect> = screen.draw();
            if let Some(d) = dirty {
                frames.push((t.elapsed().as_secs_f64() * 1e3, d.width * d.height));
            }
            if !ui.global::<dama_ui::GameAdapter>().get_animating()
                || start.elapsed() > Duration::from_secs(3)
            {
                break;
            }
            if let Some(rest) = Duration::from_millis(16).checked_sub(tick.elapsed()) {
                std::thread::sleep(rest);
            }
        }
        if undo {
            ui.global::<dama_ui::GameAdapter>().invoke_undo();
            screen.advance(Duration::from_millis(16));
            screen.draw();
        }
        let last = frames.len().saturating_sub(1);
        for (i, (ms, area)) in frames.into_iter().enumerate() {
            if i == 0 || i == last {
                answers.push(ms);
                answer_area = answer_area.max(area);
            } else {
                moving.push(ms);
                moving_area = moving_area.max(area);
            }
        }
    }
    // The board's art (board::art), painted when the game screen opens, turns or changes
    // theme: timed (after the frames, so as not to disturb them) for a board as wide as the screen, with the lines, widths and colours
    // board.slint passes.
    let side = w as f32 * 0.95;
    let theme = ui.global::<dama_ui::Theme>();
    let squares = ui.global::<dama_ui::GameAdapter>().get_board().squares;
    let mut art = Vec::new();
    for i in 0..5 {
        // One pixel wider each time: the app keeps its last boards' art (board/art's
        // `Gallery`), and the same board would be a look-up, not a paint.
        let side = side + i as f32;
        let t = Instant::now();
        let image = ui.global::<dama_ui::BoardArt>().invoke_paint(
            side,
            side,
            ui.global::<dama_ui::GameAdapter>().get_board().lines,
            squares,
            ui.global::<dama_ui::GameAdapter>().get_board().size,
            theme.get_board(),
            theme.get_board_edge(),
            theme.get_board_line(),
            theme.get_board_style(),
        );
        art.push(t.elapsed().as_secs_f64() * 1e3);
        assert_eq!(image.size().width, side.round() as u32);
    }

    let _ = std::fs::remove_dir_all(&dir);
    let screen_px = (w * h) as f64;
    let (fmin, fmed, fmax) = stats(full);
    println!(
        "{name}: full repaint         min {fmin:6.2} ms  median {fmed:6.2} ms  max {fmax:6.2} ms  (target 16 ms: median {:.2}x of it)",
        fmed / 16.0
    );
    let (pmin, pmed, pmax) = stats(art);
    println!(
        "{name}: board art painted   min {pmin:6.2} ms  median {pmed:6.2} ms  max {pmax:6.2} ms  ({0}x{0} pixels, once per size and theme)",
        side.round()
    );
    if moving.is_empty() {
        println!("{name}: no animation frame was drawn");
        std::process::exit(1);
    }
    let n = moving.len();
    let (amin, amed, amax) = stats(moving);
    println!(
        "{name}: moving-piece frame   min {amin:6.2} ms  median {amed:6.2} ms  max {amax:6.2} ms  (target 4 ms: median {:.2}x of it; {n} frames, at most {:.1}% of the screen redrawn)",
        amed / 4.0,
        100.0 * moving_area as f64 / screen_px
    );
    let n = answers.len();
    let (bmin, bmed, bmax) = stats(answers);
    println!(
        "{name}: tap answer, arrival  min {bmin:6.2} ms  median {bmed:6.2} ms  max {bmax:6.2} ms  ({n} frames, at most {:.1}% of the screen redrawn)",
        100.0 * answer_area as f64 / screen_px
    );
}
