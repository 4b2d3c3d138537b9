//! The side panel: whose turn, players, level, rule, move count, thinking time, result.
//! (Its buttons are separate objects.)

use super::panel_text::{engine_line, rows, status};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::Slot;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::Board;
use crate::game::notation::label;

pub struct StatusPanel;

/// Label-value rows (labels left, values right-aligned at `right`), one every 1.7 text
/// heights; returns the `y` below the last row.
pub fn draw_rows(
    gfx: &mut Gfx,
    rows: &[(&str, String)],
    (x, right): (f32, f32),
    mut y: f32,
    px: f32,
) -> f32 {
    for (k, v) in rows {
        gfx.text(k, (x, y), px, theme::TEXT_DIM, Align::Left, false);
        gfx.text(v, (right, y), px, theme::TEXT, Align::Right, false);
        y += px * 1.7;
    }
    y
}

impl GameObject for StatusPanel {
    fn name(&self) -> &'static str {
        "panel"
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let l = view.layout;
        let s = l.scale;
        let p = l.panel;
        gfx.rounded(p, 14.0 * s, theme::PANEL);
        let Some(game) = view.manager.game() else {
            return;
        };
        let x = p.x + 24.0 * s;
        let mut y = p.y + 40.0 * s;
        gfx.text("Gomoku", (x, y), 30.0 * s, theme::TEXT, Align::Left, true);
        y += 44.0 * s;
        let board = game.board();
        draw_card(gfx, &status(view, game), (x, y), p.w, s);
        y += 48.0 * s;
        let right = p.x + p.w - 24.0 * s;
        y = draw_rows(gfx, &rows(view, game), (x, right), y, 16.0 * s);
        if let Some(text) = engine_line(view, game) {
            // Up to two lines of the engine's latest words.
            let room = ((right - x) / (13.0 * s * 0.55)).max(8.0) as usize;
            let first: String = text.chars().take(room).collect();
            let rest: String = text.chars().skip(room).collect();
            for line in [first, clip(&rest, room)].iter().filter(|l| !l.is_empty()) {
                gfx.text(line, (x, y), 13.0 * s, theme::ACCENT, Align::Left, false);
                y += 13.0 * s * 1.5;
            }
        }
        y += 4.0 * s;
        let keys = if game.mode().is_network() {
            "N numbers \u{00b7} M sound \u{00b7} Esc leaves"
        } else {
            "H hint \u{00b7} N numbers \u{00b7} M sound \u{00b7} Esc menu"
        };
        let centre = p.x + p.w / 2.0;
        gfx.text(
            keys,
            (centre, y),
            12.0 * s,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
        let bottom = l.slot(Slot::Panel(0)).y - 12.0 * s;
        draw_history(
            gfx,
            board,
            (x, p.x + p.w - 24.0 * s),
            (y + 30.0 * s, bottom),
            s,
        );
    }
}

/// The turn card: a stone and what is happening; a long reason (a forfeit, a lost
/// connection) is cut to the card's width.
fn draw_card(
    gfx: &mut Gfx,
    (status, stone): &(String, Option<crate::engine::Stone>),
    (x, y): (f32, f32),
    width: f32,
    s: f32,
) {
    let card = crate::app::layout::Rect::new(x - 8.0 * s, y - 24.0 * s, width - 32.0 * s, 48.0 * s);
    gfx.rounded(card, 10.0 * s, theme::PANEL_EDGE);
    if let Some(stone) = stone {
        gfx.stone(x + 16.0 * s, y, 13.0 * s, *stone, 255);
    }
    let room = ((width - 90.0 * s) / (19.0 * s * 0.6)).max(8.0) as usize;
    let shown = clip(status, room);
    let px = if shown.chars().count() > room * 3 / 4 {
        15.0
    } else {
        19.0
    };
    gfx.text(
        &shown,
        (x + 40.0 * s, y),
        px * s,
        theme::TEXT,
        Align::Left,
        true,
    );
}

/// At most `chars` characters of `text`, marked when cut.
fn clip(text: &str, chars: usize) -> String {
    if text.chars().count() <= chars {
        return text.to_string();
    }
    let kept: String = text.chars().take(chars.saturating_sub(1)).collect();
    format!("{kept}\u{2026}")
}

/// The latest moves, a numbered pair (Black, White) a row, as many rows as fit between
/// `top` and `bottom`; the newest move is picked out in the accent colour.
fn draw_history(
    gfx: &mut Gfx,
    board: &Board,
    (x, right): (f32, f32),
    (top, bottom): (f32, f32),
    s: f32,
) {
    let px = 14.0 * s;
    let row_h = px * 1.65;
    let fit = ((bottom - top) / row_h).floor().max(0.0) as usize;
    let moves = board.moves();
    if fit < 2 || moves.is_empty() {
        return;
    }
    gfx.line(
        (x, top - row_h * 0.55),
        (right, top - row_h * 0.55),
        s.max(1.0),
        theme::PANEL_EDGE,
    );
    let pairs = moves.len().div_ceil(2);
    let first = pairs.saturating_sub(fit);
    let col = (right - x - 40.0 * s) / 2.0;
    for (row, pair) in (first..pairs).enumerate() {
        let y = top + row as f32 * row_h;
        gfx.text(
            &format!("{}.", pair + 1),
            (x + 26.0 * s, y),
            px,
            theme::TEXT_DIM,
            Align::Right,
            false,
        );
        for side in 0..2 {
            let i = pair * 2 + side;
            let Some(m) = moves.get(i) else { break };
            let cx = x + 44.0 * s + side as f32 * col;
            gfx.stone(cx, y, 6.0 * s, m.stone, 255);
            let colour = if i + 1 == moves.len() {
                theme::ACCENT
            } else {
                theme::TEXT
            };
            gfx.text(
                &label(m.pos, board.height()),
                (cx + 12.0 * s, y),
                px,
                colour,
                Align::Left,
                false,
            );
        }
    }
}
