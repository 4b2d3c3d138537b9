//! The analysis column: the evaluation in words and as a bar, the search's numbers, the
//! candidate moves with their scores, and the forced-win finder's answer. (Its buttons
//! are separate objects; the board marks are [`super::analysis_marks::AnalysisMarks`].)

use super::wrap::{draw_lines, fitting_px, wrap};
use crate::app::draw::{Align, Gfx};
use crate::app::layout::{AnalysisRects, Rect, GRID_BUTTONS};
use crate::app::scene::{GameObject, View};
use crate::app::theme;
use crate::engine::search::{is_win_score, WIN};
use crate::engine::strong::{Analysis, AnalysisLine};
use crate::engine::{Board, Pos, Stone};
use crate::game::analysis::words::{self, plural};
use crate::game::analysis::{Finder, Study, FINDER_NODES};
use crate::game::notation::label;
use sdl2::pixels::Color;

pub struct AnalysisPanel;

/// Badge colours of the candidate moves, best first.
pub const CANDIDATE: [Color; 5] = [
    Color::RGB(0x3f, 0xb9, 0x5f),
    Color::RGB(0x3a, 0x9a, 0xd9),
    Color::RGB(0x9b, 0x6b, 0xd6),
    Color::RGB(0xd9, 0x8a, 0x3a),
    Color::RGB(0xc9, 0x50, 0x64),
];

/// The letter of candidate `i` (A is the best).
pub fn candidate_letter(i: usize) -> String {
    ((b'A' + i.min(25) as u8) as char).to_string()
}

/// A text size that stays readable in a small window.
fn px(size: f32, s: f32) -> f32 {
    (size * s).max(11.0)
}

fn state_words(study: &Study) -> (&'static str, Color) {
    if study.is_over() {
        ("Game over", theme::TEXT_DIM)
    } else if study.is_running() {
        ("Searching\u{2026}", theme::ACCENT)
    } else if study.is_paused() {
        ("Stopped", theme::TEXT_DIM)
    } else if study.latest().is_some_and(|a| a.done) {
        ("Finished", theme::TEXT_DIM)
    } else {
        ("", theme::TEXT_DIM)
    }
}

impl GameObject for AnalysisPanel {
    fn name(&self) -> &'static str {
        crate::app::screen::ANALYSIS
    }
    fn is_active(&self, view: &View) -> bool {
        view.layout.analysis.is_some()
    }
    fn draw(&self, gfx: &mut Gfx, view: &View) {
        let Some(column) = view.layout.analysis else {
            return;
        };
        let r = view.layout.analysis_rects();
        let s = r.scale;
        gfx.rounded(column, 14.0 * s, theme::PANEL);
        let study = &view.ui.study;
        gfx.text(
            "Analysis",
            (r.left, r.title_y),
            px(24.0, s),
            theme::TEXT,
            Align::Left,
            true,
        );
        let (state, colour) = state_words(study);
        gfx.text(
            state,
            (r.right, r.title_y),
            px(14.0, s),
            colour,
            Align::Right,
            false,
        );
        let Some((board, _)) = study.position() else {
            return;
        };
        match study.latest().filter(|a| !a.lines.is_empty()) {
            Some(a) => {
                draw_eval(gfx, &r, a, board.side_to_move());
                let time = view.ui.analysis_time(view.now).unwrap_or(a.elapsed);
                draw_stats(gfx, &r, a, time.max(a.elapsed));
                draw_candidates(gfx, &r, a, board);
            }
            None => {
                let text = if study.is_over() {
                    "The game is over: nothing to analyse."
                } else {
                    "Waiting for the first result\u{2026}"
                };
                gfx.text(
                    text,
                    (r.left, r.eval_y),
                    px(15.0, s),
                    theme::TEXT_DIM,
                    Align::Left,
                    false,
                );
            }
        }
        draw_finder(gfx, &r, study.finder(), board);
    }
}

/// The headline ("Black +1.3", "White wins in 3 moves"), its detail, and the bar.
fn draw_eval(gfx: &mut Gfx, r: &AnalysisRects, a: &Analysis, to_move: Stone) {
    let s = r.scale;
    let score = a.lines[0].score;
    let head = words::headline(score, to_move);
    // The headline and its detail shrink until they fit the column.
    let width = r.right - r.left;
    let size = fitting_px(gfx, &head, px(22.0, s), 13.0, width, true);
    gfx.text(
        &head,
        (r.left, r.eval_y),
        size,
        theme::TEXT,
        Align::Left,
        true,
    );
    let detail = if is_win_score(score) {
        let plies = WIN - score.abs();
        let unit = if plies == 1 { "ply" } else { "plies" };
        format!("proved: {plies} {unit} against any defence")
    } else {
        format!("{to_move} to move \u{00b7} the bar is Black's share")
    };
    let size = fitting_px(gfx, &detail, px(13.0, s), 9.0, width, false);
    gfx.text(
        &detail,
        (r.left, r.eval_detail_y),
        size,
        theme::TEXT_DIM,
        Align::Left,
        false,
    );
    let bar = r.bar;
    let share = words::black_share(score, to_move);
    gfx.rounded(bar, bar.h / 2.0, Color::RGB(0xf2, 0xf0, 0xea));
    if share > 0.0 {
        let black = Rect::new(bar.x, bar.y, (bar.w * share).max(bar.h), bar.h);
        gfx.rounded(black, bar.h / 2.0, Color::RGB(0x12, 0x12, 0x14));
    }
    let mid = bar.x + bar.w / 2.0;
    gfx.line(
        (mid, bar.y - 3.0 * s),
        (mid, bar.y + bar.h + 3.0 * s),
        s.max(1.0),
        theme::ACCENT,
    );
}

/// Depth, nodes, speed and time, two rows of two.
/// `time`: how long the search has run (it ticks on between reports).
fn draw_stats(gfx: &mut Gfx, r: &AnalysisRects, a: &Analysis, time: std::time::Duration) {
    let s = r.scale;
    let cells = [
        ("Depth", format!("{} / {}", a.depth, a.sel_depth)),
        ("Nodes", words::count(a.nodes)),
        ("Speed", words::speed(a.nodes, a.elapsed)),
        ("Time", words::elapsed(time)),
    ];
    let half = (r.right - r.left) / 2.0;
    for (i, (k, v)) in cells.iter().enumerate() {
        let x = r.left + (i % 2) as f32 * half;
        let y = r.stats_y + (i / 2) as f32 * 44.0 * s;
        gfx.text(k, (x, y), px(12.0, s), theme::TEXT_DIM, Align::Left, false);
        gfx.text(
            v,
            (x, y + 18.0 * s),
            px(17.0, s),
            theme::TEXT,
            Align::Left,
            true,
        );
    }
}

/// The candidate moves, best first: badge, move, score, how the line goes on.
fn draw_candidates(gfx: &mut Gfx, r: &AnalysisRects, a: &Analysis, board: &Board) {
    let s = r.scale;
    let side = board.side_to_move();
    let head = format!("Best moves for {side}");
    gfx.text(
        &head,
        (r.left, r.lines_y),
        px(13.0, s),
        theme::TEXT_DIM,
        Align::Left,
        false,
    );
    for (i, line) in a.lines.iter().take(CANDIDATE.len()).enumerate() {
        let y = r.lines_y + (i + 1) as f32 * r.row_h;
        draw_candidate(gfx, r, (i, y), line, board.height());
    }
}

/// Candidate `i` on the row centred at `y`: badge, move, score, and as much of how the
/// line goes on as fits before the score.
fn draw_candidate(
    gfx: &mut Gfx,
    r: &AnalysisRects,
    (i, y): (usize, f32),
    line: &AnalysisLine,
    h: usize,
) {
    let s = r.scale;
    let Some(&first) = line.pv.first() else {
        return;
    };
    let (bx, br) = (r.left + 10.0 * s, 10.0 * s);
    gfx.disc(bx, y, br, CANDIDATE[i]);
    let letter = candidate_letter(i);
    gfx.text(
        &letter,
        (bx, y),
        px(12.0, s),
        theme::TEXT,
        Align::Centre,
        true,
    );
    let at = (r.left + 28.0 * s, y);
    gfx.text(
        &label(first, h),
        at,
        px(16.0, s),
        theme::TEXT,
        Align::Left,
        true,
    );
    let score = words::candidate(line.score);
    let colour = if line.score >= 0 {
        theme::TEXT
    } else {
        theme::TEXT_DIM
    };
    let (score_w, _) = gfx.text(
        &score,
        (r.right, y),
        px(15.0, s),
        colour,
        Align::Right,
        false,
    );
    let start = r.left + 74.0 * s;
    let room = r.right - score_w - 8.0 * s - start;
    let more = continuation(gfx, &line.pv, h, px(12.0, s), room);
    let dim = theme::TEXT_DIM;
    gfx.text(&more, (start, y), px(12.0, s), dim, Align::Left, false);
}

/// Up to three moves of `pv` after its first, as many as fit in `room` at `size`.
fn continuation(gfx: &mut Gfx, pv: &[Pos], h: usize, size: f32, room: f32) -> String {
    let mut more: Vec<String> = pv.iter().skip(1).take(3).map(|&p| label(p, h)).collect();
    while !more.is_empty() && gfx.measure(&more.join(" "), size, false).0 > room {
        more.pop();
    }
    more.join(" ")
}

/// The forced-win finder: what it does, what it found, where its steps are.
fn draw_finder(gfx: &mut Gfx, r: &AnalysisRects, finder: &Finder, board: &Board) {
    let s = r.scale;
    gfx.text(
        "Forced win",
        (r.left, r.finder_y),
        px(13.0, s),
        theme::TEXT_DIM,
        Align::Left,
        false,
    );
    let side = board.side_to_move();
    let width = r.right - r.left;
    let text = match finder {
        Finder::Idle => format!("Find a win looks for a win for {side} by fours (VCF), then by fours and threes (VCT)."),
        Finder::Searching => format!("Looking for a forced win for {side}\u{2026}"),
        Finder::Found { vct, line, shown } => {
            let how = if *vct { "fours and threes (VCT)" } else { "fours (VCF)" };
            let moves = line.len().div_ceil(2) as u32;
            let at = line
                .get(shown.saturating_sub(1))
                .filter(|_| *shown > 0)
                .map_or("start".to_string(), |&p| label(p, board.height()));
            let lead = format!("{side} wins by {how} in {moves} {}.", plural(moves, "move"));
            let step = format!("Move {shown} of {}: {at}", line.len());
            let lines = wrap(gfx, &lead, width, px(14.0, s));
            let top = (r.left, r.finder_y + 24.0 * s);
            draw_lines(gfx, &lines, top, px(14.0, s), theme::ACCENT, Align::Left);
            let centre = (r.left + r.right) / 2.0;
            let button = r.button(GRID_BUTTONS);
            gfx.text(&step, (centre, button.y + button.h / 2.0), px(14.0, s), theme::TEXT, Align::Centre, true);
            return;
        }
        Finder::NoWin { complete: true } => format!(
            "{side} has no forced win by fours or threes (up to 12 threats)."
        ),
        Finder::NoWin { complete: false } => format!(
            "No forced win found for {side} within the budget ({} positions each for VCF and VCT). A longer one may exist.",
            words::count(FINDER_NODES).replace(".00", "")
        ),
    };
    let lines = wrap(gfx, &text, width, px(14.0, s));
    draw_lines(
        gfx,
        &lines,
        (r.left, r.finder_y + 24.0 * s),
        px(14.0, s),
        theme::TEXT,
        Align::Left,
    );
}
