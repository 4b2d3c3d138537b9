//! The shapes a swap2 decision chooses between: three-stone openings near the centre,
//! and pairs of stones (white, then black) to add to a three-stone opening. Drawn with
//! the caller's random generator, so a seeded generator gives the same shapes every time.

use crate::engine::renju::forbidden;
use crate::engine::{Board, Pos, Rule, Stone};
use rand::Rng;

/// How far the first black stone may lie from the centre, and the other two from it.
const FIRST_REACH: i32 = 1;
const SHAPE_REACH: i32 = 2;
/// How far from the stones already on the board an added stone may go.
const PAIR_REACH: i32 = 2;
/// Draws per wanted shape before giving up (a tiny board has few distinct shapes).
const TRIES_PER_SHAPE: usize = 40;

fn offset(board: &Board, from: Pos, rng: &mut impl Rng, reach: i32) -> Option<Pos> {
    let dx = rng.random_range(-reach..=reach) as isize;
    let dy = rng.random_range(-reach..=reach) as isize;
    board.pos_at(from.x as isize + dx, from.y as isize + dy)
}

/// Up to `count` distinct openings `[black, white, black]` on the empty `board`: the
/// first black stone next to the centre, the white and the second black stone within
/// two cells of it.
pub fn openings(board: &Board, count: usize, rng: &mut impl Rng) -> Vec<[Pos; 3]> {
    let centre = Pos::new(board.width() / 2, board.height() / 2);
    let mut out: Vec<[Pos; 3]> = Vec::with_capacity(count);
    for _ in 0..count * TRIES_PER_SHAPE {
        if out.len() >= count {
            break;
        }
        let Some(b1) = offset(board, centre, rng, FIRST_REACH) else {
            continue;
        };
        let (Some(w), Some(b2)) = (
            offset(board, b1, rng, SHAPE_REACH),
            offset(board, b1, rng, SHAPE_REACH),
        ) else {
            continue;
        };
        let shape = [b1, w, b2];
        let distinct = b1 != w && b1 != b2 && w != b2;
        let empty = shape.iter().all(|&p| board.is_empty(p));
        if distinct && empty && !out.contains(&shape) {
            out.push(shape);
        }
    }
    out
}

/// An empty cell within `PAIR_REACH` of a random stone on `board`.
fn near_a_stone(board: &Board, rng: &mut impl Rng) -> Option<Pos> {
    let moves = board.moves();
    if moves.is_empty() {
        return None;
    }
    let anchor = moves[rng.random_range(0..moves.len())].pos;
    offset(board, anchor, rng, PAIR_REACH).filter(|&p| board.is_empty(p))
}

/// True when `stone` may be placed at the empty `pos` under `rule`, and it ends nothing:
/// a pair that made five would hand over a finished game.
pub fn playable(board: &Board, rule: Rule, pos: Pos, stone: Stone) -> bool {
    board.is_empty(pos)
        && !(rule.restricts(stone) && forbidden(board, pos).is_some())
        && !crate::engine::rules::wins_if_placed(board, rule, pos, stone)
}

/// Up to `count` distinct pairs `[white, black]` to add to `board`, each stone next to
/// a stone already there, both playable in that order.
pub fn pairs(board: &Board, rule: Rule, count: usize, rng: &mut impl Rng) -> Vec<[Pos; 2]> {
    let mut out: Vec<[Pos; 2]> = Vec::with_capacity(count);
    let mut scratch = board.clone();
    for _ in 0..count * TRIES_PER_SHAPE {
        if out.len() >= count {
            break;
        }
        let (Some(w), Some(b)) = (near_a_stone(board, rng), near_a_stone(board, rng)) else {
            continue;
        };
        if w == b || out.contains(&[w, b]) || !playable(&scratch, rule, w, Stone::White) {
            continue;
        }
        if scratch.place(w, Stone::White).is_err() {
            continue;
        }
        let ok = playable(&scratch, rule, b, Stone::Black);
        scratch.undo();
        if ok {
            out.push([w, b]);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::SmallRng;
    use rand::SeedableRng;

    #[test]
    fn openings_are_distinct_empty_and_near_the_centre() {
        let board = Board::square(15).expect("legal");
        let mut rng = SmallRng::seed_from_u64(3);
        let shapes = openings(&board, 8, &mut rng);
        assert_eq!(shapes.len(), 8);
        for s in &shapes {
            assert!(s[0] != s[1] && s[0] != s[2] && s[1] != s[2], "{s:?}");
            for p in s {
                assert!(p.x.abs_diff(7) <= 3 && p.y.abs_diff(7) <= 3, "{s:?}");
            }
        }
        let mut again = SmallRng::seed_from_u64(3);
        assert_eq!(
            openings(&board, 8, &mut again),
            shapes,
            "seeded: repeatable"
        );
        // The smallest board still has room for a few.
        let tiny = Board::square(5).expect("legal");
        assert!(!openings(&tiny, 8, &mut rng).is_empty());
    }

    #[test]
    fn pairs_touch_the_stones_and_are_playable() {
        let mut board = Board::square(15).expect("legal");
        for (p, s) in [
            ((7, 7), Stone::Black),
            ((8, 7), Stone::White),
            ((7, 9), Stone::Black),
        ] {
            board.place(Pos::new(p.0, p.1), s).expect("empty");
        }
        let mut rng = SmallRng::seed_from_u64(5);
        let found = pairs(&board, Rule::Renju, 6, &mut rng);
        assert_eq!(found.len(), 6);
        for [w, b] in found {
            assert!(w != b && board.is_empty(w) && board.is_empty(b));
            let near = |p: Pos| {
                board
                    .moves()
                    .iter()
                    .any(|m| m.pos.x.abs_diff(p.x) <= 2 && m.pos.y.abs_diff(p.y) <= 2)
            };
            assert!(near(w) && near(b), "{w} {b}");
        }
    }
}
