//! Who controls each colour.

use crate::engine::Stone;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Who controls each colour: the menu's choice, kept in records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum GameMode {
    /// A person plays `human`; the computer plays the other colour.
    HumanVsComputer { human: Stone },
    /// Two people at one machine.
    HumanVsHuman,
    /// The computer plays both sides.
    ComputerVsComputer,
    /// A person here plays `local`; a person on another machine plays the other colour.
    /// `host` is true on the machine that hosts the game (and decides every move).
    Network { local: Stone, host: bool },
}

impl Default for GameMode {
    fn default() -> Self {
        GameMode::HumanVsComputer {
            human: Stone::Black,
        }
    }
}

impl GameMode {
    /// The menu's cycle order.
    pub const ALL: [GameMode; 4] = [
        GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        GameMode::HumanVsComputer {
            human: Stone::White,
        },
        GameMode::HumanVsHuman,
        GameMode::ComputerVsComputer,
    ];

    /// True when the computer plays `stone`.
    pub fn is_computer(self, stone: Stone) -> bool {
        match self {
            GameMode::HumanVsComputer { human } => human != stone,
            GameMode::HumanVsHuman | GameMode::Network { .. } => false,
            GameMode::ComputerVsComputer => true,
        }
    }

    /// True when a person at this machine plays `stone`.
    pub fn is_person(self, stone: Stone) -> bool {
        match self {
            GameMode::HumanVsComputer { human } => human == stone,
            GameMode::HumanVsHuman => true,
            GameMode::ComputerVsComputer => false,
            GameMode::Network { local, .. } => local == stone,
        }
    }

    /// True when a computer plays at least one side (undo then goes back to a human turn).
    pub fn has_computer(self) -> bool {
        matches!(
            self,
            GameMode::HumanVsComputer { .. } | GameMode::ComputerVsComputer
        )
    }

    pub fn is_network(self) -> bool {
        matches!(self, GameMode::Network { .. })
    }

    /// The next mode in menu order.
    pub fn next(self) -> GameMode {
        let i = GameMode::ALL.iter().position(|&m| m == self).unwrap_or(0);
        GameMode::ALL[(i + 1) % GameMode::ALL.len()]
    }
}

impl fmt::Display for GameMode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameMode::HumanVsComputer { human } => write!(f, "You ({human}) vs Computer"),
            GameMode::HumanVsHuman => f.write_str("Two players"),
            GameMode::ComputerVsComputer => f.write_str("Computer vs Computer"),
            GameMode::Network { local, .. } => write!(f, "Network game (you play {local})"),
        }
    }
}
