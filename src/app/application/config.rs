//! How the application starts, and why it may not.

use std::path::PathBuf;
use thiserror::Error;

/// How the application starts.
#[derive(Clone, Debug)]
pub struct AppConfig {
    /// No visible window: the `dummy` video driver (tests, tools).
    pub headless: bool,
    pub width: u32,
    pub height: u32,
    /// Fixes the engine's shuffle for repeatable games.
    pub seed: Option<u64>,
    /// Records and traces go here.
    pub data_dir: PathBuf,
    pub sound: bool,
    /// A game file to open for review at start (`--open`): JSON record, .psq or pos string.
    pub open: Option<PathBuf>,
    /// The settings file (engines added, network port and address); `None`: nothing is
    /// remembered between runs.
    pub settings_file: Option<PathBuf>,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            headless: false,
            width: 1280,
            height: 800,
            seed: None,
            data_dir: std::env::temp_dir(),
            sound: true,
            open: None,
            settings_file: None,
        }
    }
}

/// Why the application could not start or run.
#[derive(Debug, Error)]
pub enum AppError {
    #[error("SDL: {0}")]
    Sdl(String),
    #[error("no display to open a window on ({0}); run it in a desktop session, or set DISPLAY or WAYLAND_DISPLAY")]
    NoDisplay(String),
}

pub fn sdl<T, E: ToString>(r: Result<T, E>) -> Result<T, AppError> {
    r.map_err(|e| AppError::Sdl(e.to_string()))
}
