//! Text that must fit a width: words flowed into lines, and short items joined by dots.

use crate::app::draw::{Align, Gfx};
use sdl2::pixels::Color;

/// `text` broken into lines no wider than `width` at `px` (a word longer than the
/// width gets a line of its own).
pub fn wrap(gfx: &Gfx, text: &str, width: f32, px: f32) -> Vec<String> {
    flow(gfx, text.split_whitespace(), " ", width, px)
}

/// Short items joined with " \u{00b7} " into as few lines as fit `width`.
pub fn join_items<'a>(
    gfx: &Gfx,
    items: impl IntoIterator<Item = &'a str>,
    width: f32,
    px: f32,
) -> Vec<String> {
    flow(gfx, items.into_iter(), " \u{00b7} ", width, px)
}

fn flow<'a>(
    gfx: &Gfx,
    parts: impl Iterator<Item = &'a str>,
    sep: &str,
    width: f32,
    px: f32,
) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for part in parts {
        let candidate = if line.is_empty() {
            part.to_string()
        } else {
            format!("{line}{sep}{part}")
        };
        if line.is_empty() || gfx.measure(&candidate, px, false).0 <= width {
            line = candidate;
        } else {
            lines.push(std::mem::replace(&mut line, part.to_string()));
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Draws `lines` from `top` down, one every 1.35 text heights; returns the `y` below.
pub fn draw_lines(
    gfx: &mut Gfx,
    lines: &[String],
    (x, top): (f32, f32),
    px: f32,
    colour: Color,
    align: Align,
) -> f32 {
    let mut y = top;
    for line in lines {
        gfx.text(line, (x, y), px, colour, align, false);
        y += px * 1.35;
    }
    y
}

/// The largest size from `px` down to `min_px` at which `text` fits `width`.
pub fn fitting_px(gfx: &Gfx, text: &str, px: f32, min_px: f32, width: f32, bold: bool) -> f32 {
    let mut size = px;
    while size > min_px && gfx.measure(text, size, bold).0 > width {
        size -= 1.0;
    }
    size.max(min_px)
}
