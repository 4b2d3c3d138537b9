//! Where everything goes for a given window size: board, side panel, buttons; and which
//! intersection a click means. Pure arithmetic, unit-tested at several sizes.

use crate::engine::Pos;

mod analysis;
mod banner;
pub use analysis::{AnalysisRects, GRID_BUTTONS};

/// A rectangle in pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rect {
    pub x: f32,
    pub y: f32,
    pub w: f32,
    pub h: f32,
}

impl Rect {
    pub fn new(x: f32, y: f32, w: f32, h: f32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn contains(&self, (px, py): (f32, f32)) -> bool {
        px >= self.x && py >= self.y && px < self.x + self.w && py < self.y + self.h
    }

    pub fn centre(&self) -> (f32, f32) {
        (self.x + self.w / 2.0, self.y + self.h / 2.0)
    }
}

/// A place a button can sit; its rectangle follows the window size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Row `n` of the main menu's left column (the game's settings and actions).
    Menu(usize),
    /// Row `n` of the main menu's right column (clock, engines, network).
    MenuSide(usize),
    /// Half `i` (0 left, 1 right) of row `n` of the menu's right column.
    MenuSideHalf(usize, usize),
    /// Row `n` of the side panel's button stack.
    Panel(usize),
    /// Button `n` of the victory banner's row of three.
    Banner(usize),
    /// Row `n` of a full-width list (records screen).
    List(usize),
    /// Row `n` of the side panel counted from the top (set-up screen).
    Side(usize),
    /// Button `n` of the analysis column (see [`AnalysisRects::button`]).
    Analysis(usize),
}

/// Geometry of one window size and board size.
#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub width: f32,
    pub height: f32,
    /// UI scale: 1.0 at 800 px of window height.
    pub scale: f32,
    pub cols: usize,
    pub rows: usize,
    /// Pixel position of intersection (0, 0).
    pub origin: (f32, f32),
    /// Distance between neighbouring intersections.
    pub cell: f32,
    /// The wooden board, grid plus its border.
    pub board: Rect,
    /// The side panel.
    pub panel: Rect,
    /// The analysis column left of the board, when the analysis panel is on.
    pub analysis: Option<Rect>,
    /// Points the victory banner must leave in sight (the winning row, the last stones).
    pub banner_clear: Vec<Pos>,
}

impl Layout {
    pub fn new(width: u32, height: u32, cols: usize, rows: usize) -> Layout {
        Layout::build(width, height, cols, rows, false)
    }

    /// The same geometry with (or without) the analysis column left of the board.
    pub fn with_analysis(&self, on: bool) -> Layout {
        let (w, h) = (self.width as u32, self.height as u32);
        let mut l = Layout::build(w, h, self.cols, self.rows, on);
        l.banner_clear = self.banner_clear.clone();
        l
    }

    fn build(width: u32, height: u32, cols: usize, rows: usize, analysis: bool) -> Layout {
        let (w, h) = (width.max(200) as f32, height.max(200) as f32);
        let scale = (h.min(w * 0.75) / 800.0).clamp(0.5, 3.0);
        let panel_w = (300.0 * scale).min(w * 0.4);
        let gap = 24.0 * scale;
        let panel = Rect::new(w - panel_w - gap, gap, panel_w, h - 2.0 * gap);
        let column = (280.0 * scale).min(w * 0.3);
        let analysis = analysis.then(|| Rect::new(gap, gap, column, h - 2.0 * gap));
        let left = analysis.map_or(gap, |a| a.x + a.w + gap);
        let area = Rect::new(left, gap, panel.x - gap - left, h - 2.0 * gap);
        // The border around the grid holds the coordinates: 1.1 cells each side.
        let border = 1.1;
        let cell = (area.w / ((cols - 1) as f32 + 2.0 * border))
            .min(area.h / ((rows - 1) as f32 + 2.0 * border));
        let bw = cell * ((cols - 1) as f32 + 2.0 * border);
        let bh = cell * ((rows - 1) as f32 + 2.0 * border);
        let board = Rect::new(
            area.x + (area.w - bw) / 2.0,
            area.y + (area.h - bh) / 2.0,
            bw,
            bh,
        );
        let origin = (board.x + border * cell, board.y + border * cell);
        Layout {
            width: w,
            height: h,
            scale,
            cols,
            rows,
            origin,
            cell,
            board,
            panel,
            analysis,
            banner_clear: Vec::new(),
        }
    }

    /// Pixel centre of an intersection.
    pub fn point(&self, p: Pos) -> (f32, f32) {
        (
            self.origin.0 + p.x as f32 * self.cell,
            self.origin.1 + p.y as f32 * self.cell,
        )
    }

    /// The intersection a click at `(x, y)` means: the nearest one, if the click is within
    /// 45% of a cell of it (a click between lines is ambiguous and ignored).
    pub fn hit(&self, (x, y): (f32, f32)) -> Option<Pos> {
        let fx = (x - self.origin.0) / self.cell;
        let fy = (y - self.origin.1) / self.cell;
        let (ix, iy) = (fx.round(), fy.round());
        if ix < 0.0 || iy < 0.0 || ix >= self.cols as f32 || iy >= self.rows as f32 {
            return None;
        }
        let d = ((fx - ix).powi(2) + (fy - iy).powi(2)).sqrt();
        (d <= 0.45).then(|| Pos::new(ix as usize, iy as usize))
    }

    /// The rectangle of a button slot.
    pub fn slot(&self, slot: Slot) -> Rect {
        let s = self.scale;
        match slot {
            Slot::Menu(n) => self.menu_row(0, n),
            Slot::MenuSide(n) => self.menu_row(1, n),
            Slot::MenuSideHalf(n, i) => {
                let r = self.menu_row(1, n);
                let gap = 10.0 * s;
                let w = (r.w - gap) / 2.0;
                Rect::new(r.x + i.min(1) as f32 * (w + gap), r.y, w, r.h)
            }
            Slot::Panel(n) => {
                let h = 42.0 * s;
                let bottom = self.panel.y + self.panel.h - 20.0 * s;
                let count = 5.0;
                let y0 = bottom - count * (h + 10.0 * s) + 10.0 * s;
                Rect::new(
                    self.panel.x + 20.0 * s,
                    y0 + n as f32 * (h + 10.0 * s),
                    self.panel.w - 40.0 * s,
                    h,
                )
            }
            Slot::Banner(n) => self.banner_button(n),
            Slot::List(n) => {
                let h = 44.0 * s;
                let w = (self.width - 80.0 * s).min(900.0 * s);
                Rect::new(
                    (self.width - w) / 2.0,
                    130.0 * s + n as f32 * (h + 8.0 * s),
                    w,
                    h,
                )
            }
            Slot::Side(n) => {
                let h = 40.0 * s;
                Rect::new(
                    self.panel.x + 20.0 * s,
                    self.panel.y + 84.0 * s + n as f32 * (h + 9.0 * s),
                    self.panel.w - 40.0 * s,
                    h,
                )
            }
            Slot::Analysis(n) => self.analysis_rects().button(n),
        }
    }

    /// The parts of the analysis column (an empty column when it is off).
    pub fn analysis_rects(&self) -> AnalysisRects {
        AnalysisRects::new(
            self.analysis.unwrap_or(Rect::new(0.0, 0.0, 0.0, 0.0)),
            self.scale,
        )
    }

    /// Row `n` of menu column `col` (0 left, 1 right): two columns side by side,
    /// centred together.
    fn menu_row(&self, col: usize, n: usize) -> Rect {
        let s = self.scale;
        let gap = 32.0 * s;
        let w = (420.0 * s).min((self.width - gap) * 0.45);
        let h = 46.0 * s;
        let top = self.height * 0.28;
        let left = (self.width - 2.0 * w - gap) / 2.0;
        Rect::new(
            left + col as f32 * (w + gap),
            top + n as f32 * (h + 10.0 * s),
            w,
            h,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_intersection_maps_back_to_itself_at_several_sizes() {
        for (w, h, n) in [
            (1280, 800, 15),
            (800, 600, 15),
            (1920, 1080, 20),
            (640, 480, 10),
            (2560, 1600, 19),
        ] {
            let l = Layout::new(w, h, n, n);
            assert!(
                l.board.x >= 0.0 && l.board.x + l.board.w <= l.panel.x,
                "board overlaps panel at {w}x{h}"
            );
            for y in 0..n {
                for x in 0..n {
                    let p = Pos::new(x, y);
                    let (px, py) = l.point(p);
                    assert_eq!(l.hit((px, py)), Some(p));
                    assert_eq!(
                        l.hit((px + l.cell * 0.3, py - l.cell * 0.3)),
                        Some(p),
                        "near click"
                    );
                }
            }
        }
    }

    #[test]
    fn clicks_between_lines_and_outside_the_board_mean_nothing() {
        let l = Layout::new(1280, 800, 15, 15);
        let (x, y) = l.point(Pos::new(3, 3));
        assert_eq!(
            l.hit((x + l.cell * 0.5, y + l.cell * 0.5)),
            None,
            "between four points"
        );
        assert_eq!(
            l.hit((l.origin.0 - l.cell, l.origin.1)),
            None,
            "left of the grid"
        );
        assert_eq!(
            l.hit((l.panel.x + 5.0, l.panel.y + 5.0)),
            None,
            "on the panel"
        );
        let (ex, ey) = l.point(Pos::new(14, 14));
        assert_eq!(l.hit((ex + l.cell, ey)), None, "right of the last line");
    }

    #[test]
    fn the_menus_two_columns_fit_the_window_and_never_overlap() {
        for (w, h) in [(1280, 800), (800, 520), (1920, 1080)] {
            let l = Layout::new(w, h, 15, 15);
            // Nine rows on the left (settings, Start to Quit), eight on the right.
            let last = l.slot(Slot::Menu(8));
            assert!(last.y + last.h <= l.height - 40.0 * l.scale, "{w}x{h} Quit");
            for n in 0..8 {
                let (a, b) = (l.slot(Slot::Menu(n)), l.slot(Slot::MenuSide(n)));
                assert!(a.x >= 0.0 && a.x + a.w < b.x, "{w}x{h} row {n}");
                assert!(b.x + b.w <= l.width && b.y + b.h <= l.height - 40.0 * l.scale);
                let (x, y) = (
                    l.slot(Slot::MenuSideHalf(n, 0)),
                    l.slot(Slot::MenuSideHalf(n, 1)),
                );
                assert!(x.x + x.w < y.x && y.x + y.w <= b.x + b.w + 0.01);
            }
        }
    }

    #[test]
    fn panel_buttons_stay_inside_the_panel() {
        for (w, h) in [(1280, 800), (800, 600), (1024, 1024)] {
            let l = Layout::new(w, h, 15, 15);
            for n in 0..5 {
                let r = l.slot(Slot::Panel(n));
                assert!(
                    r.y >= l.panel.y && r.y + r.h <= l.panel.y + l.panel.h,
                    "{w}x{h} slot {n}"
                );
            }
        }
    }
}
