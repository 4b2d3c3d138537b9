//! The whole game's moves in numbered pairs, in the side panel under the game's facts:
//! scrolled with the wheel, the current move picked out; in review a click on a move
//! jumps there. Where it sits is the panel's business ([`list_rect`]).

use crate::app::draw::{Align, Gfx};
use crate::app::event::Event;
use crate::app::input::InputState;
use crate::app::layout::{Layout, Rect, Slot};
use crate::app::scene::{GameObject, View};
use crate::app::screen::Screen;
use crate::app::theme;
use crate::engine::{Pos, Stone};
use crate::game::notation::label;

pub struct MoveList {
    /// Where the list's top edge is, from what the panel shows above it.
    pub top: fn(&View) -> f32,
}

/// The moves on show, the current one (an index) and the board's height.
struct Shown {
    moves: Vec<Pos>,
    current: Option<usize>,
    height: usize,
}

fn shown(view: &View) -> Option<Shown> {
    match (view.ui.screen, &view.ui.review) {
        (Screen::Review, Some(r)) => Some(Shown {
            moves: r.record().positions().collect(),
            current: r.cursor().checked_sub(1),
            height: r.record().height,
        }),
        (Screen::Game, _) => view.manager.game().map(|g| Shown {
            moves: g.board().moves().iter().map(|m| m.pos).collect(),
            current: g.board().move_count().checked_sub(1),
            height: g.board().height(),
        }),
        _ => None,
    }
}

/// The list's rectangle: from `top` down to the panel's buttons.
pub fn list_rect(l: &Layout, top: f32) -> Rect {
    let s = l.scale;
    let bottom = l.slot(Slot::Panel(0)).y - 12.0 * s;
    let x = l.panel.x + 20.0 * s;
    Rect::new(x, top, l.panel.w - 40.0 * s, (bottom - top).max(0.0))
}

/// Height of one row of the list.
pub fn row_h(l: &Layout) -> f32 {
    (24.0 * l.scale).max(17.0)
}

impl MoveList {
    fn rect(&self, view: &View) -> Rect {
        list_rect(view.layout, (self.top)(view))
    }

    /// Rows that fit, and the first row on show.
    fn window(&self, view: &View, list: &Shown) -> (usize, usize) {
        let r = self.rect(view);
        let fit = (r.h / row_h(view.layout)).floor().max(0.0) as usize;
        let rows = list.moves.len().div_ceil(2);
        let last_first = rows.saturating_sub(fit);
        let follow = list
            .current
            .map_or(0, |c| (c / 2 + 2).saturating_sub(fit))
            .min(last_first);
        let first = view.ui.moves_scroll.map_or(follow, |f| f.min(last_first));
        (fit, first)
    }

    /// The move under `point`, if any.
    fn hit(&self, view: &View, list: &Shown, point: (f32, f32)) -> Option<usize> {
        let r = self.rect(view);
        if !r.contains(point) {
            return None;
        }
        let (_, first) = self.window(view, list);
        let row = first + ((point.1 - r.y) / row_h(view.layout)) as usize;
        let side =
            usize::from(point.0 >= r.x + 44.0 * view.layout.scale + col_w(r, view.layout.scale));
        let i = row * 2 + side;
        (i < list.moves.len()).then_some(i)
    }
}

/// Width of one move's cell (Black's left, White's right).
pub fn col_w(r: Rect, s: f32) -> f32 {
    (r.w - 44.0 * s) / 2.0
}

impl GameObject for MoveList {
    fn name(&self) -> &'static str {
        "move-list"
    }

    fn hover(&self, view: &View) -> u32 {
        let Some(list) = shown(view) else { return 0 };
        self.hit(view, &list, view.mouse)
            .map_or(0, |i| i as u32 + 1)
    }

    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        let Some(list) = shown(view) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let (fit, first) = self.window(view, &list);
        if input.wheel != 0 && self.rect(view).contains(view.mouse) {
            let rows = list.moves.len().div_ceil(2);
            let last_first = rows.saturating_sub(fit);
            let to = (first as i64 - input.wheel as i64).clamp(0, last_first as i64) as usize;
            out.push(Event::MovesFrom(Some(to)));
        }
        let review = view.ui.screen == Screen::Review;
        if let Some(i) = input
            .click
            .and_then(|c| self.hit(view, &list, c))
            .filter(|_| review)
        {
            let cursor = list.current.map_or(0, |c| c + 1) as i64;
            out.push(Event::ReviewStep(i as i64 + 1 - cursor));
            out.push(Event::MovesFrom(Some(first)));
        }
        out
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(list) = shown(view) else { return };
        let l = view.layout;
        let s = l.scale;
        let r = self.rect(view);
        let (fit, first) = self.window(view, &list);
        if fit == 0 || list.moves.is_empty() {
            return;
        }
        let h = row_h(l);
        let px = (14.0 * s).max(11.0);
        gfx.line(
            (r.x, r.y - 4.0 * s),
            (r.x + r.w, r.y - 4.0 * s),
            s.max(1.0),
            theme::PANEL_EDGE,
        );
        let hover = self
            .hit(view, &list, view.mouse)
            .filter(|_| view.ui.screen == Screen::Review);
        let col = col_w(r, s);
        let rows = list.moves.len().div_ceil(2);
        for row in first..rows.min(first + fit) {
            let y = r.y + (row - first) as f32 * h + h / 2.0;
            let number = format!("{}.", row + 1);
            gfx.text(
                &number,
                (r.x + 30.0 * s, y),
                px,
                theme::TEXT_DIM,
                Align::Right,
                false,
            );
            for side in 0..2 {
                let i = row * 2 + side;
                let Some(&pos) = list.moves.get(i) else { break };
                let x = r.x + 40.0 * s + side as f32 * col;
                let cell = Rect::new(x, y - h / 2.0 + 1.0, col - 4.0 * s, h - 2.0);
                draw_move(gfx, (&list, i, pos), cell, hover == Some(i), s);
            }
        }
        if rows > fit {
            let track = r.h * fit as f32 / rows as f32;
            let at = r.y + r.h * first as f32 / rows as f32;
            let bar = Rect::new(r.x + r.w + 6.0 * s, at, 4.0 * s, track);
            gfx.rounded(bar, 2.0 * s, theme::BUTTON_HOVER);
        }
    }
}

/// Move `i` at `pos` in its cell: picked out when current (or lit under the mouse), its
/// colour's stone, its label (dimmed when it comes after the current move).
fn draw_move(gfx: &mut Gfx, (list, i, pos): (&Shown, usize, Pos), cell: Rect, lit: bool, s: f32) {
    let current = list.current == Some(i);
    if current || lit {
        let fill = if current {
            theme::BUTTON_PRIMARY
        } else {
            theme::BUTTON_HOVER
        };
        gfx.rounded(cell, 6.0 * s, fill);
    }
    let stone = if i % 2 == 0 {
        Stone::Black
    } else {
        Stone::White
    };
    let y = cell.y + cell.h / 2.0;
    gfx.stone(cell.x + 12.0 * s, y, 6.0 * s, stone, 255);
    let later = list.current.is_none_or(|c| i > c);
    let colour = if later { theme::TEXT_DIM } else { theme::TEXT };
    let px = (14.0 * s).max(11.0);
    let text = label(pos, list.height);
    gfx.text(
        &text,
        (cell.x + 24.0 * s, y),
        px,
        colour,
        Align::Left,
        current,
    );
}
