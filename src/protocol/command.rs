//! One protocol line -> one [`Command`], or a [`ProtocolError`] that says what was wrong.

use crate::engine::Rule;
use thiserror::Error;

/// A manager's command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    Start(usize),
    RectStart(usize, usize),
    Restart,
    Begin,
    Turn(usize, usize),
    /// `BOARD`: the following lines are [`BoardEntry`]s until `DONE`.
    Board,
    Takeback(usize, usize),
    Info(InfoKey, String),
    End,
    About,
    /// Yixin-Board's `YXSTOP`: stop the running search and play the best move so far.
    YxStop,
    /// `SWAP2BOARD`: the following lines are `x,y` stones until `DONE`; the answer is a
    /// swap2 decision (see [`super::swap2`]).
    Swap2Board,
    /// A command this brain does not know (answered `UNKNOWN`).
    Unknown(String),
    /// An empty line: ignored.
    Empty,
}

/// The `INFO` keys this brain acts on; anything else is ignored, as the spec asks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InfoKey {
    TimeoutTurn,
    TimeoutMatch,
    TimeLeft,
    MaxMemory,
    GameType,
    Rule,
    Folder,
    /// `evaluate x,y`: a GUI brain would show its evaluation of that cell.
    Evaluate,
    /// Yixin-Board's extension: fixed search depth.
    MaxDepth,
    /// Yixin-Board's extension: a node budget per move.
    MaxNode,
    /// Threads the brain may search with (Gomocup's `thread_num`).
    ThreadNum,
    Other(String),
}

impl InfoKey {
    fn from_word(word: &str) -> InfoKey {
        match word.to_ascii_lowercase().as_str() {
            "timeout_turn" => InfoKey::TimeoutTurn,
            "timeout_match" => InfoKey::TimeoutMatch,
            "time_left" => InfoKey::TimeLeft,
            "max_memory" => InfoKey::MaxMemory,
            "game_type" => InfoKey::GameType,
            "rule" => InfoKey::Rule,
            "folder" => InfoKey::Folder,
            "evaluate" => InfoKey::Evaluate,
            "max_depth" => InfoKey::MaxDepth,
            "max_node" => InfoKey::MaxNode,
            "thread_num" => InfoKey::ThreadNum,
            other => InfoKey::Other(printable(other, 40)),
        }
    }

    /// The key as the manager spells it, for error messages.
    pub fn name(&self) -> &str {
        match self {
            InfoKey::TimeoutTurn => "timeout_turn",
            InfoKey::TimeoutMatch => "timeout_match",
            InfoKey::TimeLeft => "time_left",
            InfoKey::MaxMemory => "max_memory",
            InfoKey::GameType => "game_type",
            InfoKey::Rule => "rule",
            InfoKey::Folder => "folder",
            InfoKey::Evaluate => "evaluate",
            InfoKey::MaxDepth => "max_depth",
            InfoKey::MaxNode => "max_node",
            InfoKey::ThreadNum => "thread_num",
            InfoKey::Other(name) => name,
        }
    }
}

/// At most `max` characters of `text` with anything unprintable (NUL, control bytes,
/// the U+FFFD left by invalid UTF-8) shown as `?`: echoed input must never put garbage
/// bytes on the manager's pipe.
pub fn printable(text: &str, max: usize) -> String {
    text.chars()
        .take(max)
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '?'
            }
        })
        .collect()
}

/// One `x,y,field` line inside `BOARD ... DONE`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardEntry {
    pub x: usize,
    pub y: usize,
    /// 1 own stone, 2 opponent's, 3 a cell of an already scored winning line in a
    /// continuous game (nobody may play there).
    pub field: u8,
}

/// Why a line was refused; the text after `ERROR`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ProtocolError {
    #[error("{command} expects {expected}, got {got:?}")]
    BadArguments {
        command: &'static str,
        expected: &'static str,
        got: String,
    },
    #[error("{0:?} is not a valid coordinate or size")]
    BadNumber(String),
    #[error("unsupported size {0}x{1} (5..=22 each)")]
    UnsupportedSize(usize, usize),
    #[error("no board yet: send START first")]
    NoBoard,
    #[error("{0},{1} is off the board")]
    OffBoard(usize, usize),
    #[error("{0},{1} is already occupied")]
    Occupied(usize, usize),
    #[error("no stone at {0},{1} to take back")]
    NothingToTakeBack(usize, usize),
    #[error("bad BOARD line {0:?}: expected x,y,field with field 1, 2 or 3")]
    BadBoardLine(String),
    #[error("board has no empty cell")]
    BoardFull,
    #[error("INFO {key} needs a number, got {value:?}; the previous value stays")]
    BadInfoValue { key: String, value: String },
    #[error(
        "INFO rule {bits} not supported (0 freestyle, 1 exact five and 4 renju are); playing {playing}"
    )]
    UnsupportedRule { bits: u64, playing: Rule },
    #[error("bad SWAP2BOARD line {0:?}: expected x,y")]
    BadSwap2Line(String),
    #[error("SWAP2BOARD needs 0, 3 or 5 stones, got {0}")]
    Swap2Count(usize),
    #[error("SWAP2BOARD was not ended by DONE before {0:?}")]
    Swap2WithoutDone(String),
    #[error(transparent)]
    Swap2(#[from] crate::engine::swap2::Swap2Error),
}

/// True for an `INFO` line, well formed or not. The protocol gives `INFO` no answer, so
/// a problem with one is reported on a `MESSAGE` line, never as `ERROR`.
pub fn is_info_line(line: &str) -> bool {
    line.split_whitespace()
        .next()
        .is_some_and(|word| word.eq_ignore_ascii_case("INFO"))
}

/// Longest number text accepted: anything longer is garbage, not a coordinate.
const MAX_DIGITS: usize = 9;

/// A non-negative integer of reasonable size.
pub fn parse_number(text: &str) -> Result<usize, ProtocolError> {
    let t = text.trim();
    if t.is_empty() || t.len() > MAX_DIGITS || !t.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ProtocolError::BadNumber(printable(t, 32)));
    }
    t.parse()
        .map_err(|_| ProtocolError::BadNumber(printable(t, 32)))
}

fn pair(command: &'static str, args: &str) -> Result<(usize, usize), ProtocolError> {
    let bad = || ProtocolError::BadArguments {
        command,
        expected: "x,y",
        got: printable(args, 40),
    };
    let mut parts = args.split(',');
    let (Some(a), Some(b), None) = (parts.next(), parts.next(), parts.next()) else {
        return Err(bad());
    };
    Ok((parse_number(a)?, parse_number(b)?))
}

/// Parses one command line (case-insensitive, surrounding whitespace and CR ignored).
pub fn parse_command(line: &str) -> Result<Command, ProtocolError> {
    let line = line.trim();
    let (word, args) = match line.split_once(char::is_whitespace) {
        Some((w, a)) => (w, a.trim()),
        None => (line, ""),
    };
    let no_args = |cmd: Command, name: &'static str| {
        if args.is_empty() {
            Ok(cmd)
        } else {
            Err(ProtocolError::BadArguments {
                command: name,
                expected: "no arguments",
                got: printable(args, 40),
            })
        }
    };
    match word.to_ascii_uppercase().as_str() {
        "" => Ok(Command::Empty),
        "START" => Ok(Command::Start(parse_number(args)?)),
        "RECTSTART" => {
            let (w, h) = pair("RECTSTART", args)?;
            Ok(Command::RectStart(w, h))
        }
        "RESTART" => no_args(Command::Restart, "RESTART"),
        "BEGIN" => no_args(Command::Begin, "BEGIN"),
        "TURN" => {
            let (x, y) = pair("TURN", args)?;
            Ok(Command::Turn(x, y))
        }
        "BOARD" => no_args(Command::Board, "BOARD"),
        "TAKEBACK" => {
            let (x, y) = pair("TAKEBACK", args)?;
            Ok(Command::Takeback(x, y))
        }
        "INFO" => {
            let (key, value) = args.split_once(char::is_whitespace).unwrap_or((args, ""));
            if key.is_empty() {
                return Err(ProtocolError::BadArguments {
                    command: "INFO",
                    expected: "key value",
                    got: String::new(),
                });
            }
            Ok(Command::Info(
                InfoKey::from_word(key),
                value.trim().to_string(),
            ))
        }
        "END" => Ok(Command::End),
        "ABOUT" => Ok(Command::About),
        "YXSTOP" => no_args(Command::YxStop, "YXSTOP"),
        "SWAP2BOARD" => no_args(Command::Swap2Board, "SWAP2BOARD"),
        _ => Ok(Command::Unknown(printable(word, 40))),
    }
}

/// Parses one `x,y,field` line of a `BOARD` block.
pub fn parse_board_entry(line: &str) -> Result<BoardEntry, ProtocolError> {
    let bad = || ProtocolError::BadBoardLine(printable(line.trim(), 40));
    let parts: Vec<&str> = line.trim().split(',').collect();
    let [x, y, f] = parts.as_slice() else {
        return Err(bad());
    };
    let field = parse_number(f).map_err(|_| bad())?;
    if !(1..=3).contains(&field) {
        return Err(bad());
    }
    Ok(BoardEntry {
        x: parse_number(x)?,
        y: parse_number(y)?,
        field: field as u8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_parse_case_insensitively() {
        assert_eq!(parse_command("start 15\r"), Ok(Command::Start(15)));
        assert_eq!(
            parse_command("RECTSTART 20,15"),
            Ok(Command::RectStart(20, 15))
        );
        assert_eq!(parse_command("turn 7, 8"), Ok(Command::Turn(7, 8)));
        assert_eq!(parse_command("  BEGIN  "), Ok(Command::Begin));
        assert_eq!(
            parse_command("INFO timeout_turn 1000"),
            Ok(Command::Info(InfoKey::TimeoutTurn, "1000".into()))
        );
        assert_eq!(
            parse_command("INFO foo bar"),
            Ok(Command::Info(InfoKey::Other("foo".into()), "bar".into()))
        );
        assert_eq!(parse_command(""), Ok(Command::Empty));
        assert_eq!(parse_command("swap2board\r"), Ok(Command::Swap2Board));
        assert!(parse_command("SWAP2BOARD 3").is_err());
        assert_eq!(
            parse_command("SWAP3BOARD"),
            Ok(Command::Unknown("SWAP3BOARD".into()))
        );
    }

    #[test]
    fn malformed_arguments_are_errors() {
        assert!(parse_command("TURN 7").is_err());
        assert!(parse_command("TURN -1,5").is_err());
        assert!(parse_command("TURN 99999999999999999999,3").is_err());
        assert!(parse_command("TURN 1,2,3").is_err());
        assert!(parse_command("START").is_err());
        assert!(parse_command("BEGIN now").is_err());
        assert!(parse_board_entry("1,2").is_err());
        assert!(parse_board_entry("1,2,4").is_err());
        assert_eq!(
            parse_board_entry("3,4,2"),
            Ok(BoardEntry {
                x: 3,
                y: 4,
                field: 2
            })
        );
    }

    #[test]
    fn garbage_is_named_safely() {
        let long = format!("TURN {}", "9".repeat(10_000));
        let e = parse_command(&long).unwrap_err().to_string();
        assert!(e.len() < 100, "{e}");
        let lossy = String::from_utf8_lossy(b"\xff\x00\x07TURN 1,1");
        match parse_command(&lossy) {
            Ok(Command::Unknown(word)) => assert_eq!(word, "???TURN"),
            other => panic!("{other:?}"),
        }
        assert_eq!(printable("a\tb\u{fffd}c", 3), "a?b");
        assert!(parse_command("INFO").is_err());
        assert!(is_info_line(" info\r") && is_info_line("INFO x y"));
        assert!(!is_info_line("INFORMATION") && !is_info_line(""));
        assert_eq!(
            parse_command("info MAX_DEPTH 4"),
            Ok(Command::Info(InfoKey::MaxDepth, "4".into()))
        );
        assert_eq!(
            parse_command("INFO evaluate 3,4"),
            Ok(Command::Info(InfoKey::Evaluate, "3,4".into()))
        );
        assert!(parse_command("TURN 1,").is_err());
        assert!(parse_command("TURN ,1").is_err());
        assert!(parse_command("TURN 1;2").is_err());
        assert!(parse_command("TURN +1,2").is_err());
        assert!(parse_command("RECTSTART 20").is_err());
        assert_eq!(parse_command("end\r"), Ok(Command::End));
        assert_eq!(parse_command("Restart"), Ok(Command::Restart));
        assert_eq!(parse_command("yxstop\r"), Ok(Command::YxStop));
        assert!(parse_command("YXSTOP now").is_err());
    }
}
