//! Swap2 decisions on positions whose answer is clear, and the legality of every stone
//! they put down. Searches are bounded by nodes on a hand-moved clock: repeatable.

use super::*;
use crate::engine::clock::{Clock, ManualClock, SteppingClock};
use crate::engine::renju::forbidden;
use crate::engine::strong::time::TimeBudget;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

fn limits(nodes: u64) -> StrongLimits {
    StrongLimits::depth(60)
        .with_nodes(nodes)
        .with_clock(Arc::new(ManualClock::new()))
}

/// A `size` board with `stones` placed black, white, black...
fn board(size: usize, stones: &[(usize, usize)]) -> Board {
    let mut b = Board::square(size).expect("legal size");
    for &(x, y) in stones {
        let colour = if b.move_count().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        b.place(Pos::new(x, y), colour).expect("empty");
    }
    b
}

fn decide_on(b: &Board, rule: Rule, nodes: u64, seed: u64) -> Decision {
    let mut engine = StrongEngine::new(4 << 20);
    let mut rng = SmallRng::seed_from_u64(seed);
    decide(&mut engine, b, rule, &limits(nodes), &mut rng).expect("a swap2 position")
}

/// Black's pair against a white stone thrown away in the corner, and the reverse.
const BLACK_AHEAD: [(usize, usize); 3] = [(7, 7), (0, 0), (8, 7)];
const WHITE_AHEAD: [(usize, usize); 3] = [(0, 0), (7, 7), (14, 14)];

#[test]
fn proposals_are_three_distinct_stones_on_the_board() {
    for (size, rule) in [
        (15, Rule::Freestyle),
        (20, Rule::Renju),
        (7, Rule::ExactFive),
    ] {
        for seed in 0..3 {
            let d = decide_on(&board(size, &[]), rule, 6_000, seed);
            let Choice::Opening(stones) = d.choice else {
                panic!("{d:?}");
            };
            let b = board(size, &stones.map(|p| (p.x, p.y)));
            assert_eq!(b.move_count(), 3, "{stones:?}");
            assert!(
                crate::engine::rules::outcome(&b, rule).is_none(),
                "{stones:?}"
            );
        }
    }
}

#[test]
fn proposals_are_repeatable_with_a_seed_and_pick_the_most_balanced() {
    let empty = board(15, &[]);
    let a = decide_on(&empty, Rule::Freestyle, 8_000, 11);
    assert_eq!(decide_on(&empty, Rule::Freestyle, 8_000, 11), a);
    // No weighed shape scored nearer 0 than the one chosen.
    let mut rng = SmallRng::seed_from_u64(11);
    let shapes = candidates::openings(&empty, OPENING_CANDIDATES, &mut rng);
    assert!(shapes.contains(&match a.choice {
        Choice::Opening(s) => s,
        other => panic!("{other:?}"),
    }));
    assert!(a.score.abs() <= CLEAR_EDGE, "{a:?}");
}

#[test]
fn a_clearly_won_black_position_is_taken_by_swapping() {
    let d = decide_on(&board(15, &BLACK_AHEAD), Rule::Freestyle, 30_000, 1);
    assert_eq!(d.choice, Choice::Swap, "{d:?}");
    assert!(d.score < -CLEAR_EDGE, "{d:?}");
}

#[test]
fn a_clearly_lost_black_position_is_not_taken_white_plays() {
    let b = board(15, &WHITE_AHEAD);
    let d = decide_on(&b, Rule::Freestyle, 30_000, 1);
    let Choice::Play(p) = d.choice else {
        panic!("expected a white move: {d:?}");
    };
    assert!(b.is_empty(p), "{p}");
    assert!(d.score > CLEAR_EDGE, "{d:?}");
}

#[test]
fn after_five_the_better_side_is_taken() {
    let black_three = board(15, &[(7, 7), (0, 0), (8, 7), (14, 14), (9, 7)]);
    let d = decide_on(&black_three, Rule::Freestyle, 20_000, 1);
    assert_eq!(d.choice, Choice::Swap, "{d:?}");
    let white_pair = board(15, &[(0, 0), (7, 7), (14, 14), (8, 7), (0, 14)]);
    let d = decide_on(&white_pair, Rule::Freestyle, 20_000, 1);
    match d.choice {
        Choice::Play(p) => assert!(white_pair.is_empty(p)),
        other => panic!("expected a white move: {other:?} ({d:?})"),
    }
}

#[test]
fn two_added_stones_are_legal_and_leave_a_close_game() {
    // Close three-stone shapes: whatever is chosen must be legal, and at least one of
    // them is close enough for two stones to be added.
    let mut placed = 0;
    for (stones, rule) in [
        ([(7, 7), (8, 8), (7, 9)], Rule::Renju),
        ([(7, 7), (9, 9), (5, 9)], Rule::Freestyle),
        ([(7, 7), (8, 8), (7, 9)], Rule::ExactFive),
    ] {
        let b = board(15, &stones);
        let d = decide_on(&b, rule, 30_000, 2);
        match d.choice {
            Choice::PlaceTwo([w, black]) => {
                placed += 1;
                assert!(d.score.abs() <= BALANCED, "{d:?}");
                assert!(b.is_empty(w) && b.is_empty(black) && w != black);
                let mut after = b.clone();
                after.place(w, Stone::White).expect("empty");
                assert_eq!(forbidden(&after, black), None);
            }
            Choice::Play(p) => assert!(b.is_empty(p)),
            Choice::Swap => {}
            Choice::Opening(_) => panic!("{d:?}"),
        }
    }
    assert!(placed > 0, "no close shape got two stones");
}

#[test]
fn positions_that_are_not_swap2_ones_are_refused() {
    let mut engine = StrongEngine::new(1 << 20);
    let mut rng = SmallRng::seed_from_u64(0);
    let two = board(15, &[(7, 7), (8, 8)]);
    assert_eq!(
        decide(&mut engine, &two, Rule::Freestyle, &limits(100), &mut rng),
        Err(Swap2Error::StoneCount(2))
    );
    let mut wrong = Board::square(15).expect("legal");
    for p in [(7, 7), (8, 8), (9, 9)] {
        wrong
            .place(Pos::new(p.0, p.1), Stone::Black)
            .expect("empty");
    }
    assert_eq!(
        decide(&mut engine, &wrong, Rule::Freestyle, &limits(100), &mut rng),
        Err(Swap2Error::Colours(2))
    );
}

#[test]
fn a_stopped_or_timed_decision_still_answers_legally() {
    let flag = Arc::new(AtomicBool::new(true));
    let stopped = limits(1_000_000).with_stop(flag);
    let mut engine = StrongEngine::new(1 << 20);
    let mut rng = SmallRng::seed_from_u64(0);
    let b = board(15, &[(7, 7), (8, 8), (7, 9)]);
    let d = decide(&mut engine, &b, Rule::Freestyle, &stopped, &mut rng).expect("decided");
    match d.choice {
        Choice::Play(p) => assert!(b.is_empty(p)),
        Choice::Swap => {}
        other => panic!("nothing else is weighed once stopped: {other:?}"),
    }
    // A time budget on a clock that moves only as the engine works: the decision ends
    // within it (give or take the few reads between two searches).
    let clock = SteppingClock::new(Duration::from_millis(1));
    let timed = StrongLimits::depth(60)
        .with_clock(Arc::new(clock.clone()))
        .with_time(TimeBudget::within(Duration::from_millis(400)));
    let before = clock.now();
    let d = decide(
        &mut engine,
        &board(15, &[]),
        Rule::Freestyle,
        &timed,
        &mut rng,
    );
    let took = clock.now().saturating_sub(before);
    assert!(matches!(
        d,
        Ok(Decision {
            choice: Choice::Opening(_),
            ..
        })
    ));
    assert!(took <= Duration::from_millis(450), "{took:?}");
}
