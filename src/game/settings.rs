//! The menu's choices for the next game.

use super::computer::{Computer, ExternalEngine};
use super::mode::GameMode;
use super::time_control::TimeControl;
use crate::engine::{Rule, Stone};

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
}

impl Default for GameSettings {
    fn default() -> Self {
        GameSettings {
            mode: GameMode::default(),
            computers: [Computer::default(), Computer::default()],
            size: 15,
            rule: Rule::Freestyle,
            time: TimeControl::None,
        }
    }
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

    pub fn cycle_mode(&mut self) {
        self.mode = self.mode.next();
    }

    /// The next opponent (Black's program in Computer vs Computer).
    pub fn cycle_computer(&mut self, slot: usize, engines: &[ExternalEngine]) {
        if let Some(c) = self.computers.get_mut(slot) {
            *c = c.next(engines);
        }
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
        self.rule = match self.rule {
            Rule::Freestyle => Rule::ExactFive,
            _ => Rule::Freestyle,
        };
    }

    pub fn cycle_time(&mut self) {
        self.time = self.time.next();
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
