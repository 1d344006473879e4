//! VoiceOver (issue 50): the window's accessibility tree ([`super::accessibility`]) given to
//! UIKit through AccessKit's iOS adapter, which subclasses winit's view at run time (the
//! accessibility elements, hit-testing; bounds in physical pixels, divided by the view's
//! content scale). Everything runs on the main thread, where Slint runs too: the adapter's
//! handlers only note what VoiceOver asked and wake the loop, which builds the tree, sends
//! its changes and carries out the actions. The tree is built only once VoiceOver asks for
//! it, and dropped when AccessKit says VoiceOver has gone.

use super::accessibility::TreeSource;
use accesskit::{ActionHandler, ActionRequest, ActivationHandler, DeactivationHandler, TreeUpdate};
use accesskit_ios::SubclassingAdapter;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use winit::raw_window_handle::{HasWindowHandle, RawWindowHandle};

/// What VoiceOver asked for since the loop last looked.
#[derive(Default)]
struct Asked {
    wanted: Cell<bool>,
    gone: Cell<bool>,
    actions: RefCell<Vec<ActionRequest>>,
}

type Wake = Rc<dyn Fn()>;

struct Activation(Rc<Asked>, Wake);

impl ActivationHandler for Activation {
    fn request_initial_tree(&mut self) -> Option<TreeUpdate> {
        self.0.wanted.set(true);
        (self.1)();
        None
    }
}

struct Actions(Rc<Asked>, Wake);

impl ActionHandler for Actions {
    fn do_action(&mut self, request: ActionRequest) {
        self.0.actions.borrow_mut().push(request);
        (self.1)();
    }
}

struct Deactivation(Rc<Asked>);

impl DeactivationHandler for Deactivation {
    fn deactivate_accessibility(&mut self) {
        self.0.gone.set(true);
    }
}

/// The adapter on winit's view and the tree while VoiceOver is on.
pub struct VoiceOver {
    adapter: SubclassingAdapter,
    asked: Rc<Asked>,
    wake: Wake,
    source: Option<TreeSource>,
}

impl VoiceOver {
    /// Subclasses the window's view (before it is first shown); `wake` rouses the loop.
    pub fn attach(window: &winit::window::Window, wake: Wake) -> Option<VoiceOver> {
        let RawWindowHandle::UiKit(h) = window.window_handle().ok()?.as_raw() else {
            return None;
        };
        let asked = Rc::new(Asked::default());
        // SAFETY: winit's view, alive as long as the window (which the caller keeps).
        let adapter = unsafe {
            SubclassingAdapter::new(
                h.ui_view.as_ptr(),
                Activation(asked.clone(), wake.clone()),
                Actions(asked.clone(), wake.clone()),
                Deactivation(asked.clone()),
            )
        };
        Some(VoiceOver {
            adapter,
            asked,
            wake,
            source: None,
        })
    }

    /// Once per turn of the loop: the actions asked for, then the tree's news.
    pub fn serve(&mut self, window: &slint::Window) {
        if self.asked.gone.take() {
            self.source = None;
            self.asked.wanted.set(false);
        }
        let actions = std::mem::take(&mut *self.asked.actions.borrow_mut());
        if let Some(source) = &self.source {
            for a in &actions {
                source.act(window, a);
            }
        }
        let update = match &mut self.source {
            None if self.asked.wanted.get() => {
                let wake = self.wake.clone();
                let mut source = TreeSource::new(move || wake());
                let update = source.full(window);
                self.source = Some(source);
                update
            }
            None => return,
            Some(source) => match source.changes(window) {
                Some(update) => update,
                None => return,
            },
        };
        if let Some(events) = self.adapter.update_if_active(|| update) {
            events.raise();
        }
    }
}
