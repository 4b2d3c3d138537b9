//! The side panel: whose turn, who plays each colour and their clocks, the rule, the
//! moves, an outside engine's last words, the key hints. (Its buttons and the move list
//! under it are separate objects.)

pub use super::panel_text::to_move;
use super::panel_text::{engine_line, rows, status};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::Layout;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::Stone;
use crate::game::Game;

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

/// What the panel shows under the turn card, measured once for drawing and for the
/// move list's place below it.
struct Facts {
    rows: Vec<(&'static str, String)>,
    /// An outside engine's latest words, in up to two lines.
    engine: Vec<String>,
    keys: &'static [&'static str],
}

impl Facts {
    fn new(view: &View, game: &Game) -> Facts {
        let l = view.layout;
        let room = ((l.panel.w - 48.0 * l.scale) / (ENGINE_PX * l.scale * 0.55)).max(8.0);
        Facts {
            rows: rows(view, game),
            engine: engine_line(view, game).map_or(Vec::new(), |t| two_lines(&t, room as usize)),
            keys: if game.mode().is_network() {
                &NET_KEYS
            } else {
                &GAME_KEYS
            },
        }
    }

    /// The `y` below the rows and the engine's words, from the rows' top `y`.
    fn below(&self, l: &Layout, y: f32) -> f32 {
        let s = l.scale;
        y + self.rows.len() as f32 * ROW_PX * s * 1.7
            + self.engine.len() as f32 * ENGINE_PX * s * 1.5
    }
}

/// Text size of the fact rows and of the engine's words, at scale 1.
const ROW_PX: f32 = 16.0;
const ENGINE_PX: f32 = 13.0;

/// Where the rows start: under the title and the turn card.
fn rows_top(l: &Layout) -> f32 {
    l.panel.y + (40.0 + 44.0 + 48.0) * l.scale
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
        let y = p.y + 40.0 * s;
        gfx.text("Gomoku", (x, y), 30.0 * s, theme::TEXT, Align::Left, true);
        draw_card(gfx, &status(view, game), (x, y + 44.0 * s), p.w, s);
        let facts = Facts::new(view, game);
        let right = p.x + p.w - 24.0 * s;
        let mut y = draw_rows(gfx, &facts.rows, (x, right), rows_top(l), ROW_PX * s);
        for line in &facts.engine {
            let px = ENGINE_PX * s;
            gfx.text(line, (x, y), px, theme::ACCENT, Align::Left, false);
            y += px * 1.5;
        }
        draw_help(gfx, l, facts.keys, y + 4.0 * s);
    }
}

/// The game screen's keys, in the order a new player needs them.
pub const GAME_KEYS: [&str; 9] = [
    "H hint",
    "A analysis",
    "\u{2190} undo",
    "\u{2192} play for me",
    "N numbers",
    "S set up",
    "Enter result",
    "M sound",
    "Esc menu",
];

/// A network game's keys: no hints, no analysis, no set-up while it is played.
pub const NET_KEYS: [&str; 5] = [
    "\u{2190} ask to undo",
    "N numbers",
    "Enter result",
    "M sound",
    "Esc leaves",
];

/// The turn card: a stone and what is happening; a long reason (a forfeit, a lost
/// connection) is cut to the card's width.
fn draw_card(
    gfx: &mut Gfx,
    (status, stone): &(String, Option<Stone>),
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

/// `text` in lines of `room` characters: the first, and the rest cut to a second.
fn two_lines(text: &str, room: usize) -> Vec<String> {
    let first: String = text.chars().take(room).collect();
    let rest: String = text.chars().skip(room).collect();
    [first, clip(&rest, room)]
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect()
}

/// Size of the key hints: never below what can be read at the smallest window.
pub fn help_px(l: &Layout) -> f32 {
    (12.5 * l.scale).max(11.5)
}

/// Key hints joined by dots into lines that fit the panel (estimated from the font's
/// average width, so the layout needs no drawing to know where things go).
pub fn help_lines(l: &Layout, items: &[&str]) -> Vec<String> {
    let width = l.panel.w - 48.0 * l.scale;
    let per_char = help_px(l) * 0.56;
    let mut lines: Vec<String> = Vec::new();
    for item in items {
        match lines.last_mut() {
            Some(line)
                if (line.chars().count() + 3 + item.chars().count()) as f32 * per_char <= width =>
            {
                line.push_str(" \u{00b7} ");
                line.push_str(item);
            }
            _ => lines.push(item.to_string()),
        }
    }
    lines
}

/// Draws the key hints from `top` down, centred in the panel; returns the `y` below.
pub fn draw_help(gfx: &mut Gfx, l: &Layout, items: &[&str], top: f32) -> f32 {
    let px = help_px(l);
    let mut y = top + px * 0.7;
    for line in help_lines(l, items) {
        let centre = l.panel.x + l.panel.w / 2.0;
        gfx.text(
            &line,
            (centre, y),
            px,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
        y += px * 1.4;
    }
    y - px * 0.7
}

/// Where the game panel's move list starts: under the facts and the key hints.
pub fn list_top(view: &View) -> f32 {
    let l = view.layout;
    let s = l.scale;
    let (below, keys): (f32, &[&str]) = match view.manager.game() {
        Some(game) => {
            let facts = Facts::new(view, game);
            (facts.below(l, rows_top(l)), facts.keys)
        }
        None => (rows_top(l), &GAME_KEYS),
    };
    let help = help_lines(l, keys).len() as f32 * help_px(l) * 1.4;
    below + 4.0 * s + help + 14.0 * s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engines_words_take_two_lines_at_most() {
        assert_eq!(two_lines("abc", 5), vec!["abc".to_string()]);
        let lines = two_lines(&"x".repeat(30), 10);
        assert_eq!(lines.len(), 2);
        assert!(lines[1].ends_with('\u{2026}'));
    }
}
