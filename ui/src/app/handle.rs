//! The running app as platforms and tests hold it: the window and the state, built and
//! wired by [`create`].

use super::{last_result, App, Screens, Unfinished};
use crate::play::ai_worker::AiWorker;
use crate::screens::editor::EditorScreen;
use crate::screens::game::GameScreen;
use crate::screens::history::HistoryScreen;
use crate::screens::home::HomeScreen;
use crate::screens::learn::LearnScreen;
use crate::screens::puzzles::PuzzleScreen;
use crate::screens::review::ReviewScreen;
use crate::screens::settings::SettingsScreen;
use crate::screens::share_sheet::ShareSheet;
use crate::screens::{self, Msg, Sender};
use crate::share::Sharing;
use crate::sound::Feedback;
use crate::store::{Saver, Store};
use crate::{AppWindow, GameAdapter, Wakeup};
use slint::{ComponentHandle, Timer};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::mpsc;

/// The running app: its window (`Deref` gives the [`AppWindow`]) and its state. The state
/// lives as long as the handle; dropping it writes any pending save.
pub struct AppHandle {
    window: AppWindow,
    app: Rc<RefCell<App>>,
    art: Rc<RefCell<crate::board::art::Gallery>>,
}

impl std::ops::Deref for AppHandle {
    type Target = AppWindow;
    fn deref(&self) -> &AppWindow {
        &self.window
    }
}

impl AppHandle {
    /// Runs `f` with the app's state (tests and platform glue). Not from inside a window
    /// callback, which holds the state already.
    pub fn with<R>(&self, f: impl FnOnce(&mut App) -> R) -> R {
        f(&mut self.app.borrow_mut())
    }

    /// The state, for the platform's hooks (they must not keep the app alive).
    pub(crate) fn state(&self) -> std::rc::Weak<RefCell<App>> {
        Rc::downgrade(&self.app)
    }

    /// Taps the board point labelled `label`, as a touch on it would (tests, benches).
    pub fn tap_label(&self, label: &str) {
        use slint::Model;
        let spots = self.window.global::<GameAdapter>().get_board().spots;
        if let Some(i) =
            (0..spots.row_count()).find(|&i| spots.row_data(i).is_some_and(|s| s.label == label))
        {
            self.window
                .global::<GameAdapter>()
                .invoke_tapped(i as i32, 0.0, 0.0, 48.0);
        }
    }

    /// How many boards and pieces were painted in the frame that showed them, not ahead
    /// (tests).
    pub fn art_painted_when_shown(&self) -> (usize, usize) {
        self.art.borrow().painted_when_shown()
    }

    /// Number of pieces the window currently shows (tests).
    pub fn shown_pieces(&self) -> usize {
        use slint::Model;
        self.window
            .global::<GameAdapter>()
            .get_board()
            .pieces
            .row_count()
    }
}

/// Builds the window with the platform's speaker and haptics, clipboard and share sheet,
/// restores the settings and the unfinished game and wires every screen. The window is
/// returned unshown inside its handle (the desktop's is `platform::desktop::create`).
pub fn create_with(
    store: Store,
    feedback: Feedback,
    sharing: Sharing,
) -> Result<AppHandle, slint::PlatformError> {
    let ui = AppWindow::new()?;
    let art = super::art::install(&ui);
    let settings = store.load_settings();
    let unfinished = store
        .load_game()
        .map(|(saved, game)| Unfinished { saved, game });
    let history = store.read_history();
    let last = last_result(&history);
    // The worker's answers wait in a channel; the window's event loop is woken to take them.
    let (answered, answers) = mpsc::channel();
    let wake = ui.as_weak();
    let ai = AiWorker::new(move |generation, answer| {
        if answered.send((generation, answer)).is_ok() {
            let _ = wake.upgrade_in_event_loop(|ui| ui.global::<Wakeup>().invoke_answer_ready());
        }
    });
    let app = Rc::new_cyclic(|me| {
        RefCell::new(App {
            me: me.clone(),
            ui: ui.as_weak(),
            saver: Saver::new(store),
            settings,
            system: Default::default(),
            unfinished,
            history,
            last,
            ai,
            answers,
            timer: Timer::default(),
            feedback,
            screens: Screens {
                home: HomeScreen,
                settings: SettingsScreen,
                game: GameScreen::new(&ui),
                history: HistoryScreen::new(),
                review: ReviewScreen::new(),
                editor: EditorScreen::default(),
                share: ShareSheet::new(sharing),
                puzzles: PuzzleScreen::new(),
                learn: LearnScreen::new(),
            },
        })
    });
    ui.global::<crate::SettingsAdapter>()
        .set_can_feel(app.borrow().feedback.can_feel);
    app.borrow().show_all(&ui);
    // The app opens where the player left: in the unfinished game, if there is one.
    if app.borrow().unfinished.is_some() {
        app.borrow_mut().resume();
    }

    // Every screen's callbacks send their messages to the app's update.
    let me = Rc::downgrade(&app);
    let tx: Sender = Rc::new(move |msg: Msg| {
        if let Some(app) = me.upgrade() {
            app.borrow_mut().update(msg);
        }
    });
    screens::home::connect(&ui, &tx);
    screens::settings::connect(&ui, &tx);
    screens::game::connect(&ui, &tx);
    screens::history::connect(&ui, &tx);
    screens::review::connect(&ui, &tx);
    screens::editor::connect(&ui, &tx);
    screens::share_sheet::connect(&ui, &tx);
    screens::puzzles::connect(&ui, &tx);
    screens::learn::connect(&ui, &tx);
    // Home, made with the window, asked before there was an answer.
    ui.invoke_prepare_art();
    Ok(AppHandle {
        window: ui,
        app,
        art,
    })
}
