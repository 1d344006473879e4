//! Touches and the back button, from the phone's terms into Slint's.
//!
//! The app is played with one finger: the first finger down is followed until it lifts, and
//! any other finger meanwhile is ignored (a palm or a second finger never taps a point).

use slint::platform::{PointerEventButton, WindowEvent};
use slint::LogicalPosition;

/// What a finger did, as every phone reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Touched the screen.
    Down,
    /// Moved while touching.
    Move,
    /// Lifted.
    Up,
    /// The system took the gesture over (a system swipe, say): the touch ends without a tap.
    Cancel,
}

/// Follows the one finger that plays.
#[derive(Debug, Default)]
pub struct Touches {
    active: Option<i64>,
}

impl Touches {
    /// A finger event at physical `(x, y)` into the Slint event it means, if any. `scale` is
    /// the window's scale factor.
    pub fn event(
        &mut self,
        phase: Phase,
        id: i64,
        x: f32,
        y: f32,
        scale: f32,
    ) -> Option<WindowEvent> {
        let s = if scale.is_finite() && scale > 0.0 {
            scale
        } else {
            1.0
        };
        let position = LogicalPosition::new(x / s, y / s);
        let button = PointerEventButton::Left;
        match phase {
            Phase::Down if self.active.is_none() => {
                self.active = Some(id);
                Some(WindowEvent::PointerPressed { position, button })
            }
            Phase::Move if self.active == Some(id) => Some(WindowEvent::PointerMoved { position }),
            Phase::Up if self.active == Some(id) => {
                self.active = None;
                Some(WindowEvent::PointerReleased { position, button })
            }
            Phase::Cancel if self.active.is_some() => {
                // Cancel ends every finger at once on both phones.
                self.active = None;
                Some(WindowEvent::PointerExited)
            }
            _ => None,
        }
    }

    /// Whether a finger is down.
    pub fn pressed(&self) -> bool {
        self.active.is_some()
    }
}

/// The phone's back button: one screen back, and on Home the system's own action (Android
/// leaves the app). A key press comes as a down and an up, both answered the same way.
#[derive(Debug, Default)]
pub struct BackButton {
    handled: bool,
}

impl BackButton {
    /// The button went down; `go_back` goes one screen back and says whether there was one.
    /// Repeats of a held button do nothing. Returns whether the app used the press.
    pub fn down(&mut self, repeat: bool, go_back: impl FnOnce() -> bool) -> bool {
        if !repeat {
            self.handled = go_back();
        }
        self.handled
    }

    /// The button came up: answered like its press, so the system sees one whole key.
    pub fn up(&mut self) -> bool {
        std::mem::take(&mut self.handled)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_finger_taps_in_logical_pixels() {
        let mut t = Touches::default();
        let down = t.event(Phase::Down, 7, 525.0, 1050.0, 2.625).unwrap();
        assert_eq!(
            down,
            WindowEvent::PointerPressed {
                position: LogicalPosition::new(200.0, 400.0),
                button: PointerEventButton::Left
            }
        );
        assert!(t.pressed());
        assert!(matches!(
            t.event(Phase::Move, 7, 0.0, 0.0, 2.625),
            Some(WindowEvent::PointerMoved { .. })
        ));
        assert!(matches!(
            t.event(Phase::Up, 7, 0.0, 0.0, 2.625),
            Some(WindowEvent::PointerReleased { .. })
        ));
        assert!(!t.pressed());
    }

    #[test]
    fn a_second_finger_is_ignored() {
        let mut t = Touches::default();
        assert!(t.event(Phase::Down, 1, 10.0, 10.0, 1.0).is_some());
        assert_eq!(t.event(Phase::Down, 2, 50.0, 50.0, 1.0), None);
        assert_eq!(t.event(Phase::Move, 2, 60.0, 60.0, 1.0), None);
        assert_eq!(t.event(Phase::Up, 2, 60.0, 60.0, 1.0), None);
        // The first finger still plays, and after it lifts a new finger may.
        assert!(matches!(
            t.event(Phase::Up, 1, 10.0, 10.0, 1.0),
            Some(WindowEvent::PointerReleased { .. })
        ));
        assert!(t.event(Phase::Down, 2, 5.0, 5.0, 1.0).is_some());
    }

    #[test]
    fn a_cancelled_gesture_is_no_tap() {
        let mut t = Touches::default();
        assert_eq!(t.event(Phase::Cancel, 1, 0.0, 0.0, 1.0), None);
        t.event(Phase::Down, 1, 0.0, 0.0, 1.0);
        assert_eq!(
            t.event(Phase::Cancel, 1, 0.0, 0.0, 1.0),
            Some(WindowEvent::PointerExited)
        );
        assert_eq!(t.event(Phase::Up, 1, 0.0, 0.0, 1.0), None);
    }

    #[test]
    fn bad_scale_is_one() {
        let mut t = Touches::default();
        let e = t.event(Phase::Down, 1, 30.0, 40.0, f32::NAN).unwrap();
        assert_eq!(e.position(), Some(LogicalPosition::new(30.0, 40.0)));
    }

    #[test]
    fn back_goes_one_screen_back_then_leaves() {
        let mut b = BackButton::default();
        // In a game: back to Home, the whole key is the app's.
        assert!(b.down(false, || true));
        assert!(b.down(true, || panic!("a repeat does not go back again")));
        assert!(b.up());
        // On Home: nothing to go back to, so the system gets the key (Android leaves the app).
        assert!(!b.down(false, || false));
        assert!(!b.up());
        // An up without a down (the press began before the app) is the system's.
        assert!(!b.up());
    }
}
