//! Piskvork `.psq` files: a header `Piskvorky WxH, ...`, then one `x,y,ms` line per move
//! with 1-based coordinates (x from the left, y from the top); trailing lines (brain
//! names and such) are ignored. The header's fields are the size, each player's level
//! (0: a person) and which player began: Piskvork's format has no field for the rule,
//! so a `.psq` is imported under the rule the importer chooses.

use super::error::RecordError;
use super::model::GameRecord;
use crate::engine::{Pos, MAX_SIZE, MIN_SIZE};

/// A record as a `.psq` text.
pub fn to_psq(record: &GameRecord) -> String {
    let mut out = format!("Piskvorky {}x{}, 11:11, 0\n", record.width, record.height);
    for m in &record.moves {
        out.push_str(&format!("{},{},{}\n", m.x + 1, m.y + 1, m.ms));
    }
    out
}

/// Moves with their thinking times in milliseconds.
pub type TimedMoves = Vec<(Pos, u64)>;

/// Width, height and moves (with their times) of a `.psq` text.
pub fn parse_psq(text: &str) -> Result<(usize, usize, TimedMoves), RecordError> {
    let mut lines = text.lines();
    let header = lines.next().unwrap_or("");
    let (width, height) = parse_header(header)?;
    let mut moves = Vec::new();
    let mut offset = header.len() + 1;
    for line in lines {
        // The first line that is not a move starts the trailer: brain names, "-1", etc.
        let Some((x, y, ms)) = move_fields(line) else {
            break;
        };
        if x == 0 || y == 0 || x > width || y > height {
            let reason =
                format!("move {x},{y} is off the {width}x{height} board (psq counts from 1)");
            return Err(parse_error(offset, reason));
        }
        moves.push((Pos::new(x - 1, y - 1), ms));
        offset += line.len() + 1;
    }
    Ok((width, height, moves))
}

fn parse_error(at: usize, reason: String) -> RecordError {
    RecordError::Parse {
        path: None,
        what: "psq file",
        at,
        reason,
    }
}

/// The board size of a `Piskvorky WxH, ...` header line.
fn parse_header(header: &str) -> Result<(usize, usize), RecordError> {
    let size = header
        .get(9..)
        .unwrap_or("")
        .trim()
        .split(|c: char| c == ',' || c.is_whitespace())
        .next()
        .unwrap_or("");
    let (w, h) = size
        .split_once(['x', 'X'])
        .ok_or_else(|| parse_error(0, format!("header {header:?} has no WxH size")))?;
    let parse_size = |s: &str| {
        s.trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (MIN_SIZE..=MAX_SIZE).contains(n))
    };
    match (parse_size(w), parse_size(h)) {
        (Some(width), Some(height)) => Ok((width, height)),
        _ => Err(parse_error(
            0,
            format!("board size {size:?} is not 5..=22 each"),
        )),
    }
}

/// The 1-based `x,y` and the optional milliseconds of a move line; `None` when the line
/// is not a move.
fn move_fields(line: &str) -> Option<(usize, usize, u64)> {
    let nums: Option<Vec<u64>> = line
        .trim()
        .split(',')
        .map(|f| f.trim().parse::<u64>().ok())
        .collect();
    match *nums?.as_slice() {
        [x, y] => Some((x as usize, y as usize, 0)),
        [x, y, ms] => Some((x as usize, y as usize, ms)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_piskvork_file_parses() {
        let text = "Piskvorky 20x20, 11:11, 0\n10,10,0\n11,11,1500\n12,10,300\n-1\npbrain-x.exe\n";
        let (w, h, moves) = parse_psq(text).unwrap();
        assert_eq!((w, h), (20, 20));
        assert_eq!(
            moves,
            vec![
                (Pos::new(9, 9), 0),
                (Pos::new(10, 10), 1500),
                (Pos::new(11, 9), 300)
            ]
        );
    }

    #[test]
    fn bad_files_are_errors() {
        assert!(parse_psq("Piskvorky 30x30, 0\n").is_err());
        assert!(parse_psq("Piskvorky\n1,1\n").is_err());
        assert!(parse_psq("Piskvorky 15x15, 0\n16,1,0\n").is_err());
        assert!(parse_psq("Piskvorky 15x15, 0\n0,1,0\n").is_err());
    }
}
