//! Renju forbidden points: every empty cell of the engine's middle-game bench position
//! (as the game does on Black's turn), the same through the one-cell entry point, and a
//! position dense with threes where the double-three checks recurse.

use criterion::{criterion_group, criterion_main, Criterion};
use gomoku::engine::renju::{forbidden, forbidden_points};
use gomoku::engine::{Board, Pos, Stone};
use std::hint::black_box;
use std::time::Duration;

mod positions;

/// 15x15, 21 black and 2 white stones: the last hand-built case of tests/renju.rs (a
/// double three that depends on threes two levels down) plus open threes and split
/// shapes around it, so many cells have threes in two directions.
fn nested() -> Board {
    let black = [
        (7, 5),
        (10, 5),
        (7, 6),
        (9, 6),
        (9, 7),
        (10, 7),
        (8, 8),
        (8, 9),
        (9, 11),
        (10, 12),
        (11, 13),
        (3, 3),
        (4, 3),
        (5, 3),
        (3, 9),
        (4, 10),
        (5, 11),
        (12, 8),
        (12, 9),
        (12, 10),
        (11, 2),
    ];
    let mut board = Board::square(15).expect("15 is a legal size");
    for (x, y) in black {
        board
            .place(Pos::new(x, y), Stone::Black)
            .expect("bench positions are legal");
    }
    for (x, y) in [(8, 5), (6, 4)] {
        board
            .place(Pos::new(x, y), Stone::White)
            .expect("bench positions are legal");
    }
    board
}

fn renju(c: &mut Criterion) {
    let mut group = c.benchmark_group("renju");
    group
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    let middle = positions::middle_game();
    group.bench_function("forbidden_points/middle", |b| {
        b.iter(|| forbidden_points(black_box(&middle)).len())
    });
    let cells: Vec<_> = middle.cells().filter(|&p| middle.is_empty(p)).collect();
    group.bench_function("forbidden/middle_every_empty_cell", |b| {
        b.iter(|| {
            cells
                .iter()
                .filter(|&&p| forbidden(black_box(&middle), p).is_some())
                .count()
        })
    });
    let nested = nested();
    group.bench_function("forbidden_points/nested", |b| {
        b.iter(|| forbidden_points(black_box(&nested)).len())
    });
    group.finish();
}

criterion_group!(benches, renju);
criterion_main!(benches);
