//! Tactics at every level: win in one, block fours of both kinds, answer open threes,
//! turn an open three into a winning open four, respect the rule, stay on empty cells.
//!
//! Positions are diagrams: `X` black, `O` white, `.` empty, `*` an empty cell that is an
//! acceptable answer. Every level must pick a `*`, searching through `Player::think`, the
//! entry point the game plays through.

use gomoku::engine::search::is_win_score;
use gomoku::engine::{
    Board, ChessEngine, Control, Level, ManualClock, Player, Pos, Rule, SearchConfig, SearchLimits,
    SearchResult, SteppingClock, Stone,
};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

struct Case {
    name: &'static str,
    rule: Rule,
    to_move: Stone,
    diagram: &'static str,
    /// The mover must see a forced win (score) after its answer.
    expect_win: bool,
}

fn parse(case: &Case) -> (Board, Vec<Pos>) {
    let rows: Vec<&str> = case
        .diagram
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let mut board = Board::new(rows[0].len(), rows.len()).expect("diagram size in range");
    let mut answers = Vec::new();
    for (y, row) in rows.iter().enumerate() {
        assert_eq!(row.len(), rows[0].len(), "{}: ragged diagram", case.name);
        for (x, ch) in row.chars().enumerate() {
            let p = Pos::new(x, y);
            match ch {
                'X' => board.place(p, Stone::Black).expect("empty cell"),
                'O' => board.place(p, Stone::White).expect("empty cell"),
                '*' => answers.push(p),
                '.' => {}
                other => panic!("{}: bad diagram char {other:?}", case.name),
            }
        }
    }
    board.set_side_to_move(case.to_move);
    assert!(!answers.is_empty(), "{}: no answer marked", case.name);
    (board, answers)
}

fn cases() -> Vec<Case> {
    use Rule::*;
    use Stone::*;
    let c = |name, rule, to_move, expect_win, diagram| Case {
        name,
        rule,
        to_move,
        diagram,
        expect_win,
    };
    vec![
        c(
            "win in 1, row, both ends",
            Freestyle,
            Black,
            true,
            "
            .........
            .........
            ..O......
            .*XXXX*..
            .....O...
            ...O.....
            .......O.
            .........
            .........",
        ),
        c(
            "win in 1, column, white",
            Freestyle,
            White,
            true,
            "
            .........
            ....*....
            ..X.O....
            ....O..X.
            ....O....
            .X..O....
            ....*X...
            .........
            .........",
        ),
        c(
            "win in 1, diagonal gap",
            Freestyle,
            Black,
            true,
            "
            .........
            .X.......
            ..X......
            ...*..O..
            ....X....
            .....X...
            .O.....O.
            ...O.....
            .........",
        ),
        c(
            "win in 1, anti-diagonal to the corner",
            Freestyle,
            Black,
            true,
            "
            ........*
            .......X.
            ......X..
            .....X...
            ....X....
            ...O.....
            .O.......
            ......O..
            O........",
        ),
        c(
            "win in 1 along the edge",
            Freestyle,
            White,
            true,
            "
            O.........
            O.........
            O..X......
            O...X.....
            *.....X...
            .......X..
            ..X.......
            ..........",
        ),
        c(
            "own win beats blocking",
            Freestyle,
            Black,
            true,
            "
            .........
            XOOOO....
            .........
            .........
            .*XXXX*..
            .........
            .........
            .........
            .........",
        ),
        c(
            "block a closed four",
            Freestyle,
            White,
            false,
            "
            .........
            .........
            .XXXX*...
            .O.......
            .........
            ....O....
            .........
            .........
            .........",
        ),
        c(
            "block a broken four X.XXX",
            Freestyle,
            Black,
            false,
            "
            ..........
            ..........
            ..O.......
            ...*......
            ....O.....
            .....O....
            ......O...
            ...X......
            ..X....X..
            ..........",
        ),
        c(
            "block a broken four XX.XX",
            Freestyle,
            White,
            false,
            "
            ...........
            ...........
            ..XX*XX....
            ...........
            ....O......
            ...O.......
            ...........
            ...........
            ...........",
        ),
        c(
            "block the four, not extend own three",
            Freestyle,
            Black,
            false,
            "
            ...........
            ...........
            ...XXX.....
            ...........
            ...........
            ..OOOO*....
            ..X........
            ...........
            ...........",
        ),
        c(
            "answer an open three",
            Freestyle,
            White,
            false,
            "
            ...........
            ...........
            ...........
            ...........
            ..*XXX*....
            ...........
            ......O....
            ...........
            ...........",
        ),
        c(
            "answer a vertical open three",
            Freestyle,
            Black,
            false,
            "
            ...........
            ...........
            ......*....
            ......O....
            ......O..X.
            ......O....
            ......*....
            ...........
            ...........",
        ),
        c(
            "answer a broken three",
            Freestyle,
            White,
            false,
            "
            ............
            ............
            ............
            ...*X*XX*...
            ............
            ............
            .......O....
            ............
            ............",
        ),
        c(
            "open three becomes a winning open four",
            Freestyle,
            Black,
            true,
            "
            ...........
            ...........
            ...........
            ...........
            ...*XXX*...
            ...........
            ...........
            ......O....
            .O......O..",
        ),
        c(
            "white's open three becomes an open four",
            Freestyle,
            White,
            true,
            "
            ...........
            ...........
            ....*......
            .....O.....
            ......O....
            .......O...
            ........*..
            ...........
            .X.X......X",
        ),
        c(
            "exact five: overline is no win, block instead",
            ExactFive,
            Black,
            false,
            "
            ............
            OXXXX.X.....
            ............
            ............
            .XOOOO*.....
            .X..........
            ............
            ............",
        ),
        c(
            "freestyle: overline wins",
            Freestyle,
            Black,
            true,
            "
            ............
            OXXXX*X.....
            ............
            ............
            .XOOOO......
            .X..........
            ............
            ............",
        ),
        c(
            "exact five: the true five wins",
            ExactFive,
            White,
            true,
            "
            ............
            .O.OOOO*X...
            ............
            ....XXXX....
            ............
            .O..........
            ............
            ............",
        ),
        c(
            "tiny 5x5 board: block",
            Freestyle,
            White,
            false,
            "
            XXXX*
            .....
            .O...
            ...O.
            .....",
        ),
        c(
            "tiny 5x5 board: win",
            Freestyle,
            Black,
            true,
            "
            X....
            .X.O.
            ..X..
            ...X.
            OO..*",
        ),
        c(
            "wide 20x7 board: win at the right edge",
            Freestyle,
            Black,
            true,
            "
            ....................
            ....................
            ...............*XXXX
            ....................
            .....O..O.....O.....
            ...........O........
            ....................",
        ),
        c(
            "two threats: block the four first",
            Freestyle,
            White,
            false,
            "
            ............
            ............
            ...XXX......
            ......O.....
            ......X.....
            ......X.....
            ......X.....
            ......X.....
            ......*.....
            ..O.........
            ..O..O......
            ............",
        ),
    ]
}

/// Nodes any strong-engine level may spend here: the game's own search path, with a
/// budget that is the same on every machine instead of Master's 5 s.
const NODE_CAP: u64 = 60_000;

/// The move `level` plays, through the entry point the game's AI worker uses.
fn play(level: Level, board: &Board, rule: Rule) -> SearchResult {
    let control = Control::new(Arc::new(AtomicBool::new(false)))
        .with_clock(Arc::new(ManualClock::new()))
        .with_node_cap(NODE_CAP);
    Player::new(Some(3)).think(board, rule, level, &control)
}

#[test]
fn every_level_finds_the_answer() {
    let all = cases();
    assert!(all.len() >= 20);
    for case in &all {
        let (board, answers) = parse(case);
        for level in Level::ALL {
            let r = play(level, &board, case.rule);
            let mv = r
                .best_move
                .unwrap_or_else(|| panic!("{} at {level}: no move", case.name));
            assert!(board.is_empty(mv), "{} at {level}: illegal {mv}", case.name);
            assert!(
                answers.contains(&mv),
                "{} at {level}: played {mv}, expected one of {answers:?}\n{board}",
                case.name
            );
            if case.expect_win {
                assert!(
                    is_win_score(r.score) && r.score > 0,
                    "{} at {level}: score {}",
                    case.name,
                    r.score
                );
            }
        }
    }
}

#[test]
fn moves_are_always_legal_on_random_positions() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let mut rng = SmallRng::seed_from_u64(5);
    for _ in 0..150 {
        let (w, h) = (rng.random_range(5..=22), rng.random_range(5..=22));
        let mut board = Board::new(w, h).expect("in range");
        for _ in 0..rng.random_range(0..w * h) {
            let _ = board.play(Pos::new(rng.random_range(0..w), rng.random_range(0..h)));
        }
        let mut engine = ChessEngine::new(SearchConfig {
            seed: Some(rng.random()),
            ..SearchConfig::default()
        });
        let r = engine.search(&board, &SearchLimits::depth(3));
        match r.best_move {
            Some(p) => assert!(board.is_empty(p), "illegal {p} on\n{board}"),
            None => assert!(board.is_full()),
        }
    }
}

#[test]
fn a_fixed_seed_repeats_and_different_seeds_vary() {
    let mut board = Board::square(15).expect("in range");
    for (x, y) in [(7, 7), (8, 8)] {
        board.play(Pos::new(x, y)).expect("empty");
    }
    let run = |seed| {
        ChessEngine::new(SearchConfig {
            seed: Some(seed),
            ..SearchConfig::default()
        })
        .search(&board, &SearchLimits::depth(4))
    };
    assert_eq!(run(9).best_move, run(9).best_move);
    assert_eq!(run(9).stats.nodes, run(9).stats.nodes);
    let distinct: std::collections::HashSet<_> = (0..12).map(|s| run(s).best_move).collect();
    assert!(
        distinct.len() > 1,
        "the shuffle should vary equal-scored choices"
    );
}

#[test]
fn a_time_budget_ends_the_search_with_a_finished_move() {
    let mut board = Board::square(15).expect("in range");
    for (x, y) in [(7, 7), (8, 8), (8, 6), (6, 8)] {
        board.play(Pos::new(x, y)).expect("empty");
    }
    // Time passes only as the engine reads the clock: a budget is work, not luck.
    let clock = Arc::new(SteppingClock::new(Duration::from_micros(200)));
    let control = Control::new(Arc::new(AtomicBool::new(false)))
        .with_clock(clock.clone())
        .with_time_cap(Duration::from_millis(300));
    let r = Player::new(Some(1)).think(&board, Rule::Freestyle, Level::Master, &control);
    // Elapsed is the stepping clock's, not the wall's: the same on a loaded machine.
    assert!(r.best_move.is_some_and(|p| board.is_empty(p)));
    assert!(r.depth >= 2, "depth {}", r.depth);
    assert_eq!(r.pv.first().copied(), r.best_move);
    // The hard limit is the cap; the engine looked at the clock often enough to stop
    // within a few readings of it.
    assert!(
        r.stats.elapsed <= Duration::from_millis(310),
        "{:?}",
        r.stats.elapsed
    );
    assert!(
        r.stats.elapsed >= Duration::from_millis(100),
        "{:?}",
        r.stats.elapsed
    );
}
