//! The records screen: saved games newest first (date, mode, result, moves), unreadable
//! files named with their problem; the wheel scrolls; a click opens a game for review.

use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::input::InputState;
use crate::app::layout::{Layout, Rect, Slot};
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::game::record::{format_date, Listed};
use sdl2::pixels::Color;

pub struct RecordsList;

/// "1 game", "12 games", "3 games so far\u{2026}" while the folder is still read.
pub fn games_count(n: usize, loading: bool) -> String {
    let games = if n == 1 { "game" } else { "games" };
    if loading {
        format!("{n} {games} so far\u{2026}")
    } else {
        format!("{n} {games}")
    }
}

/// How many rows fit between the title and the Back button.
pub fn visible_rows(l: &Layout) -> usize {
    let top = l.slot(Slot::List(0)).y;
    let row = l.slot(Slot::List(1)).y - top;
    (((l.height - 90.0 * l.scale) - top) / row).floor().max(1.0) as usize
}

impl GameObject for RecordsList {
    fn name(&self) -> &'static str {
        "records"
    }

    fn hover(&self, view: &View) -> u32 {
        (0..visible_rows(view.layout))
            .find(|&row| view.layout.slot(Slot::List(row)).contains(view.mouse))
            .map_or(0, |row| row as u32 + 1)
    }

    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        let mut events = Vec::new();
        if input.wheel != 0 {
            events.push(Event::ScrollRecords(-input.wheel));
        }
        if let Some(c) = input.click {
            for row in 0..visible_rows(view.layout) {
                let index = view.ui.records_scroll + row;
                if index < view.ui.records.len() && view.layout.slot(Slot::List(row)).contains(c) {
                    events.push(Event::OpenRecord(index));
                }
            }
        }
        events
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        draw_header(gfx, view);
        let l = view.layout;
        let rows = view.ui.records.iter().skip(view.ui.records_scroll);
        for (row, entry) in rows.take(visible_rows(l)).enumerate() {
            let r = l.slot(Slot::List(row));
            let fill = if r.contains(view.mouse) {
                theme::BUTTON_HOVER
            } else {
                theme::BUTTON
            };
            gfx.rounded(r, 8.0 * l.scale, fill);
            draw_row(gfx, r, entry, l.scale);
        }
    }
}

/// The title, the count and hints line, and the empty folder's message.
fn draw_header(gfx: &mut Gfx, view: &View) {
    let l = view.layout;
    let s = l.scale;
    let centre = l.width / 2.0;
    gfx.text(
        "Records",
        (centre, 50.0 * s),
        40.0 * s,
        theme::TEXT,
        Align::Centre,
        true,
    );
    let count = games_count(view.ui.records.len(), view.ui.records_loading);
    let sub =
        format!("{count} \u{00b7} wheel scrolls \u{00b7} click to review \u{00b7} Ctrl+V imports");
    gfx.text(
        &sub,
        (centre, 92.0 * s),
        15.0 * s,
        theme::TEXT_DIM,
        Align::Centre,
        false,
    );
    if view.ui.records.is_empty() && !view.ui.records_loading {
        gfx.text(
            "No games yet: finished and unfinished games appear here.",
            (centre, l.height / 2.0),
            18.0 * s,
            theme::TEXT_DIM,
            Align::Centre,
            false,
        );
    }
}

/// One row: date, mode, result and size of a readable record, or the problem with an
/// unreadable one (cut to fit the row).
fn draw_row(gfx: &mut Gfx, r: Rect, entry: &Listed, s: f32) {
    let y = r.y + r.h / 2.0;
    let px = 16.0 * s;
    let left = r.x + 16.0 * s;
    match entry {
        Ok((_, rec)) => {
            let date = format_date(rec.started_at);
            gfx.text(&date, (left, y), px, theme::TEXT, Align::Left, false);
            let mode = rec.mode.to_string();
            gfx.text(
                &mode,
                (r.x + r.w * 0.26, y),
                px,
                theme::TEXT,
                Align::Left,
                false,
            );
            let result_colour = if rec.result.is_some() {
                theme::ACCENT
            } else {
                theme::TEXT_DIM
            };
            let result = rec.result_text();
            gfx.text(
                &result,
                (r.x + r.w * 0.62, y),
                px,
                result_colour,
                Align::Left,
                true,
            );
            let moves = format!(
                "{} moves \u{00b7} {}\u{00d7}{}",
                rec.moves.len(),
                rec.width,
                rec.height
            );
            let right = r.x + r.w - 16.0 * s;
            gfx.text(&moves, (right, y), px, theme::TEXT_DIM, Align::Right, false);
        }
        Err(e) => {
            let mut msg = e.to_string();
            if msg.chars().count() > 110 {
                msg = msg.chars().take(107).collect::<String>() + "...";
            }
            let colour = Color::RGB(0xf0, 0x7a, 0x6a);
            gfx.text(&msg, (left, y), 14.0 * s, colour, Align::Left, false);
        }
    }
}
