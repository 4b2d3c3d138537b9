//! The menu's choices for the next game.

use super::computer::{Computer, ExternalEngine};
use super::mode::GameMode;
use super::swap2::Opening;
use super::time_control::TimeControl;
use crate::engine::{Rule, Stone};

/// A menu setting that steps through its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    Mode,
    /// The program of computer slot `n`: 0 the opponent (Black in Computer vs
    /// Computer), 1 White in Computer vs Computer.
    Program(usize),
    Size,
    Rule,
    Clock,
    Opening,
}

/// Board sizes the menu offers.
pub const MENU_SIZES: std::ops::RangeInclusive<usize> = 10..=20;

/// The menu's choices for the next game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSettings {
    pub mode: GameMode,
    /// The computer players: `[0]` is the opponent (and Black in Computer vs Computer),
    /// `[1]` White in Computer vs Computer.
    pub computers: [Computer; 2],
    pub size: usize,
    pub rule: Rule,
    pub time: TimeControl,
    /// Swap2 or not (freestyle and exact five, between people or against the computer).
    pub opening: Opening,
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            mode: GameMode::default(),
            computers: [Computer::default(), Computer::default()],
            size: 15,
            rule: Rule::Freestyle,
            time: TimeControl::None,
            opening: Opening::Standard,
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
    /// Settings with our own engine at `level` for every computer side.
    pub fn with_level(mut self, level: crate::engine::Level) -> GameSettings {
        self.computers = [Computer::Level(level), Computer::Level(level)];
        self
    }

    /// The program playing `stone` in `mode` (when a computer plays it).
    pub fn computer_for(&self, stone: Stone) -> &Computer {
        computer_for(&self.computers, self.mode, stone)
    }

    /// One setting a step forward (`dir` > 0) or back, wrapping round; the programs
    /// step through our levels and then the added `engines`.
    pub fn step(&mut self, setting: Setting, dir: i8, engines: &[ExternalEngine]) {
        let dir = dir.signum();
        match setting {
            Setting::Mode => self.mode = step_in(&GameMode::ALL, self.mode, dir),
            Setting::Program(slot) => {
                if let Some(c) = self.computers.get_mut(slot) {
                    *c = c.step(dir, engines);
                }
            }
            Setting::Size => {
                let sizes: Vec<usize> = MENU_SIZES.collect();
                self.size = step_in(&sizes, self.size, dir);
            }
            Setting::Rule => self.rule = step_in(&Rule::ALL, self.rule, dir),
            Setting::Clock => self.time = self.time.step(dir),
            Setting::Opening => self.opening = step_in(&Opening::ALL, self.opening, dir),
        }
    }

    /// Forgets an engine that was removed from the list (its sides go back to a level).
    pub fn forget_engine(&mut self, engine: &ExternalEngine) {
        for c in &mut self.computers {
            if matches!(c, Computer::External(e) if e == engine) {
                *c = Computer::default();
            }
        }
    }
}

/// The program playing `stone`: Computer vs Computer gives each colour its own, any
/// other mode has one computer at most.
pub fn computer_for(computers: &[Computer; 2], mode: GameMode, stone: Stone) -> &Computer {
    match mode {
        GameMode::ComputerVsComputer => &computers[stone.index()],
        _ => &computers[0],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Level;

    #[test]
    fn every_setting_steps_both_ways_and_wraps() {
        let engines = [ExternalEngine::from_path("/opt/x/pbrain-rapfi".into())];
        let mut s = GameSettings::default();
        let all = [
            Setting::Mode,
            Setting::Program(0),
            Setting::Program(1),
            Setting::Size,
            Setting::Rule,
            Setting::Clock,
            Setting::Opening,
        ];
        for setting in all {
            let before = s.clone();
            s.step(setting, 1, &engines);
            assert_ne!(s, before, "{setting:?} forward");
            s.step(setting, -1, &engines);
            assert_eq!(s, before, "{setting:?} back");
        }
        s.size = *MENU_SIZES.start();
        s.step(Setting::Size, -1, &engines);
        assert_eq!(s.size, *MENU_SIZES.end());
        s.computers[0] = Computer::Level(Level::ALL[0]);
        s.step(Setting::Program(0), -1, &[]);
        assert_eq!(
            s.computers[0],
            Computer::Level(Level::ALL[Level::ALL.len() - 1])
        );
        s.step(Setting::Clock, -1, &[]);
        assert_eq!(s.time, TimeControl::MENU[TimeControl::MENU.len() - 1]);
    }
}
