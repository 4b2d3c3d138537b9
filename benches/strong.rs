//! The strong engine's speed: nodes per second at a fixed depth (criterion's throughput
//! is nodes/s) and the depth it reaches in one second, on the opening, the middle game
//! and a position won by continuous fours; plus make/unmake of the incremental state.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::time::TimeBudget;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, Rule};
use std::hint::black_box;
use std::time::Duration;

mod positions;

fn positions() -> [(&'static str, Board); 3] {
    [
        ("opening", positions::opening()),
        ("middle", positions::middle_game()),
        ("vcf", positions::vcf()),
    ]
}

/// Depth and nodes of a one-second search, printed once (a reading, not a timing loop).
fn depth_in_one_second() {
    for (name, board) in positions() {
        let mut engine = StrongEngine::default();
        let limits = StrongLimits::depth(60).with_time(TimeBudget::within(Duration::from_secs(1)));
        let r = engine.search(&board, Rule::Freestyle, &limits);
        println!(
            "strong/1s/{name}: depth {} nodes {} ({:.0} knodes/s), score {}",
            r.depth,
            r.stats.nodes,
            r.stats.nodes as f64 / r.stats.elapsed.as_secs_f64() / 1000.0,
            r.score
        );
    }
}

fn search(c: &mut Criterion) {
    depth_in_one_second();
    let mut group = c.benchmark_group("strong/depth_8");
    group.sample_size(10);
    for (name, board) in positions() {
        let limits = StrongLimits::depth(8);
        let nodes = StrongEngine::default()
            .search(&board, Rule::Freestyle, &limits)
            .stats
            .nodes;
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::from_parameter(name), &board, |b, board| {
            b.iter(|| {
                // A fresh table each time: the same nodes in every run.
                let mut engine = StrongEngine::new(16 << 20);
                engine.search(black_box(board), Rule::Freestyle, &limits)
            })
        });
    }
    group.finish();
}

fn state(c: &mut Criterion) {
    let board = positions::middle_game();
    let mut s = State::from_board(&board, Rule::Freestyle);
    let mut cells = Vec::new();
    s.candidates(&mut cells);
    let cell = cells[cells.len() / 2];
    c.bench_function("strong/state/make_unmake", |b| {
        b.iter(|| {
            s.make(black_box(cell));
            s.unmake();
        })
    });
}

criterion_group!(benches, search, state);
criterion_main!(benches);
