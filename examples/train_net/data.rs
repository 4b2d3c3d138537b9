//! Training positions from recorded games: every position the search would evaluate
//! (not one already decided by a five or a four to block), its rows as both colours read
//! them, the game's result and the search's score for the side to move.

use gomoku::engine::strong::eval::evaluate;
use gomoku::engine::strong::movegen::{situation, Situation};
use gomoku::engine::strong::nnue::keys::{net_key, swap_colours, RowMap};
use gomoku::engine::strong::state::State;
use gomoku::engine::Rule;
use serde::Deserialize;

/// Board side the games are played on.
pub const SIZE: usize = 15;
/// Cells of the board.
pub const BOARD: usize = SIZE * SIZE;
/// Row ids of a position: colour (side to move first), cell, direction; a stone's cell
/// has [`OCCUPIED`] in all four.
pub const IDS: usize = 2 * BOARD * 4;
/// The id of every direction of a cell with a stone (it is not summed).
pub const OCCUPIED: u16 = u16::MAX;
/// Scores at or beyond this are proven wins or losses.
const MATE: i32 = 90_000_000;

/// One game as `examples/datagen.rs` writes it.
#[derive(Deserialize)]
struct Game {
    moves: Vec<[usize; 2]>,
    scores: Vec<Option<i32>>,
    result: i32,
    opening: usize,
    /// Moves the game did not play: `[ply, x, y, score after it]`.
    #[serde(default)]
    branches: Vec<[i64; 4]>,
}

/// One deeply searched position as `examples/label.rs` writes it.
#[derive(Deserialize)]
struct Label {
    moves: Vec<[usize; 2]>,
    score: i32,
    result: i32,
}

/// A training position.
pub struct Sample {
    pub ids: Box<[u16; IDS]>,
    /// The game's result for the side to move: 1 won, 0.5 drawn, 0 lost; `None` for a
    /// branch (a position the game did not reach).
    pub result: Option<f32>,
    /// The search's score for the side to move, when it searched this position.
    pub score: Option<Score>,
    /// The pattern weights' evaluation (the reference the network must beat).
    pub classic: i32,
    /// Labelled by a long search of its own (`examples/label.rs`), not a game's.
    pub deep: bool,
}

#[derive(Clone, Copy)]
pub enum Score {
    Value(i32),
    Won,
    Lost,
}

/// Positions of every game in `text` (one JSON line each); `game_filter` picks games by
/// their number in the file (for a held-out share).
pub fn load(text: &str, game_filter: impl Fn(usize) -> bool) -> Result<Vec<Sample>, String> {
    let mut out = Vec::new();
    for (n, line) in text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
    {
        if !game_filter(n) {
            continue;
        }
        if let Ok(label) = serde_json::from_str::<Label>(line) {
            labelled(&label, &mut out).map_err(|e| format!("line {}: {e}", n + 1))?;
            continue;
        }
        let game: Game = serde_json::from_str(line).map_err(|e| format!("line {}: {e}", n + 1))?;
        positions(&game, &mut out).map_err(|e| format!("line {}: {e}", n + 1))?;
    }
    Ok(out)
}

fn positions(game: &Game, out: &mut Vec<Sample>) -> Result<(), String> {
    let mut state = State::new(SIZE, SIZE, Rule::Freestyle);
    for (i, &[x, y]) in game.moves.iter().enumerate() {
        let cell =
            cell_of(&state, x, y).ok_or_else(|| format!("move {i} is not an empty point"))?;
        for b in game.branches.iter().filter(|b| b[0] == i as i64) {
            branch(&mut state, b, out)
                .ok_or_else(|| format!("branch at {i} is not an empty point"))?;
        }
        if i >= game.opening && evaluated(&mut state) {
            let me = state.side_to_move();
            let black_won = match game.result {
                1 => 1.0,
                -1 => 0.0,
                _ => 0.5,
            };
            let result = Some(if me == 0 { black_won } else { 1.0 - black_won });
            let score = game.scores.get(i).copied().flatten().map(score_of);
            out.push(Sample {
                ids: features(&state),
                result,
                score,
                classic: evaluate(&mut state),
                deep: false,
            });
        }
        state.make(cell);
    }
    Ok(())
}

/// A labelled position: its search score, and the result of the game it came from.
fn labelled(label: &Label, out: &mut Vec<Sample>) -> Result<(), String> {
    let mut state = State::new(SIZE, SIZE, Rule::Freestyle);
    for (i, &[x, y]) in label.moves.iter().enumerate() {
        let cell =
            cell_of(&state, x, y).ok_or_else(|| format!("move {i} is not an empty point"))?;
        state.make(cell);
    }
    if evaluated(&mut state) {
        let black_won = match label.result {
            1 => 1.0,
            -1 => 0.0,
            _ => 0.5,
        };
        let me = state.side_to_move();
        out.push(Sample {
            ids: features(&state),
            result: Some(if me == 0 { black_won } else { 1.0 - black_won }),
            score: Some(score_of(label.score)),
            classic: evaluate(&mut state),
            deep: true,
        });
    }
    Ok(())
}

fn score_of(s: i32) -> Score {
    match s {
        s if s >= MATE => Score::Won,
        s if s <= -MATE => Score::Lost,
        s => Score::Value(s),
    }
}

/// The empty cell at `x, y`, if it is one.
fn cell_of(state: &State, x: usize, y: usize) -> Option<u16> {
    if x >= SIZE || y >= SIZE {
        return None;
    }
    let cell = state.cell_of(gomoku::engine::Pos::new(x, y));
    state.is_empty(cell).then_some(cell)
}

/// The position after a branch move `[ply, x, y, score]`, when the search would
/// evaluate it.
fn branch(state: &mut State, b: &[i64; 4], out: &mut Vec<Sample>) -> Option<()> {
    let (x, y) = (usize::try_from(b[1]).ok()?, usize::try_from(b[2]).ok()?);
    let cell = cell_of(state, x, y)?;
    state.make(cell);
    if evaluated(state) {
        out.push(Sample {
            ids: features(state),
            result: None,
            score: Some(score_of(b[3].clamp(i32::MIN as i64, i32::MAX as i64) as i32)),
            classic: evaluate(state),
            deep: false,
        });
    }
    state.unmake();
    Some(())
}

/// True when the search would evaluate this position (nothing forces the next move).
fn evaluated(state: &mut State) -> bool {
    !matches!(
        situation(state),
        Situation::Win(_)
            | Situation::Lost
            | Situation::Forced(_)
            | Situation::WinsInThree(_)
            | Situation::WinsInFive(_)
    )
}

/// The rows of every cell and direction, as the side to move and then the other colour
/// read them.
pub fn features(state: &State) -> Box<[u16; IDS]> {
    let map = RowMap::get();
    let me = state.side_to_move();
    let mut ids = Box::new([0u16; IDS]);
    for (i, cell) in state.board_cells().enumerate() {
        if !state.is_empty(cell) {
            for dir in 0..4 {
                ids[i * 4 + dir] = OCCUPIED;
                ids[BOARD * 4 + i * 4 + dir] = OCCUPIED;
            }
            continue;
        }
        for dir in 0..4 {
            let key = net_key(state.line_key(cell, dir));
            let (black, white) = (map.row(key), map.row(swap_colours(key)));
            let (mine, theirs) = if me == 0 {
                (black, white)
            } else {
                (white, black)
            };
            ids[i * 4 + dir] = mine as u16;
            ids[BOARD * 4 + i * 4 + dir] = theirs as u16;
        }
    }
    ids
}

/// Shapes a line key's row shares with others: the patterns the key gives the colour
/// reading it and the other (so that a rare key starts from what its pattern is worth).
pub const COARSE: usize = 14 * 14;

/// The coarse row of every table row.
pub fn coarse_rows() -> Vec<u16> {
    let map = RowMap::get();
    let table = gomoku::engine::strong::pattern::line_table(Rule::Freestyle);
    (0..map.count())
        .map(|row| {
            let key = map.key_of(row);
            let packed = table.packed(key) as usize;
            let (black, white) = (packed & 15, packed >> 4);
            (black * 14 + white) as u16
        })
        .collect()
}
