//! Game records: one JSON file per game, saved atomically after every move, listed and
//! reviewed later, and shared as a position string or a Piskvork `.psq` file.

pub mod error;
pub mod model;
pub mod posstring;
pub mod psq;
pub mod store;

pub use error::RecordError;
pub use model::{format_date, GameRecord, PlayerInfo, PlayerKind, RecordedMove, FORMAT_VERSION};
pub use store::{Listed, RecordStore};

/// Reads a pasted or opened text in whichever format it is: a JSON record (`{`), a
/// Piskvork file (`Piskvorky ...`), else a position string on a `size` x `size` board.
pub fn import(text: &str, size: usize) -> Result<GameRecord, RecordError> {
    let t = text.trim_start_matches('\u{feff}').trim();
    if t.starts_with('{') {
        let record: GameRecord = serde_json::from_str(t).map_err(|e| RecordError::Json {
            path: None,
            message: e.to_string(),
        })?;
        record.validate(None)?;
        Ok(record)
    } else if t
        .get(..9)
        .is_some_and(|p| p.eq_ignore_ascii_case("piskvorky"))
    {
        let (w, h, moves) = psq::parse_psq(t)?;
        GameRecord::imported(w, h, moves)
    } else {
        let moves = posstring::parse_pos_string(t, size, size)?;
        GameRecord::imported(size, size, moves.into_iter().map(|p| (p, 0)).collect())
    }
}
