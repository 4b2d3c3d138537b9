//! A clickable button: a slot in the layout, a label, and the event a click sends.

use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::input::{InputState, Key};
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
    /// Whether the button is on screen at all.
    shown: fn(&View) -> bool,
    z: i32,
    /// Overrides the slot for a one-off position.
    place: Option<fn(&Layout) -> Rect>,
    /// A setting's step back: a right click, or Left while the button has the focus.
    back: Option<Event>,
    /// Label size at scale 1.
    px: f32,
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
            shown: |_| true,
            z: 10,
            place: None,
            back: None,
            px: 18.0,
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

    /// A setting: a right click (or Left with the keyboard focus) sends `back`.
    pub fn with_back(mut self, back: Event) -> Button {
        self.back = Some(back);
        self
    }

    /// A smaller label, for narrow buttons.
    pub fn small(mut self) -> Button {
        self.px = 15.0;
        self
    }

    /// A label of `px` pixels at scale 1.
    pub fn with_px(mut self, px: f32) -> Button {
        self.px = px;
        self
    }

    /// Shows the button only while `f` holds.
    pub fn shown_if(mut self, f: fn(&View) -> bool) -> Button {
        self.shown = f;
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

    /// True when the menu's keyboard focus is on this button (and no text field has
    /// the keyboard: Enter there confirms the field).
    fn focused(&self, view: &View) -> bool {
        matches!(self.slot, Slot::Menu(n) if view.ui.menu_focus == Some(n))
            && self.place.is_none()
            && view.ui.screen == crate::app::screen::Screen::Menu
            && view.ui.fields.editing.is_none()
    }

    /// What the focused button's keys ask for: Enter presses it, Right and Left step a
    /// setting forward and back.
    fn keys(&self, input: &InputState) -> Vec<Event> {
        let mut out = Vec::new();
        for key in &input.keys {
            match (key, &self.back) {
                (Key::Enter, _) | (Key::Right, Some(_)) => out.push(self.event.clone()),
                (Key::Left, Some(back)) => out.push(back.clone()),
                _ => {}
            }
        }
        out
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
        (self.shown)(view)
    }
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        self.rect(view).contains(point)
    }
    fn hover(&self, view: &View) -> u32 {
        u32::from((self.enabled)(view) && self.rect(view).contains(view.mouse))
    }
    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        if !(self.enabled)(view) {
            return Vec::new();
        }
        let r = self.rect(view);
        let mut out = if self.focused(view) {
            self.keys(input)
        } else {
            Vec::new()
        };
        if input.click.is_some_and(|c| r.contains(c)) {
            out.push(self.event.clone());
        }
        if let Some(back) = self
            .back
            .as_ref()
            .filter(|_| input.right_click.is_some_and(|c| r.contains(c)))
        {
            out.push(back.clone());
        }
        out
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
        if self.focused(view) {
            let g = 3.0 * s;
            let ring = Rect::new(r.x - g, r.y - g, r.w + 2.0 * g, r.h + 2.0 * g);
            gfx.rounded(ring, 11.0 * s, theme::ACCENT);
        }
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
            self.px * s,
            colour,
            Align::Centre,
            self.primary,
        );
    }
}
