//! The network game's messages: one JSON object per line over TCP, tagged by `type`.
//!
//! Why JSON lines: a person can read a capture or type a session with `nc`; serde
//! checks every field; a line is bounded before it is parsed. The format is versioned
//! by the handshake (`hello`/`welcome` carry [`PROTOCOL_VERSION`]); fields a newer
//! build adds are ignored by this one.

use crate::engine::{Rule, Stone};
use crate::game::ending::Ending;
use crate::game::time_control::TimeControl;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The version of this message format; the handshake refuses any other.
pub const PROTOCOL_VERSION: u32 = 1;

/// The longest line read (a full 22x22 game's state is about 8 kB).
pub const MAX_LINE: usize = 64 * 1024;

/// The longest player name kept.
pub const MAX_NAME: usize = 32;

/// What the other player may ask and the asked one may accept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Offer {
    /// Take back the asker's last move (and the reply to it).
    Undo,
    Draw,
}

impl std::fmt::Display for Offer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Offer::Undo => "undo",
            Offer::Draw => "draw",
        })
    }
}

/// The whole game as the host has it: sent after every change and on (re)connection,
/// so the guest never has to work anything out for itself.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Snapshot {
    /// The host's id of the game (a new id is a new game).
    pub game: String,
    pub width: usize,
    pub height: usize,
    pub rule: Rule,
    pub time: TimeControl,
    /// The colour the host plays.
    pub host: Stone,
    /// `[x, y, ms]` per move, Black first.
    pub moves: Vec<[u64; 3]>,
    pub ending: Option<Ending>,
    /// Time left per side (Black, White) in ms, when there is a clock.
    pub clock_ms: Option<[u64; 2]>,
    /// The side to move's clock runs.
    pub running: bool,
}

/// One line of the conversation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// Guest -> host, first line. `token` is the one from an earlier `welcome` when
    /// reconnecting to the same game.
    Hello {
        version: u32,
        name: String,
        token: Option<String>,
    },
    /// Host -> guest, the answer to `hello`: keep the token to reconnect.
    Welcome {
        version: u32,
        name: String,
        token: String,
    },
    /// Host -> guest: the game now.
    State(Snapshot),
    /// Guest -> host: the guest's move, as the `ply`-th move of the game (0-based).
    Move {
        x: usize,
        y: usize,
        ply: usize,
    },
    Offer {
        offer: Offer,
    },
    Answer {
        offer: Offer,
        accept: bool,
    },
    Resign,
    /// Sent when nothing else was for a while: the link is alive.
    Ping,
    /// The sender leaves the game for good (no reconnection follows).
    Leave,
    /// What went wrong; a protocol error is followed by the connection closing.
    Error {
        message: String,
    },
}

/// Why a line was not a message.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum MessageError {
    #[error("a line longer than {MAX_LINE} bytes")]
    TooLong,
    #[error("not a message: {0}")]
    Malformed(String),
}

impl Message {
    /// The message as one line, without its newline.
    pub fn encode(&self) -> String {
        // Serialising plain data with string keys cannot fail.
        serde_json::to_string(self).unwrap_or_else(|_| "{}".into())
    }

    /// A line as a message.
    pub fn decode(line: &str) -> Result<Message, MessageError> {
        if line.len() > MAX_LINE {
            return Err(MessageError::TooLong);
        }
        serde_json::from_str(line).map_err(|e| {
            let mut text = e.to_string();
            text.truncate(120);
            MessageError::Malformed(text)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_tagged_json_lines_that_round_trip() {
        let m = Message::Move { x: 7, y: 8, ply: 2 };
        assert_eq!(m.encode(), r#"{"type":"move","x":7,"y":8,"ply":2}"#);
        assert_eq!(Message::decode(&m.encode()), Ok(m));
        let s = Message::State(Snapshot {
            game: "1-a".into(),
            width: 15,
            height: 15,
            rule: Rule::Freestyle,
            time: TimeControl::PerMove { ms: 5000 },
            host: Stone::Black,
            moves: vec![[7, 7, 1200]],
            ending: Some(Ending::Resigned {
                loser: Stone::White,
            }),
            clock_ms: Some([5000, 5000]),
            running: false,
        });
        assert_eq!(Message::decode(&s.encode()), Ok(s));
        assert_eq!(
            Message::decode(r#"{"type":"ping","extra":1}"#),
            Ok(Message::Ping)
        );
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        for bad in [
            "",
            "hello",
            "{}",
            r#"{"type":"move","x":-1,"y":0,"ply":0}"#,
            "[1,2]",
        ] {
            assert!(
                matches!(Message::decode(bad), Err(MessageError::Malformed(_))),
                "{bad:?}"
            );
        }
        assert_eq!(
            Message::decode(&"x".repeat(MAX_LINE + 1)),
            Err(MessageError::TooLong)
        );
    }
}
