//! The scenarios' helpers: waiting on the event loop, pressing widgets by their label,
//! reading what the app shows and saved.

use super::*;

/// Waits on the event loop (timers, AI results, animations keep running).
pub(super) fn sleep(ms: u64) -> impl Future<Output = ()> {
    struct Sleep(Rc<RefCell<(bool, Option<Waker>)>>);
    impl Future for Sleep {
        type Output = ();
        fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
            let mut s = self.0.borrow_mut();
            if s.0 {
                Poll::Ready(())
            } else {
                s.1 = Some(cx.waker().clone());
                Poll::Pending
            }
        }
    }
    let state = Rc::new(RefCell::new((false, None::<Waker>)));
    let s2 = state.clone();
    slint::Timer::single_shot(Duration::from_millis(ms), move || {
        let mut s = s2.borrow_mut();
        s.0 = true;
        if let Some(w) = s.1.take() {
            w.wake();
        }
    });
    Sleep(state)
}

pub(super) async fn tap(ui: &AppWindow, label: &str) {
    let elems: Vec<ElementHandle> = ElementHandle::find_by_accessible_label(ui, label).collect();
    let e = elems
        .into_iter()
        .find(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .unwrap_or_else(|| panic!("no button labelled {label}"));
    e.single_click(PointerEventButton::Left).await;
}

/// Whether a text with exactly these words is on screen.
pub(super) fn shows(ui: &AppWindow, text: &str) -> bool {
    ElementHandle::find_by_accessible_label(ui, text)
        .next()
        .is_some()
}

/// Presses the open dialog's button: drawn over the screen, it is the last one so labelled
/// (the game screen's own "Resign" and "Offer draw" buttons come first).
pub(super) async fn answer(ui: &AppWindow, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .filter(|e| e.accessible_role() == Some(i_slint_backend_testing::AccessibleRole::Button))
        .last()
        .unwrap_or_else(|| panic!("no dialog button labelled {label}"));
    e.single_click(PointerEventButton::Left).await;
}

/// The game's result as the record holds it (what is saved and shown).
pub(super) fn outcome(h: &AppHandle) -> Option<Outcome> {
    h.with(|a| a.record().unwrap().outcome())
}

pub(super) fn marked(ui: &AppWindow, mark: SpotMark) -> Vec<String> {
    let spots = ui.global::<GameAdapter>().get_board().spots;
    (0..spots.row_count())
        .filter_map(|i| spots.row_data(i))
        .filter(|s| s.mark == mark)
        .map(|s| s.label.to_string())
        .collect()
}

pub(super) fn code(h: &AppHandle) -> String {
    h.with(|a| a.record().unwrap().current().to_code())
}

/// Home → Turkish Dama for two players → Play, as a player taps it.
pub(super) async fn two_player_turkish_from_home(ui: &AppWindow) {
    let size = ui.window().size();
    tall(ui).await;
    tap(ui, "Turkish Dama").await;
    tap(ui, "Two players").await;
    tap(ui, "Play").await;
    ui.window().set_size(size);
}

/// Makes Home tall enough to show every card and option without scrolling (the testing
/// backend finds only what is in view).
pub(super) async fn tall(ui: &AppWindow) {
    ui.window().set_size(slint::LogicalSize::new(420.0, 2400.0));
    sleep(20).await;
}

pub(super) async fn settle(h: &AppHandle) {
    for _ in 0..1000 {
        let busy = h.with(|a| a.is_thinking() || a.is_animating());
        if !busy {
            return;
        }
        sleep(10).await;
    }
    panic!("the app stayed busy");
}

pub(super) fn start(h: &AppHandle, code: &str, game: &str, opponent: u8, human: Color) {
    let rules = Rules::parse(game, &[] as &[&str]).unwrap();
    let rec = GameRecord::from_position(Position::from_code(rules, code).unwrap());
    h.with(|a| a.begin(rec, opponent.into(), human));
}

/// Presses the chip `label` of the settings row titled `about`.
pub(super) async fn choose(ui: &AppWindow, about: &str, label: &str) {
    let e = ElementHandle::find_by_accessible_label(ui, label)
        .find(|e| e.accessible_description().as_deref() == Some(about))
        .unwrap_or_else(|| panic!("no chip {label} in the row {about}"));
    e.single_click(PointerEventButton::Left).await;
}

/// Waits while `busy` holds (a reply on a screen's timer), at most two seconds.
pub(super) async fn wait_while(busy: impl Fn() -> bool) {
    for _ in 0..200 {
        if !busy() {
            return;
        }
        sleep(10).await;
    }
    panic!("still waiting after two seconds");
}

/// The labels of the points of `spots` that `marks` cross out (a board's captured marks).
pub(super) fn crossed_points(
    spots: slint::ModelRc<dama_ui::SpotVm>,
    marks: slint::ModelRc<dama_ui::DotVm>,
) -> Vec<String> {
    marks
        .iter()
        .filter_map(|c| spots.iter().find(|s| (s.x, s.y) == (c.x, c.y)))
        .map(|s| s.label.to_string())
        .collect()
}
