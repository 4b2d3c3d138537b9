//! `gomoku`: the desktop game.

use gomoku::app::{AppConfig, Application};
use gomoku::profiler;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str =
    "usage: gomoku [--profile FILE] [--seed N] [--data-dir DIR] [--size WxH] [--mute]";

fn parse_args() -> Result<(AppConfig, Option<PathBuf>), String> {
    let mut config = AppConfig {
        data_dir: default_data_dir(),
        ..AppConfig::default()
    };
    let mut profile = None;
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--profile" => profile = Some(PathBuf::from(value()?)),
            "--seed" => config.seed = Some(value()?.parse().map_err(|_| "--seed needs a number")?),
            "--data-dir" => config.data_dir = PathBuf::from(value()?),
            "--size" => {
                let v = value()?;
                let (w, h) = v.split_once('x').ok_or("--size looks like 1280x800")?;
                config.width = w.parse().map_err(|_| "bad --size width")?;
                config.height = h.parse().map_err(|_| "bad --size height")?;
            }
            "--mute" => config.sound = false,
            "--open" => config.open = Some(PathBuf::from(value()?)),
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok((config, profile))
}

/// `$GOMOKU_DATA_DIR`, else the per-user data directory (XDG), else the temp dir.
fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("GOMOKU_DATA_DIR") {
        return PathBuf::from(dir);
    }
    directories::ProjectDirs::from("", "", "gomoku")
        .map(|d| d.data_dir().to_path_buf())
        .unwrap_or_else(|| std::env::temp_dir().join("gomoku"))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let (config, profile) = match parse_args() {
        Ok(c) => c,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let _session = profile.map(profiler::Session::start);
    let result = Application::new(config).and_then(|mut app| app.run());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
