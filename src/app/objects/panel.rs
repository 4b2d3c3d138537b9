//! The side panel: whose turn, players, level, rule, move count, thinking time, result.
//! (Its buttons are separate objects.)

use crate::app::draw::{Align, Gfx};
use crate::app::layout::Layout;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::{Outcome, Stone};
use crate::game::notation::label;
use crate::game::{AiPurpose, GameMode};

pub struct StatusPanel;

fn player(mode: GameMode, stone: Stone) -> &'static str {
    match mode {
        GameMode::HumanVsComputer { human } if human == stone => "You",
        GameMode::HumanVsHuman => "Player",
        _ => "Computer",
    }
}

/// Who is to move, in the turn card: "You", "Computer", or the colour between people.
pub fn to_move(mode: GameMode, stone: Stone) -> String {
    match mode {
        GameMode::HumanVsHuman => stone.to_string(),
        _ => player(mode, stone).to_string(),
    }
}

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
        // The turn card.
        let (status, stone) = match game.result() {
            Some(Outcome::Win { winner, .. }) => {
                let text = match game.mode() {
                    GameMode::HumanVsComputer { human } if human == *winner => "You won!".into(),
                    GameMode::HumanVsComputer { .. } => "The computer won".into(),
                    _ => format!("{winner} won"),
                };
                (text, Some(*winner))
            }
            Some(Outcome::Draw) => ("Draw".to_string(), None),
            None => {
                let side = board.side_to_move();
                let who = to_move(game.mode(), side);
                let text = match view.thinking {
                    Some((AiPurpose::Move, t)) => {
                        format!("Thinking\u{2026} {:.1} s", t.as_secs_f32())
                    }
                    Some((_, t)) => format!("Hint\u{2026} {:.1} s", t.as_secs_f32()),
                    None if game.is_paused() => "Paused (Space)".to_string(),
                    None => format!("{who} to move"),
                };
                (text, Some(side))
            }
        };
        let card =
            crate::app::layout::Rect::new(x - 8.0 * s, y - 24.0 * s, p.w - 32.0 * s, 48.0 * s);
        gfx.rounded(card, 10.0 * s, theme::PANEL_EDGE);
        if let Some(stone) = stone {
            gfx.stone(x + 16.0 * s, y, 13.0 * s, stone, 255);
        }
        gfx.text(
            &status,
            (x + 40.0 * s, y),
            19.0 * s,
            theme::TEXT,
            Align::Left,
            true,
        );
        y += 48.0 * s;
        let rows = [
            ("Black", player(game.mode(), Stone::Black).to_string()),
            ("White", player(game.mode(), Stone::White).to_string()),
            (
                "Level",
                if game.mode().has_computer() {
                    game.level().to_string()
                } else {
                    "-".to_string()
                },
            ),
            (
                "Rule",
                format!(
                    "{}, {}\u{00d7}{}",
                    game.rule(),
                    board.width(),
                    board.height()
                ),
            ),
            (
                "Moves",
                match board.last_move() {
                    Some(m) => format!(
                        "{}, last {}",
                        board.move_count(),
                        label(m.pos, board.height())
                    ),
                    None => "0".to_string(),
                },
            ),
        ];
        y = draw_rows(gfx, &rows, (x, p.x + p.w - 24.0 * s), y, 16.0 * s);
        draw_help(gfx, l, &GAME_KEYS, y + 4.0 * s);
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

/// Rows of label-value facts under the turn card.
const FACT_ROWS: f32 = 5.0;

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
pub fn list_top(l: &Layout) -> f32 {
    let s = l.scale;
    let facts = l.panel.y + (40.0 + 44.0 + 48.0) * s + FACT_ROWS * 16.0 * s * 1.7;
    let help = help_lines(l, &GAME_KEYS).len() as f32 * help_px(l) * 1.4;
    facts + 4.0 * s + help + 14.0 * s
}
