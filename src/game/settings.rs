//! The menu's choices for the next game.

use super::mode::GameMode;
use crate::engine::{Level, Rule};

/// Board sizes the menu offers.
pub const MENU_SIZES: std::ops::RangeInclusive<usize> = 10..=20;

/// The menu's choices for the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub mode: GameMode,
    pub level: Level,
    pub size: usize,
    pub rule: Rule,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            mode: GameMode::default(),
            level: Level::default(),
            size: 15,
            rule: Rule::Freestyle,
        }
    }
}

impl GameSettings {
    pub fn cycle_mode(&mut self) {
        self.mode = self.mode.next();
    }

    pub fn cycle_level(&mut self) {
        self.level = self.level.next();
    }

    /// The next menu size, back to the smallest after the largest.
    pub fn cycle_size(&mut self) {
        let s = self.size + 1;
        self.size = if MENU_SIZES.contains(&s) {
            s
        } else {
            *MENU_SIZES.start()
        };
    }

    pub fn cycle_rule(&mut self) {
        let i = Rule::ALL.iter().position(|&r| r == self.rule).unwrap_or(0);
        self.rule = Rule::ALL[(i + 1) % Rule::ALL.len()];
    }
}
