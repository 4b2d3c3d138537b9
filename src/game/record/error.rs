//! What can be wrong with a record or a shared game, said so a player can act on it.

use std::path::PathBuf;
use thiserror::Error;

/// Names the file (when there is one) and the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    #[error("{}: {message}", file_name(path))]
    Io { path: PathBuf, message: String },
    #[error(
        "{}not a game record this game can read ({message})",
        file_prefix(path)
    )]
    Json {
        path: Option<PathBuf>,
        message: String,
    },
    #[error(
        "{}format version {found} is not supported (this game reads version {supported})",
        file_prefix(path)
    )]
    UnsupportedVersion {
        path: Option<PathBuf>,
        found: u32,
        supported: u32,
    },
    #[error("{}board size {width}x{height} is outside 5..=22", file_prefix(path))]
    BadSize {
        path: Option<PathBuf>,
        width: usize,
        height: usize,
    },
    #[error("{}move {number} at ({x}, {y}) {reason}", file_prefix(path))]
    IllegalMove {
        path: Option<PathBuf>,
        number: usize,
        x: usize,
        y: usize,
        reason: String,
    },
    #[error("{}the recorded result does not match the moves", file_prefix(path))]
    ResultMismatch { path: Option<PathBuf> },
    #[error(
        "{}record id {id:?} may only use letters, digits and '-'",
        file_prefix(path)
    )]
    BadId { path: Option<PathBuf>, id: String },
    #[error("{}{what}: {reason} at character {at}", file_prefix(path))]
    Parse {
        path: Option<PathBuf>,
        what: &'static str,
        at: usize,
        reason: String,
    },
    #[error("{}there is nothing to read: it is empty", file_prefix(path))]
    Empty { path: Option<PathBuf> },
    #[error(
        "{}{size} bytes is too large: game files and pasted games are at most {cap} bytes",
        file_prefix(path)
    )]
    TooLarge {
        path: Option<PathBuf>,
        size: u64,
        cap: u64,
    },
}

/// A file as a player names it: its name, not the whole path.
fn file_name(path: &std::path::Path) -> String {
    path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    )
}

fn file_prefix(path: &Option<PathBuf>) -> String {
    path.as_ref()
        .map(|p| format!("{}: ", file_name(p)))
        .unwrap_or_default()
}

/// What is wrong with a JSON text, in a player's words (serde's own messages speak of
/// types such as `usize`).
pub fn json_words(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Eof => "it breaks off",
        Category::Syntax => "the text is garbled",
        Category::Data => "a value is missing or of the wrong kind",
        Category::Io => "it could not be read",
    };
    format!("{what} at line {}", e.line())
}

impl RecordError {
    /// The same error, naming `path`.
    pub fn in_file(self, path: &std::path::Path) -> RecordError {
        let p = Some(path.to_path_buf());
        match self {
            RecordError::Json { message, .. } => RecordError::Json { path: p, message },
            RecordError::UnsupportedVersion {
                found, supported, ..
            } => RecordError::UnsupportedVersion {
                path: p,
                found,
                supported,
            },
            RecordError::BadSize { width, height, .. } => RecordError::BadSize {
                path: p,
                width,
                height,
            },
            RecordError::IllegalMove {
                number,
                x,
                y,
                reason,
                ..
            } => RecordError::IllegalMove {
                path: p,
                number,
                x,
                y,
                reason,
            },
            RecordError::ResultMismatch { .. } => RecordError::ResultMismatch { path: p },
            RecordError::BadId { id, .. } => RecordError::BadId { path: p, id },
            RecordError::Parse {
                what, at, reason, ..
            } => RecordError::Parse {
                path: p,
                what,
                at,
                reason,
            },
            RecordError::Empty { .. } => RecordError::Empty { path: p },
            RecordError::TooLarge { size, cap, .. } => RecordError::TooLarge { path: p, size, cap },
            RecordError::Io { message, .. } => RecordError::Io {
                path: path.to_path_buf(),
                message,
            },
        }
    }
}

impl RecordError {
    /// Why the input file at `path` could not be read, as a record error naming it.
    pub fn from_read(path: &std::path::Path, e: crate::files::ReadError) -> RecordError {
        use crate::files::ReadError;
        let path = path.to_path_buf();
        match e {
            ReadError::Empty => RecordError::Empty { path: Some(path) },
            ReadError::TooLarge { size, cap } => RecordError::TooLarge {
                path: Some(path),
                size,
                cap,
            },
            ReadError::Io(e) => RecordError::Io {
                path,
                message: crate::files::io_words(&e),
            },
            other => RecordError::Io {
                path,
                message: other.to_string(),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::record::{import, parse_json_record};

    /// What a player reads: the file's name (not where it lives), and no type names.
    #[test]
    fn errors_speak_a_players_words() {
        let e = RecordError::Io {
            path: PathBuf::from("/home/someone/.local/share/gomoku/records/game.json"),
            message: "permission denied".into(),
        };
        assert_eq!(e.to_string(), "game.json: permission denied");
        let e = parse_json_record("{\"format_version\": \"one\"}").unwrap_err();
        let text = e
            .in_file(std::path::Path::new("/tmp/x/bad.json"))
            .to_string();
        assert!(text.starts_with("bad.json: not a game record"), "{text}");
        for jargon in ["usize", "u32", "expected", "/tmp"] {
            assert!(!text.contains(jargon), "{text}");
        }
        let text = parse_json_record("{\"id\": ").unwrap_err().to_string();
        assert!(text.contains("breaks off at line 1"), "{text}");
        let text = import("h8 h8", 15).unwrap_err().to_string();
        assert!(text.contains("played twice"), "{text}");
    }
}
