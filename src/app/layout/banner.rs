//! Where the victory banner goes: over the board wherever it hides none of the stones
//! that must stay in sight (the winning row, the last moves), else over the side panel,
//! narrower, with its buttons stacked.

use super::{Layout, Rect};
use crate::engine::Pos;

/// Where the banner's centre may go, as fractions of the board's height, best first:
/// the lower and upper middle, the centre, then every other height.
const HEIGHTS: [f32; 12] = [
    0.76, 0.24, 0.5, 0.62, 0.38, 0.86, 0.14, 0.7, 0.3, 0.8, 0.2, 0.5,
];

impl Layout {
    /// The victory banner's rectangle.
    pub fn banner(&self) -> Rect {
        let s = self.scale;
        let (w, h) = ((460.0 * s).min(self.board.w * 0.9), 170.0 * s);
        let b = self.board;
        let xs = [
            b.x + (b.w - w) / 2.0,
            b.x + 8.0 * s,
            b.x + b.w - w - 8.0 * s,
        ];
        for f in HEIGHTS {
            let y = b.y + b.h * f - h / 2.0;
            for x in xs {
                let r = Rect::new(x, y, w, h);
                if self.banner_clear.iter().all(|&p| !self.covers(r, p)) {
                    return r;
                }
            }
        }
        let p = self.panel;
        let h = 300.0 * s;
        Rect::new(p.x + 10.0 * s, p.y + (p.h - h) / 2.0, p.w - 20.0 * s, h)
    }

    /// True when `r` hides any part of the stone at `p`.
    fn covers(&self, r: Rect, p: Pos) -> bool {
        let (cx, cy) = self.point(p);
        let radius = self.cell * 0.55;
        let nx = cx.clamp(r.x, r.x + r.w);
        let ny = cy.clamp(r.y, r.y + r.h);
        (cx - nx).hypot(cy - ny) < radius
    }

    /// Button `n` of the banner: a row of three, or a column when the banner is narrow.
    pub(super) fn banner_button(&self, n: usize) -> Rect {
        let s = self.scale;
        let b = self.banner();
        if b.w < 380.0 * s {
            let h = 40.0 * s;
            return Rect::new(
                b.x + 16.0 * s,
                b.y + 112.0 * s + n as f32 * (h + 10.0 * s),
                b.w - 32.0 * s,
                h,
            );
        }
        let w = (b.w - 4.0 * 16.0 * s) / 3.0;
        let h = 44.0 * s;
        Rect::new(
            b.x + 16.0 * s + n as f32 * (w + 16.0 * s),
            b.y + b.h - h - 18.0 * s,
            w,
            h,
        )
    }

    /// The banner's close button, at its top right corner.
    pub fn banner_close(&self) -> Rect {
        let s = self.scale;
        let b = self.banner();
        Rect::new(b.x + b.w - 40.0 * s, b.y + 8.0 * s, 32.0 * s, 32.0 * s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clear_of(l: &Layout, points: &[Pos]) -> bool {
        let b = l.banner();
        points.iter().all(|&p| !l.covers(b, p))
    }

    #[test]
    fn the_banner_leaves_the_winning_row_and_the_last_stones_in_sight() {
        for (w, h, n) in [
            (1280, 800, 15),
            (800, 520, 15),
            (1280, 800, 20),
            (800, 520, 10),
        ] {
            let mut l = Layout::new(w, h, n, n);
            for row in 0..n {
                // A winning row across the board, the last stones just above and below it.
                let mut keep: Vec<Pos> = (0..5).map(|x| Pos::new(x + 2, row)).collect();
                keep.push(Pos::new(n / 2, row.saturating_sub(1)));
                keep.push(Pos::new(n - 2, (row + 1).min(n - 1)));
                l.banner_clear = keep.clone();
                assert!(clear_of(&l, &keep), "{w}x{h} {n}: row {row}");
            }
            // Stones everywhere: the banner moves off the board, onto the panel.
            l.banner_clear = (0..n)
                .flat_map(|y| (0..n).map(move |x| Pos::new(x, y)))
                .collect();
            let b = l.banner();
            assert!(b.x >= l.panel.x && b.x + b.w <= l.panel.x + l.panel.w);
            for i in 0..3 {
                let r = l.banner_button(i);
                assert!(r.y + r.h <= b.y + b.h && r.x >= b.x, "{w}x{h}: button {i}");
            }
        }
    }
}
