//! Drives the built `pbrain-gomoku` over pipes, for the protocol tests: spawn a brain,
//! send lines, read answers with a timeout (a hang fails instead of stalling CI).
//! Each test file uses part of it.
#![allow(dead_code)]

use gomoku::engine::Pos;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

pub struct Brain {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Brain {
    /// A brain with a fixed seed (`--seed 1`).
    pub fn spawn() -> Brain {
        Brain::spawn_with(&["--seed", "1"])
    }

    /// A brain started with these command-line arguments.
    pub fn spawn_with(args: &[&str]) -> Brain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_pbrain-gomoku"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("brain starts");
        let stdin = child.stdin.take().expect("piped");
        let stdout = child.stdout.take().expect("piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Brain {
            child,
            stdin,
            lines,
        }
    }

    pub fn send_bytes(&mut self, bytes: &[u8]) {
        self.stdin.write_all(bytes).expect("brain alive");
        self.stdin.flush().expect("brain alive");
    }

    pub fn send(&mut self, line: &str) {
        self.send_bytes(format!("{line}\n").as_bytes());
    }

    /// Next line that is not a MESSAGE (or DEBUG).
    pub fn answer(&mut self) -> String {
        self.answer_after_messages().1
    }

    /// The process has not exited (bad input must never end it).
    pub fn assert_alive(&mut self) {
        assert!(
            matches!(self.child.try_wait(), Ok(None)),
            "brain exited early"
        );
    }

    /// Next line that is not a MESSAGE (or DEBUG), and the MESSAGE lines before it.
    pub fn answer_after_messages(&mut self) -> (Vec<String>, String) {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut messages = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .expect("brain answered in time");
            if line.starts_with("MESSAGE") {
                messages.push(line);
            } else if !line.starts_with("DEBUG") {
                return (messages, line);
            }
        }
    }

    /// Everything still printed, up to the end of the output (call after the exit).
    pub fn rest(&mut self) -> Vec<String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        let mut rest = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => rest.push(line),
                Err(mpsc::RecvTimeoutError::Disconnected) => return rest,
                Err(mpsc::RecvTimeoutError::Timeout) => panic!("output still open: {rest:?}"),
            }
        }
    }

    pub fn silent_for(&mut self, d: Duration) -> bool {
        self.lines.recv_timeout(d).is_err()
    }

    pub fn move_answer(&mut self) -> Pos {
        let a = self.answer();
        parse_move(&a).unwrap_or_else(|| panic!("expected x,y, got {a:?}"))
    }

    /// The exit status once the process ends. The 20 s bound is no timing claim: only a
    /// brain that keeps searching after END (or hangs) comes near it.
    /// Sends END and asserts what END must do whatever the brain was doing: exit
    /// cleanly (`why` says what came before it) and print no move on the way out.
    pub fn end_cleanly(&mut self, why: &str) {
        self.send("END");
        assert_eq!(self.exit_code(), Some(0), "{why}");
        let rest = self.rest();
        assert!(
            rest.iter().all(|l| parse_move(l).is_none()),
            "no move after END: {rest:?}"
        );
    }

    pub fn exit_code(&mut self) -> Option<i32> {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        None
    }
}

impl Drop for Brain {
    /// A failed test must not leave a brain searching a long turn in the background.
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn parse_move(s: &str) -> Option<Pos> {
    let (x, y) = s.trim().split_once(',')?;
    Some(Pos::new(x.parse().ok()?, y.parse().ok()?))
}
