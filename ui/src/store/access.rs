//! What the system asks of the app for a player who needs it (issue 50 item 5): less motion
//! and larger text. Not saved: the platform reads it from the system at start and again when
//! the system may have changed it; the player's own settings apply where the system says
//! nothing.

use super::Settings;

/// The text sizes the settings offer where the system has no text size (the desktop):
/// normal, large, largest.
pub const TEXT_SCALES: [f32; 3] = [1.0, 1.3, 2.0];

/// The largest text the layout is made for: Android's largest font scale (2.0 since
/// Android 14); a larger system value is held to it.
pub const MAX_TEXT_SCALE: f32 = 2.0;
/// The smallest: Android's "small" font (0.85); below it text is not made smaller.
pub const MIN_TEXT_SCALE: f32 = 0.85;

/// The system's accessibility preferences, as the platform read them.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct System {
    /// The system asks for no animations (Android: animator duration scale 0; iOS: Reduce
    /// Motion): moves land at once whatever the animation setting says.
    pub reduce_motion: bool,
    /// The system's font scale (Android's `Configuration.fontScale`), where the system has
    /// one: it replaces the Text size setting, whose row is then not shown.
    pub font_scale: Option<f32>,
}

impl System {
    /// The move animation's speed in force (0 off … 3 slow): the setting's, or none.
    pub fn anim_speed(&self, s: &Settings) -> u8 {
        if self.reduce_motion {
            0
        } else {
            s.anim_speed
        }
    }

    /// The factor every text is drawn at: the system's font scale held to what the layout
    /// is made for, else the Text size setting.
    pub fn text_scale(&self, s: &Settings) -> f32 {
        match self.font_scale {
            Some(f) if f.is_finite() => f.clamp(MIN_TEXT_SCALE, MAX_TEXT_SCALE),
            Some(_) => 1.0,
            None => TEXT_SCALES[(s.text_size as usize).min(TEXT_SCALES.len() - 1)],
        }
    }
}

/// Android's animator duration scale (`Settings.Global.ANIMATOR_DURATION_SCALE`, a float
/// the system keeps as text) asks for no animation when it is 0 ("Remove animations",
/// "Animation off"); an unreadable value asks for nothing.
pub fn animations_removed(animator_duration_scale: Option<&str>) -> bool {
    animator_duration_scale
        .and_then(|v| v.trim().parse::<f32>().ok())
        .is_some_and(|v| v == 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_system_overrides_the_settings_only_where_it_speaks() {
        let s = Settings {
            anim_speed: 2,
            text_size: 1,
            ..Settings::default()
        };
        let none = System::default();
        assert_eq!(none.anim_speed(&s), 2);
        assert_eq!(none.text_scale(&s), 1.3);
        let still = System {
            reduce_motion: true,
            ..none
        };
        assert_eq!(still.anim_speed(&s), 0);
        let phone = |f| System {
            font_scale: Some(f),
            ..none
        };
        assert_eq!(
            phone(1.15).text_scale(&s),
            1.15,
            "the system's, not the setting's"
        );
        assert_eq!(phone(2.6).text_scale(&s), MAX_TEXT_SCALE);
        assert_eq!(phone(0.5).text_scale(&s), MIN_TEXT_SCALE);
        assert_eq!(phone(f32::NAN).text_scale(&s), 1.0);
        let damaged = Settings {
            text_size: 9,
            ..Settings::default()
        };
        assert_eq!(none.text_scale(&damaged), 2.0, "the largest offered");
    }

    #[test]
    fn only_a_zero_animator_scale_removes_animations() {
        assert!(animations_removed(Some("0")));
        assert!(animations_removed(Some("0.0")));
        assert!(animations_removed(Some(" 0.0 ")));
        assert!(!animations_removed(Some("0.5")));
        assert!(!animations_removed(Some("1")));
        assert!(!animations_removed(Some("10.0")));
        assert!(!animations_removed(Some("")));
        assert!(!animations_removed(Some("off")));
        assert!(!animations_removed(None), "unset: the default scale 1");
    }
}
