//! The `gomoku` binary as a person meets it on a command line.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

fn gomoku() -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gomoku"));
    c.env(
        "GOMOKU_DATA_DIR",
        std::env::temp_dir().join("gomoku-cli-test"),
    );
    c.env(
        "GOMOKU_CONFIG_DIR",
        std::env::temp_dir().join("gomoku-cli-test"),
    );
    c
}

#[test]
fn help_and_version_go_to_stdout_and_succeed() {
    let out = gomoku().arg("--help").output().expect("runs");
    assert!(out.status.success(), "{:?}", out.status);
    let text = String::from_utf8_lossy(&out.stdout);
    for option in [
        "--open",
        "--data-dir",
        "--config-dir",
        "--size",
        "--seed",
        "--mute",
        "--profile",
    ] {
        assert!(text.contains(option), "usage lacks {option}: {text}");
    }
    assert!(out.stderr.is_empty());
    let out = gomoku().arg("-V").output().expect("runs");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        format!("gomoku {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn a_bad_argument_is_named_on_stderr_with_exit_2() {
    let out = gomoku().arg("--frobnicate").output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--frobnicate"));
    let out = gomoku().args(["--size", "big"]).output().expect("runs");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn without_a_display_it_says_so_and_exits_1() {
    let out = gomoku()
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("SDL_VIDEODRIVER")
        .arg("--mute")
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(1), "{out:?}");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no display"), "{err}");
}

/// Started on the dummy video driver with sound on, on a machine that may have no sound
/// card: at most one line about sound, no ALSA noise. SIGTERM then ends it cleanly.
#[test]
fn no_sound_card_costs_one_quiet_line() {
    let mut child = gomoku()
        .env("SDL_VIDEODRIVER", "dummy")
        .env("RUST_LOG", "info")
        .stderr(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("starts");
    let mut lines = BufReader::new(child.stderr.take().expect("piped")).lines();
    let mut before = Vec::new();
    for line in lines.by_ref() {
        let line = line.expect("text");
        let open = line.contains("window open");
        before.push(line);
        if open {
            break;
        }
    }
    let killed = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    assert!(killed.is_ok_and(|s| s.success()));
    let status = child.wait().expect("exits");
    assert!(
        status.success(),
        "SIGTERM did not end it cleanly: {status:?}"
    );
    assert!(
        !before.iter().any(|l| l.contains("ALSA")),
        "ALSA noise: {before:#?}"
    );
    let sound_lines = before.iter().filter(|l| l.contains("sound")).count();
    assert!(sound_lines <= 1, "{before:#?}");
}
