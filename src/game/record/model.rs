//! The record of one game and its checks: a record only loads if replaying it is legal.

use super::error::RecordError;
use crate::engine::renju::forbidden;
use crate::engine::rules::outcome;
use crate::engine::{Board, BoardError, Level, Outcome, Pos, Rule, Stone};
use crate::game::computer::{Computer, ExternalEngine};
use crate::game::ending::Ending;
use crate::game::mode::GameMode;
use crate::game::settings::computer_for;
use crate::game::time_control::TimeControl;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// The record format this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// A person here, a program, or a person on another machine.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PlayerKind {
    Human,
    Computer,
    /// The other player of a network game.
    Remote,
}

/// Who played one colour: at which level if our engine, which program if a pbrain
/// engine from outside.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerInfo {
    pub kind: PlayerKind,
    pub level: Option<Level>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<ExternalEngine>,
}

impl PlayerInfo {
    /// The program this player was, if a computer.
    pub fn computer(&self) -> Option<Computer> {
        match (&self.engine, self.level) {
            (Some(e), _) => Some(Computer::External(e.clone())),
            (None, Some(l)) => Some(Computer::Level(l)),
            (None, None) => None,
        }
    }
}

/// One move; colours alternate from Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedMove {
    pub x: usize,
    pub y: usize,
    /// Thinking time for this move.
    pub ms: u64,
}

/// A whole game as saved on disk.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    pub format_version: u32,
    /// Unique; also the file name. Letters, digits and '-' only.
    pub id: String,
    pub rule: Rule,
    pub width: usize,
    pub height: usize,
    pub mode: GameMode,
    pub level: Level,
    pub black: PlayerInfo,
    pub white: PlayerInfo,
    /// Unix seconds.
    pub started_at: u64,
    /// `None` while the game is unfinished.
    pub result: Option<Outcome>,
    pub moves: Vec<RecordedMove>,
    /// The clock the game was played with (records before clocks had none).
    #[serde(default, skip_serializing_if = "no_clock")]
    pub time: TimeControl,
    /// How the game ended when the board did not decide it (time, resignation, ...).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<Ending>,
}

fn no_clock(t: &TimeControl) -> bool {
    t.is_none()
}

/// Now, in Unix seconds.
pub fn now_unix() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// A fresh unique id: start time plus random bits.
pub fn new_id(started_at: u64) -> String {
    format!("{started_at}-{:08x}", rand::random::<u32>())
}

/// Who played `stone` in `mode`, with `computers` as the game's programs.
pub fn player(mode: GameMode, stone: Stone, computers: &[Computer; 2]) -> PlayerInfo {
    let (kind, computer) = if mode.is_computer(stone) {
        (
            PlayerKind::Computer,
            Some(computer_for(computers, mode, stone)),
        )
    } else if mode.is_person(stone) {
        (PlayerKind::Human, None)
    } else {
        (PlayerKind::Remote, None)
    };
    PlayerInfo {
        kind,
        level: computer.and_then(Computer::level),
        engine: match computer {
            Some(Computer::External(e)) => Some(e.clone()),
            _ => None,
        },
    }
}

impl GameRecord {
    /// A record of `board` as played so far.
    pub fn from_board(
        id: String,
        board: &Board,
        rule: Rule,
        mode: GameMode,
        level: Level,
        started_at: u64,
        times_ms: &[u64],
    ) -> GameRecord {
        GameRecord {
            format_version: FORMAT_VERSION,
            id,
            rule,
            width: board.width(),
            height: board.height(),
            mode,
            level,
            black: player(
                mode,
                Stone::Black,
                &[Computer::Level(level), Computer::Level(level)],
            ),
            white: player(
                mode,
                Stone::White,
                &[Computer::Level(level), Computer::Level(level)],
            ),
            started_at,
            result: outcome(board, rule),
            moves: board
                .moves()
                .iter()
                .enumerate()
                .map(|(i, m)| RecordedMove {
                    x: m.pos.x,
                    y: m.pos.y,
                    ms: times_ms.get(i).copied().unwrap_or(0),
                })
                .collect(),
            time: TimeControl::None,
            ending: None,
        }
    }

    /// A two-player record of shared moves (pos string, psq) under `rule`, checked by
    /// replaying them.
    pub fn imported(
        width: usize,
        height: usize,
        moves: Vec<(Pos, u64)>,
        rule: Rule,
    ) -> Result<GameRecord, RecordError> {
        let board = replay(width, height, rule, moves.iter().map(|m| m.0), None)?;
        let times: Vec<u64> = moves.iter().map(|m| m.1).collect();
        let started = now_unix();
        Ok(GameRecord::from_board(
            new_id(started),
            &board,
            rule,
            GameMode::HumanVsHuman,
            Level::Medium,
            started,
            &times,
        ))
    }

    pub fn positions(&self) -> impl Iterator<Item = Pos> + '_ {
        self.moves.iter().map(|m| Pos::new(m.x, m.y))
    }

    /// Replays the moves with every check; `path` names the file in errors.
    pub fn to_board(&self, path: Option<&Path>) -> Result<Board, RecordError> {
        self.validate(path)?;
        replay(self.width, self.height, self.rule, self.positions(), path)
    }

    /// Version, id, size, every move legal, no move after the end, result as recorded.
    pub fn validate(&self, path: Option<&Path>) -> Result<(), RecordError> {
        let named = |e: RecordError| match path {
            Some(p) => e.in_file(p),
            None => e,
        };
        if self.format_version != FORMAT_VERSION {
            return Err(named(RecordError::UnsupportedVersion {
                path: None,
                found: self.format_version,
                supported: FORMAT_VERSION,
            }));
        }
        if self.id.is_empty()
            || !self
                .id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-')
        {
            return Err(named(RecordError::BadId {
                path: None,
                id: self.id.chars().take(40).collect(),
            }));
        }
        let board = replay(self.width, self.height, self.rule, self.positions(), path)?;
        let on_board = outcome(&board, self.rule);
        // A game the board decided cannot also have ended another way.
        let twice = self.ending.is_some() && on_board.is_some();
        let expected = match &self.ending {
            Some(e) => Some(e.outcome()),
            None => on_board,
        };
        if twice || expected != self.result {
            return Err(named(RecordError::ResultMismatch { path: None }));
        }
        Ok(())
    }

    /// "Black wins", "Draw", "White wins on time", "Unfinished".
    pub fn result_text(&self) -> String {
        match (&self.ending, &self.result) {
            (Some(e), _) => e.clone().sanitized().to_string(),
            (None, Some(Outcome::Win { winner, .. })) => format!("{winner} wins"),
            (None, Some(Outcome::Draw)) => "Draw".into(),
            (None, None) => "Unfinished".into(),
        }
    }
}

/// Plays `moves` alternately from Black on an empty board, rejecting off-board and
/// occupied cells, Black's forbidden points under renju, and any move after the game
/// was decided.
pub fn replay(
    width: usize,
    height: usize,
    rule: Rule,
    moves: impl Iterator<Item = Pos>,
    path: Option<&Path>,
) -> Result<Board, RecordError> {
    let named = |e: RecordError| match path {
        Some(p) => e.in_file(p),
        None => e,
    };
    let mut board = Board::new(width, height).map_err(|_| {
        named(RecordError::BadSize {
            path: None,
            width,
            height,
        })
    })?;
    for (i, p) in moves.enumerate() {
        let illegal = |reason: String| {
            named(RecordError::IllegalMove {
                path: None,
                number: i + 1,
                x: p.x,
                y: p.y,
                reason,
            })
        };
        if outcome(&board, rule).is_some() {
            return Err(illegal("comes after the game ended".into()));
        }
        if let Some(why) = forbidden(&board, p).filter(|_| rule.restricts(board.side_to_move())) {
            return Err(illegal(format!(
                "is forbidden for Black under renju ({why})"
            )));
        }
        board.play(p).map_err(|e| match e {
            BoardError::Occupied(_) => illegal("is on an occupied cell".into()),
            _ => illegal(format!("is off the {width}x{height} board")),
        })?;
    }
    Ok(board)
}

/// "2026-11-23 14:05" (UTC) from Unix seconds, without a date crate.
pub fn format_date(unix: u64) -> String {
    let days = (unix / 86_400) as i64;
    let secs = unix % 86_400;
    // Howard Hinnant's days-to-civil algorithm.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        secs / 3600,
        secs % 3600 / 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_format_as_utc() {
        assert_eq!(format_date(0), "1970-01-01 00:00");
        assert_eq!(format_date(1_795_435_200), "2026-11-23 12:00");
        assert_eq!(format_date(951_782_400), "2000-02-29 00:00");
    }
}
