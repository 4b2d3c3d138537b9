//! A clickable button: a slot in the layout, a label, and the event a click sends.

use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::input::InputState;
use crate::app::layout::{Layout, Rect, Slot};
use crate::app::scene::{GameObject, View};
use crate::app::theme;

enum Label {
    Fixed(&'static str),
    Dynamic(fn(&View) -> String),
}

pub struct Button {
    name: &'static str,
    slot: Slot,
    label: Label,
    event: Event,
    primary: bool,
    enabled: fn(&View) -> bool,
    /// Shown (and clickable) only when this holds.
    visible: fn(&View) -> bool,
    z: i32,
    /// Overrides the slot for a one-off position.
    place: Option<fn(&Layout) -> Rect>,
}

impl Button {
    pub fn new(name: &'static str, slot: Slot, label: &'static str, event: Event) -> Button {
        Button {
            name,
            slot,
            label: Label::Fixed(label),
            event,
            primary: false,
            enabled: |_| true,
            visible: |_| true,
            z: 10,
            place: None,
        }
    }

    /// A button whose text follows the game state (menu settings).
    pub fn dynamic(
        name: &'static str,
        slot: Slot,
        label: fn(&View) -> String,
        event: Event,
    ) -> Button {
        Button {
            label: Label::Dynamic(label),
            ..Button::new(name, slot, "", event)
        }
    }

    /// The screen's main action, drawn in the accent colour.
    pub fn primary(mut self) -> Button {
        self.primary = true;
        self
    }

    pub fn enabled_if(mut self, f: fn(&View) -> bool) -> Button {
        self.enabled = f;
        self
    }

    /// Shows the button only when `f` holds (two buttons can share a slot).
    pub fn visible_if(mut self, f: fn(&View) -> bool) -> Button {
        self.visible = f;
        self
    }

    pub fn with_z(mut self, z: i32) -> Button {
        self.z = z;
        self
    }

    /// Places the button with a function of the layout instead of a slot.
    pub fn with_slot_fn(mut self, place: fn(&Layout) -> Rect) -> Button {
        self.place = Some(place);
        self
    }

    fn rect(&self, view: &View) -> Rect {
        match self.place {
            Some(f) => f(view.layout),
            None => view.layout.slot(self.slot),
        }
    }
}

impl GameObject for Button {
    fn name(&self) -> &'static str {
        self.name
    }
    fn z(&self) -> i32 {
        self.z
    }
    fn is_active(&self, view: &View) -> bool {
        (self.visible)(view)
    }
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        self.rect(view).contains(point)
    }
    fn hover(&self, view: &View) -> u32 {
        u32::from((self.enabled)(view) && self.rect(view).contains(view.mouse))
    }
    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        match input.click {
            Some(c) if self.rect(view).contains(c) && (self.enabled)(view) => {
                vec![self.event.clone()]
            }
            _ => Vec::new(),
        }
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let r = self.rect(view);
        let enabled = (self.enabled)(view);
        let hover = enabled && r.contains(view.mouse);
        let fill = match (enabled, self.primary, hover) {
            (false, _, _) => theme::BUTTON_DISABLED,
            (true, true, false) => theme::BUTTON_PRIMARY,
            (true, true, true) => theme::BUTTON_PRIMARY_HOVER,
            (true, false, false) => theme::BUTTON,
            (true, false, true) => theme::BUTTON_HOVER,
        };
        let s = view.layout.scale;
        gfx.rounded(r, 9.0 * s, fill);
        let text = match &self.label {
            Label::Fixed(t) => t.to_string(),
            Label::Dynamic(f) => f(view),
        };
        let colour = if enabled {
            theme::TEXT
        } else {
            theme::TEXT_DIM
        };
        gfx.text(
            &text,
            r.centre(),
            18.0 * s,
            colour,
            Align::Centre,
            self.primary,
        );
    }
}
