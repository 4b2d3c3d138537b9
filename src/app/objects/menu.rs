//! The main menu's title art.

use super::wrap::{draw_lines, join_items};
use crate::app::draw::{Align, Gfx};
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::Stone;

pub struct MenuTitle;

impl GameObject for MenuTitle {
    fn name(&self) -> &'static str {
        "menu-title"
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let l = view.layout;
        let s = l.scale;
        let cx = l.width / 2.0;
        // Five stones in a row, alternating, the middle one slightly raised.
        let r = 16.0 * s;
        for i in 0..5 {
            let x = cx + (i as f32 - 2.0) * r * 2.7;
            let y = l.height * 0.09 - if i == 2 { 4.0 * s } else { 0.0 };
            gfx.stone(
                x,
                y,
                r,
                if i % 2 == 0 {
                    Stone::Black
                } else {
                    Stone::White
                },
                255,
            );
        }
        gfx.text(
            "Gomoku",
            (cx, l.height * 0.17),
            64.0 * s,
            theme::TEXT,
            Align::Centre,
            true,
        );
        gfx.text(
            "five in a row",
            (cx, l.height * 0.235),
            20.0 * s,
            theme::ACCENT,
            Align::Centre,
            false,
        );
        let keys = [
            "Click or \u{2192} a setting: next",
            "right click or \u{2190}: back",
            "\u{2191} \u{2193} choose",
            "Enter go",
            "click a field and type, Enter confirms",
            "S set up",
            "M sound",
            "Esc quits",
        ];
        let px = (14.0 * s).max(11.5);
        let lines = join_items(gfx, keys, l.width - 80.0 * s, px);
        let bottom = l.height - 14.0 * s - px * 1.35 * lines.len() as f32;
        draw_lines(
            gfx,
            &lines,
            (cx, bottom + px * 0.7),
            px,
            theme::TEXT_DIM,
            Align::Centre,
        );
    }
}
