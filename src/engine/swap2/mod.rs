//! Swap2 opening decisions, as the brain makes them for the Gomocup `SWAP2BOARD` command.
//!
//! Swap2: the first player puts three stones (black, white, black). The second player
//! then plays White (puts the fourth stone, a white one), takes Black (`SWAP`: the first
//! player plays White's fourth move), or puts two more stones (white, then black) and
//! hands the choice to the first player, who then plays White (puts the sixth stone)
//! or takes Black (`SWAP`). Stones alternate in colour from Black, and in every case
//! White moves next: answering a move means "I am White", `SWAP` means "I am Black".
//!
//! The protocol: "Gomoku AI protocol" (Petr Lastovička, Martin Petříček), section
//! SWAP2BOARD, <https://plastovicka.github.io/protocl2en.htm> (also in the Piskvork
//! sources, `source/doc/protocl2en.htm`), added for Gomocup's swap2 tournament (Gomocup
//! news by Kai Sun, April 2020, <https://gomocup.org/news/experimental-tournament-update-2020/>):
//! `SWAP2BOARD`, then one `x,y` line per stone in the order played, then `DONE`. With no
//! stone the answer is three stones `x1,y1 x2,y2 x3,y3`; with three, `SWAP`, one move
//! `x,y` (the fourth) or two `x1,y1 x2,y2` (the fourth and fifth); with five, `SWAP` or
//! one move (the sixth). That a move means White and `SWAP` Black follows from the
//! protocol's own examples: after the sixth move is answered, the other brain is sent the
//! position with the black stones as its own, and after a `SWAP` on three stones, with
//! the white one as its own.
//!
//! Every decision is a few short strong searches sharing the caller's limits (time from
//! the limits' injected clock, nodes, depth, stop flag); scores are the strong engine's,
//! for White, who is to move after three or five stones.

mod budget;
mod candidates;

#[cfg(test)]
mod tests;

use crate::engine::search::SearchResult;
use crate::engine::strong::{StrongEngine, StrongLimits};
use crate::engine::{Board, Pos, Rule, Stone};
use budget::Budget;
use candidates::playable;
use rand::Rng;
use thiserror::Error;

/// After three stones, a side is taken at once when White's score is beyond this either
/// way; within it the position counts as close, and two stones are added instead.
/// Measured with short searches (3k to 100k nodes, depth 3 to 7): a black pair against
/// a white stone thrown into the corner scores about -320 to -640, the reverse about
/// +360 to +700, and 35 random near-centre shapes -330 to +60 (mostly Black ahead, as
/// freestyle theory says). At 150 the shapes Black leads by as much as a clear case are
/// taken as Black, and the nearer ones get two more stones.
pub const CLEAR_EDGE: i32 = 150;
/// A five-stone position is handed back only if White's score is within this of 0;
/// otherwise the second player takes the better side after all.
pub const BALANCED: i32 = 80;
/// Three-stone openings weighed for a proposal, and pairs weighed for two added stones.
pub const OPENING_CANDIDATES: usize = 8;
pub const PAIR_CANDIDATES: usize = 6;

/// What a swap2 decision answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    /// The first three stones: black, white, black.
    Opening([Pos; 3]),
    /// Play White: this stone is White's next move (the fourth or the sixth).
    Play(Pos),
    /// Take Black: the opponent plays White's next move.
    Swap,
    /// Add these two stones (white, then black) and let the opponent choose a side.
    PlaceTwo([Pos; 2]),
}

/// A choice and the score it was made on: White's, of the position after the choice's
/// stones (for `Play` and `Swap`, of the position as given).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decision {
    pub choice: Choice,
    pub score: i32,
}

/// Why a position cannot be decided on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum Swap2Error {
    #[error("swap2 is decided with 0, 3 or 5 stones on the board, not {0}")]
    StoneCount(usize),
    #[error("swap2 stones alternate black, white, black...: stone {0} does not")]
    Colours(usize),
    #[error("no room on the board for a swap2 opening")]
    NoRoom,
}

/// The decision for the swap2 position on `board`, by its number of stones: 0, the
/// first player's opening ([`propose_opening`]); 3, the second player's choice
/// ([`after_three`]); 5, the first player's choice ([`after_five`]).
pub fn decide(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    limits: &StrongLimits,
    rng: &mut impl Rng,
) -> Result<Decision, Swap2Error> {
    for (i, m) in board.moves().iter().enumerate() {
        let expected = if i % 2 == 0 {
            Stone::Black
        } else {
            Stone::White
        };
        if m.stone != expected {
            return Err(Swap2Error::Colours(i + 1));
        }
    }
    match board.move_count() {
        0 => propose_opening(engine, board, rule, limits, rng),
        3 => Ok(after_three(engine, board, rule, limits, rng)),
        5 => Ok(after_five(engine, board, rule, limits)),
        n => Err(Swap2Error::StoneCount(n)),
    }
}

/// White's view of `board`: a strong search with White to move.
fn judge(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    budget: &mut Budget,
    parts: u32,
) -> SearchResult {
    let mut position = board.clone();
    position.set_side_to_move(Stone::White);
    let r = engine.search(&position, rule, &budget.next(parts));
    budget.spent(&r);
    r
}

/// Of `positions` (each the stones to add to `board`), the one whose score for White is
/// nearest 0, with that score; `None` if not one could be searched.
fn most_balanced<const N: usize>(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    budget: &mut Budget,
    candidates: &[[Pos; N]],
) -> Option<([Pos; N], i32)> {
    let mut best: Option<([Pos; N], i32)> = None;
    for (i, stones) in candidates.iter().enumerate() {
        if best.is_some() && budget.exhausted() {
            break;
        }
        let Some(position) = with_stones(board, stones) else {
            continue;
        };
        let parts = (candidates.len() - i) as u32;
        let score = judge(engine, &position, rule, budget, parts).score;
        if best.is_none_or(|(_, s)| score.abs() < s.abs()) {
            best = Some((*stones, score));
        }
    }
    best
}

/// `board` with `stones` added in turn, colours going on alternating from Black.
fn with_stones(board: &Board, stones: &[Pos]) -> Option<Board> {
    let mut position = board.clone();
    for &p in stones {
        let colour = if position.move_count().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        position.place(p, colour).ok()?;
    }
    Some(position)
}

/// The first player's three stones: of [`OPENING_CANDIDATES`] shapes near the centre
/// (drawn with `rng`), the one whose short search scores nearest 0 for White.
pub fn propose_opening(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    limits: &StrongLimits,
    rng: &mut impl Rng,
) -> Result<Decision, Swap2Error> {
    if board.move_count() != 0 {
        return Err(Swap2Error::StoneCount(board.move_count()));
    }
    let shapes = candidates::openings(board, OPENING_CANDIDATES, rng);
    let mut budget = Budget::new(limits);
    let (stones, score) =
        most_balanced(engine, board, rule, &mut budget, &shapes).ok_or(Swap2Error::NoRoom)?;
    Ok(Decision {
        choice: Choice::Opening(stones),
        score,
    })
}

/// The second player's choice after three stones, on White's score `s` from a search
/// given a third of the budget: `s > CLEAR_EDGE`, play White (the search's move);
/// `s < -CLEAR_EDGE`, take Black; otherwise add the pair (the search's line first, then
/// [`PAIR_CANDIDATES`] drawn near the stones) that leaves a score nearest 0, if that is
/// within [`BALANCED`], and else take the better side after all (White on a tie). With
/// the budget spent by the first search, the better side is taken at once.
pub fn after_three(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    limits: &StrongLimits,
    rng: &mut impl Rng,
) -> Decision {
    let mut budget = Budget::new(limits);
    let first = judge(engine, board, rule, &mut budget, 3);
    let score = first.score;
    let play = white_move(board, &first);
    let side = |score: i32| Decision {
        choice: if score >= 0 { play } else { Choice::Swap },
        score,
    };
    // Out of time (or stopped) already: pairs could not be weighed, so take a side.
    if score.abs() > CLEAR_EDGE || budget.exhausted() {
        return side(score);
    }
    let mut pairs: Vec<[Pos; 2]> = line_pair(board, rule, &first).into_iter().collect();
    for pair in candidates::pairs(board, rule, PAIR_CANDIDATES, rng) {
        if !pairs.contains(&pair) {
            pairs.push(pair);
        }
    }
    match most_balanced(engine, board, rule, &mut budget, &pairs) {
        Some((pair, s)) if s.abs() <= BALANCED => Decision {
            choice: Choice::PlaceTwo(pair),
            score: s,
        },
        _ => side(score),
    }
}

/// The first player's choice after five stones: play White (the search's move) when
/// White's score is 0 or better, else take Black.
pub fn after_five(
    engine: &mut StrongEngine,
    board: &Board,
    rule: Rule,
    limits: &StrongLimits,
) -> Decision {
    let mut budget = Budget::new(limits);
    let r = judge(engine, board, rule, &mut budget, 1);
    Decision {
        choice: if r.score >= 0 {
            white_move(board, &r)
        } else {
            Choice::Swap
        },
        score: r.score,
    }
}

/// White's move from a search, or (should it have none) the empty cell nearest the
/// centre; `Swap` only on a full board.
fn white_move(board: &Board, r: &SearchResult) -> Choice {
    let (cx, cy) = (board.width() / 2, board.height() / 2);
    r.best_move
        .filter(|&p| board.is_empty(p))
        .or_else(|| {
            board
                .cells()
                .filter(|&p| board.is_empty(p))
                .min_by_key(|p| p.x.abs_diff(cx).max(p.y.abs_diff(cy)))
        })
        .map_or(Choice::Swap, Choice::Play)
}

/// The search's own line as a pair (White's move, Black's answer), if both are
/// playable and finish nothing.
fn line_pair(board: &Board, rule: Rule, r: &SearchResult) -> Option<[Pos; 2]> {
    let (&w, &b) = (r.pv.first()?, r.pv.get(1)?);
    let mut after = board.clone();
    if !playable(board, rule, w, Stone::White) || after.place(w, Stone::White).is_err() {
        return None;
    }
    playable(&after, rule, b, Stone::Black).then_some([w, b])
}
