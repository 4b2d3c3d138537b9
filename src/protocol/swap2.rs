//! `SWAP2BOARD`: collecting its `x,y` lines up to `DONE`, checking them, and the answer.
//!
//! Format (Gomoku AI protocol, section SWAP2BOARD, <https://plastovicka.github.io/protocl2en.htm>):
//! the manager sends `SWAP2BOARD`, one `x,y` line per stone in the order played (black,
//! white, black, ...), and `DONE`. The answer depends on the number of stones: with 0,
//! three stones `x1,y1 x2,y2 x3,y3`; with 3, `SWAP`, one move `x,y` or two stones
//! `x1,y1 x2,y2`; with 5, `SWAP` or one move. A move means this brain plays White,
//! `SWAP` that it takes Black (see [`crate::engine::swap2`]).

use super::command::{parse_command, parse_number, printable, Command, ProtocolError};
use super::think::score_text;
use crate::engine::swap2::{Choice, Decision};
use crate::engine::{Board, Pos, Stone};

/// The lines of a `SWAP2BOARD` block read so far.
#[derive(Debug, Default)]
pub struct Swap2Block {
    /// The first [`MOST`] stones.
    stones: Vec<(usize, usize)>,
    /// Every stone line, however many.
    count: usize,
    /// The first bad line, reported at `DONE`.
    error: Option<ProtocolError>,
}

/// Most stones a block may bring (five); more are counted, not kept.
const MOST: usize = 5;

impl Swap2Block {
    /// Takes one line of the block (not `DONE`); blank lines are ignored.
    pub fn add_line(&mut self, line: &str) {
        let line = line.trim();
        if line.is_empty() || self.error.is_some() {
            return;
        }
        match parse_stone(line) {
            Ok(stone) => {
                self.count += 1;
                if self.stones.len() < MOST {
                    self.stones.push(stone);
                }
            }
            Err(e) => self.error = Some(e),
        }
    }

    /// The position the block describes on an empty `width` x `height` board, or why
    /// it is refused: a bad line, a count other than 0, 3 or 5, a stone off the board
    /// or on a point already taken.
    pub fn finish(self, width: usize, height: usize) -> Result<Board, ProtocolError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        if ![0, 3, 5].contains(&self.count) {
            return Err(ProtocolError::Swap2Count(self.count));
        }
        let mut board = Board::new(width, height).map_err(|_| ProtocolError::NoBoard)?;
        for (i, &(x, y)) in self.stones.iter().enumerate() {
            let pos = Pos::new(x, y);
            if !board.contains(pos) {
                return Err(ProtocolError::OffBoard(x, y));
            }
            let colour = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            if board.place(pos, colour).is_err() {
                return Err(ProtocolError::Occupied(x, y));
            }
        }
        Ok(board)
    }
}

/// One `x,y` stone line.
fn parse_stone(line: &str) -> Result<(usize, usize), ProtocolError> {
    let bad = || ProtocolError::BadSwap2Line(printable(line, 40));
    let mut parts = line.split(',');
    let (Some(x), Some(y), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    Ok((
        parse_number(x).map_err(|_| bad())?,
        parse_number(y).map_err(|_| bad())?,
    ))
}

/// True when `line`, met inside a block, is a command of its own (well formed or not):
/// the block was never ended with `DONE`.
pub fn starts_a_command(line: &str) -> bool {
    !matches!(
        parse_command(line),
        Ok(Command::Unknown(_) | Command::Empty)
    )
}

/// Puts the decision's stones on `board` (the block's position) and gives the colour
/// this brain plays from now on: White after answering a move, else Black.
pub fn apply(board: &mut Board, decision: &Decision) -> Result<Stone, ProtocolError> {
    let (stones, me): (&[Pos], Stone) = match &decision.choice {
        Choice::Opening(s) => (s, Stone::Black),
        Choice::Play(p) => (std::slice::from_ref(p), Stone::White),
        Choice::Swap => (&[], Stone::Black),
        Choice::PlaceTwo(s) => (s, Stone::Black),
    };
    for &p in stones {
        let colour = if board.move_count().is_multiple_of(2) {
            Stone::Black
        } else {
            Stone::White
        };
        board
            .place(p, colour)
            .map_err(|_| ProtocolError::Occupied(p.x, p.y))?;
    }
    Ok(me)
}

/// The answer line: stones as `x,y` separated by spaces, or `SWAP`.
pub fn reply(decision: &Decision) -> String {
    let text = |stones: &[Pos]| {
        stones
            .iter()
            .map(|p| format!("{},{}", p.x, p.y))
            .collect::<Vec<_>>()
            .join(" ")
    };
    match &decision.choice {
        Choice::Opening(s) => text(s),
        Choice::Play(p) => text(&[*p]),
        Choice::Swap => "SWAP".to_string(),
        Choice::PlaceTwo(s) => text(s),
    }
}

/// `MESSAGE swap2 ...`: what was decided, and on which score.
pub fn report(decision: &Decision, stones: usize) -> String {
    let what = match decision.choice {
        Choice::Opening(_) => "three stones",
        Choice::Play(_) => "play White",
        Choice::Swap => "take Black",
        Choice::PlaceTwo(_) => "two more stones",
    };
    format!(
        "MESSAGE swap2 after {stones} stones: {what}, White's score {}",
        score_text(decision.score)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(lines: &[&str]) -> Swap2Block {
        let mut b = Swap2Block::default();
        for l in lines {
            b.add_line(l);
        }
        b
    }

    #[test]
    fn stones_alternate_from_black() {
        let board = block(&["7,7", " 8,7\r", "", "9,9"])
            .finish(15, 15)
            .expect("good block");
        let colours: Vec<Stone> = board.moves().iter().map(|m| m.stone).collect();
        assert_eq!(colours, [Stone::Black, Stone::White, Stone::Black]);
        assert_eq!(board.side_to_move(), Stone::White);
        assert_eq!(block(&[]).finish(15, 15).map(|b| b.move_count()), Ok(0));
    }

    #[test]
    fn bad_blocks_say_why() {
        let e = |lines: &[&str]| block(lines).finish(15, 15).unwrap_err();
        assert_eq!(e(&["7,7", "8,8"]), ProtocolError::Swap2Count(2));
        let eight = ["1,1", "2,2", "3,3", "4,4", "5,5", "6,6", "7,7", "8,8"];
        assert_eq!(e(&eight), ProtocolError::Swap2Count(8), "counted past five");
        assert_eq!(e(&["7,7", "15,3", "9,9"]), ProtocolError::OffBoard(15, 3));
        assert_eq!(e(&["7,7", "8,8", "7,7"]), ProtocolError::Occupied(7, 7));
        for bad in ["7", "7,7,1", "a,b", "-1,2", "7;7", "FOO"] {
            assert!(matches!(e(&[bad]), ProtocolError::BadSwap2Line(_)), "{bad}");
        }
        assert!(starts_a_command("TURN 7,7") && starts_a_command("TURN x"));
        assert!(starts_a_command("BOARD") && starts_a_command("INFO rule 1"));
        assert!(!starts_a_command("7,7") && !starts_a_command("FOO") && !starts_a_command(""));
    }

    #[test]
    fn answers_and_colours() {
        let mut board = block(&["7,7", "8,7", "9,9"]).finish(15, 15).expect("ok");
        let two = Decision {
            choice: Choice::PlaceTwo([Pos::new(8, 8), Pos::new(8, 6)]),
            score: 12,
        };
        assert_eq!(reply(&two), "8,8 8,6");
        assert_eq!(apply(&mut board, &two), Ok(Stone::Black));
        assert_eq!(board.get(Pos::new(8, 8)), Some(Stone::White));
        assert_eq!(board.get(Pos::new(8, 6)), Some(Stone::Black));
        let play = Decision {
            choice: Choice::Play(Pos::new(6, 8)),
            score: 3,
        };
        assert_eq!(reply(&play), "6,8");
        assert_eq!(apply(&mut board, &play), Ok(Stone::White));
        let swap = Decision {
            choice: Choice::Swap,
            score: -300,
        };
        assert_eq!(reply(&swap), "SWAP");
        assert!(report(&swap, 3).contains("take Black, White's score -300"));
    }
}
