//! The set-up screen's side panel: its title, the stone counts, whether the position can
//! be played on (and why not), and how to use the board. (Its buttons are separate.)

use super::panel::help_px;
use super::wrap::{draw_lines, wrap};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::Slot;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use sdl2::pixels::Color;

pub struct SetupPanel;

/// Buttons in the set-up panel's column.
pub const SETUP_BUTTONS: usize = 9;

impl GameObject for SetupPanel {
    fn name(&self) -> &'static str {
        "setup-panel"
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let l = view.layout;
        let s = l.scale;
        let p = l.panel;
        gfx.rounded(p, 14.0 * s, theme::PANEL);
        let x = p.x + 24.0 * s;
        gfx.text(
            "Set up",
            (x, p.y + 40.0 * s),
            30.0 * s,
            theme::TEXT,
            Align::Left,
            true,
        );
        let Some(setup) = &view.ui.setup else { return };
        let last = l.slot(Slot::Side(SETUP_BUTTONS - 1));
        let mut y = last.y + last.h + 26.0 * s;
        let px = (15.0 * s).max(11.5);
        let (black, white) = setup.counts();
        let width = p.w - 48.0 * s;
        let counts = format!(
            "{black} black, {white} white, {} to move",
            setup.board().side_to_move()
        );
        let lines = wrap(gfx, &counts, width, px);
        y = draw_lines(gfx, &lines, (x, y), px, theme::TEXT, Align::Left) + px * 0.3;
        let (text, colour) = match setup.playable(view.manager.settings.rule) {
            Ok(_) => (
                "Ready: Play starts a game from here.".to_string(),
                theme::ACCENT,
            ),
            Err(e) => (e.to_string(), Color::RGB(0xf0, 0x9a, 0x7a)),
        };
        let lines = wrap(gfx, &text, width, px);
        y = draw_lines(gfx, &lines, (x, y), px, colour, Align::Left) + px * 0.4;
        let how = "Click a point to place a stone, a stone to remove it. Ctrl+V pastes a game. A: analysis. Esc: menu.";
        let hp = help_px(l);
        let lines = wrap(gfx, how, width, hp);
        draw_lines(gfx, &lines, (x, y), hp, theme::TEXT_DIM, Align::Left);
    }
}
