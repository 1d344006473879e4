//! The activity's life as the app lives it: what each of the system's events means for the
//! window surface, the layout, a finger still down, the saves and the loop. The phone's
//! module only reports the events and carries out the reactions; the decisions are here,
//! where the host tests them.

/// What the system says happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A window surface to draw into (after start, or when the app comes back).
    SurfaceCreated,
    /// The surface is gone (the app left the screen); drawing stops until the next one.
    SurfaceDestroyed,
    /// The surface's content was lost or must be drawn again whole.
    RedrawNeeded,
    /// The window's size, the visible rectangle, the insets or the configuration
    /// (rotation, density, dark mode, language) changed.
    Resized,
    /// The app is in front again.
    Resumed,
    /// The app goes to the background: from here the process may be killed at any time.
    Paused,
    /// The system asks for the state to keep (before it may kill the process).
    SaveState,
    /// The app is no longer visible.
    Stopped,
    /// The window lost the input focus (a system dialog, the notification shade).
    LostFocus,
    /// The activity ends.
    Destroyed,
}

/// What the platform does about an event. Several may hold at once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reaction {
    /// Take the new surface and set its pixel format.
    pub take_surface: bool,
    /// Let go of the surface.
    pub drop_surface: bool,
    /// Draw every pixel at the next frame (the surface holds nothing of ours).
    pub repaint_all: bool,
    /// Read size, scale and safe area again.
    pub layout: bool,
    /// End the touch of a finger that is still down: its lift will never come.
    pub cancel_touch: bool,
    /// Write the pending saves now, not after the saver's pause.
    pub flush_saves: bool,
    /// Leave the event loop.
    pub stop: bool,
}

/// The activity's state between events.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Lifecycle {
    surface: bool,
    resumed: bool,
    destroyed: bool,
}

impl Lifecycle {
    /// A new activity: no surface yet, not resumed.
    pub fn new() -> Lifecycle {
        Lifecycle::default()
    }

    /// What to do about `event`.
    pub fn on(&mut self, event: Event) -> Reaction {
        let none = Reaction::default();
        if self.destroyed {
            return none;
        }
        match event {
            Event::SurfaceCreated => {
                self.surface = true;
                Reaction {
                    take_surface: true,
                    repaint_all: true,
                    layout: true,
                    ..none
                }
            }
            Event::SurfaceDestroyed => {
                self.surface = false;
                Reaction {
                    drop_surface: true,
                    repaint_all: true,
                    cancel_touch: true,
                    ..none
                }
            }
            Event::RedrawNeeded => Reaction {
                repaint_all: true,
                ..none
            },
            Event::Resized => Reaction {
                layout: true,
                ..none
            },
            Event::Resumed => {
                self.resumed = true;
                none
            }
            // The game is saved after every move, but on a saver thread after a short pause:
            // a process killed in the background must not lose the last move.
            Event::Paused => {
                self.resumed = false;
                Reaction {
                    flush_saves: true,
                    cancel_touch: true,
                    ..none
                }
            }
            Event::SaveState | Event::Stopped => Reaction {
                flush_saves: true,
                ..none
            },
            Event::LostFocus => Reaction {
                cancel_touch: true,
                ..none
            },
            Event::Destroyed => {
                self.destroyed = true;
                self.surface = false;
                Reaction {
                    drop_surface: true,
                    flush_saves: true,
                    cancel_touch: true,
                    stop: true,
                    ..none
                }
            }
        }
    }

    /// Whether frames can be shown.
    pub fn draws(&self) -> bool {
        self.surface && !self.destroyed
    }

    /// Whether animations run at the frame rate: only while shown and in front.
    pub fn animates(&self) -> bool {
        self.draws() && self.resumed
    }

    /// Whether the activity ended.
    pub fn ended(&self) -> bool {
        self.destroyed
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A start, a trip to the background and back, as Android reports it.
    #[test]
    fn start_background_and_back() {
        let mut l = Lifecycle::new();
        assert!(!l.draws());
        assert_eq!(l.on(Event::Resumed), Reaction::default());
        let r = l.on(Event::SurfaceCreated);
        assert!(r.take_surface && r.layout && r.repaint_all);
        assert!(l.draws() && l.animates());

        let r = l.on(Event::Paused);
        assert!(r.flush_saves, "pausing writes the game now");
        assert!(!l.animates(), "no frame-rate loop in the background");
        assert!(l.on(Event::SaveState).flush_saves);
        assert!(l.on(Event::Stopped).flush_saves);
        let r = l.on(Event::SurfaceDestroyed);
        assert!(r.drop_surface && r.cancel_touch && !r.stop);
        assert!(!l.draws());

        // Back: a new surface, drawn whole.
        l.on(Event::Resumed);
        let r = l.on(Event::SurfaceCreated);
        assert!(r.take_surface && r.repaint_all);
        assert!(l.animates());
    }

    #[test]
    fn rotation_and_other_changes_only_lay_out_again() {
        let mut l = Lifecycle::new();
        l.on(Event::Resumed);
        l.on(Event::SurfaceCreated);
        let r = l.on(Event::Resized);
        assert_eq!(
            r,
            Reaction {
                layout: true,
                ..Reaction::default()
            }
        );
        assert!(l.draws(), "the surface stays: no restart");
        assert_eq!(
            l.on(Event::RedrawNeeded),
            Reaction {
                repaint_all: true,
                ..Reaction::default()
            }
        );
    }

    #[test]
    fn a_lost_focus_ends_the_touch_in_progress() {
        let mut l = Lifecycle::new();
        l.on(Event::SurfaceCreated);
        assert!(l.on(Event::LostFocus).cancel_touch);
        assert!(l.draws());
    }

    #[test]
    fn destroy_saves_and_stops_and_nothing_follows() {
        let mut l = Lifecycle::new();
        l.on(Event::Resumed);
        l.on(Event::SurfaceCreated);
        let r = l.on(Event::Destroyed);
        assert!(r.stop && r.flush_saves && r.drop_surface);
        assert!(l.ended() && !l.draws());
        // A late event after the end does nothing.
        assert_eq!(l.on(Event::SurfaceCreated), Reaction::default());
        assert!(!l.draws());
    }
}
