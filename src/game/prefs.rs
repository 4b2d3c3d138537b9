//! The player's settings file: the pbrain engines added in the menu, the port to host
//! on, the address last joined, the name shown to the other player. JSON in the
//! per-user config folder; written whole (the record writer's atomic write) and read
//! with the same checks as every input file.

use super::computer::ExternalEngine;
use super::net::DEFAULT_PORT;
use crate::files::{read_input, ReadError};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The settings file is small: more is not a settings file.
pub const MAX_PREFS_BYTES: u64 = 64 * 1024;
/// Engines the menu keeps at most.
pub const MAX_ENGINES: usize = 16;
/// Longest path or address typed in the menu.
pub const MAX_TYPED: usize = 1024;

/// Why the settings or an engine were refused.
#[derive(Debug, Error)]
pub enum PrefsError {
    #[error("settings file {path}: {source}")]
    Read { path: PathBuf, source: ReadError },
    #[error("settings file {path}: {message}")]
    Json { path: PathBuf, message: String },
    #[error("type the engine's path first")]
    EmptyPath,
    #[error("{0}: no such file")]
    NotFound(PathBuf),
    #[error("{0} is not a file")]
    NotAFile(PathBuf),
    #[error("{0} is not executable")]
    NotExecutable(PathBuf),
    #[error("{0} is already in the list")]
    Duplicate(String),
    #[error("at most {MAX_ENGINES} engines; remove one first")]
    TooMany,
}

/// What the game remembers between runs.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prefs {
    #[serde(default)]
    pub engines: Vec<ExternalEngine>,
    #[serde(default = "default_port")]
    pub host_port: u16,
    #[serde(default)]
    pub join_address: String,
    /// Shown to the other player of a network game.
    #[serde(default = "default_name")]
    pub name: String,
}

fn default_port() -> u16 {
    DEFAULT_PORT
}

fn default_name() -> String {
    std::env::var("USER")
        .or_else(|_| std::env::var("USERNAME"))
        .ok()
        .map(|n| crate::protocol::command::printable(n.trim(), 32))
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| "Player".into())
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            engines: Vec::new(),
            host_port: DEFAULT_PORT,
            join_address: String::new(),
            name: default_name(),
        }
    }
}

impl Prefs {
    /// The settings in `path`; a missing file is the defaults.
    pub fn load(path: &Path) -> Result<Prefs, PrefsError> {
        let text = match read_input(path, MAX_PREFS_BYTES) {
            Ok(t) => t,
            Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => {
                return Ok(Prefs::default())
            }
            Err(source) => {
                return Err(PrefsError::Read {
                    path: path.into(),
                    source,
                })
            }
        };
        let mut prefs: Prefs =
            serde_json::from_str(text.trim_start_matches('\u{feff}')).map_err(|e| {
                PrefsError::Json {
                    path: path.into(),
                    message: e.to_string(),
                }
            })?;
        prefs.engines.truncate(MAX_ENGINES);
        Ok(prefs)
    }

    /// The file's contents.
    pub fn to_bytes(&self) -> Vec<u8> {
        serde_json::to_vec_pretty(self).unwrap_or_default()
    }

    /// Adds the engine at the typed `path` (checked: a file, executable, not listed).
    pub fn add_engine(&mut self, typed: &str) -> Result<ExternalEngine, PrefsError> {
        let typed = typed.trim();
        if typed.is_empty() {
            return Err(PrefsError::EmptyPath);
        }
        let path = PathBuf::from(typed);
        check_executable(&path)?;
        let path = path.canonicalize().unwrap_or(path);
        if self.engines.len() >= MAX_ENGINES {
            return Err(PrefsError::TooMany);
        }
        let mut engine = ExternalEngine::from_path(path);
        if self.engines.iter().any(|e| e.path == engine.path) {
            return Err(PrefsError::Duplicate(engine.name));
        }
        // Two engines with one file name: the second is told apart by a number.
        let base = engine.name.clone();
        let mut n = 1;
        while self.engines.iter().any(|e| e.name == engine.name) {
            n += 1;
            engine.name = format!("{base} ({n})");
        }
        self.engines.push(engine.clone());
        Ok(engine)
    }

    pub fn remove_engine(&mut self, engine: &ExternalEngine) -> bool {
        let before = self.engines.len();
        self.engines.retain(|e| e != engine);
        self.engines.len() != before
    }
}

fn check_executable(path: &Path) -> Result<(), PrefsError> {
    let meta = std::fs::metadata(path).map_err(|_| PrefsError::NotFound(path.into()))?;
    if !meta.is_file() {
        return Err(PrefsError::NotAFile(path.into()));
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if meta.permissions().mode() & 0o111 == 0 {
            return Err(PrefsError::NotExecutable(path.into()));
        }
    }
    Ok(())
}

/// Where the settings live: `$GOMOKU_CONFIG_DIR/settings.json`, else the per-user
/// config folder (`~/.config/gomoku/settings.json` on Linux).
pub fn default_path() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("GOMOKU_CONFIG_DIR") {
        return Some(PathBuf::from(dir).join("settings.json"));
    }
    directories::ProjectDirs::from("", "", "gomoku").map(|d| d.config_dir().join("settings.json"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir() -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "gomoku-prefs-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn settings_round_trip_and_a_missing_file_is_the_defaults() {
        let d = dir();
        let path = d.join("settings.json");
        assert_eq!(Prefs::load(&path).unwrap(), Prefs::default());
        let p = Prefs {
            join_address: "192.168.1.20:5767".into(),
            ..Prefs::default()
        };
        std::fs::write(&path, p.to_bytes()).unwrap();
        assert_eq!(Prefs::load(&path).unwrap(), p);
        std::fs::write(&path, "{\"engines\": 3}").unwrap();
        assert!(matches!(Prefs::load(&path), Err(PrefsError::Json { .. })));
        std::fs::write(&path, "{}").unwrap();
        assert_eq!(Prefs::load(&path).unwrap().host_port, DEFAULT_PORT);
        let _ = std::fs::remove_dir_all(d);
    }

    #[cfg(unix)]
    #[test]
    fn only_executable_files_are_added_and_only_once() {
        use std::os::unix::fs::PermissionsExt;
        let d = dir();
        let exe = d.join("pbrain-x");
        std::fs::write(&exe, "#!/bin/sh\n").unwrap();
        let mut p = Prefs::default();
        assert!(matches!(p.add_engine(" "), Err(PrefsError::EmptyPath)));
        assert!(matches!(
            p.add_engine(exe.to_str().unwrap()),
            Err(PrefsError::NotExecutable(_))
        ));
        std::fs::set_permissions(&exe, std::fs::Permissions::from_mode(0o755)).unwrap();
        let e = p.add_engine(exe.to_str().unwrap()).unwrap();
        assert_eq!(e.name, "pbrain-x");
        assert!(matches!(
            p.add_engine(exe.to_str().unwrap()),
            Err(PrefsError::Duplicate(_))
        ));
        assert!(matches!(
            p.add_engine(d.to_str().unwrap()),
            Err(PrefsError::NotAFile(_))
        ));
        assert!(matches!(
            p.add_engine("/no/such/pbrain"),
            Err(PrefsError::NotFound(_))
        ));
        assert!(p.remove_engine(&e));
        assert!(p.engines.is_empty());
        let _ = std::fs::remove_dir_all(d);
    }
}
