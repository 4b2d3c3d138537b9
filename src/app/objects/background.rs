//! The window's backdrop.

use crate::app::draw::Gfx;
use crate::app::layout::Rect;
use crate::app::scene::{GameObject, View};
use crate::app::theme;

/// Fills the window, with a soft lighter band behind the content.
pub struct Background;

impl GameObject for Background {
    fn name(&self) -> &'static str {
        "background"
    }
    fn z(&self) -> i32 {
        -100
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        gfx.clear(theme::BACKGROUND);
        let l = view.layout;
        let band = l.height * 0.6;
        let steps = 24;
        for i in 0..steps {
            let f = i as f32 / steps as f32;
            let mut c = theme::BACKGROUND_GLOW;
            c.a = ((1.0 - (2.0 * f - 1.0).abs()) * 120.0) as u8;
            gfx.fill(
                Rect::new(
                    0.0,
                    l.height * 0.2 + f * band,
                    l.width,
                    band / steps as f32 + 1.0,
                ),
                c,
            );
        }
    }
}
