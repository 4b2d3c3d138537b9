//! Position strings: `h8i9j10...` — column letter (a = leftmost), then the row number
//! counted from the bottom, moves alternating from Black. A game under another rule
//! than freestyle starts with the rule and a colon: `renju:h8i9j10`, `exact-five:h8`.

use super::error::RecordError;
use crate::engine::{Pos, Rule};
use crate::game::notation::{column_letter, row_number};

/// The word a position string names `rule` by.
pub fn rule_tag(rule: Rule) -> &'static str {
    match rule {
        Rule::Freestyle => "freestyle",
        Rule::ExactFive => "exact-five",
        Rule::Renju => "renju",
    }
}

/// A game's position string: the rule's tag first unless it is freestyle.
pub fn to_game_string(rule: Rule, moves: impl Iterator<Item = Pos>, height: usize) -> String {
    let moves = to_pos_string(moves, height);
    match rule {
        Rule::Freestyle => moves,
        _ => format!("{}:{moves}", rule_tag(rule)),
    }
}

/// The rule a position string names before its colon (`None` when it names none), and
/// the moves after it. Case, spaces and dashes in the rule's name are free.
pub fn split_rule(text: &str) -> Result<(Option<Rule>, &str), RecordError> {
    let Some((name, moves)) = text.split_once(':') else {
        return Ok((None, text));
    };
    let plain = |s: &str| -> String {
        s.chars()
            .filter(|c| c.is_ascii_alphanumeric())
            .map(|c| c.to_ascii_lowercase())
            .collect()
    };
    match Rule::ALL
        .into_iter()
        .find(|&r| plain(rule_tag(r)) == plain(name))
    {
        Some(rule) => Ok((Some(rule), moves)),
        None => Err(RecordError::Parse {
            path: None,
            what: "position string",
            at: 0,
            reason: format!(
                "{:?} is not a rule (freestyle, exact-five or renju)",
                name.trim()
            ),
        }),
    }
}

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
    fn the_rule_goes_before_a_colon() {
        let moves = [Pos::new(7, 7), Pos::new(8, 6)];
        for rule in Rule::ALL {
            let s = to_game_string(rule, moves.into_iter(), 15);
            let (named, rest) = split_rule(&s).unwrap();
            assert_eq!(named.unwrap_or(Rule::Freestyle), rule, "{s}");
            assert_eq!(parse_pos_string(rest, 15, 15).unwrap(), moves);
        }
        assert_eq!(
            to_game_string(Rule::Freestyle, moves.into_iter(), 15),
            "h8i9"
        );
        assert_eq!(
            split_rule(" Exact Five : h8").unwrap().0,
            Some(Rule::ExactFive)
        );
        assert!(split_rule("gomoku:h8").is_err());
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
