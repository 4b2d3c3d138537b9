//! `gomoku`: the desktop game.

use gomoku::app::{AppConfig, Application};
use gomoku::profiler;
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "\
usage: gomoku [OPTIONS]

Five in a row against the computer, a friend, or to watch.

options:
  --open FILE       open a game for review: a JSON record, a Piskvork .psq file,
                    or a position string such as h8i9j10
  --data-dir DIR    keep records here (default: $GOMOKU_DATA_DIR, else the per-user
                    data directory, e.g. ~/.local/share/gomoku)
  --config-dir DIR  keep settings (added engines, network port and address) here
                    (default: $GOMOKU_CONFIG_DIR, else e.g. ~/.config/gomoku)
  --size WxH        window size (default 1280x800)
  --seed N          fix the engine's choices among equal moves (repeatable games)
  --mute            no sound
  --profile FILE    record a profiler trace (Chrome JSON) into FILE
  -h, --help        print this help
  -V, --version     print the version";

/// What the command line asks for.
enum Cli {
    Run(Box<AppConfig>, Option<PathBuf>),
    Help,
    Version,
}

fn parse_args() -> Result<Cli, lexopt::Error> {
    use lexopt::prelude::*;
    let mut config = AppConfig {
        data_dir: default_data_dir(),
        settings_file: gomoku::game::prefs::default_path(),
        ..AppConfig::default()
    };
    let mut profile = None;
    let mut parser = lexopt::Parser::from_env();
    while let Some(arg) = parser.next()? {
        match arg {
            Long("profile") => profile = Some(parser.value()?.into()),
            Long("seed") => config.seed = Some(parser.value()?.parse()?),
            Long("data-dir") => config.data_dir = parser.value()?.into(),
            Long("config-dir") => {
                let dir: PathBuf = parser.value()?.into();
                config.settings_file = Some(dir.join("settings.json"));
            }
            Long("open") => config.open = Some(parser.value()?.into()),
            Long("size") => {
                let v: String = parser.value()?.parse()?;
                (config.width, config.height) = parse_size(&v).ok_or_else(|| {
                    lexopt::Error::from(format!("--size {v:?}: expected WxH, e.g. 1280x800"))
                })?;
            }
            Long("mute") => config.sound = false,
            Short('h') | Long("help") => return Ok(Cli::Help),
            Short('V') | Long("version") => return Ok(Cli::Version),
            _ => return Err(arg.unexpected()),
        }
    }
    Ok(Cli::Run(Box::new(config), profile))
}

fn parse_size(v: &str) -> Option<(u32, u32)> {
    let (w, h) = v.split_once(['x', 'X'])?;
    Some((w.parse().ok()?, h.parse().ok()?))
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
        Ok(Cli::Run(config, profile)) => (config, profile),
        Ok(Cli::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Cli::Version) => {
            println!("gomoku {}", env!("CARGO_PKG_VERSION"));
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("gomoku: {e}\ntry: gomoku --help");
            return ExitCode::from(2);
        }
    };
    let _session = profile.map(profiler::Session::start);
    let result = Application::new(*config).and_then(|mut app| app.run());
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gomoku: {e}");
            ExitCode::FAILURE
        }
    }
}
