//! The only two ways the game touches a file's contents: write it whole or not at all,
//! and read a small input file without trusting it.
//!
//! - [`atomic_write`]: temp file beside the target, fsync, rename, fsync the directory.
//!   A reader (or a crash, or `kill -9`) sees the old file or the new one, never half.
//!   Records, `.psq` exports and profiler traces all go through it.
//! - [`read_input`]: regular files only (a FIFO, a device or a directory is refused before
//!   it is opened, and the open itself never blocks), size-checked before reading and
//!   read through a cap, empty files refused, UTF-8 required.

use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The most any game file (record, `.psq`, position string) may weigh. The largest legal
/// record (22x22, every cell played) is about 45 kB pretty-printed.
pub const MAX_INPUT_BYTES: u64 = 256 * 1024;

/// Writes `bytes` to `path` atomically: a temp file named after this process beside it,
/// synced, then renamed over `path`; the directory is synced so the rename lasts too.
/// Creates missing parent directories. On failure the temp file is removed.
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty());
    if let Some(dir) = dir {
        fs::create_dir_all(dir)?;
    }
    let tmp = temp_path(path);
    let written = File::create(&tmp).and_then(|mut file| {
        file.write_all(bytes)?;
        file.sync_all()
    });
    if let Err(e) = written.and_then(|()| fs::rename(&tmp, path)) {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    sync_dir(dir.unwrap_or(Path::new(".")));
    Ok(())
}

/// `<path>.<pid>.tmp`: two processes writing one file never share a temp file.
pub fn temp_path(path: &Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{}.tmp", std::process::id()));
    PathBuf::from(name)
}

/// Makes a rename durable. Best effort: the file is already complete and in place, and
/// some platforms cannot open a directory at all.
fn sync_dir(dir: &Path) {
    if cfg!(unix) {
        let _ = File::open(dir).and_then(|d| d.sync_all());
    }
}

/// Why an input file was not read.
#[derive(Debug, Error)]
pub enum ReadError {
    #[error("{0}, not a regular file")]
    NotRegular(&'static str),
    #[error("{size} bytes is too large (game files are at most {cap} bytes)")]
    TooLarge { size: u64, cap: u64 },
    #[error("the file is empty")]
    Empty,
    #[error("not UTF-8 text")]
    NotUtf8,
    #[error("{0}")]
    Io(#[from] io::Error),
}

/// An I/O error in a player's words: what happened, without the OS error number.
pub fn io_words(e: &io::Error) -> String {
    use io::ErrorKind::*;
    match e.kind() {
        NotFound => "there is no such file or folder".into(),
        PermissionDenied => "permission denied".into(),
        AlreadyExists => "it already exists".into(),
        _ => {
            let text = e.to_string();
            match text.find(" (os error") {
                Some(i) => text[..i].to_string(),
                None => text,
            }
        }
    }
}

/// Reads a small text file that anyone may have put there: see the module notes.
pub fn read_input(path: &Path, cap: u64) -> Result<String, ReadError> {
    check_meta(&fs::metadata(path)?, cap)?;
    let file = open_nonblocking(path)?;
    // Checked again on the open file: the path may have changed in between.
    check_meta(&file.metadata()?, cap)?;
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            cap,
        });
    }
    let text = String::from_utf8(bytes).map_err(|_| ReadError::NotUtf8)?;
    if text.trim_start_matches('\u{feff}').trim().is_empty() {
        return Err(ReadError::Empty);
    }
    Ok(text)
}

fn check_meta(meta: &fs::Metadata, cap: u64) -> Result<(), ReadError> {
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(&meta.file_type())));
    }
    if meta.len() > cap {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            cap,
        });
    }
    Ok(())
}

#[cfg(unix)]
fn kind_of(t: &fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if t.is_dir() {
        "a directory"
    } else if t.is_fifo() {
        "a FIFO"
    } else if t.is_socket() {
        "a socket"
    } else if t.is_char_device() || t.is_block_device() {
        "a device"
    } else {
        "a special file"
    }
}

#[cfg(not(unix))]
fn kind_of(t: &fs::FileType) -> &'static str {
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// Opens for reading without waiting: a FIFO swapped in after the check cannot block.
#[cfg(unix)]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_nonblocking(path: &Path) -> io::Result<File> {
    OpenOptions::new().read(true).open(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!(
            "gomoku-files-{name}-{}-{}",
            std::process::id(),
            rand::random::<u32>()
        ));
        fs::create_dir_all(&d).expect("temp dir");
        d
    }

    #[test]
    fn atomic_write_replaces_whole_and_leaves_no_temp() {
        let d = dir("write");
        let p = d.join("sub").join("a.txt");
        atomic_write(&p, b"one").expect("written");
        atomic_write(&p, b"two").expect("rewritten");
        assert_eq!(fs::read(&p).expect("read"), b"two");
        assert_eq!(fs::read_dir(p.parent().unwrap()).unwrap().count(), 1);
        let _ = fs::remove_dir_all(d);
    }

    #[test]
    fn inputs_are_checked_before_they_are_read() {
        let d = dir("read");
        let p = d.join("ok.txt");
        fs::write(&p, "\u{feff}h8").unwrap();
        assert_eq!(read_input(&p, 100).unwrap(), "\u{feff}h8");
        fs::write(&p, " \n").unwrap();
        assert!(matches!(read_input(&p, 100), Err(ReadError::Empty)));
        fs::write(&p, vec![b'a'; 101]).unwrap();
        assert!(matches!(
            read_input(&p, 100),
            Err(ReadError::TooLarge { size: 101, .. })
        ));
        assert!(matches!(read_input(&d, 100), Err(ReadError::NotRegular(_))));
        #[cfg(unix)]
        {
            let zero = d.join("zero");
            std::os::unix::fs::symlink("/dev/zero", &zero).unwrap();
            assert!(matches!(
                read_input(&zero, 100),
                Err(ReadError::NotRegular("a device"))
            ));
        }
        let _ = fs::remove_dir_all(d);
    }
}
