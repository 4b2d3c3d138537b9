//! The strong engine's tables against brute force: every line key of every rule, and the
//! threat classes of real positions against a direct count of five points on the board.

use gomoku::engine::rules::{wins_if_placed, DIRECTIONS};
use gomoku::engine::strong::movegen::order_parts;
use gomoku::engine::strong::pattern::{line_table, Pattern, SLOT_OFFSETS};
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::threat::Threat;
use gomoku::engine::{Board, Pos, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

/// A line as one colour sees it: 'm' mine, '.' empty, 'x' blocked; centre at 5 is mine.
type Line = [u8; 11];

/// Length of the run of mine through the centre.
fn run(w: &Line) -> usize {
    let left = (0..5).rev().take_while(|&i| w[i] == b'm').count();
    let right = (6..11).take_while(|&i| w[i] == b'm').count();
    1 + left + right
}

fn wins(w: &Line, exact: bool) -> bool {
    let r = run(w);
    if exact {
        r == 5
    } else {
        r >= 5
    }
}

/// The pattern by its definition, straight from the line, with a plain memo.
fn reference(w: Line, exact: bool, memo: &mut HashMap<(Line, bool), Pattern>) -> Pattern {
    if let Some(&p) = memo.get(&(w, exact)) {
        return p;
    }
    let p = if wins(&w, exact) {
        Pattern::F5
    } else if exact && run(&w) > 5 {
        Pattern::Overline
    } else {
        let empties: Vec<usize> = (1..10).filter(|&i| i != 5 && w[i] == b'.').collect();
        let with = |i: usize| {
            let mut n = w;
            n[i] = b'm';
            n
        };
        let fives = empties.iter().filter(|&&i| wins(&with(i), exact)).count();
        if fives >= 2 {
            Pattern::F4
        } else if fives == 1 {
            Pattern::B4
        } else {
            let kids: Vec<Pattern> = empties
                .iter()
                .map(|&i| reference(with(i), exact, memo))
                .collect();
            let n = |f: &dyn Fn(Pattern) -> bool| kids.iter().filter(|&&k| f(k)).count();
            let f4 = n(&|k| k == Pattern::F4);
            let threes = n(&|k| k == Pattern::F3 || k == Pattern::F3S);
            if f4 >= 2 {
                Pattern::F3S
            } else if f4 == 1 {
                Pattern::F3
            } else if n(&|k| k == Pattern::B4) > 0 {
                Pattern::B3
            } else if threes >= 3 {
                Pattern::F2B
            } else if threes == 2 {
                Pattern::F2A
            } else if threes == 1 {
                Pattern::F2
            } else if n(&|k| k == Pattern::B3) > 0 {
                Pattern::B2
            } else if n(&|k| matches!(k, Pattern::F2 | Pattern::F2A | Pattern::F2B)) > 0 {
                Pattern::F1
            } else if n(&|k| k == Pattern::B2) > 0 {
                Pattern::B1
            } else {
                Pattern::Dead
            }
        }
    };
    memo.insert((w, exact), p);
    p
}

/// The line colour `me` (1 Black, 2 White) sees in a raw key of `slots` slots.
fn decode(key: u32, me: u32, slots: usize) -> Line {
    let mut w = [b'x'; 11];
    w[5] = b'm';
    for (slot, &off) in SLOT_OFFSETS.iter().enumerate().take(slots) {
        let code = (key >> (2 * slot)) & 3;
        w[(5 + off) as usize] = match code {
            0 => b'.',
            c if c == me => b'm',
            _ => b'x',
        };
    }
    w
}

fn check_every_key(rule: Rule, slots: usize, exact: bool) {
    let table = line_table(rule);
    let mut memo = HashMap::new();
    for key in 0..1u32 << (2 * slots) {
        for (colour, me) in [(0, 1), (1, 2)] {
            let expected = reference(decode(key, me, slots), exact, &mut memo);
            assert_eq!(
                table.get(key, colour),
                expected,
                "rule {rule:?} key {key:#x} colour {colour}"
            );
        }
    }
}

#[test]
fn freestyle_line_table_matches_brute_force_on_every_key() {
    check_every_key(Rule::Freestyle, 8, false);
}

#[test]
fn exact_five_line_table_matches_brute_force_on_every_key() {
    check_every_key(Rule::ExactFive, 10, true);
}

/// Cells where placing `stone` at `c`, then one more `stone`, makes a five through `c`.
fn five_points_through(board: &mut Board, rule: Rule, c: Pos, stone: Stone) -> usize {
    if board.place(c, stone).is_err() {
        return 0;
    }
    let mut n = 0;
    for &(dx, dy) in DIRECTIONS.iter() {
        for k in (-4isize..=4).filter(|&k| k != 0) {
            let Some(e) = board.pos_at(c.x as isize + k * dx, c.y as isize + k * dy) else {
                continue;
            };
            if !board.is_empty(e) || board.place(e, stone).is_err() {
                continue;
            }
            let line = gomoku::engine::rules::run_through(board, e, (dx, dy), stone);
            let (len, start, end) = line;
            let covers = |p: Pos, a: Pos, b: Pos| {
                let along = |v: usize, s: usize, t: usize| v >= s.min(t) && v <= s.max(t);
                along(p.x, a.x, b.x) && along(p.y, a.y, b.y)
            };
            if rule.wins(stone, len) && covers(c, start, end) {
                n += 1;
            }
            board.undo();
        }
    }
    board.undo();
    n
}

/// Random games: every empty cell's threat class agrees with a direct count.
fn check_threats(rule: Rule, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    for _game in 0..30 {
        let mut board = Board::square(15).unwrap();
        let moves = rng.random_range(4..60);
        for _ in 0..moves {
            let p = Pos::new(rng.random_range(3..12), rng.random_range(3..12));
            if board.is_empty(p) {
                board.play(p).unwrap();
                if gomoku::engine::rules::outcome(&board, rule).is_some() {
                    board.undo();
                }
            }
        }
        let state = State::from_board(&board, rule);
        let empty: Vec<Pos> = board.cells().filter(|&p| board.is_empty(p)).collect();
        for cell in empty {
            for stone in [Stone::Black, Stone::White] {
                let t = state.threat(state.cell_of(cell), stone.index());
                let five = wins_if_placed(&board, rule, cell, stone);
                let points = five_points_through(&mut board, rule, cell, stone);
                let expected = if five {
                    "five"
                } else if points >= 2 {
                    "flex4"
                } else if points == 1 {
                    "four"
                } else {
                    "less"
                };
                let got = match t {
                    Threat::Five => "five",
                    Threat::Flex4 => "flex4",
                    Threat::Block4 | Threat::Block4Plus | Threat::Block4Flex3 => "four",
                    _ => "less",
                };
                assert_eq!(got, expected, "{rule:?} {stone} at {cell}\n{board}");
            }
        }
    }
}

#[test]
fn threat_classes_match_a_direct_count_of_five_points() {
    check_threats(Rule::Freestyle, 1);
    check_threats(Rule::ExactFive, 2);
}

/// Same position, reached move by move or set up from scratch: same everything.
fn assert_same(a: &State, b: &State, board: &Board) {
    assert_eq!(a.hash(), b.hash(), "{board}");
    assert_eq!(a.side_to_move(), b.side_to_move());
    for colour in 0..2 {
        assert_eq!(a.value_sum(colour), b.value_sum(colour), "{board}");
        for t in Threat::ALL {
            assert_eq!(a.count(colour, t), b.count(colour, t), "{t:?}\n{board}");
        }
    }
    for p in board.cells().filter(|&p| board.is_empty(p)) {
        let c = a.cell_of(p);
        for colour in 0..2 {
            assert_eq!(a.threat(c, colour), b.threat(c, colour), "{p}\n{board}");
            assert_eq!(
                a.order_score(c, colour),
                b.order_score(c, colour),
                "{p}\n{board}"
            );
            let codes = [0, 1, 2, 3].map(|dir| b.pattern_code(c, dir, colour));
            let their = [0, 1, 2, 3].map(|dir| b.pattern_code(c, dir, 1 - colour));
            let want = order_parts(codes, b.threat(c, colour))[0]
                + order_parts(their, b.threat(c, 1 - colour))[1];
            assert_eq!(b.order_score(c, colour), want, "{p} {codes:?}\n{board}");
            for dir in 0..4 {
                assert_eq!(
                    a.pattern_code(c, dir, colour),
                    b.pattern_code(c, dir, colour)
                );
            }
        }
    }
    for colour in 0..2 {
        for t in [Threat::Flex3, Threat::Block4] {
            let kept: Vec<u16> = a.cells_with(colour, t).collect();
            let counted: Vec<u16> = b
                .board_cells()
                .filter(|&c| b.is_empty(c) && b.threat(c, colour) >= t)
                .collect();
            assert_eq!(kept, counted, "{t:?} cells of colour {colour}\n{board}");
        }
    }
    let (mut ca, mut cb) = (Vec::new(), Vec::new());
    a.candidates(&mut ca);
    b.candidates(&mut cb);
    assert_eq!(ca, cb, "{board}");
}

#[test]
fn incremental_state_equals_a_fresh_one_after_random_games() {
    let mut rng = SmallRng::seed_from_u64(99);
    for (rule, size) in [
        (Rule::Freestyle, 15),
        (Rule::ExactFive, 19),
        (Rule::Freestyle, 7),
        (Rule::Renju, 15),
    ] {
        for _game in 0..20 {
            let mut board = Board::square(size).unwrap();
            let mut state = State::new(size, size, rule);
            let mut played = 0;
            while played < 50 && !board.is_full() {
                let p = Pos::new(rng.random_range(0..size), rng.random_range(0..size));
                if !board.is_empty(p) {
                    continue;
                }
                board.play(p).unwrap();
                state.make(state.cell_of(p));
                played += 1;
                if played % 7 == 0 {
                    assert_same(&state, &State::from_board(&board, rule), &board);
                }
            }
            assert_same(&state, &State::from_board(&board, rule), &board);
            while board.move_count() > 0 {
                board.undo();
                state.unmake();
                if board.move_count().is_multiple_of(9) {
                    assert_same(&state, &State::from_board(&board, rule), &board);
                }
            }
            assert_same(&state, &State::new(size, size, rule), &board);
        }
    }
}
