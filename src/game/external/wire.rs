//! The manager's side of the pbrain protocol, as text: the commands we send and the
//! answers we understand (http://petr.lastovicka.sweb.cz/protocl2en.htm). No I/O here.

use crate::engine::{Board, Pos, Rule};
use crate::game::time_control::EngineTime;

/// Memory an engine is allowed (`INFO max_memory`): Gomocup's usual 350 MB.
pub const MAX_MEMORY: u64 = 350 * 1024 * 1024;

/// `time_left` when the match has no limit, as the protocol says.
const UNLIMITED: u64 = 2_147_483_647;

/// `START 15` for a square board, `RECTSTART 15,20` otherwise.
pub fn start(board: &Board) -> String {
    if board.width() == board.height() {
        format!("START {}", board.width())
    } else {
        format!("RECTSTART {},{}", board.width(), board.height())
    }
}

/// What is sent once per game, after `START`: the match time, the memory, the rule.
pub fn game_info(rule: Rule, time: &EngineTime) -> Vec<String> {
    let rule_bits = crate::protocol::info::rule_bits(rule);
    vec![
        format!("INFO timeout_match {}", time.match_ms),
        format!("INFO max_memory {MAX_MEMORY}"),
        format!("INFO rule {rule_bits}"),
    ]
}

/// What is sent before every move: the turn time and the match time left.
pub fn turn_info(time: &EngineTime) -> Vec<String> {
    vec![
        format!("INFO timeout_turn {}", time.turn_ms),
        format!("INFO time_left {}", time.left_ms.unwrap_or(UNLIMITED)),
    ]
}

/// The commands that bring an engine that knows `known` to `board` and ask for its
/// move: `BEGIN` on an empty board, `TURN x,y` after one opponent's move it has not
/// seen, else the whole board (`BOARD` ... `DONE`, its own stones as 1).
pub fn position(known: Option<&Board>, board: &Board) -> Vec<String> {
    let moves = board.moves();
    let Some(last) = moves.last() else {
        return vec!["BEGIN".into()];
    };
    let follows =
        known.is_some_and(|k| k.moves().len() + 1 == moves.len() && moves.starts_with(k.moves()));
    if follows && last.stone != board.side_to_move() {
        return vec![format!("TURN {},{}", last.pos.x, last.pos.y)];
    }
    let me = board.side_to_move();
    let mut lines = vec!["BOARD".to_string()];
    lines.extend(moves.iter().map(|m| {
        let field = if m.stone == me { 1 } else { 2 };
        format!("{},{},{field}", m.pos.x, m.pos.y)
    }));
    lines.push("DONE".into());
    lines
}

/// One line from an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// `x,y`: its move.
    Move(Pos),
    /// Something that tried to be a move and is not one (`7,-1`, `7,8,9`, `a,b`).
    BadMove(String),
    Ok,
    Message(String),
    Debug(String),
    Error(String),
    Unknown(String),
    /// `SUGGEST x,y` and other lines a manager may ignore.
    Ignored(String),
    /// Not the protocol at all.
    Garbage(String),
}

/// Reads one line; `None` for an empty one (the protocol says to ignore those).
/// Keywords are matched in any case, as the protocol asks of managers.
pub fn parse(line: &str) -> Option<Answer> {
    let t = line.trim();
    if t.is_empty() {
        return None;
    }
    let (word, rest) = t.split_once(char::is_whitespace).unwrap_or((t, ""));
    let rest = rest.trim().to_string();
    Some(match word.to_ascii_uppercase().as_str() {
        "OK" => Answer::Ok,
        "MESSAGE" => Answer::Message(rest),
        "DEBUG" => Answer::Debug(rest),
        "ERROR" => Answer::Error(rest),
        "UNKNOWN" => Answer::Unknown(rest),
        "SUGGEST" => Answer::Ignored(t.to_string()),
        _ if t.starts_with(|c: char| c.is_ascii_digit() || c == '-') || t.contains(',') => {
            parse_move(t).map_or_else(|| Answer::BadMove(t.to_string()), Answer::Move)
        }
        _ => Answer::Garbage(t.to_string()),
    })
}

/// `x,y` with optional spaces, both small non-negative numbers.
fn parse_move(t: &str) -> Option<Pos> {
    t.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(moves: &[(usize, usize)]) -> Board {
        let mut b = Board::square(15).unwrap();
        for &(x, y) in moves {
            b.play(Pos::new(x, y)).unwrap();
        }
        b
    }

    #[test]
    fn the_position_is_sent_as_begin_turn_or_the_whole_board() {
        assert_eq!(position(None, &board(&[])), ["BEGIN"]);
        let known = board(&[]);
        assert_eq!(position(Some(&known), &board(&[(7, 7)])), ["TURN 7,7"]);
        // After an undo, or for an engine that knows nothing: the whole board, its own
        // stones (the side to move's) as 1.
        assert_eq!(
            position(Some(&board(&[(7, 7), (8, 8), (9, 9)])), &board(&[(7, 7)])),
            ["BOARD", "7,7,2", "DONE"]
        );
        assert_eq!(
            position(None, &board(&[(7, 7), (8, 8)])),
            ["BOARD", "7,7,1", "8,8,2", "DONE"]
        );
        let rect = Board::new(15, 20).unwrap();
        assert_eq!(start(&rect), "RECTSTART 15,20");
        assert_eq!(start(&known), "START 15");
    }

    #[test]
    fn answers_are_read_in_any_case_and_bad_moves_are_told_from_garbage() {
        assert_eq!(parse(" 7, 8 \r"), Some(Answer::Move(Pos::new(7, 8))));
        assert_eq!(parse("ok"), Some(Answer::Ok));
        assert_eq!(
            parse("MESSAGE depth 9 score 12"),
            Some(Answer::Message("depth 9 score 12".into()))
        );
        assert_eq!(parse(""), None);
        for bad in ["7,-1", "-1,3", "7,8,9", "a,b", "99999,1", "7"] {
            assert!(matches!(parse(bad), Some(Answer::BadMove(_))), "{bad}");
        }
        assert!(matches!(parse("hello there"), Some(Answer::Garbage(_))));
        assert!(matches!(parse("SUGGEST 7,7"), Some(Answer::Ignored(_))));
    }

    #[test]
    fn infos_carry_the_clock_and_the_rule() {
        let t = EngineTime {
            turn_ms: 4_750,
            match_ms: 0,
            left_ms: None,
        };
        assert_eq!(
            turn_info(&t),
            ["INFO timeout_turn 4750", "INFO time_left 2147483647"]
        );
        assert_eq!(game_info(Rule::ExactFive, &t)[2], "INFO rule 1");
        assert_eq!(game_info(Rule::Renju, &t)[2], "INFO rule 4");
    }
}
