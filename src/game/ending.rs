//! Games decided off the board: a flag fell, a side resigned, a draw was agreed, or an
//! engine failed (late, an illegal move, garbage, a crash). The board's own endings
//! (five in a row, a full board) are [`crate::engine::Outcome`]s and need no reason.

use crate::engine::{Outcome, Stone};
use crate::protocol::command::printable;
use serde::{Deserialize, Serialize};
use std::fmt;

/// The longest reason kept (a message from another program or another machine).
pub const MAX_REASON: usize = 160;

/// Why a game ended before the board decided it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ending {
    /// `loser` ran out of time.
    Time {
        loser: Stone,
    },
    Resigned {
        loser: Stone,
    },
    DrawAgreed,
    /// `loser`'s program failed; `reason` says how, as a sentence about it.
    Forfeit {
        loser: Stone,
        reason: String,
    },
}

impl Ending {
    /// An engine's failure, its reason made printable and short.
    pub fn forfeit(loser: Stone, reason: &str) -> Ending {
        Ending::Forfeit {
            loser,
            reason: printable(reason, MAX_REASON),
        }
    }

    pub fn winner(&self) -> Option<Stone> {
        match self {
            Ending::Time { loser } | Ending::Resigned { loser } | Ending::Forfeit { loser, .. } => {
                Some(loser.opponent())
            }
            Ending::DrawAgreed => None,
        }
    }

    /// The result as the board's kind of result: a win with no winning row, or a draw.
    pub fn outcome(&self) -> Outcome {
        match self.winner() {
            Some(winner) => Outcome::Win {
                winner,
                line: Vec::new(),
            },
            None => Outcome::Draw,
        }
    }

    /// Why, without who won: "White ran out of time", "by agreement", a forfeit's reason.
    pub fn reason(&self) -> String {
        match self {
            Ending::Time { loser } => format!("{loser} ran out of time"),
            Ending::Resigned { loser } => format!("{loser} resigned"),
            Ending::DrawAgreed => "by agreement".into(),
            Ending::Forfeit { reason, .. } => reason.clone(),
        }
    }

    /// The same ending with any text from outside made printable and short.
    pub fn sanitized(self) -> Ending {
        match self {
            Ending::Forfeit { loser, reason } => Ending::forfeit(loser, &reason),
            other => other,
        }
    }
}

impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Ending::Time { loser } => write!(f, "{} wins on time", loser.opponent()),
            Ending::Resigned { loser } => write!(f, "{loser} resigned"),
            Ending::DrawAgreed => f.write_str("Draw agreed"),
            Ending::Forfeit { loser, reason } => {
                write!(f, "{} wins: {reason}", loser.opponent())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_name_the_winner_and_keep_outside_text_printable() {
        let e = Ending::forfeit(Stone::White, "White's engine exited\n\u{7}with status 3");
        assert_eq!(e.winner(), Some(Stone::Black));
        assert_eq!(
            e.to_string(),
            "Black wins: White's engine exited??with status 3"
        );
        assert_eq!(Ending::DrawAgreed.outcome(), Outcome::Draw);
        let long = Ending::forfeit(Stone::Black, &"x".repeat(1000));
        assert!(matches!(long, Ending::Forfeit { reason, .. } if reason.len() == MAX_REASON));
    }
}
