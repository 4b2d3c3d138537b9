//! The analysis entry points of the strong engine: multi-line reports with a heatmap,
//! and the forced-win finder, checked move by move with the plain rules.

mod oracle;

use gomoku::engine::search::is_win_score;
use gomoku::engine::strong::{find_forced_win, Analysis, ForcedWin, StrongEngine, StrongLimits};
use gomoku::engine::{Board, ManualClock, Pos, Rule, Stone};
use std::sync::Arc;

fn board(moves: &[(usize, usize)]) -> Board {
    let mut b = Board::square(15).expect("legal size");
    for &(x, y) in moves {
        b.play(Pos::new(x, y)).expect("empty cell");
    }
    b
}

/// A node budget and a clock that never moves: the same result on every machine.
fn limits(nodes: u64) -> StrongLimits {
    StrongLimits::depth(60)
        .with_nodes(nodes)
        .with_clock(Arc::new(ManualClock::new()))
}

fn analyse(b: &Board, nodes: u64, lines: usize) -> Vec<Analysis> {
    let mut reports = Vec::new();
    StrongEngine::new(1 << 20).analyse(b, Rule::Freestyle, &limits(nodes), lines, &mut |a| {
        reports.push(a.clone())
    });
    reports
}

#[test]
fn reports_grow_to_several_ranked_lines_with_a_heatmap() {
    let b = board(&[(7, 7), (8, 8), (8, 6)]);
    let reports = analyse(&b, 60_000, 5);
    let last = reports.last().expect("a final report");
    assert!(last.done);
    assert!(reports[..reports.len() - 1].iter().all(|r| !r.done));
    assert!(reports.len() > 5, "a report per line and iteration");
    assert_eq!(last.lines.len(), 5);
    let firsts: std::collections::HashSet<_> = last.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 5, "five different candidate moves");
    for l in &last.lines {
        assert!(b.is_empty(l.pv[0]));
    }
    assert!(
        last.lines.windows(2).all(|w| w[0].score >= w[1].score),
        "best first: {:?}",
        last.lines.iter().map(|l| l.score).collect::<Vec<_>>()
    );
    // No iteration starts past half the node budget (it would not finish).
    assert!(
        last.depth >= 3 && last.nodes >= 30_000,
        "{} {}",
        last.depth,
        last.nodes
    );
    assert_eq!(last.heat.len(), 15 * 15);
    let hottest = last.heat.iter().copied().max().unwrap_or(0);
    assert!(hottest > 0);
    // Occupied points are never played.
    for p in [(7, 7), (8, 8), (8, 6)] {
        assert_eq!(last.heat[p.1 * 15 + p.0], 0);
    }
    // Nodes only grow from report to report.
    assert!(reports.windows(2).all(|w| w[0].nodes <= w[1].nodes));
}

#[test]
fn a_won_position_is_reported_as_a_win_at_once() {
    // Black to move with an open three: the open four wins.
    let b = board(&[(5, 7), (0, 0), (6, 7), (0, 2), (7, 7), (0, 4)]);
    let reports = analyse(&b, 10_000, 3);
    let last = reports.last().expect("a report");
    assert!(last.done);
    assert!(is_win_score(last.lines[0].score) && last.lines[0].score > 0);
    assert!([Pos::new(4, 7), Pos::new(8, 7)].contains(&last.lines[0].pv[0]));
}

#[test]
fn the_forced_win_finder_gives_a_real_vcf() {
    // Black: a closed three on row 7, a closed three on column 5, two on a diagonal.
    // The row's four at (6,7) adds a third diagonal stone; after its block, (5,8) is a
    // double four.
    let mut b = Board::square(15).expect("legal size");
    for (x, y) in [(3, 7), (4, 7), (5, 7), (7, 6), (8, 5), (5, 9), (5, 10)] {
        b.place(Pos::new(x, y), Stone::Black).expect("empty");
    }
    for (x, y) in [(2, 7), (9, 4), (5, 11), (0, 0), (0, 2), (0, 4), (14, 14)] {
        b.place(Pos::new(x, y), Stone::White).expect("empty");
    }
    b.set_side_to_move(Stone::Black);
    match find_forced_win(&b, Rule::Freestyle, &limits(u64::MAX), 200_000) {
        ForcedWin::Vcf(line) => {
            assert!(line.len() >= 3, "more than one four: {line:?}");
            oracle::check_vcf(&b, &line).unwrap_or_else(|e| panic!("{e}: {line:?}"));
        }
        other => panic!("expected a VCF, got {other:?}\n{b}"),
    }
}

#[test]
fn the_forced_win_finder_says_when_there_is_none() {
    let b = board(&[(7, 7), (8, 8)]);
    assert_eq!(
        find_forced_win(&b, Rule::Freestyle, &limits(u64::MAX), 200_000),
        ForcedWin::None { complete: true }
    );
}

#[test]
fn long_iterations_still_report_progress() {
    // Time that passes only as the engine reads the clock (with no time limit, that is
    // about once every few thousand nodes): progress every ten reads or so.
    let clock = Arc::new(gomoku::engine::SteppingClock::new(
        std::time::Duration::from_millis(10),
    ));
    let limits = StrongLimits::depth(60)
        .with_nodes(2_000_000)
        .with_clock(clock);
    let b = board(&[(7, 7), (8, 8), (8, 6), (6, 8), (9, 9)]);
    let mut reports = Vec::new();
    StrongEngine::new(1 << 20).analyse(&b, Rule::Freestyle, &limits, 3, &mut |a| {
        reports.push(a.clone())
    });
    // A progress report repeats the lines it had and carries more nodes, mid-iteration.
    let progress = reports
        .windows(2)
        .filter(|w| w[0].lines == w[1].lines && w[1].nodes > w[0].nodes && !w[1].done)
        .count();
    let summary: Vec<_> = reports
        .iter()
        .map(|r| (r.depth, r.searching, r.nodes, r.lines.len()))
        .collect();
    assert!(
        progress > 0,
        "{} reports, none in between: {summary:?}",
        reports.len()
    );
    assert!(reports
        .iter()
        .all(|r| r.searching == r.depth + 1 || r.done || r.searching == r.depth));
}
