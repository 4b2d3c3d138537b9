//! The analysis entry points of the strong engine: multi-line reports with a heatmap,
//! and the forced-win finder, checked move by move with the plain rules.

mod oracle;

use oracle::board_of;

use gomoku::engine::search::{is_win_score, WIN};
use gomoku::engine::strong::state::{State, W};
use gomoku::engine::strong::threat::Threat;
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
    // Iterations start until the node budget is spent (one cut off shows its lines).
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

#[test]
fn a_vct_goes_on_with_threes_when_the_opponent_has_a_three_three_point() {
    // From a lost match game, Black to move: White has a three-three point. Black's open
    // threes still force (White's two threes are a tempo slower), and Black wins by
    // threats; a finder that answered the three-three point with fours only saw nothing.
    let b = board_of("7,7 8,8 8,10 7,10 9,7 8,7 8,6 7,5 9,9 9,8 10,8 11,7 6,8 9,5");
    let state = State::from_board(&b, Rule::Freestyle);
    assert!(
        state.count(W, Threat::Flex3x2) > 0,
        "premise: White's three-three point"
    );
    let ForcedWin::Vct(line) = find_forced_win(&b, Rule::Freestyle, &limits(u64::MAX), 200_000)
    else {
        panic!("expected a VCT\n{b}");
    };
    // (Not a VCF: the finder tries those first.)
    let mut after = b.clone();
    after.play(line[0]).expect("an empty cell");
    // The main search, White to move, finds no way out either.
    let r = StrongEngine::new(1 << 22).search(&after, Rule::Freestyle, &limits(4_000_000));
    assert!(is_win_score(r.score) && r.score < 0, "{r:?}");
}

#[test]
fn a_win_by_fours_ending_in_an_open_four_counts_the_plies_to_its_five() {
    // Black's fours at (8,8) and (8,7) are blocked at (9,9) and (9,7); (8,6) then makes an
    // open four on column 8, and the five comes two plies later: a win in 7, not in 5
    // (the line's length, as the brain reported it before).
    let mut b = board(&[
        (5, 7),
        (4, 7),
        (6, 7),
        (0, 0),
        (7, 7),
        (14, 0),
        (8, 5),
        (0, 14),
    ]);
    for (black, white) in [((10, 10), (14, 14)), ((11, 11), (1, 0))] {
        b.play(Pos::new(black.0, black.1)).expect("empty");
        b.play(Pos::new(white.0, white.1)).expect("empty");
    }
    let r = StrongEngine::new(1 << 20).search(&b, Rule::Freestyle, &limits(10_000));
    assert_eq!(r.score, WIN - 7, "{r:?}");
    let pv: Vec<(usize, usize)> = r.pv.iter().map(|p| (p.x, p.y)).collect();
    assert_eq!(pv, [(8, 8), (9, 9), (8, 7), (9, 7), (8, 6)]);
    // The line really ends in an open four: two fives for Black to make.
    for p in &r.pv {
        b.play(*p).expect("empty");
    }
    b.play(Pos::new(0, 1)).expect("empty");
    assert_eq!(oracle::fives(&b, Stone::Black).len(), 2, "{b}");
}

#[test]
fn a_three_three_with_no_four_against_it_is_a_win_in_five() {
    // Black's (7,7) makes two open threes; White's stones are far away and make nothing.
    let mut b = Board::square(15).expect("legal size");
    for (x, y) in [(5, 7), (6, 7), (7, 5), (7, 6)] {
        b.place(Pos::new(x, y), Stone::Black).expect("empty");
    }
    for (x, y) in [(0, 0), (14, 0), (0, 14), (14, 13)] {
        b.place(Pos::new(x, y), Stone::White).expect("empty");
    }
    b.set_side_to_move(Stone::Black);
    let r = StrongEngine::new(1 << 20).search(&b, Rule::Freestyle, &limits(10_000));
    assert_eq!(r.score, WIN - 5, "{r:?}");
    let m = r.best_move.expect("a move");
    // Checked with the plain rules: whatever White answers, it has no five and Black
    // still has an open four (or a five) to make.
    b.place(m, Stone::Black).expect("empty");
    let replies: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
    for w in replies {
        b.place(w, Stone::White).expect("empty");
        assert!(oracle::fives(&b, Stone::White).is_empty());
        let attack = !oracle::fives(&b, Stone::Black).is_empty()
            || !oracle::open_four_points(&mut b, Stone::Black).is_empty();
        assert!(attack, "White's {w:?} stops the attack\n{b}");
        b.undo();
    }
}
