//! A short message (profiler, errors, copied text), placed where it covers no button
//! and no coordinate: in the side panel above its buttons on the board screens, under
//! the menu, over the records screen's subtitle. Long messages wrap.

use super::wrap::wrap;
use crate::app::draw::{Align, Gfx};
use crate::app::layout::{Layout, Rect, Slot};
use crate::app::scene::{GameObject, View};
use crate::app::screen::Screen;
use crate::app::theme;
use sdl2::pixels::Color;

pub struct Toast;

/// Where the message may go: the widest box, and the `y` its bottom (or, for the
/// records screen, its centre) sits on.
enum Anchor {
    Bottom { x: f32, w: f32, bottom: f32 },
    Centre { x: f32, w: f32, y: f32 },
}

fn anchor(l: &Layout, screen: Screen) -> Anchor {
    let s = l.scale;
    let p = l.panel;
    let (x, w) = (p.x + 12.0 * s, p.w - 24.0 * s);
    match screen {
        Screen::Game | Screen::Review => Anchor::Bottom {
            x,
            w,
            bottom: l.slot(Slot::Panel(0)).y - 10.0 * s,
        },
        Screen::Setup => Anchor::Bottom {
            x,
            w,
            bottom: p.y + p.h - 12.0 * s,
        },
        Screen::Records => Anchor::Centre {
            x: 40.0 * s,
            w: l.width - 80.0 * s,
            y: 92.0 * s,
        },
        Screen::Menu => Anchor::Bottom {
            x: 40.0 * s,
            w: l.width - 80.0 * s,
            bottom: l.height - 10.0 * s,
        },
    }
}

/// The message's box and its lines.
pub fn toast_box(gfx: &Gfx, l: &Layout, screen: Screen, text: &str) -> (Rect, Vec<String>) {
    let s = l.scale;
    let px = (16.0 * s).max(12.0);
    let pad = 14.0 * s;
    let (ax, aw) = match anchor(l, screen) {
        Anchor::Bottom { x, w, .. } | Anchor::Centre { x, w, .. } => (x, w),
    };
    let lines = wrap(gfx, text, aw - 2.0 * pad, px);
    let widest = lines
        .iter()
        .map(|line| gfx.measure(line, px, false).0)
        .fold(0.0, f32::max);
    let (w, h) = (widest + 2.0 * pad, lines.len() as f32 * px * 1.35 + pad);
    let x = ax + (aw - w) / 2.0;
    let y = match anchor(l, screen) {
        Anchor::Bottom { bottom, .. } => bottom - h,
        Anchor::Centre { y, .. } => y - h / 2.0,
    };
    (Rect::new(x, y, w, h), lines)
}

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
        let px = (16.0 * l.scale).max(12.0);
        let (r, lines) = toast_box(gfx, l, view.ui.screen, text);
        gfx.rounded(r, 10.0 * l.scale, Color::RGB(0x15, 0x17, 0x1d));
        let mut y = r.y + 7.0 * l.scale + px * 0.675;
        for line in &lines {
            gfx.text(
                line,
                (r.x + r.w / 2.0, y),
                px,
                theme::TEXT,
                Align::Centre,
                false,
            );
            y += px * 1.35;
        }
    }
}
