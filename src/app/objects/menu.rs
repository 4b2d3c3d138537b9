//! The main menu's title art.

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
        gfx.text(
            "Click a setting to change it  \u{00b7}  click a field and type, Enter confirms  \u{00b7}  M sound  \u{00b7}  Esc quits",
            (cx, l.height - 30.0 * s),
            14.0 * s,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
    }
}
