//! Renju in the strong engine: its forbidden-point check (threat tables plus a recursive
//! look at double threes) agrees with the exact rules module on random Black-heavy
//! positions, and Black never plays a forbidden point.

use gomoku::engine::renju::forbidden;
use gomoku::engine::strong::state::State;
use gomoku::engine::strong::{StrongEngine, StrongLimits};
use gomoku::engine::{Board, ManualClock, Pos, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::sync::Arc;

/// A random position with more black stones than usual, clustered, no five on it.
fn random_board(rng: &mut SmallRng) -> Board {
    let size = rng.random_range(9..=15);
    let mut b = Board::square(size).expect("legal size");
    let (lo, hi) = (rng.random_range(0..3), size - rng.random_range(0..3));
    for _ in 0..rng.random_range(8..40) {
        let p = Pos::new(rng.random_range(lo..hi), rng.random_range(lo..hi));
        let stone = if rng.random_bool(0.65) {
            Stone::Black
        } else {
            Stone::White
        };
        if b.place(p, stone).is_ok() && gomoku::engine::rules::outcome(&b, Rule::Renju).is_some() {
            b.undo();
        }
    }
    b.set_side_to_move(Stone::Black);
    b
}

#[test]
fn forbidden_points_agree_with_the_rules_module() {
    let mut rng = SmallRng::seed_from_u64(4);
    let (mut forbidden_seen, mut cells) = (0, 0);
    for _ in 0..1500 {
        let b = random_board(&mut rng);
        let mut state = State::from_board(&b, Rule::Renju);
        for p in b.cells().filter(|&p| b.is_empty(p)) {
            let exact = forbidden(&b, p).is_some();
            let ours = state.is_forbidden(state.cell_of(p));
            assert_eq!(ours, exact, "at {p}: {:?}\n{b}", forbidden(&b, p));
            forbidden_seen += exact as usize;
            cells += 1;
        }
    }
    assert!(
        forbidden_seen > 500,
        "{forbidden_seen} forbidden of {cells}"
    );
}

#[test]
fn black_never_plays_a_forbidden_point() {
    let mut rng = SmallRng::seed_from_u64(8);
    let mut engine = StrongEngine::new(1 << 20);
    let limits = StrongLimits::depth(60)
        .with_nodes(3_000)
        .with_clock(Arc::new(ManualClock::new()));
    let mut checked = 0;
    for _ in 0..300 {
        let b = random_board(&mut rng);
        if b.cells()
            .all(|p| !b.is_empty(p) || forbidden(&b, p).is_some())
        {
            continue;
        }
        let r = engine.search(&b, Rule::Renju, &limits);
        let mv = r.best_move.expect("a move");
        assert!(b.is_empty(mv));
        assert_eq!(forbidden(&b, mv), None, "Black played forbidden {mv}\n{b}");
        checked += 1;
    }
    assert!(checked > 200);
}
