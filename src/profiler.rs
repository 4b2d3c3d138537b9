//! Built-in profiler: RAII scopes and counters, buffered per thread, written as Chrome
//! trace JSON (open in Perfetto or chrome://tracing).
//!
//! Scopes shorter than [`SHORT_US`] (the per-node work of a search: millions a second)
//! are not written one by one: each thread adds them up per name over windows of
//! [`WINDOW_US`], written as counters (calls and busy microseconds per window), so a
//! capture of a long search stays a few megabytes and still shows where time went.
//!
//! Off, a scope costs one relaxed atomic load. The registry of thread buffers, the on/off
//! flag, the time origin and the running session's file (for the panic hook, which is
//! process-wide itself) are statics: the profiler observes every thread of the process,
//! so this is the one place where global state is the honest design.

use serde_json::{json, Value};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, Once, OnceLock};
use std::time::Instant;
use thiserror::Error;

/// Opens a named profiling scope that closes at the end of the enclosing block.
#[macro_export]
macro_rules! profile_scope {
    ($name:expr) => {
        let _profile_guard = $crate::profiler::Scope::new($name);
    };
}

/// Opens a profiling scope named after the enclosing function.
#[macro_export]
macro_rules! profile_function {
    () => {
        fn __profile_marker() {}
        let _profile_guard = $crate::profiler::Scope::new_lazy(|| {
            let name = ::std::any::type_name_of_val(&__profile_marker);
            name.strip_suffix("::__profile_marker").unwrap_or(name)
        });
    };
}

/// Why a trace could not be written.
#[derive(Debug, Error)]
pub enum ProfilerError {
    #[error("cannot write trace file {path}: {source}")]
    Io {
        path: PathBuf,
        source: std::io::Error,
    },
}

#[derive(Clone, Debug)]
enum Record {
    Complete {
        name: &'static str,
        start_us: f64,
        dur_us: f64,
    },
    Counter {
        name: &'static str,
        at_us: f64,
        value: f64,
    },
    /// Short scopes of one name added up over one window.
    Summary {
        name: &'static str,
        at_us: f64,
        calls: u64,
        busy_us: f64,
    },
}

/// Scopes shorter than this (microseconds) are added up instead of written one by one.
pub const SHORT_US: f64 = 50.0;
/// Short scopes are added up over windows this long (microseconds).
pub const WINDOW_US: f64 = 10_000.0;

/// Short scopes of one name in the window that started at `start_us`.
struct Tally {
    name: &'static str,
    start_us: f64,
    calls: u64,
    busy_us: f64,
}

impl Tally {
    fn summary(&self) -> Record {
        Record::Summary {
            name: self.name,
            at_us: self.start_us,
            calls: self.calls,
            busy_us: self.busy_us,
        }
    }
}

struct ThreadBuffer {
    tid: u64,
    name: Mutex<String>,
    records: Mutex<Vec<Record>>,
    tallies: Mutex<Vec<Tally>>,
}

static ENABLED: AtomicBool = AtomicBool::new(false);
fn registry() -> &'static Mutex<Vec<Arc<ThreadBuffer>>> {
    static REGISTRY: OnceLock<Mutex<Vec<Arc<ThreadBuffer>>>> = OnceLock::new();
    REGISTRY.get_or_init(|| Mutex::new(Vec::new()))
}

fn origin() -> Instant {
    static ORIGIN: OnceLock<Instant> = OnceLock::new();
    *ORIGIN.get_or_init(Instant::now)
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

thread_local! {
    static BUFFER: RefCell<Option<Arc<ThreadBuffer>>> = const { RefCell::new(None) };
}

/// This thread's buffer, registered on first use so the writer sees it even after the
/// thread has ended.
fn with_buffer(f: impl FnOnce(&ThreadBuffer)) {
    let _ = BUFFER.try_with(|slot| {
        let mut slot = slot.borrow_mut();
        let buf = slot.get_or_insert_with(|| {
            let name = std::thread::current()
                .name()
                .unwrap_or("thread")
                .to_string();
            // Buffers are never removed, so the registry's length is a stable small tid.
            let mut threads = lock(registry());
            let buf = Arc::new(ThreadBuffer {
                tid: threads.len() as u64 + 1,
                name: Mutex::new(name),
                records: Mutex::new(Vec::with_capacity(4096)),
                tallies: Mutex::new(Vec::new()),
            });
            threads.push(Arc::clone(&buf));
            buf
        });
        f(buf);
    });
}

fn now_us() -> f64 {
    origin().elapsed().as_secs_f64() * 1e6
}

/// True while a capture is running.
#[inline(always)]
pub fn is_enabled() -> bool {
    ENABLED.load(Ordering::Relaxed)
}

/// Starts capturing; anything captured before is dropped.
pub fn enable() {
    origin();
    for buf in lock(registry()).iter() {
        lock(&buf.records).clear();
        lock(&buf.tallies).clear();
    }
    ENABLED.store(true, Ordering::Release);
}

/// Stops capturing without writing anything.
pub fn disable() {
    ENABLED.store(false, Ordering::Release);
}

/// Stops capturing and writes what was captured, from every thread, to `path`.
pub fn disable_and_write(path: &Path) -> Result<PathBuf, ProfilerError> {
    ENABLED.store(false, Ordering::Release);
    write_trace(path)
}

/// Names this thread in the trace ("main", "ai", ...).
pub fn set_thread_name(name: &str) {
    with_buffer(|b| *lock(&b.name) = name.to_string());
}

/// Records a counter sample (nodes searched, evaluations...).
pub fn counter(name: &'static str, value: f64) {
    if is_enabled() {
        let at_us = now_us();
        with_buffer(|b| lock(&b.records).push(Record::Counter { name, at_us, value }));
    }
}

/// RAII guard of one scope: records a complete event when dropped.
pub struct Scope {
    open: Option<(&'static str, f64)>,
}

impl Scope {
    /// Opens a scope; when profiling is off this is one relaxed load and nothing else.
    #[inline(always)]
    pub fn new(name: &'static str) -> Scope {
        let open = if is_enabled() {
            Some((name, now_us()))
        } else {
            None
        };
        Scope { open }
    }

    /// Like [`Scope::new`], computing the name only when profiling is on.
    #[inline(always)]
    pub fn new_lazy(name: impl FnOnce() -> &'static str) -> Scope {
        let open = if is_enabled() {
            Some((name(), now_us()))
        } else {
            None
        };
        Scope { open }
    }
}

impl Drop for Scope {
    #[inline(always)]
    fn drop(&mut self) {
        if let Some((name, start_us)) = self.open.take() {
            record_complete(name, start_us);
        }
    }
}

/// The recording path, out of line so a disabled scope stays one load and a branch.
#[cold]
#[inline(never)]
fn record_complete(name: &'static str, start_us: f64) {
    let dur_us = now_us() - start_us;
    with_buffer(|b| {
        if dur_us < SHORT_US {
            return tally(b, name, start_us, dur_us);
        }
        lock(&b.records).push(Record::Complete {
            name,
            start_us,
            dur_us,
        })
    });
}

/// Adds a short scope to its name's window, writing the window out when it is over.
fn tally(b: &ThreadBuffer, name: &'static str, start_us: f64, dur_us: f64) {
    let mut tallies = lock(&b.tallies);
    let t = match tallies.iter_mut().position(|t| t.name == name) {
        Some(i) => &mut tallies[i],
        None => {
            tallies.push(Tally {
                name,
                start_us,
                calls: 0,
                busy_us: 0.0,
            });
            let last = tallies.len() - 1;
            &mut tallies[last]
        }
    };
    if start_us - t.start_us >= WINDOW_US {
        lock(&b.records).push(t.summary());
        *t = Tally {
            name,
            start_us,
            calls: 0,
            busy_us: 0.0,
        };
    }
    t.calls += 1;
    t.busy_us += dur_us;
}

/// Writes out every window still open (the capture is being written).
fn flush_tallies(b: &ThreadBuffer) {
    let mut records = lock(&b.records);
    for t in lock(&b.tallies).drain(..) {
        records.push(t.summary());
        // The count falls back to zero where the window ends.
        records.push(Record::Summary {
            name: t.name,
            at_us: t.start_us + WINDOW_US,
            calls: 0,
            busy_us: 0.0,
        });
    }
}

/// The whole capture as Chrome trace JSON.
fn trace_json(threads: &[Arc<ThreadBuffer>]) -> Value {
    let pid = std::process::id();
    let mut events = Vec::new();
    for buf in threads {
        flush_tallies(buf);
        let tid = buf.tid;
        events.push(
            json!({"ph": "M", "name": "thread_name", "pid": pid, "tid": tid,
            "args": {"name": lock(&buf.name).clone()}}),
        );
        for r in lock(&buf.records).iter() {
            events.push(match *r {
                Record::Complete {
                    name,
                    start_us,
                    dur_us,
                } => json!({"name": name, "cat": "gomoku",
                    "ph": "X", "ts": start_us, "dur": dur_us, "pid": pid, "tid": tid}),
                Record::Counter { name, at_us, value } => json!({"name": name, "cat": "gomoku",
                    "ph": "C", "ts": at_us, "pid": pid, "tid": tid, "args": {name: value}}),
                Record::Summary {
                    name,
                    at_us,
                    calls,
                    busy_us,
                } => json!({"name": format!("{name} (short scopes)"), "cat": "gomoku",
                    "ph": "C", "ts": at_us, "pid": pid, "tid": tid,
                    "args": {"calls": calls, "busy_us": busy_us}}),
            });
        }
    }
    json!({"traceEvents": events, "displayTimeUnit": "ms"})
}

/// Writes the trace atomically (see [`crate::files::atomic_write`]), so a reader never
/// sees half a file. The registry stays locked throughout, so two writers in this
/// process (a panicking thread's hook and `finish`, say) take turns instead of sharing
/// one temp file; the pid in the temp file's name keeps two processes apart.
fn write_trace(path: &Path) -> Result<PathBuf, ProfilerError> {
    let threads = lock(registry());
    let text = trace_json(&threads).to_string();
    crate::files::atomic_write(path, text.as_bytes()).map_err(|source| ProfilerError::Io {
        path: path.to_path_buf(),
        source,
    })?;
    drop(threads);
    Ok(path.to_path_buf())
}

/// A capture for the life of a program (`--profile FILE`): written on `finish`, on drop
/// (so an early return still leaves a trace), and after a panic.
pub struct Session {
    path: PathBuf,
    written: bool,
}

fn panic_path() -> &'static Mutex<Option<PathBuf>> {
    static PATH: OnceLock<Mutex<Option<PathBuf>>> = OnceLock::new();
    PATH.get_or_init(|| Mutex::new(None))
}

impl Session {
    /// Starts capturing into `path`.
    pub fn start(path: PathBuf) -> Session {
        static HOOK: Once = Once::new();
        HOOK.call_once(|| {
            let previous = std::panic::take_hook();
            std::panic::set_hook(Box::new(move |info| {
                let target = lock(panic_path()).clone();
                if let Some(p) = target.filter(|_| is_enabled()) {
                    if let Err(e) = write_trace(&p) {
                        eprintln!("{e}");
                    }
                }
                previous(info);
            }));
        });
        *lock(panic_path()) = Some(path.clone());
        enable();
        Session {
            path,
            written: false,
        }
    }

    /// Stops capturing and writes the file.
    pub fn finish(mut self) -> Result<PathBuf, ProfilerError> {
        self.write()
    }

    fn write(&mut self) -> Result<PathBuf, ProfilerError> {
        self.written = true;
        *lock(panic_path()) = None;
        disable_and_write(&self.path)
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !self.written {
            if let Err(e) = self.write() {
                log::error!("{e}");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// A trace that cannot be written says which file, and leaves no temp file behind.
    #[test]
    fn profiler_write_error_names_the_path() {
        let blocker = std::env::temp_dir().join(format!("gomoku-prof-{}", std::process::id()));
        fs::write(&blocker, b"a file, not a directory").expect("temp dir writable");
        let target = blocker.join("trace.json");
        let err = write_trace(&target).expect_err("parent is a file");
        assert!(err.to_string().contains("trace.json"), "{err}");
        let _ = fs::remove_file(&blocker);
    }

    /// Written while off, the trace is still complete JSON with the expected envelope.
    #[test]
    fn profiler_writes_envelope_atomically() {
        let dir = std::env::temp_dir().join(format!("gomoku-prof-dir-{}", std::process::id()));
        let target = dir.join("trace.json");
        assert_eq!(write_trace(&target).expect("written"), target);
        let v: Value =
            serde_json::from_str(&fs::read_to_string(&target).expect("read")).expect("valid JSON");
        assert!(v["traceEvents"].is_array());
        assert_eq!(v["displayTimeUnit"], "ms");
        let leftovers = fs::read_dir(&dir).expect("dir").count();
        assert_eq!(leftovers, 1, "only the trace, no temp file");
        let _ = fs::remove_dir_all(&dir);
    }
}
