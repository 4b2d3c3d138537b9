//! An independent oracle for tactics tests: plain rules on a `Board` (nothing from the
//! engines' tables or states), slow and obviously right. Freestyle only.
//!
//! Shared by several test targets, each using a part of it.
#![allow(dead_code)]

use gomoku::engine::rules::{wins_if_placed, DIRECTIONS};
use gomoku::engine::{Board, Pos, Rule, Stone};
use std::collections::HashSet;

/// The 15x15 board after the moves `x,y ...` (Black first), played by the plain rules:
/// how the test files' positions are written.
pub fn board_of(moves: &str) -> Board {
    let mut board = Board::square(15).expect("15x15");
    for w in moves.split_whitespace() {
        let (x, y) = w.split_once(',').expect("x,y");
        let p = Pos::new(x.parse().expect("x"), y.parse().expect("y"));
        board.play(p).expect("a legal move");
    }
    board
}

/// Every cell where `stone` makes five at once.
pub fn fives(b: &Board, stone: Stone) -> Vec<Pos> {
    b.cells()
        .filter(|&p| wins_if_placed(b, Rule::Freestyle, p, stone))
        .collect()
}

/// Cells on the four lines through `p` (within four) where `stone` makes five at once.
pub fn fives_through(b: &Board, p: Pos, stone: Stone) -> Vec<Pos> {
    let mut out = Vec::new();
    for &(dx, dy) in DIRECTIONS.iter() {
        for k in (-4isize..=4).filter(|&k| k != 0) {
            if let Some(q) = b.pos_at(p.x as isize + k * dx, p.y as isize + k * dy) {
                if wins_if_placed(b, Rule::Freestyle, q, stone) && !out.contains(&q) {
                    out.push(q);
                }
            }
        }
    }
    out
}

/// Cells where `stone` would make two five points at once (an open four or a double
/// four): what an open three threatens.
pub fn open_four_points(b: &mut Board, stone: Stone) -> Vec<Pos> {
    let empty: Vec<Pos> = b.cells().filter(|&p| b.is_empty(p)).collect();
    empty
        .into_iter()
        .filter(|&p| {
            b.place(p, stone).is_ok() && {
                let n = fives_through(b, p, stone).len();
                b.undo();
                n >= 2
            }
        })
        .collect()
}

/// A win by continuous fours for the side to move within `fours` fours: the line
/// (attacker, block, attacker, ...), found by trying every four.
pub fn vcf(b: &mut Board, fours: u32) -> Option<Vec<Pos>> {
    let mut failed = HashSet::new();
    attack(b, fours, &mut failed)
}

fn key(b: &Board) -> Vec<u8> {
    b.cells()
        .map(|p| match b.get(p) {
            None => 0,
            Some(Stone::Black) => 1,
            Some(Stone::White) => 2,
        })
        .collect()
}

fn near_own(b: &Board, p: Pos, me: Stone) -> bool {
    DIRECTIONS.iter().any(|&(dx, dy)| {
        (-4isize..=4).any(|k| {
            b.pos_at(p.x as isize + k * dx, p.y as isize + k * dy)
                .is_some_and(|q| b.get(q) == Some(me))
        })
    })
}

fn attack(b: &mut Board, fours: u32, failed: &mut HashSet<(Vec<u8>, u32)>) -> Option<Vec<Pos>> {
    let me = b.side_to_move();
    let opp = me.opponent();
    if let Some(&p) = fives(b, me).first() {
        return Some(vec![p]);
    }
    let theirs = fives(b, opp);
    if theirs.len() >= 2 || fours == 0 {
        return None;
    }
    let k = (key(b), fours);
    if failed.contains(&k) {
        return None;
    }
    let candidates: Vec<Pos> = if theirs.len() == 1 {
        theirs
    } else {
        b.cells()
            .filter(|&p| b.is_empty(p) && near_own(b, p, me))
            .collect()
    };
    for p in candidates {
        b.play(p).ok()?;
        let mine = fives_through(b, p, me);
        let line = if mine.is_empty() || !fives(b, opp).is_empty() {
            None
        } else if mine.len() >= 2 {
            Some(vec![p])
        } else {
            let block = mine[0];
            b.play(block).ok()?;
            let rest = attack(b, fours - 1, failed);
            b.undo();
            rest.map(|r| [vec![p, block], r].concat())
        };
        b.undo();
        if line.is_some() {
            return line;
        }
    }
    failed.insert(k);
    None
}

/// Replays `line` (attacker first) and says why it is not a win by continuous fours.
pub fn check_vcf(board: &Board, line: &[Pos]) -> Result<(), String> {
    let mut b = board.clone();
    let attacker = b.side_to_move();
    for (i, &mv) in line.iter().enumerate() {
        if i % 2 == 0 {
            if wins_if_placed(&b, Rule::Freestyle, mv, attacker) {
                return Ok(());
            }
            b.play(mv).map_err(|e| e.to_string())?;
            let threats = fives(&b, attacker);
            if threats.is_empty() {
                return Err(format!("move {i} {mv} is not a four"));
            }
            if !fives(&b, attacker.opponent()).is_empty() {
                return Err(format!("after move {i} the defender wins"));
            }
            if threats.len() >= 2 {
                return Ok(());
            }
        } else {
            if fives(&b, attacker) != vec![mv] {
                return Err(format!("move {i} {mv} is not the only block"));
            }
            b.play(mv).map_err(|e| e.to_string())?;
        }
    }
    Err("the line ends without a win".into())
}
