//! The menu's choices for the next game.

use super::mode::GameMode;
use crate::engine::{Level, Rule};

/// A menu setting that steps through its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Mode,
    Level,
    Size,
    Rule,
}

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

/// The value `dir` steps from `value` in `all`, wrapping round.
fn step_in<T: Copy + PartialEq>(all: &[T], value: T, dir: i8) -> T {
    let n = all.len() as i64;
    let i = all.iter().position(|&v| v == value).unwrap_or(0) as i64;
    all[(i + dir as i64).rem_euclid(n) as usize]
}

impl GameSettings {
    /// One setting a step forward (`dir` > 0) or back, wrapping round.
    pub fn step(&mut self, setting: Setting, dir: i8) {
        let dir = dir.signum();
        match setting {
            Setting::Mode => self.mode = step_in(&GameMode::ALL, self.mode, dir),
            Setting::Level => self.level = step_in(&Level::ALL, self.level, dir),
            Setting::Size => {
                let sizes: Vec<usize> = MENU_SIZES.collect();
                self.size = step_in(&sizes, self.size, dir);
            }
            Setting::Rule => self.rule = step_in(&Rule::ALL, self.rule, dir),
        }
    }

    pub fn cycle_mode(&mut self) {
        self.step(Setting::Mode, 1);
    }

    pub fn cycle_level(&mut self) {
        self.step(Setting::Level, 1);
    }

    /// The next menu size, back to the smallest after the largest.
    pub fn cycle_size(&mut self) {
        self.step(Setting::Size, 1);
    }

    pub fn cycle_rule(&mut self) {
        self.step(Setting::Rule, 1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_setting_steps_both_ways_and_wraps() {
        let mut s = GameSettings::default();
        for setting in [Setting::Mode, Setting::Level, Setting::Size, Setting::Rule] {
            let before = s;
            s.step(setting, 1);
            assert_ne!(s, before, "{setting:?} forward");
            s.step(setting, -1);
            assert_eq!(s, before, "{setting:?} back");
        }
        s.size = *MENU_SIZES.start();
        s.step(Setting::Size, -1);
        assert_eq!(s.size, *MENU_SIZES.end());
        s.level = Level::ALL[0];
        s.step(Setting::Level, -1);
        assert_eq!(s.level, Level::ALL[Level::ALL.len() - 1]);
    }
}
