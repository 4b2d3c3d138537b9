//! A short message at the bottom of the window (profiler path, errors, copied text).

use crate::app::draw::{Align, Gfx};
use crate::app::layout::Rect;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use sdl2::pixels::Color;

pub struct Toast;

impl GameObject for Toast {
    fn name(&self) -> &'static str {
        "toast"
    }
    fn z(&self) -> i32 {
        90
    }
    fn is_active(&self, view: &View) -> bool {
        view.ui.toast_at(view.now).is_some()
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(text) = view.ui.toast_at(view.now) else {
            return;
        };
        let l = view.layout;
        let px = 16.0 * l.scale;
        let (w, _) = gfx.measure(text, px, false);
        let r = Rect::new(
            (l.width - w) / 2.0 - 16.0 * l.scale,
            l.height - 52.0 * l.scale,
            w + 32.0 * l.scale,
            36.0 * l.scale,
        );
        gfx.rounded(r, 10.0 * l.scale, Color::RGB(0x15, 0x17, 0x1d));
        gfx.text(text, r.centre(), px, theme::TEXT, Align::Centre, false);
    }
}
