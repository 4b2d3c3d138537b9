//! Which program plays a computer's side: one of our levels, or a pbrain engine from
//! outside that the player added by its path.

use crate::engine::Level;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::path::PathBuf;

/// A pbrain engine the player added: a name to show and the executable to run.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ExternalEngine {
    pub name: String,
    pub path: PathBuf,
}

impl ExternalEngine {
    /// An engine named after its file (`pbrain-rapfi` for `/opt/rapfi/pbrain-rapfi`).
    pub fn from_path(path: PathBuf) -> ExternalEngine {
        let name = path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .filter(|s| !s.is_empty())
            .unwrap_or_else(|| "engine".into());
        ExternalEngine { name, path }
    }
}

/// The program behind a computer's side.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Computer {
    /// Our own engine at a level, in process.
    Level(Level),
    /// A pbrain engine, run as a child process and spoken to over the protocol.
    External(ExternalEngine),
}

impl Default for Computer {
    fn default() -> Self {
        Computer::Level(Level::default())
    }
}

impl Computer {
    /// Our level, if it is one.
    pub fn level(&self) -> Option<Level> {
        match self {
            Computer::Level(l) => Some(*l),
            Computer::External(_) => None,
        }
    }

    /// The next choice in menu order: our levels, then each added engine, then round.
    pub fn next(&self, engines: &[ExternalEngine]) -> Computer {
        self.step(1, engines)
    }

    /// The choice `dir` steps away in menu order (forward when `dir` > 0), wrapping
    /// round; a choice no longer on the list (a removed engine) goes to the first level.
    pub fn step(&self, dir: i8, engines: &[ExternalEngine]) -> Computer {
        let mut all: Vec<Computer> = Level::ALL.iter().map(|&l| Computer::Level(l)).collect();
        all.extend(engines.iter().cloned().map(Computer::External));
        let n = all.len() as i64;
        let i = match all.iter().position(|c| c == self) {
            Some(i) => (i as i64 + i64::from(dir.signum())).rem_euclid(n),
            None => 0,
        };
        all[i as usize].clone()
    }

    /// A short description for the menu.
    pub fn describe(&self) -> String {
        match self {
            Computer::Level(l) => format!("{l} ({})", l.describe()),
            Computer::External(e) => format!("{} (pbrain)", e.name),
        }
    }
}

impl fmt::Display for Computer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Computer::Level(l) => l.fmt(f),
            Computer::External(e) => f.write_str(&e.name),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cycle_visits_every_level_then_every_engine() {
        let engines = [ExternalEngine::from_path("/opt/x/pbrain-rapfi".into())];
        assert_eq!(engines[0].name, "pbrain-rapfi");
        let mut c = Computer::Level(Level::ALL[Level::ALL.len() - 1]);
        c = c.next(&engines);
        assert_eq!(c, Computer::External(engines[0].clone()));
        assert_eq!(c.next(&engines), Computer::Level(Level::ALL[0]));
        // An engine removed from the list falls back to the first level.
        assert_eq!(c.next(&[]), Computer::Level(Level::ALL[0]));
    }

    #[test]
    fn a_step_back_undoes_a_step_forward_and_wraps() {
        let engines = [ExternalEngine::from_path("/opt/x/pbrain-rapfi".into())];
        let first = Computer::Level(Level::ALL[0]);
        assert_eq!(
            first.step(-1, &engines),
            Computer::External(engines[0].clone())
        );
        for c in [first.clone(), Computer::External(engines[0].clone())] {
            assert_eq!(c.step(1, &engines).step(-1, &engines), c);
        }
    }
}
