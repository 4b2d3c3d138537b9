//! One engine process: started from its path in its own folder (engines look for
//! their files beside them), commands on its stdin, its stdout read on a thread of its
//! own, stderr discarded. Ended with `END`, and killed if it does not leave in time.

use std::io::{self, Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::time::Duration;

/// Longest answer line kept; the rest of a longer line is dropped (the protocol lets a
/// manager cut very long lines).
pub const MAX_LINE: usize = 4096;

/// Where the reader thread puts each line (`None` once the output closed); returns
/// false to stop reading.
pub type LineSink = Box<dyn FnMut(Option<String>) -> bool + Send>;

/// A running engine.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
}

/// The line ending sent: LF, as the Unix managers send (a brain built for them may not
/// strip a CR); CR LF elsewhere, as the protocol's own manager does.
const EOL: &str = if cfg!(windows) { "\r\n" } else { "\n" };

impl Process {
    /// Starts `path` in its folder; `sink` receives its output lines.
    pub fn spawn(path: &Path, sink: LineSink) -> io::Result<Process> {
        let mut command = Command::new(path);
        if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
            command.current_dir(dir);
        }
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let stdin = child.stdin.take();
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no output pipe"))?;
        std::thread::Builder::new()
            .name("engine-output".into())
            .spawn(move || read_lines(stdout, sink))?;
        Ok(Process { child, stdin })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        log::debug!("engine <- {line}");
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::other("input closed"))?;
        stdin.write_all(line.as_bytes())?;
        stdin.write_all(EOL.as_bytes())?;
        stdin.flush()
    }

    /// How it ended, if it has: "exited with status 3", "was killed by signal 9".
    pub fn exit(&mut self) -> Option<String> {
        let status = self.child.try_wait().ok().flatten()?;
        Some(describe_exit(status))
    }

    /// Asks it to leave (`END`), waits up to `grace`, then kills it.
    pub fn end(mut self, grace: Duration) {
        let _ = self.send("END");
        self.stdin = None; // closed: an engine waiting for input sees the end
        let step = Duration::from_millis(10);
        let mut waited = Duration::ZERO;
        while waited < grace {
            if self.child.try_wait().ok().flatten().is_some() {
                return;
            }
            std::thread::sleep(step);
            waited += step;
        }
        log::info!("the engine did not leave after END; killed");
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        if self.child.try_wait().ok().flatten().is_none() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

fn describe_exit(status: std::process::ExitStatus) -> String {
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("was killed by signal {signal}");
        }
    }
    match status.code() {
        Some(code) => format!("exited with status {code}"),
        None => "exited".into(),
    }
}

/// Splits the output on CR or LF (the protocol allows either), drops empty lines and
/// cuts long ones, replaces bytes that are not UTF-8; `None` at the end.
fn read_lines(mut output: impl Read, mut sink: LineSink) {
    let mut line = Vec::with_capacity(128);
    let mut buf = [0u8; 4096];
    loop {
        let n = match output.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(_) => break,
        };
        for &b in &buf[..n] {
            if b == b'\n' || b == b'\r' {
                if !line.is_empty() && !sink(Some(String::from_utf8_lossy(&line).into_owned())) {
                    return;
                }
                line.clear();
            } else if line.len() < MAX_LINE {
                line.push(b);
            }
        }
    }
    if !line.is_empty() {
        sink(Some(String::from_utf8_lossy(&line).into_owned()));
    }
    sink(None);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn lines_split_on_cr_or_lf_and_long_ones_are_cut() {
        let (tx, rx) = mpsc::channel();
        let mut data = b"OK\r\n\r\nMESSAGE hi\r7,7\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE * 2));
        data.extend(b"\n\xff8,8");
        read_lines(&data[..], Box::new(move |l| tx.send(l).is_ok()));
        let got: Vec<Option<String>> = rx.try_iter().collect();
        assert_eq!(
            got[..3],
            [
                Some("OK".into()),
                Some("MESSAGE hi".into()),
                Some("7,7".into())
            ]
        );
        assert_eq!(got[3].as_ref().map(String::len), Some(MAX_LINE));
        assert_eq!(got[4..], [Some("\u{fffd}8,8".into()), None]);
    }
}
