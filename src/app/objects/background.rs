//! The window's backdrop.

use crate::app::draw::Gfx;
use crate::app::layout::Rect;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use sdl2::pixels::Color;

/// Fills the window, with a soft lighter band behind the content.
pub struct Background;

impl GameObject for Background {
    fn name(&self) -> &'static str {
        "background"
    }
    fn z(&self) -> i32 {
        -100
    }
    /// The band is drawn as opaque runs of one colour each, a pixel row apart at most:
    /// no two rectangles overlap, so no row is blended twice (which showed as faint lines).
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        gfx.clear(theme::BACKGROUND);
        let l = view.layout;
        let (top, band) = (l.height * 0.2, l.height * 0.6);
        let (y0, y1) = (top.round() as i32, (top + band).round() as i32);
        let colour_at = |y: i32| {
            let f = ((y - y0) as f32 / band).clamp(0.0, 1.0);
            let glow = 1.0 - (2.0 * f - 1.0).abs();
            mix(
                theme::BACKGROUND,
                theme::BACKGROUND_GLOW,
                glow * 120.0 / 255.0,
            )
        };
        let mut start = y0;
        for y in y0 + 1..=y1 + 1 {
            let colour = colour_at(start);
            if y > y1 || colour_at(y) != colour {
                gfx.fill(
                    Rect::new(0.0, start as f32, l.width, (y - start) as f32),
                    colour,
                );
                start = y;
            }
        }
    }
}

/// `a` blended towards `b` by `t` (0 to 1), rounded to whole levels.
fn mix(a: Color, b: Color, t: f32) -> Color {
    let m = |x: u8, y: u8| (x as f32 + (y as f32 - x as f32) * t).round() as u8;
    Color::RGB(m(a.r, b.r), m(a.g, b.g), m(a.b, b.b))
}
