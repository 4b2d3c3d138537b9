//! Playing strengths offered to players and managers.

use super::search::SearchLimits;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// A named strength. The first three are the seed's fixed depths; `Master` deepens
/// iteratively for as long as its time budget allows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Level {
    /// 3 plies: quick, makes mistakes a beginner can exploit.
    Easy,
    /// 5 plies.
    #[default]
    Medium,
    /// 7 plies.
    Hard,
    /// Iterative deepening within a 3 s budget, plus threat search (wins and defences
    /// by continuous fours) beyond the seed's engine.
    Master,
}

impl Level {
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Master];

    /// How deep and how long a search at this level may go.
    pub fn limits(self) -> SearchLimits {
        match self {
            Level::Easy => SearchLimits::depth(3),
            Level::Medium => SearchLimits::depth(5),
            Level::Hard => SearchLimits::depth(7),
            Level::Master => SearchLimits::strongest(Duration::from_secs(3)),
        }
    }

    /// The next level up, wrapping round: for a menu button that cycles.
    pub fn next(self) -> Level {
        let i = Level::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Level::ALL[(i + 1) % Level::ALL.len()]
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "Easy",
            Level::Medium => "Medium",
            Level::Hard => "Hard",
            Level::Master => "Master",
        })
    }
}
