//! Analysis: the strong search run for as long as the caller likes (until its stop flag
//! or limits), reporting what it thinks after every finished line: the best few lines
//! (multi-PV), depth, nodes, and how often the search played each point (a heatmap).
//! Also the forced-win finder: VCF, then VCT, for the side to move.

use super::movegen::{plies_to_five, situation};
use super::root::{aspiration, StrongEngine, StrongLimits};
use super::search::{Searcher, MATE_BOUND, WIN};
use super::state::{State, CELLS};
use super::time::Stopper;
use super::vcf::Vcf;
use super::vct::{Vct, MAX_THREATS};
use crate::engine::{Board, Pos, Rule};
use std::sync::Arc;
use std::time::Duration;

/// One line of play the engine considers, best first in [`Analysis::lines`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisLine {
    /// For the side to move; see [`crate::engine::search::is_win_score`].
    pub score: i32,
    /// The moves, starting with the candidate itself.
    pub pv: Vec<Pos>,
}

/// What the analysis knows so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Analysis {
    /// Deepest finished iteration.
    pub depth: u32,
    /// Deepest ply any line reached.
    pub sel_depth: u32,
    pub lines: Vec<AnalysisLine>,
    pub nodes: u64,
    pub elapsed: Duration,
    /// Per board cell (row by row from the top): how often the search played there.
    pub heat: Vec<u32>,
    /// The iteration being searched now (one more than `depth` while it runs).
    pub searching: u32,
    /// True in the last report: the search has ended.
    pub done: bool,
}

/// How often a running analysis reports progress between finished lines.
pub const PROGRESS_EVERY: Duration = Duration::from_millis(100);

/// The analysis' reporting, carried by the searcher so that the search itself can report
/// progress (nodes, time, heat) while an iteration takes long.
pub struct Reporter<'a> {
    report: &'a mut dyn FnMut(&Analysis),
    /// What is known so far: the lines of the last finished iterations.
    last: Analysis,
    /// Time of the next progress report.
    next: Duration,
    board: Board,
}

/// Sends a progress report if one is due: the known lines with fresh counters.
pub(crate) fn progress(s: &mut Searcher) {
    let elapsed = s.stop.elapsed();
    if s.reporter.as_ref().is_some_and(|r| elapsed >= r.next) {
        emit(s);
    }
}

/// Sends a report now: the known lines with fresh counters and heat.
fn emit(s: &mut Searcher) {
    let Some(mut r) = s.reporter.take() else {
        return;
    };
    finish(s, &mut r.last, &r.board);
    (r.report)(&r.last);
    r.next = s.stop.elapsed() + PROGRESS_EVERY;
    s.reporter = Some(r);
}

impl StrongEngine {
    /// Analyses the side to move on `board`, calling `report` after every finished line
    /// and once more at the end (`done`). `lines` is how many candidate moves to rank.
    pub fn analyse(
        &mut self,
        board: &Board,
        rule: Rule,
        limits: &StrongLimits,
        lines: usize,
        report: &mut dyn FnMut(&Analysis),
    ) {
        let stop = Stopper::new(
            Arc::clone(&limits.clock),
            limits.time,
            limits.nodes,
            limits.stop.clone(),
        );
        let state = State::from_board(board, rule);
        let (tt, history) = self.tables();
        tt.new_search();
        let mut s = Searcher::new(state, tt, history, stop);
        s.heat = Some(Box::new([0; CELLS]));
        if let Some(line) = immediate(&mut s) {
            let mut out = Analysis {
                depth: line.pv.len() as u32,
                lines: vec![line],
                done: true,
                ..Analysis::default()
            };
            out.searching = out.depth;
            finish(&s, &mut out, board);
            report(&out);
            return;
        }
        s.reporter = Some(Reporter {
            report,
            last: Analysis::default(),
            next: PROGRESS_EVERY,
            board: board.clone(),
        });
        deepen_lines(&mut s, limits.max_depth, lines.max(1));
        if let Some(r) = s.reporter.as_mut() {
            r.last.done = true;
            r.last.searching = r.last.depth;
        }
        emit(&mut s);
    }
}

/// A position decided before any search: a five to make, an open four to make, a win by
/// continuous fours.
fn immediate(s: &mut Searcher) -> Option<AnalysisLine> {
    let line = match situation(&mut s.state).wins() {
        Some((c, plies)) => (WIN - plies as i32, vec![c]),
        None => {
            let mut nodes = s.counters.nodes;
            let vcf = Vcf::new(&mut s.state, &mut s.stop, &mut nodes, 100_000).solve();
            s.counters.nodes = nodes;
            let cells = vcf?;
            (WIN - plies_to_five(&mut s.state, &cells) as i32, cells)
        }
    };
    Some(AnalysisLine {
        score: line.0,
        pv: line.1.iter().map(|&c| s.state.pos_of(c)).collect(),
    })
}

/// Iterative deepening, each iteration ranking `wanted` root moves one after another
/// (each search excludes the moves already ranked).
fn deepen_lines(s: &mut Searcher, max_depth: u32, wanted: usize) {
    let mut last_scores: Vec<i32> = Vec::new();
    for depth in 1..=max_depth as i32 {
        let _scope = crate::profiler::Scope::new("analysis iteration");
        let mut found: Vec<AnalysisLine> = Vec::new();
        s.root_exclude.clear();
        if let Some(r) = s.reporter.as_mut() {
            r.last.searching = depth as u32;
        }
        for k in 0..wanted {
            let prev = last_scores.get(k).copied().unwrap_or(0);
            let (v, cells) = aspiration(s, depth, prev);
            if s.stop.stopped() || cells.is_empty() || v.abs() > WIN {
                break;
            }
            s.root_exclude.push(cells[0]);
            found.push(AnalysisLine {
                score: v,
                pv: cells.iter().map(|&c| s.state.pos_of(c)).collect(),
            });
            // Lines of the last iteration not yet re-ranked stay shown after the new ones.
            if let Some(r) = s.reporter.as_mut() {
                let old = std::mem::take(&mut r.last.lines);
                let mut shown = found.clone();
                shown.extend(
                    old.into_iter()
                        .filter(|l| !found.iter().any(|f| f.pv.first() == l.pv.first()))
                        .take(wanted.saturating_sub(found.len())),
                );
                rank(&mut shown);
                r.last.lines = shown;
            }
            emit(s);
        }
        if s.stop.stopped() {
            break;
        }
        if !found.is_empty() {
            rank(&mut found);
            last_scores = found.iter().map(|l| l.score).collect();
            if let Some(r) = s.reporter.as_mut() {
                r.last.lines = found;
                r.last.depth = depth as u32;
            }
            crate::profiler::counter("depth", depth as f64);
            crate::profiler::counter("nodes", s.counters.nodes as f64);
        }
        let best = s
            .reporter
            .as_ref()
            .and_then(|r| r.last.lines.first())
            .map_or(0, |l| l.score);
        if best.abs() >= MATE_BOUND && depth > WIN - best.abs() + 1 && wanted == 1 {
            break;
        }
        if !s.stop.may_deepen(s.counters.nodes) {
            break;
        }
    }
}

/// Orders lines best first. A later line can outscore an earlier one of the same
/// iteration (pruning differs once the better move is excluded), and a stopped
/// iteration shows new lines beside the last iteration's: the list stays ranked.
fn rank(lines: &mut [AnalysisLine]) {
    lines.sort_by_key(|l| std::cmp::Reverse(l.score));
}

/// Fills the counters and the heatmap of `out` from the searcher.
fn finish(s: &Searcher, out: &mut Analysis, board: &Board) {
    out.nodes = s.counters.nodes;
    out.sel_depth = s.counters.sel_depth as u32;
    out.elapsed = s.stop.elapsed();
    out.heat = board
        .cells()
        .map(|p| {
            s.heat
                .as_ref()
                .map_or(0, |h| h[s.state.cell_of(p) as usize])
        })
        .collect();
}

/// What the forced-win finder found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForcedWin {
    /// A win by continuous fours: attacker and defender moves alternating.
    Vcf(Vec<Pos>),
    /// A win by continuous threats (fours and threes); the defender's moves shown are
    /// one of its tries, all of which lose.
    Vct(Vec<Pos>),
    /// None found. `complete` is true when the searches ran to their depth limits (no
    /// such win exists within them) and false when the budget ran out first.
    None { complete: bool },
}

/// Looks for a forced win for the side to move on `board`: VCF first, then VCT, each
/// with up to `nodes` nodes, until `limits` stop it.
pub fn find_forced_win(board: &Board, rule: Rule, limits: &StrongLimits, nodes: u64) -> ForcedWin {
    crate::profile_function!();
    let mut stop = Stopper::new(
        Arc::clone(&limits.clock),
        limits.time,
        None,
        limits.stop.clone(),
    );
    let mut state = State::from_board(board, rule);
    let to_pos = |state: &State, line: Vec<u16>| -> Vec<Pos> {
        line.iter().map(|&c| state.pos_of(c)).collect()
    };
    let mut count = 0;
    let vcf = Vcf::new(&mut state, &mut stop, &mut count, nodes);
    let (line, vcf_complete) = {
        let mut vcf = vcf;
        let line = vcf.search();
        (line, !vcf.out_of_budget())
    };
    if let Some(line) = line {
        return ForcedWin::Vcf(to_pos(&state, line));
    }
    let mut count = 0;
    let mut vct = Vct::new(&mut state, &mut stop, &mut count, nodes);
    let line = vct.search(MAX_THREATS);
    let vct_complete = !vct.out_of_budget();
    match line {
        Some(line) => ForcedWin::Vct(to_pos(&state, line)),
        None => ForcedWin::None {
            complete: vcf_complete && vct_complete,
        },
    }
}
