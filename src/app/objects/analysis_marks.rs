//! The analysis on the board: a heatmap of where the search looked, the best line as
//! numbered translucent stones, the candidate moves' lettered badges, and the forced
//! win's moves up to the step on show (in place of the best line).

use super::analysis_panel::{candidate_letter, CANDIDATE};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::Layout;
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::strong::Analysis;
use crate::engine::{Board, Pos, Stone};
use crate::game::analysis::Finder;
use sdl2::pixels::Color;

pub struct AnalysisMarks;

/// Moves of the best line drawn at most.
const LINE_SHOWN: usize = 12;

impl GameObject for AnalysisMarks {
    fn name(&self) -> &'static str {
        crate::app::screen::ANALYSIS
    }
    fn z(&self) -> i32 {
        1
    }
    fn is_active(&self, view: &View) -> bool {
        view.layout.analysis.is_some()
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let study = &view.ui.study;
        let Some((board, _)) = study.position() else {
            return;
        };
        let l = view.layout;
        let latest = study.latest();
        let (line, finder): (&[Pos], bool) = match study.finder() {
            Finder::Found { line, shown, .. } => (&line[..(*shown).min(line.len())], true),
            _ => match latest.and_then(|a| a.lines.first()) {
                Some(best) => (&best.pv[..best.pv.len().min(LINE_SHOWN)], false),
                None => (&[], false),
            },
        };
        if let Some(a) = latest.filter(|_| study.show_heat) {
            draw_heat(gfx, l, a, board, line);
        }
        draw_line(gfx, l, board, line, finder);
        if let Some(a) = latest {
            draw_badges(gfx, l, a, board);
        }
    }
}

/// Empty points (but those of the line on show) tinted by how often the search played
/// there: a soft warm spot, stronger and redder the hotter (square root, so lukewarm
/// points still show; the coldest are left plain).
fn draw_heat(gfx: &mut Gfx, l: &Layout, a: &Analysis, board: &Board, line: &[Pos]) {
    let hottest = a.heat.iter().copied().max().unwrap_or(0);
    if hottest == 0 {
        return;
    }
    for (p, &heat) in board.cells().zip(&a.heat) {
        let t = (heat as f32 / hottest as f32).sqrt();
        if t < 0.18 || !board.is_empty(p) || line.contains(&p) {
            continue;
        }
        let (x, y) = l.point(p);
        let green = (0xc0 as f32 * (1.0 - t)) as u8 + 0x30;
        let c = Color::RGBA(0xf0, green, 0x20, (25.0 + 125.0 * t) as u8);
        gfx.disc(x, y, l.cell * (0.22 + 0.2 * t), c);
    }
}

/// Moves from the position on show as translucent stones numbered from 1, colours
/// alternating from the side to move; the newest of a forced win is ringed.
fn draw_line(gfx: &mut Gfx, l: &Layout, board: &Board, line: &[Pos], ring_last: bool) {
    let r = l.cell * 0.46;
    let mut stone = board.side_to_move();
    for (i, &p) in line.iter().enumerate() {
        if board.is_empty(p) {
            let (x, y) = l.point(p);
            if ring_last && i + 1 == line.len() {
                gfx.disc(x, y, r + l.cell * 0.09, theme::ACCENT);
            }
            gfx.stone(x, y, r, stone, 165);
            let ink = match stone {
                Stone::Black => Color::RGB(0xf4, 0xf4, 0xf4),
                Stone::White => Color::RGB(0x20, 0x20, 0x20),
            };
            gfx.text(
                &(i + 1).to_string(),
                (x, y),
                l.cell * 0.4,
                ink,
                Align::Centre,
                true,
            );
        }
        stone = stone.opponent();
    }
}

/// A lettered badge at the upper right of each candidate point.
fn draw_badges(gfx: &mut Gfx, l: &Layout, a: &Analysis, board: &Board) {
    for (i, line) in a.lines.iter().take(CANDIDATE.len()).enumerate() {
        let Some(&p) = line.pv.first().filter(|&&p| board.is_empty(p)) else {
            continue;
        };
        let (x, y) = l.point(p);
        let (bx, by) = (x + l.cell * 0.3, y - l.cell * 0.3);
        let br = (l.cell * 0.2).max(6.0);
        gfx.disc(bx, by, br + 1.5, Color::RGBA(0, 0, 0, 120));
        gfx.disc(bx, by, br, CANDIDATE[i]);
        gfx.text(
            &candidate_letter(i),
            (bx, by),
            br * 1.35,
            theme::TEXT,
            Align::Centre,
            true,
        );
    }
}
