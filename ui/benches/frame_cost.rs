//! What each frame a player waits for costs, in instructions, and what that would take on a
//! slow phone (issue 39, "smooth on a slow phone"). Times on this shared machine vary by half
//! between runs; callgrind's instruction counts do not.
//!
//! `cargo bench -p dama-ui --bench frame_cost --profile release-app` (the shipped profile)
//! runs itself again under `valgrind --tool=callgrind`, through the same headless phone
//! platform as the `frame` bench (window, software renderer, partial frames) at 1080×2400.
//! Around each measured step (the app's work for a tap or a screen change, and the frame that
//! shows it) it zeroes callgrind's counters and dumps them, by client request, under the
//! step's name; the first run reads the UI thread's dumps (the review's analysis has a thread
//! of its own) and prints each count, its estimate on the phone core below, and the budget
//! it is held to.

use dama_ui::platform::headless::Screen;
use slint::ComponentHandle;
use std::path::Path;
use std::time::Duration;

/// The slow phone: a Cortex-A53, the little core of most phones sold from 2014 to 2017 and of
/// low-end ones long after (Chips and Cheese, "ARM's Cortex A53: Tiny But Important",
/// 2023-05-28), at 1.5 GHz. It is in-order and dual-issue: at most 2 instructions a cycle,
/// 3,000 million a second at that clock. We assume a third of that peak, 0.67 a cycle, on
/// pixel loops that wait on memory: 1.0 G instructions a second. That is an assumption, not a
/// measurement, and the counts are x86-64 instructions, not AArch64 ones.
const PHONE_IPS: f64 = 1.0e9;
const PHONE: &str = "Cortex-A53 at 1.5 GHz, 1.0 G instructions/s assumed";

/// The budgets of issue 39 on that estimate.
const TAP_BUDGET_MS: f64 = 16.0;
const SCREEN_BUDGET_MS: f64 = 50.0;

const SIZE: (usize, usize, f32) = (1080, 2400, 2.625);

fn main() {
    if callgrind::running() {
        steps();
        return;
    }
    let dir = std::env::temp_dir().join(format!("dama-frame-cost-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder for the dumps");
    let exe = std::env::current_exe().expect("bench path");
    let status = std::process::Command::new("valgrind")
        .args([
            "--tool=callgrind",
            "--quiet",
            // The UI thread's own count: a review's analysis or the computer's search runs
            // on threads of their own.
            "--separate-threads=yes",
            &format!("--callgrind-out-file={}", dir.join("cg.out").display()),
        ])
        .arg(exe)
        .status();
    match status {
        Ok(s) if s.success() => report(&dir),
        Ok(s) => {
            eprintln!("the run under callgrind failed: {s}");
            std::process::exit(1);
        }
        Err(e) => {
            eprintln!("valgrind is needed (apt-get install valgrind): {e}");
            std::process::exit(1);
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Reads the dumps in the order they were made and prints one line per step.
fn report(dir: &Path) {
    let mut dumps: Vec<(u32, String, u64)> = std::fs::read_dir(dir)
        .expect("the dumps")
        .filter_map(|e| {
            let path = e.ok()?.path();
            // cg.out.<dump>-<thread>: the first thread is the UI thread.
            let (n, thread) = path.extension()?.to_str()?.split_once('-')?;
            if thread != "01" {
                return None;
            }
            let n: u32 = n.parse().ok()?;
            let text = std::fs::read_to_string(&path).ok()?;
            let name = text
                .lines()
                .find_map(|l| l.strip_prefix("desc: Trigger: Client Request: "))?
                .to_string();
            let total = text.lines().find_map(|l| {
                l.strip_prefix("totals: ")
                    .or_else(|| l.strip_prefix("summary: "))
                    .and_then(|v| v.split_whitespace().next()?.parse().ok())
            })?;
            Some((n, name, total))
        })
        .collect();
    dumps.sort();
    let (w, h, scale) = SIZE;
    println!(
        "instructions per step (callgrind, x86-64, release-app), {w}x{h} at scale {scale}; estimate on a {PHONE}"
    );
    println!(
        "{:<52} {:>28} {:>8} {:>7}",
        "step", "instructions, estimate", "budget", "ratio"
    );
    // The frames of a move's flight, one line per move: the median and the dearest.
    let mut lines: Vec<(String, u64, Option<u64>)> = Vec::new();
    let mut flights: Vec<(String, Vec<u64>)> = Vec::new();
    for (_, name, total) in &dumps {
        match name.split_once(", frame ") {
            Some((move_, _)) => match flights.iter_mut().find(|(m, _)| m == move_) {
                Some((_, v)) => v.push(*total),
                None => {
                    flights.push((move_.to_string(), vec![*total]));
                    lines.push((move_.to_string(), 0, None));
                }
            },
            None => lines.push((name.clone(), *total, None)),
        }
    }
    for (m, mut v) in flights {
        v.sort();
        let line = lines.iter_mut().find(|(n, _, _)| *n == m).expect("listed");
        *line = (
            format!("{m} ({} frames: median / max)", v.len()),
            v[v.len() / 2],
            v.last().copied(),
        );
    }
    let mut over = 0;
    for (name, total, max) in &lines {
        let dearest = max.unwrap_or(*total);
        let ms = |n: u64| n as f64 / PHONE_IPS * 1e3;
        // A full repaint comes with a new surface (a rotation, a return to the app): the
        // screen changes, so it has a screen change's budget.
        // Turning a screen reader on builds the whole tree once: a screen change's budget too.
        let budget = if name.starts_with("screen") || name.starts_with("full repaint:") {
            SCREEN_BUDGET_MS
        } else {
            TAP_BUDGET_MS
        };
        if ms(dearest) > budget {
            over += 1;
        }
        let figures = match max {
            Some(m) => format!(
                "{:.2} / {:.2} M {:.2} / {:.2} ms",
                *total as f64 / 1e6,
                *m as f64 / 1e6,
                ms(*total),
                ms(*m)
            ),
            None => format!("{:.2} M {:.2} ms", *total as f64 / 1e6, ms(*total)),
        };
        println!(
            "{name:<52} {figures:>28} {budget:>5} ms {:>6.2}x{}",
            ms(dearest) / budget,
            if ms(dearest) > budget { "  OVER" } else { "" }
        );
    }
    println!(
        "{} steps, {over} over budget (tap answers and animation frames {TAP_BUDGET_MS} ms, screen changes {SCREEN_BUDGET_MS} ms)",
        lines.len()
    );
}

/// One measured step: `act` (the app's work) and the frame that shows it.
fn step(screen: &mut Screen, name: &str, act: impl FnOnce()) {
    callgrind::zero();
    act();
    screen.advance(Duration::from_millis(16));
    screen.draw();
    callgrind::dump(name);
}

/// The measured steps, run under callgrind.
fn steps() {
    let (w, h, scale) = SIZE;
    let mut screen = Screen::install(w, h, scale).expect("headless platform");
    let dir = std::env::temp_dir().join(format!("dama-frame-cost-data-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let ui =
        dama_ui::platform::desktop::create(dama_ui::store::Store::new(dir.clone())).expect("app");
    ui.show().expect("shown");
    ui.global::<dama_ui::SettingsAdapter>()
        .invoke_choose_anim_speed(dama_ui::AnimationSpeed::Normal);
    let s = &mut screen;
    step(s, "screen: Home, first frame", || {});
    for (game, kind) in [
        ("Turkish", dama_ui::GameKind::Turkish),
        ("Zamma", dama_ui::GameKind::Zamma),
    ] {
        ui.set_screen(dama_ui::Screen::Home);
        s.advance(Duration::from_millis(16));
        s.draw();
        // The game and the opponent are taps of their own, each answered by a frame, before
        // the tap on Play that is measured. The board's art is painted ahead meanwhile, on
        // a thread of its own (board/art/gallery.rs): not counted here.
        let home = ui.global::<dama_ui::HomeAdapter>();
        home.invoke_choose_game(kind);
        home.invoke_choose_opponent(0);
        s.advance(Duration::from_millis(16));
        s.draw();
        step(s, &format!("screen: Home -> {game} game"), || {
            home.invoke_start_game()
        });
        let (from, to) = first_move(&ui);
        step(s, &format!("tap: {game}, a piece selected"), || {
            ui.tap_label(&from)
        });
        step(s, &format!("tap: {game}, its move begun"), || {
            ui.tap_label(&to)
        });
        let mut frames = 0;
        while ui.global::<dama_ui::GameAdapter>().get_animating() && frames < 100 {
            frames += 1;
            step(s, &format!("animation: {game}, frame {frames}"), || {});
        }
        // Everything drawn anew (into a fresh buffer, which is filled first: counted too).
        callgrind::zero();
        s.repaint_all(|_| {});
        callgrind::dump(&format!("full repaint: {game}"));
    }
    // A finished game, its History and Review.
    ui.with(|a| a.resign());
    step(s, "screen: game -> Home", || {
        ui.set_screen(dama_ui::Screen::Home)
    });
    // Through the adapters, as the buttons call them (the walks in docs/architecture.md).
    step(s, "screen: Home -> History", || {
        ui.global::<dama_ui::HistoryAdapter>().invoke_show_history()
    });
    step(s, "screen: History -> Review", || {
        ui.global::<dama_ui::HistoryAdapter>().invoke_open(0)
    });
    step(s, "tap: Review, a step back", || {
        ui.global::<dama_ui::ReviewAdapter>().invoke_step(-1)
    });
    step(s, "screen: Review -> History", || {
        ui.set_screen(dama_ui::Screen::History)
    });
    // Puzzles (issue 41): opened from Home (the bank read and the progress loaded in this
    // step: the first time), a piece of the puzzle selected.
    ui.set_screen(dama_ui::Screen::Home);
    s.advance(Duration::from_millis(16));
    s.draw();
    step(s, "screen: Home -> Puzzles (first time)", || {
        ui.global::<dama_ui::PuzzleAdapter>().invoke_show_puzzles()
    });
    let from = ui
        .with(|a| a.puzzle_shown())
        .map(|(_, line)| line[0][0].clone());
    step(s, "tap: Puzzles, a piece selected", || {
        use slint::Model;
        let puzzles = ui.global::<dama_ui::PuzzleAdapter>();
        let spots = puzzles.get_board().spots;
        let at = (0..spots.row_count())
            .find(|&i| spots.row_data(i).map(|p| p.label.to_string()) == from);
        if let Some(i) = at {
            puzzles.invoke_tapped(i as i32, 0.0, 0.0, 48.0);
        }
    });
    // Learn (issue 41): opened from Home (the courses read the first time), then a lesson.
    ui.set_screen(dama_ui::Screen::Home);
    s.advance(Duration::from_millis(16));
    s.draw();
    step(s, "screen: Home -> Learn (first time)", || {
        ui.global::<dama_ui::LearnAdapter>()
            .invoke_show_learn(dama_ui::GameKind::Turkish)
    });
    step(s, "screen: Learn -> a lesson", || {
        ui.global::<dama_ui::LearnAdapter>().invoke_open(0)
    });
    with_a_screen_reader(s, &ui);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 50.3: a Turkish game's taps and move again with a screen reader on. Each step also
/// counts what the phone's loop does after the frame: the tree's changes
/// (`TreeSource::changes`) and AccessKit's own processing of them
/// (`accesskit_consumer::Tree`, which TalkBack's and VoiceOver's adapters run inside).
fn with_a_screen_reader(s: &mut Screen, ui: &dama_ui::app::AppHandle) {
    use dama_ui::platform::accessibility::TreeSource;
    struct Quiet;
    impl accesskit_consumer::TreeChangeHandler for Quiet {
        fn node_added(&mut self, _: &accesskit_consumer::Node) {}
        fn node_updated(&mut self, _: &accesskit_consumer::Node, _: &accesskit_consumer::Node) {}
        fn focus_moved(
            &mut self,
            _: Option<&accesskit_consumer::Node>,
            _: Option<&accesskit_consumer::Node>,
        ) {
        }
        fn node_removed(&mut self, _: &accesskit_consumer::Node) {}
    }
    ui.set_screen(dama_ui::Screen::Home);
    let home = ui.global::<dama_ui::HomeAdapter>();
    home.invoke_choose_game(dama_ui::GameKind::Turkish);
    home.invoke_start_game();
    s.advance(Duration::from_millis(16));
    s.draw();
    let mut source = TreeSource::new(|| ());
    callgrind::zero();
    let mut tree = accesskit_consumer::Tree::new(source.full(ui.window()), true);
    callgrind::dump("screen reader turned on: the first tree");
    let mut read = |s: &mut Screen, name: &str, act: &dyn Fn()| {
        callgrind::zero();
        act();
        s.advance(Duration::from_millis(16));
        s.draw();
        if let Some(update) = source.changes(ui.window()) {
            tree.update_and_process_changes(update, &mut Quiet);
        }
        callgrind::dump(name);
    };
    let (from, to) = first_move(ui);
    read(s, "tap, reader on: Turkish, a piece selected", &|| {
        ui.tap_label(&from)
    });
    read(s, "tap, reader on: Turkish, its move begun", &|| {
        ui.tap_label(&to)
    });
    let mut frames = 0;
    while ui.global::<dama_ui::GameAdapter>().get_animating() && frames < 100 {
        frames += 1;
        read(
            s,
            &format!("animation, reader on: Turkish, frame {frames}"),
            &|| {},
        );
    }
}

/// The first legal move of the game on screen: the labels of its first and last point.
fn first_move(ui: &dama_ui::app::AppHandle) -> (String, String) {
    ui.with(|a| {
        let record = a.record().expect("a game");
        let s = dama_core::Session::from_record(record.clone());
        let g = record.current().geometry();
        let d = s.legal_moves().first().expect("a move").clone();
        (g.label(d.path[0]), g.label(*d.path.last().unwrap()))
    })
}

/// Callgrind's client requests (valgrind.h's, for x86-64): elsewhere or without valgrind they
/// do nothing.
mod callgrind {
    #[cfg(target_arch = "x86_64")]
    fn request(code: usize, arg: usize) -> usize {
        let args: [usize; 6] = [code, arg, 0, 0, 0, 0];
        let mut result: usize = 0;
        // SAFETY: valgrind's magic sequence: the four rotations of rdi add up to 128 bits
        // (rdi unchanged) and `xchg rbx, rbx` changes nothing, so natively this is a no-op;
        // under valgrind it reads `args` and writes the answer to rdx.
        unsafe {
            std::arch::asm!(
                "rol rdi, 3",
                "rol rdi, 13",
                "rol rdi, 61",
                "rol rdi, 51",
                "xchg rbx, rbx",
                inout("rdx") result,
                in("rax") args.as_ptr(),
                options(nostack),
            );
        }
        result
    }

    #[cfg(not(target_arch = "x86_64"))]
    fn request(_code: usize, _arg: usize) -> usize {
        0
    }

    const RUNNING_ON_VALGRIND: usize = 0x1001;
    const CALLGRIND: usize = (b'C' as usize) << 24 | (b'T' as usize) << 16;
    const ZERO_STATS: usize = CALLGRIND + 1;
    const DUMP_STATS_AT: usize = CALLGRIND + 3;

    /// Whether this process runs under valgrind.
    pub fn running() -> bool {
        request(RUNNING_ON_VALGRIND, 0) != 0
    }

    /// Sets the counters to zero.
    pub fn zero() {
        request(ZERO_STATS, 0);
    }

    /// Writes the counters since the last zero to a dump named `name`.
    pub fn dump(name: &str) {
        let c = std::ffi::CString::new(name).expect("no NUL in a step's name");
        request(DUMP_STATS_AT, c.as_ptr() as usize);
    }
}
