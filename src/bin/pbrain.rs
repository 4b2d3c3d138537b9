//! `pbrain-gomoku`: the engine as a Gomocup brain on stdin/stdout. Builds without SDL.
//! All the protocol lives in `gomoku::protocol`; this file only wires the process up.

use gomoku::engine::strong::nnue::Network;
use gomoku::engine::Level;
use gomoku::profiler;
use gomoku::protocol::{driver, input, Brain};
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;

const USAGE: &str = "usage: pbrain-gomoku [--profile FILE] [--seed N] [--level NAME]
Speaks the Gomocup pbrain protocol on stdin/stdout.
  --profile FILE  write a Chrome trace of the whole run to FILE at exit
  --seed N        fix the engine's move shuffle (repeatable games)
  --level NAME    play a game level's recipe (easy, medium, hard, expert, master)
                  instead of the strongest search that fits the turn time
  --net FILE      add the evaluation network in FILE to the pattern weights
                  (freestyle only; see docs/network.md)";

/// The command line.
struct Args {
    /// `--profile FILE`: record a profiler session for the whole run.
    profile: Option<PathBuf>,
    /// `--seed N`: repeatable search order.
    seed: Option<u64>,
    /// `--level NAME`: a fixed level instead of the strongest search.
    level: Option<Level>,
    /// `--net FILE`: an evaluation network to add to the pattern weights.
    network: Option<PathBuf>,
}

/// Why the command line was refused; `Help` is the one that is not an error.
enum ArgsError {
    Help,
    Bad(String),
}

impl From<&str> for ArgsError {
    fn from(s: &str) -> Self {
        ArgsError::Bad(s.to_string())
    }
}

fn parse_args() -> Result<Args, ArgsError> {
    let mut args = Args {
        profile: None,
        seed: None,
        level: None,
        network: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--profile" => args.profile = Some(it.next().ok_or("--profile needs a FILE")?.into()),
            "--seed" => {
                let v = it.next().ok_or("--seed needs a number")?;
                args.seed = Some(
                    v.parse()
                        .map_err(|_| ArgsError::Bad(format!("--seed: {v:?} is not a number")))?,
                );
            }
            "--level" => {
                let v = it.next().ok_or("--level needs a name")?;
                args.level = Some(
                    Level::from_name(&v)
                        .ok_or_else(|| ArgsError::Bad(format!("--level: no level {v:?}")))?,
                );
            }
            "--net" => args.network = Some(it.next().ok_or("--net needs a FILE")?.into()),
            "-h" | "--help" => return Err(ArgsError::Help),
            other => return Err(ArgsError::Bad(format!("unknown argument {other:?}"))),
        }
    }
    Ok(args)
}

/// Reads a network file; it lives as long as the process.
fn load_network(path: &std::path::Path) -> Result<&'static Network, String> {
    let bytes = std::fs::read(path).map_err(|e| e.to_string())?;
    let net = Network::from_bytes(&bytes).map_err(|e| e.to_string())?;
    Ok(Box::leak(Box::new(net)))
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args = match parse_args() {
        Ok(a) => a,
        Err(ArgsError::Help) => {
            println!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(ArgsError::Bad(e)) => {
            eprintln!("pbrain-gomoku: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let session = args.profile.map(profiler::Session::start);
    profiler::set_thread_name("brain");
    let lines = input::spawn_reader(BufReader::new(io::stdin()));
    let mut brain = Brain::new(args.seed);
    if let Some(level) = args.level {
        brain.set_level(level);
    }
    if let Some(path) = args.network {
        match load_network(&path) {
            Ok(net) => brain.set_network(Some(net)),
            Err(e) => {
                eprintln!("pbrain-gomoku: {}: {e}", path.display());
                return ExitCode::from(2);
            }
        }
    }
    let result = driver::run(&mut brain, lines, &mut io::stdout());
    if let Some(s) = session {
        if let Err(e) = s.finish() {
            eprintln!("{e}");
        }
    }
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("pbrain-gomoku: output failed: {e}");
            ExitCode::FAILURE
        }
    }
}
