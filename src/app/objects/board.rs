//! The board: wood, grid, star points, coordinates, stones, last-move dot, hint, winning
//! line, move numbers, renju's forbidden points, and the ghost stone under the mouse. A click on an intersection
//! becomes a `PlaceStone` event; the manager decides whether it is legal.

use crate::app::draw::{Align, Gfx};
use crate::app::event::{Event, SetupAction};
use crate::app::input::InputState;
use crate::app::layout::{Layout, Rect};
use crate::app::scene::{GameObject, View};
use crate::app::screen::Screen;
use crate::app::theme;
use crate::engine::{Board, Pos, Stone};
use crate::game::notation::{column_letter, row_number};
use crate::game::setup::Setup;
use sdl2::pixels::Color;

pub struct BoardView;

/// Star points: the usual handicap points, inset 3 lines (2 on small boards), plus the centre.
fn star_points(cols: usize, rows: usize) -> Vec<Pos> {
    let inset = if cols.min(rows) >= 13 { 3 } else { 2 };
    let mut pts = vec![
        Pos::new(inset, inset),
        Pos::new(cols - 1 - inset, inset),
        Pos::new(inset, rows - 1 - inset),
        Pos::new(cols - 1 - inset, rows - 1 - inset),
    ];
    if cols % 2 == 1 && rows % 2 == 1 {
        pts.push(Pos::new(cols / 2, rows / 2));
    }
    pts
}

impl BoardView {
    fn draw_wood(gfx: &mut Gfx, l: &Layout) {
        let s = l.scale;
        let b = l.board;
        gfx.rounded(
            Rect::new(b.x + 4.0 * s, b.y + 6.0 * s, b.w, b.h),
            10.0 * s,
            Color::RGB(0x16, 0x18, 0x1e),
        );
        gfx.rounded(b, 10.0 * s, theme::WOOD_EDGE);
        let inner = Rect::new(b.x + 3.0 * s, b.y + 3.0 * s, b.w - 6.0 * s, b.h - 6.0 * s);
        gfx.wood(inner, 8.0 * s);
    }

    /// The winning row: gold halos under its stones and a band joining them, so the
    /// stones (and their numbers) stay readable on top.
    fn draw_win_line(gfx: &mut Gfx, l: &Layout, line: &[Pos], r: f32) {
        if let (Some(&a), Some(&b)) = (line.first(), line.last()) {
            gfx.line(l.point(a), l.point(b), l.cell * 0.22, theme::WIN_LINE);
        }
        for &p in line {
            let (x, y) = l.point(p);
            gfx.disc(x, y, r + l.cell * 0.08, theme::WIN_LINE);
        }
    }

    /// The stones, numbered when `numbers` (the last move's number is red: it stands in
    /// for the red dot).
    fn draw_stones(gfx: &mut Gfx, l: &Layout, board: &Board, numbers: bool, r: f32) {
        for (i, m) in board.moves().iter().enumerate() {
            let (x, y) = l.point(m.pos);
            gfx.stone(x, y, r, m.stone, 255);
            if !numbers {
                continue;
            }
            let c = if i + 1 == board.move_count() {
                match m.stone {
                    Stone::Black => theme::LAST_MOVE_ON_BLACK,
                    Stone::White => theme::LAST_MOVE,
                }
            } else if m.stone == Stone::Black {
                Color::RGB(235, 235, 235)
            } else {
                Color::RGB(30, 30, 30)
            };
            let size = l.cell * 0.36;
            gfx.text(&(i + 1).to_string(), (x, y), size, c, Align::Centre, true);
        }
    }

    /// The suggestion: a green halo with the stone to play, half seen.
    fn draw_hint(gfx: &mut Gfx, l: &Layout, board: &Board, h: Pos, r: f32) {
        let (x, y) = l.point(h);
        let mut c = theme::HINT;
        c.a = 190;
        gfx.disc(x, y, r + l.cell * 0.08, c);
        if board.is_empty(h) {
            gfx.stone(x, y, r, board.side_to_move(), 150);
        }
        gfx.disc(x, y, l.cell * 0.1, theme::HINT);
    }

    fn draw_grid(gfx: &mut Gfx, l: &Layout) {
        let t = (l.cell * 0.035).max(1.0);
        let (x0, y0) = l.origin;
        let (x1, y1) = l.point(Pos::new(l.cols - 1, l.rows - 1));
        // The board's edge lines are drawn heavier than the inner ones.
        let width = |i: usize, n: usize| if i == 0 || i == n - 1 { t * 1.8 } else { t };
        for x in 0..l.cols {
            let px = x0 + x as f32 * l.cell;
            gfx.line((px, y0), (px, y1), width(x, l.cols), theme::GRID);
        }
        for y in 0..l.rows {
            let py = y0 + y as f32 * l.cell;
            gfx.line((x0, py), (x1, py), width(y, l.rows), theme::GRID);
        }
        for p in star_points(l.cols, l.rows) {
            let (px, py) = l.point(p);
            gfx.disc(px, py, (l.cell * 0.09).max(2.0), theme::GRID);
        }
        let px = (l.cell * 0.32).clamp(9.0, 22.0 * l.scale);
        for x in 0..l.cols {
            let (cx, _) = l.point(Pos::new(x, 0));
            gfx.text(
                &column_letter(x).to_string(),
                (cx, y1 + l.cell * 0.62),
                px,
                theme::LABEL,
                Align::Centre,
                true,
            );
        }
        for y in 0..l.rows {
            let (_, cy) = l.point(Pos::new(0, y));
            let n = row_number(y, l.rows).to_string();
            gfx.text(
                &n,
                (x0 - l.cell * 0.62, cy),
                px,
                theme::LABEL,
                Align::Centre,
                true,
            );
        }
    }
}

impl BoardView {
    /// Renju's forbidden points for Black (worked out when the position changed): a
    /// small thin red cross on each, seen but quiet.
    fn draw_forbidden(gfx: &mut Gfx, view: &View) {
        let l = view.layout;
        let d = l.cell * 0.13;
        let t = (l.cell * 0.05).max(1.5);
        for &p in view.ui.forbidden.points() {
            let (x, y) = l.point(p);
            gfx.line((x - d, y - d), (x + d, y + d), t, theme::FORBIDDEN);
            gfx.line((x - d, y + d), (x + d, y - d), t, theme::FORBIDDEN);
        }
    }

    /// The set-up board: stones without order (no numbers, no last-move dot), and the
    /// ghost of the stone a click would place.
    fn draw_setup(gfx: &mut Gfx, view: &View, setup: &Setup) {
        let l = view.layout;
        Self::draw_wood(gfx, l);
        Self::draw_grid(gfx, l);
        let r = l.cell * 0.46;
        let board = setup.board();
        for m in board.moves() {
            let (x, y) = l.point(m.pos);
            gfx.stone(x, y, r, m.stone, 255);
        }
        Self::draw_forbidden(gfx, view);
        if let Some(p) = l.hit(view.mouse) {
            let (x, y) = l.point(p);
            if board.is_empty(p) {
                gfx.stone(x, y, r, setup.brush_colour(), 110);
            } else {
                // A click here removes the stone: a red cross says so.
                let d = r * 0.45;
                gfx.line(
                    (x - d, y - d),
                    (x + d, y + d),
                    l.cell * 0.09,
                    theme::LAST_MOVE,
                );
                gfx.line(
                    (x - d, y + d),
                    (x + d, y - d),
                    l.cell * 0.09,
                    theme::LAST_MOVE,
                );
            }
        }
    }
}

impl GameObject for BoardView {
    fn name(&self) -> &'static str {
        "board"
    }

    fn hover(&self, view: &View) -> u32 {
        view.layout
            .hit(view.mouse)
            .map_or(0, |p| (p.y * 64 + p.x + 1) as u32)
    }

    fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        let Some(click) = input.click else {
            return Vec::new();
        };
        let live = view.ui.screen == Screen::Game
            && view.manager.game().is_some_and(|g| g.is_human_turn());
        match view.layout.hit(click) {
            Some(pos) if view.ui.screen == Screen::Setup => {
                vec![Event::Setup(SetupAction::Click(pos))]
            }
            Some(pos) if live => vec![Event::PlaceStone(pos)],
            _ => Vec::new(),
        }
    }

    fn draw(&self, gfx: &mut Gfx, view: &View) {
        if view.ui.screen == Screen::Setup {
            if let Some(s) = &view.ui.setup {
                Self::draw_setup(gfx, view, s);
            }
            return;
        }
        let Some(shown) = Shown::of(view) else { return };
        let l = view.layout;
        Self::draw_wood(gfx, l);
        Self::draw_grid(gfx, l);
        let r = l.cell * 0.46;
        if let Some(line) = &shown.win_line {
            Self::draw_win_line(gfx, l, line, r);
        }
        Self::draw_stones(gfx, l, shown.board, shown.numbers, r);
        Self::draw_forbidden(gfx, view);
        if let Some(last) = shown.board.last_move() {
            if !shown.numbers {
                let (x, y) = l.point(last.pos);
                gfx.disc(x, y, l.cell * 0.13, theme::LAST_MOVE);
            }
        }
        if let Some(h) = shown.hint {
            Self::draw_hint(gfx, l, shown.board, h, r);
        }
        if shown.ghost {
            if let Some(p) = l.hit(view.mouse).filter(|&p| shown.board.is_empty(p)) {
                let (x, y) = l.point(p);
                gfx.stone(x, y, r, shown.board.side_to_move(), 110);
            }
        }
    }
}

/// The position on show and what is drawn over it: the review cursor's or the game in
/// play's (the set-up board has its own drawing).
struct Shown<'a> {
    board: &'a Board,
    win_line: Option<Vec<Pos>>,
    hint: Option<Pos>,
    /// A half-seen stone under the mouse: the player may place one.
    ghost: bool,
    /// Move numbers on the stones (with the analysis on, its numbered line is the only
    /// numbering on the board).
    numbers: bool,
}

impl<'a> Shown<'a> {
    fn of(view: &'a View) -> Option<Shown<'a>> {
        if let (Some(r), Screen::Review) = (&view.ui.review, view.ui.screen) {
            return Some(Shown {
                board: r.board(),
                win_line: r.winning_line(),
                hint: None,
                ghost: false,
                numbers: !view.ui.study.is_on(),
            });
        }
        let g = view.manager.game()?;
        Some(Shown {
            board: g.board(),
            win_line: g.winning_line().map(<[Pos]>::to_vec),
            hint: g.hint(),
            ghost: g.is_human_turn()
                && g.swap2()
                    .is_none_or(|s| s.may_place(g.board().move_count())),
            numbers: view.ui.show_numbers && !view.ui.study.is_on(),
        })
    }
}
