//! Position strings: `h8i9j10...` — column letter (a = leftmost), then the row number
//! counted from the bottom, moves alternating from Black.

use super::error::RecordError;
use crate::engine::Pos;
use crate::game::notation::{column_letter, row_number};

/// The moves as a position string for a board `height` rows tall.
pub fn to_pos_string(moves: impl Iterator<Item = Pos>, height: usize) -> String {
    moves
        .map(|p| {
            format!(
                "{}{}",
                column_letter(p.x).to_ascii_lowercase(),
                row_number(p.y, height)
            )
        })
        .collect()
}

/// Parses a position string for a `width` x `height` board. Case and whitespace are
/// free; anything else wrong is reported with its character offset.
pub fn parse_pos_string(text: &str, width: usize, height: usize) -> Result<Vec<Pos>, RecordError> {
    let err = |at: usize, reason: String| RecordError::Parse {
        path: None,
        what: "position string",
        at,
        reason,
    };
    let chars: Vec<char> = text.chars().collect();
    let mut moves: Vec<Pos> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c.is_whitespace() {
            i += 1;
            continue;
        }
        let start = i;
        if !c.is_ascii_alphabetic() {
            return Err(err(start, format!("expected a column letter, found {c:?}")));
        }
        let x = (c.to_ascii_lowercase() as u8 - b'a') as usize;
        if x >= width {
            return Err(err(
                start,
                format!("column {c} is off a board {width} wide"),
            ));
        }
        i += 1;
        let digits: String = chars[i..]
            .iter()
            .take_while(|d| d.is_ascii_digit())
            .collect();
        if digits.is_empty() {
            return Err(err(i, format!("expected a row number after {c}")));
        }
        i += digits.chars().count();
        let row: usize = digits
            .parse()
            .map_err(|_| err(start, format!("row {digits} is too large")))?;
        if row == 0 || row > height {
            return Err(err(
                start,
                format!("row {row} is off a board {height} high"),
            ));
        }
        let p = Pos::new(x, height - row);
        if moves.contains(&p) {
            return Err(err(start, format!("{c}{row} is played twice")));
        }
        moves.push(p);
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_example() {
        let moves = parse_pos_string("h8i9j10", 15, 15).unwrap();
        assert_eq!(moves, vec![Pos::new(7, 7), Pos::new(8, 6), Pos::new(9, 5)]);
        assert_eq!(to_pos_string(moves.into_iter(), 15), "h8i9j10");
        assert_eq!(parse_pos_string(" H8 i9\n", 15, 15).unwrap().len(), 2);
    }

    #[test]
    fn bad_strings_say_where() {
        for bad in [
            "h",
            "h0",
            "h16",
            "p8",
            "h8h8",
            "h8-",
            "8h",
            "h99999999999999999999",
        ] {
            assert!(
                matches!(
                    parse_pos_string(bad, 15, 15),
                    Err(RecordError::Parse { .. })
                ),
                "{bad}"
            );
        }
    }
}
