//! A one-line text field of the menu: a click gives it the keyboard; what is typed is
//! kept in the UI state ([`crate::app::fields::Fields`]), not here.

use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::fields::Field;
use crate::app::input::InputState;
use crate::app::layout::{Rect, Slot};
use crate::app::scene::{GameObject, View};
use crate::app::theme;

pub struct TextField {
    field: Field,
    slot: Slot,
}

impl TextField {
    pub fn new(field: Field, slot: Slot) -> TextField {
        TextField { field, slot }
    }

    fn rect(&self, view: &View) -> Rect {
        view.layout.slot(self.slot)
    }

    fn focused(&self, view: &View) -> bool {
        view.ui.fields.editing == Some(self.field)
    }
}

/// The end of `text` that fits in about `chars` characters, marked when cut.
fn tail(text: &str, chars: usize) -> String {
    let n = text.chars().count();
    if n <= chars {
        return text.to_string();
    }
    let kept: String = text.chars().skip(n - chars.saturating_sub(1)).collect();
    format!("\u{2026}{kept}")
}

impl GameObject for TextField {
    fn name(&self) -> &'static str {
        "menu-field"
    }
    fn z(&self) -> i32 {
        10
    }
    fn captures(&self, point: (f32, f32), view: &View) -> bool {
        self.rect(view).contains(point)
    }
    fn hover(&self, view: &View) -> u32 {
        u32::from(self.rect(view).contains(view.mouse))
    }
    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        match input.click {
            Some(c) if self.rect(view).contains(c) => vec![Event::Focus(self.field)],
            _ => Vec::new(),
        }
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let r = self.rect(view);
        let s = view.layout.scale;
        let focused = self.focused(view);
        let edge = if focused {
            theme::ACCENT
        } else {
            theme::PANEL_EDGE
        };
        gfx.rounded(r, 9.0 * s, edge);
        let inner = Rect::new(r.x + 2.0 * s, r.y + 2.0 * s, r.w - 4.0 * s, r.h - 4.0 * s);
        gfx.rounded(inner, 8.0 * s, theme::PANEL);
        let px = 16.0 * s;
        let y = r.y + r.h / 2.0;
        let label = self.field.label();
        gfx.text(
            label,
            (r.x + 14.0 * s, y),
            px,
            theme::TEXT_DIM,
            Align::Left,
            true,
        );
        let x = r.x + 80.0 * s;
        // DejaVu Sans averages a little over half an em per character.
        let room = ((r.x + r.w - 14.0 * s - x) / (px * 0.56)).max(4.0) as usize;
        let text = view.ui.fields.get(self.field);
        if text.is_empty() && !focused {
            let hint = self.field.placeholder();
            gfx.text(hint, (x, y), px * 0.9, theme::TEXT_DIM, Align::Left, false);
        } else {
            let shown = if focused {
                format!("{}|", tail(text, room.saturating_sub(1)))
            } else {
                tail(text, room)
            };
            gfx.text(&shown, (x, y), px, theme::TEXT, Align::Left, false);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_text_shows_its_end() {
        assert_eq!(tail("abc", 5), "abc");
        assert_eq!(tail("/opt/engines/pbrain", 8), "\u{2026}/pbrain");
    }
}
