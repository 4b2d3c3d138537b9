//! `pbrain-gomoku`: the engine as a Gomocup brain on stdin/stdout. Builds without SDL.

use gomoku::profiler;
use gomoku::protocol::{driver, Brain};
use std::io::{self, BufReader};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

const USAGE: &str = "usage: pbrain-gomoku [--profile FILE] [--seed N]
Speaks the Gomocup pbrain protocol on stdin/stdout.";

struct Args {
    profile: Option<PathBuf>,
    seed: Option<u64>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        profile: None,
        seed: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        match a.as_str() {
            "--profile" => args.profile = Some(it.next().ok_or("--profile needs a FILE")?.into()),
            "--seed" => {
                let v = it.next().ok_or("--seed needs a number")?;
                args.seed = Some(
                    v.parse()
                        .map_err(|_| format!("--seed: {v:?} is not a number"))?,
                );
            }
            "-h" | "--help" => return Err(String::new()),
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    env_logger::Builder::from_env(env_logger::Env::default().default_filter_or("warn")).init();
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            if !e.is_empty() {
                eprintln!("{e}");
            }
            eprintln!("{USAGE}");
            return ExitCode::from(2);
        }
    };
    let session = args.profile.map(profiler::Session::start);
    profiler::set_thread_name("brain");
    let control = Arc::new(driver::Control::default());
    let lines = driver::spawn_reader(BufReader::new(io::stdin()), Arc::clone(&control));
    let mut brain = Brain::new(args.seed);
    let result = driver::run(&mut brain, lines, &control, &mut io::stdout().lock());
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
