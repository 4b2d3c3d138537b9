//! Game records: one JSON file per game, saved atomically after every move, listed and
//! reviewed later, and shared as a position string or a Piskvork `.psq` file.

pub mod error;
pub mod loader;
pub mod model;
pub mod posstring;
pub mod psq;
pub mod store;
pub mod writer;

pub use error::RecordError;
pub use loader::RecordsLoader;
pub use model::{format_date, GameRecord, PlayerInfo, PlayerKind, RecordedMove, FORMAT_VERSION};
pub use store::{Listed, RecordStore};
pub use writer::{RecordWriter, WriteReport};

use crate::engine::Rule;
use crate::files::{read_input, MAX_INPUT_BYTES};
use std::path::Path;

/// [`import_as`] under freestyle when the text names no rule.
pub fn import(text: &str, size: usize) -> Result<GameRecord, RecordError> {
    import_as(text, size, Rule::Freestyle)
}

/// Reads a pasted or opened text in whichever format it is: a JSON record (`{`), a
/// Piskvork file (`Piskvorky ...`), else a position string on a `size` x `size` board.
/// A record and a position string may name their rule; a `.psq` cannot (Piskvork's
/// format has no field for it), so it and an untagged position string take `rule`.
/// Every way into the game (`--open`, paste, the records folder) parses with this or
/// with [`parse_json_record`], so a byte-order mark or an empty text means the same
/// everywhere.
pub fn import_as(text: &str, size: usize, rule: Rule) -> Result<GameRecord, RecordError> {
    let t = checked_text(text)?;
    if t.starts_with('{') {
        parse_json_record(t)
    } else if t
        .get(..9)
        .is_some_and(|p| p.eq_ignore_ascii_case("piskvorky"))
    {
        let (w, h, moves) = psq::parse_psq(t)?;
        GameRecord::imported(w, h, moves, rule)
    } else {
        let (named, t) = posstring::split_rule(t)?;
        let moves = posstring::parse_pos_string(t, size, size)?;
        let timed = moves.into_iter().map(|p| (p, 0)).collect();
        GameRecord::imported(size, size, timed, named.unwrap_or(rule))
    }
}

/// A JSON record, fully checked (a leading byte-order mark is allowed).
pub fn parse_json_record(text: &str) -> Result<GameRecord, RecordError> {
    let t = checked_text(text)?;
    let record: GameRecord = serde_json::from_str(t).map_err(|e| RecordError::Json {
        path: None,
        message: error::json_words(&e),
    })?;
    record.validate(None)?;
    Ok(record)
}

/// The text without a byte-order mark and surrounding space; refused when empty or over
/// [`MAX_INPUT_BYTES`].
fn checked_text(text: &str) -> Result<&str, RecordError> {
    if text.len() as u64 > MAX_INPUT_BYTES {
        return Err(RecordError::TooLarge {
            path: None,
            size: text.len() as u64,
            cap: MAX_INPUT_BYTES,
        });
    }
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.is_empty() {
        return Err(RecordError::Empty { path: None });
    }
    Ok(t)
}

/// Reads a game file given by a person (`--open`) in any format [`import_as`] knows,
/// under `rule` when the file names none; every error names the file.
pub fn open_file(path: &Path, size: usize, rule: Rule) -> Result<GameRecord, RecordError> {
    let text = read_input(path, MAX_INPUT_BYTES).map_err(|e| RecordError::from_read(path, e))?;
    import_as(&text, size, rule).map_err(|e| e.in_file(path))
}
