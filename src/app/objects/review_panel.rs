//! The review screen's side panel: which game, which move, the keys.

use super::panel::{draw_help, draw_rows, help_lines, help_px};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::Layout;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::game::notation::label;
use crate::game::record::format_date;

pub struct ReviewPanel;

impl GameObject for ReviewPanel {
    fn name(&self) -> &'static str {
        "review-panel"
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let l = view.layout;
        let s = l.scale;
        let p = l.panel;
        gfx.rounded(p, 14.0 * s, theme::PANEL);
        let Some(review) = &view.ui.review else {
            return;
        };
        let rec = review.record();
        let x = p.x + 24.0 * s;
        let mut y = p.y + 40.0 * s;
        gfx.text("Review", (x, y), 30.0 * s, theme::TEXT, Align::Left, true);
        y += 44.0 * s;
        let step = format!("Move {} of {}", review.cursor(), review.len());
        gfx.text(&step, (x, y), 20.0 * s, theme::ACCENT, Align::Left, true);
        y += 36.0 * s;
        let last = review
            .board()
            .last_move()
            .map_or("-".to_string(), |m| label(m.pos, review.board().height()));
        let rows = [
            ("Played", format_date(rec.started_at)),
            ("Mode", rec.mode.to_string()),
            ("Result", rec.result_text()),
            (
                "Rule",
                format!("{}, {}\u{00d7}{}", rec.rule, rec.width, rec.height),
            ),
            ("Last", last),
        ];
        y = draw_rows(gfx, &rows, (x, p.x + p.w - 24.0 * s), y, 15.0 * s);
        draw_help(gfx, l, &REVIEW_KEYS, y + 6.0 * s);
    }
}

/// The review screen's keys.
pub const REVIEW_KEYS: [&str; 6] = [
    "\u{2190} \u{2192} step",
    "Home/End",
    "click a move",
    "A analysis",
    "S set up",
    "Ctrl+C copy",
];

/// Where the review panel's move list starts.
pub fn list_top(l: &Layout) -> f32 {
    let s = l.scale;
    let facts = l.panel.y + (40.0 + 44.0 + 36.0) * s + 5.0 * 15.0 * s * 1.7;
    let help = help_lines(l, &REVIEW_KEYS).len() as f32 * help_px(l) * 1.4;
    facts + 6.0 * s + help + 14.0 * s
}
