//! Engine speed: evaluation, incremental update, candidate generation, and the seed's
//! search (cap 8, fixed seed) at depths 4, 6, 7 and 8 on the three bench positions.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use gomoku::engine::eval::LineCache;
use gomoku::engine::position::Position;
use gomoku::engine::{ChessEngine, Rule, SearchConfig, SearchLimits};
use std::hint::black_box;
use std::time::Duration;

mod positions;

fn evaluation(c: &mut Criterion) {
    let board = positions::middle_game();
    c.bench_function("eval/full_board_from_scratch", |b| {
        b.iter(|| LineCache::from_board(black_box(&board)).total())
    });
    let pos = Position::from_board(&board);
    let mut cands = Vec::new();
    pos.candidates(Rule::Freestyle, &mut cands);
    let cell = cands[0].cell;
    c.bench_function("eval/incremental_move_and_undo", |b| {
        let mut pos = pos.clone();
        b.iter(|| {
            pos.make(black_box(cell));
            pos.unmake();
        })
    });
    c.bench_function("movegen/candidates_scored", |b| {
        let mut out = Vec::with_capacity(512);
        b.iter(|| {
            pos.candidates(Rule::Freestyle, &mut out);
            out.len()
        })
    });
}

fn search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group
        .sample_size(10)
        .measurement_time(Duration::from_secs(3))
        .warm_up_time(Duration::from_millis(500));
    for depth in [4u32, 6, 7, 8] {
        for (name, board) in positions::all() {
            let mut engine = ChessEngine::new(SearchConfig {
                seed: Some(1),
                ..SearchConfig::default()
            });
            let limits = SearchLimits::depth(depth);
            group.bench_with_input(
                BenchmarkId::new(format!("depth{depth}"), name),
                &board,
                |b, board| b.iter(|| engine.search(board, &limits).best_move),
            );
        }
    }
    group.finish();
}

criterion_group!(benches, evaluation, search);
criterion_main!(benches);
