//! One Slint item as one AccessKit node: its role, name, description, value, state, actions
//! and its box on the screen in physical pixels (what a phone's screen reader hit-tests and
//! draws its focus ring around). The same mapping as Slint's own winit adapter (which is
//! private to that backend), without the text-run detail of text inputs.

use accesskit::{Action, Live, Node, Orientation, Rect, Role, Toggled};
use i_slint_core::accessibility::{AccessibleStringProperty as P, SupportedAccessibilityAction};
use i_slint_core::items::{
    AccessibleLiveness, AccessibleRole as R, ItemRc, Orientation as SlintOrientation, WindowItem,
};

/// The node for `item`, without its children; `scale` turns logical into physical pixels.
pub fn node_for(item: &ItemRc, scale: f32) -> Node {
    let flag = |p: P| {
        item.accessible_string_property(p)
            .is_some_and(|x| x == "true")
    };
    let (role, label) = match item.downcast::<WindowItem>() {
        Some(w) => (Role::Window, Some(w.as_pin_ref().title().to_string())),
        None => (
            role_of(item.accessible_role()),
            item.accessible_string_property(P::Label)
                .map(|s| s.to_string()),
        ),
    };
    let mut node = Node::new(role);
    if let Some(label) = label.filter(|l| !l.is_empty()) {
        // A text's words are its value (what AccessKit reads for a label).
        if role == Role::Label {
            node.set_value(label);
        } else {
            node.set_label(label);
        }
    }
    if let Some(d) = item.accessible_string_property(P::Description) {
        if !d.is_empty() {
            node.set_description(d.to_string());
        }
    }
    if item
        .accessible_string_property(P::Enabled)
        .is_some_and(|x| x != "true")
    {
        node.set_disabled();
    }
    if !item.is_visible() {
        node.set_hidden();
    }
    node.set_bounds(bounds(item, scale));
    if flag(P::Checkable) {
        node.set_toggled(if flag(P::Checked) {
            Toggled::True
        } else {
            Toggled::False
        });
    }
    if flag(P::Expandable) {
        node.set_expanded(flag(P::Expanded));
    }
    if flag(P::ItemSelectable) {
        node.set_selected(flag(P::ItemSelected));
    }
    if flag(P::ReadOnly) {
        node.set_read_only();
    }
    let number = |p: P| {
        item.accessible_string_property(p)
            .and_then(|s| s.parse::<f64>().ok())
    };
    if let Some(v) = number(P::ValueMinimum) {
        node.set_min_numeric_value(v);
    }
    if let Some(v) = number(P::ValueMaximum) {
        node.set_max_numeric_value(v);
    }
    if let Some(v) = number(P::ValueStep) {
        node.set_numeric_value_step(v);
    }
    if let Some(value) = item.accessible_string_property(P::Value) {
        match value.parse::<f64>() {
            Ok(n) if role != Role::TextInput => node.set_numeric_value(n),
            _ => node.set_value(value.to_string()),
        }
    }
    if let Some(p) = item.accessible_string_property(P::PlaceholderText) {
        node.set_placeholder(p.to_string());
    }
    if let Some(o) = item
        .accessible_string_property(P::Orientation)
        .and_then(|s| s.parse::<SlintOrientation>().ok())
    {
        node.set_orientation(match o {
            SlintOrientation::Horizontal => Orientation::Horizontal,
            SlintOrientation::Vertical => Orientation::Vertical,
        });
    }
    if let Some(live) = item
        .accessible_string_property(P::LiveRegion)
        .and_then(|s| s.parse::<AccessibleLiveness>().ok())
    {
        node.set_live(match live {
            AccessibleLiveness::Polite => Live::Polite,
            AccessibleLiveness::Assertive => Live::Assertive,
            _ => Live::Off,
        });
    }
    let index = |p: P| {
        item.accessible_string_property(p)
            .and_then(|s| s.parse::<usize>().ok())
    };
    if let Some(i) = index(P::ItemIndex) {
        node.set_position_in_set(i);
    }
    if let Some(n) = index(P::ItemCount) {
        node.set_size_of_set(n);
    }
    if matches!(
        role,
        Role::Button
            | Role::CheckBox
            | Role::ComboBox
            | Role::ListBoxOption
            | Role::Slider
            | Role::SpinButton
            | Role::Tab
            | Role::TextInput
    ) {
        node.add_action(Action::Focus);
    }
    let supported = item.supported_accessibility_actions();
    for (s, a) in [
        (SupportedAccessibilityAction::Default, Action::Click),
        (SupportedAccessibilityAction::Decrement, Action::Decrement),
        (SupportedAccessibilityAction::Increment, Action::Increment),
        (SupportedAccessibilityAction::SetValue, Action::SetValue),
        (SupportedAccessibilityAction::Expand, Action::Expand),
    ] {
        if supported.contains(s) {
            node.add_action(a);
        }
    }
    node
}

/// The item's box in the window, in physical pixels.
fn bounds(item: &ItemRc, scale: f32) -> Rect {
    let g = item.geometry();
    let o = item.map_to_window(g.origin);
    let (x, y) = (f64::from(o.x * scale), f64::from(o.y * scale));
    Rect {
        x0: x,
        y0: y,
        x1: x + f64::from(g.size.width * scale),
        y1: y + f64::from(g.size.height * scale),
    }
}

fn role_of(r: R) -> Role {
    match r {
        R::Button => Role::Button,
        R::Checkbox => Role::CheckBox,
        R::Combobox => Role::ComboBox,
        R::Groupbox => Role::Group,
        R::List => Role::ListBox,
        R::Slider => Role::Slider,
        R::Spinbox => Role::SpinButton,
        R::Tab => Role::Tab,
        R::TabList => Role::TabList,
        R::TabPanel => Role::TabPanel,
        R::Text => Role::Label,
        R::Table => Role::Table,
        R::Tree => Role::Tree,
        R::TextInput => Role::TextInput,
        R::ProgressIndicator => Role::ProgressIndicator,
        R::Switch => Role::Switch,
        R::ListItem => Role::ListBoxOption,
        R::Image => Role::Image,
        R::RadioButton => Role::RadioButton,
        R::RadioGroup => Role::RadioGroup,
        R::WindowTitleBar => Role::TitleBar,
        R::Banner => Role::Banner,
        R::Complementary => Role::Complementary,
        R::ContentInfo => Role::ContentInfo,
        R::Form => Role::Form,
        R::Main => Role::Main,
        R::Navigation => Role::Navigation,
        R::Region => Role::Region,
        R::Search => Role::Search,
        _ => Role::Unknown,
    }
}
