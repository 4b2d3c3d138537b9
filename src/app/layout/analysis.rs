//! The analysis column's parts, top to bottom: title and state, the evaluation (words,
//! bar), the search's numbers, the candidate moves, the forced-win finder, and a grid of
//! buttons at the bottom.

use super::Rect;

/// Where each part of the analysis column goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AnalysisRects {
    pub column: Rect,
    pub scale: f32,
    /// Left and right text edges.
    pub left: f32,
    pub right: f32,
    /// Centre line of the title row.
    pub title_y: f32,
    /// Centre lines of the evaluation in words and of its detail line.
    pub eval_y: f32,
    pub eval_detail_y: f32,
    pub bar: Rect,
    /// Top of the numbers (depth, nodes, speed, time): two rows of two.
    pub stats_y: f32,
    /// Header line of the candidate moves; rows follow every `row_h`.
    pub lines_y: f32,
    pub row_h: f32,
    /// Header line of the forced-win finder; its text follows.
    pub finder_y: f32,
}

/// Buttons in the bottom grid (two rows of two); the finder's Back and Forward follow.
pub const GRID_BUTTONS: usize = 4;

impl AnalysisRects {
    pub fn new(column: Rect, s: f32) -> AnalysisRects {
        let y = column.y;
        AnalysisRects {
            column,
            scale: s,
            left: column.x + 18.0 * s,
            right: column.x + column.w - 18.0 * s,
            title_y: y + 32.0 * s,
            eval_y: y + 74.0 * s,
            eval_detail_y: y + 100.0 * s,
            bar: Rect::new(
                column.x + 18.0 * s,
                y + 116.0 * s,
                column.w - 36.0 * s,
                14.0 * s,
            ),
            stats_y: y + 150.0 * s,
            lines_y: y + 246.0 * s,
            row_h: 28.0 * s,
            finder_y: y + 424.0 * s,
        }
    }

    /// Button `n`: 0..4 the bottom grid (left to right, top to bottom), 4 and 5 the
    /// finder's Back and Forward.
    pub fn button(&self, n: usize) -> Rect {
        let s = self.scale;
        let c = self.column;
        let gap = 8.0 * s;
        let h = 38.0 * s;
        if n >= GRID_BUTTONS {
            let w = 44.0 * s;
            let x = if n == GRID_BUTTONS {
                self.left
            } else {
                self.right - w
            };
            return Rect::new(x, self.finder_y + 68.0 * s, w, 34.0 * s);
        }
        let w = (c.w - 36.0 * s - gap) / 2.0;
        let (col, row) = ((n % 2) as f32, (n / 2) as f32);
        let top = c.y + c.h - 16.0 * s - 2.0 * h - gap;
        Rect::new(self.left + col * (w + gap), top + row * (h + gap), w, h)
    }
}
