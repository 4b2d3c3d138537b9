//! Playing strengths offered to players and managers, each a fixed recipe: the seed's
//! engine at a fixed depth for the three lower levels, the strong engine with a node or
//! time budget above them. The ladder is measured: each level beats the one below it in
//! at least three games of four (README, "Strength").

use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// A named strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// The seed's search, 3 plies: quick, makes mistakes a beginner can exploit.
    Easy,
    /// The seed's search, 5 plies.
    #[default]
    Medium,
    /// The seed's search, 9 plies (7 won only 27 of 40 against Medium's 5; 9 won 36).
    Hard,
    /// The strong engine on a small node budget: sees threats, plays fast.
    Expert,
    /// The strong engine at full strength for a few seconds a move.
    Master,
}

/// How a level searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Recipe {
    /// The seed's ChessEngine at a fixed depth (negamax, 8-move cap).
    Seed { depth: u32 },
    /// The strong engine, stopped by a node budget and/or a time budget.
    Strong {
        nodes: Option<u64>,
        time: Option<Duration>,
    },
}

impl Level {
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Master,
    ];

    /// What a search at this level does.
    pub fn recipe(self) -> Recipe {
        match self {
            Level::Easy => Recipe::Seed { depth: 3 },
            Level::Medium => Recipe::Seed { depth: 5 },
            Level::Hard => Recipe::Seed { depth: 9 },
            Level::Expert => Recipe::Strong {
                nodes: Some(100_000),
                time: Some(Duration::from_secs(1)),
            },
            Level::Master => Recipe::Strong {
                nodes: None,
                time: Some(Duration::from_secs(5)),
            },
        }
    }

    /// A short description for the menu: what the level does, not a promise.
    pub fn describe(self) -> &'static str {
        match self {
            Level::Easy => "3 plies",
            Level::Medium => "5 plies",
            Level::Hard => "9 plies",
            Level::Expert => "threats, fast",
            Level::Master => "full strength, 5 s",
        }
    }

    /// The level named `name` (case-free), for command lines.
    pub fn from_name(name: &str) -> Option<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.to_string().eq_ignore_ascii_case(name))
    }

    /// The next level up, wrapping round: for a menu button that cycles.
    pub fn next(self) -> Level {
        let i = Level::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Level::ALL[(i + 1) % Level::ALL.len()]
    }

    /// The next level down, wrapping round.
    pub fn previous(self) -> Level {
        let i = Level::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Level::ALL[(i + Level::ALL.len() - 1) % Level::ALL.len()]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Expert => "Expert",
            Level::Master => "Master",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_the_cycle_visits_every_level() {
        for l in Level::ALL {
            assert_eq!(Level::from_name(&l.to_string().to_uppercase()), Some(l));
            assert_eq!(l.next().previous(), l);
        }
        assert_eq!(Level::from_name("grandmaster"), None);
        let mut l = Level::Easy;
        for _ in 0..Level::ALL.len() {
            l = l.next();
        }
        assert_eq!(l, Level::Easy);
    }
}
