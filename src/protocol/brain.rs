//! The brain's state: board, our colour, rule, time controls. Each line in gives either
//! reply lines, a request to think (the driver runs it so `END` can stop it), or exit.

use super::command::{
    is_info_line, parse_board_entry, parse_command, BoardEntry, Command, InfoKey, ProtocolError,
};
use super::info::Settings;
use super::think;
use crate::engine::point::PointTable;
use crate::engine::strong::state::State;
use crate::engine::{Board, BoardError, Level, Player, Pos, Rule, Stone};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

/// What the driver should do after a line.
#[derive(Debug, PartialEq, Eq)]
pub enum Action {
    /// Write these lines (possibly none).
    Reply(Vec<String>),
    /// Search and answer with a move ([`Brain::think`]).
    Think,
    /// `END`: stop at once.
    Exit,
}

/// The pbrain state machine.
pub struct Brain {
    board: Option<Board>,
    me: Stone,
    settings: Settings,
    player: Player,
    /// `--level`: play this level's recipe instead of the strongest search in time.
    level: Option<Level>,
    /// Inside `BOARD ... DONE`: the entries so far, or the first error.
    pending_board: Option<Result<Vec<BoardEntry>, ProtocolError>>,
}

impl Brain {
    /// A brain; `seed` fixes the engine's shuffle for repeatable games.
    pub fn new(seed: Option<u64>) -> Brain {
        // Build the engines' tables now, not in the first timed turn (another rule's
        // are built when INFO rule asks for it).
        PointTable::get();
        State::new(15, 15, Rule::Freestyle);
        Brain {
            board: None,
            me: Stone::Black,
            settings: Settings::default(),
            player: Player::new(seed),
            level: None,
            pending_board: None,
        }
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Action {
        if self.pending_board.is_some() {
            return self.board_line(line);
        }
        match parse_command(line) {
            Ok(cmd) => self.handle(cmd),
            Err(e) if is_info_line(line) => message(e),
            Err(e) => error(e),
        }
    }

    fn handle(&mut self, cmd: Command) -> Action {
        match cmd {
            Command::Empty => Action::Reply(vec![]),
            Command::Start(n) => self.start(n, n),
            Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match self.board.as_mut() {
                Some(b) => {
                    b.clear();
                    ok()
                }
                None => error(ProtocolError::NoBoard),
            },
            Command::Begin => match self.board.as_ref() {
                Some(b) if b.move_count() == 0 => {
                    self.me = Stone::Black;
                    Action::Think
                }
                Some(_) => self.reply_err("BEGIN on a board that already has stones"),
                None => error(ProtocolError::NoBoard),
            },
            Command::Turn(x, y) => self.turn(x, y),
            Command::Board => {
                if self.board.is_none() {
                    return error(ProtocolError::NoBoard);
                }
                self.pending_board = Some(Ok(Vec::new()));
                Action::Reply(vec![])
            }
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Info(key, value) => self.info(&key, &value),
            Command::End => Action::Exit,
            Command::About => Action::Reply(vec![about()]),
            // The driver stops a running search; with none running there is nothing to
            // stop (a late YXSTOP often arrives just after the move), and no answer.
            Command::YxStop => Action::Reply(vec![]),
            Command::Unknown(word) => Action::Reply(vec![format!("UNKNOWN {word}")]),
        }
    }

    fn reply_err(&self, text: &str) -> Action {
        Action::Reply(vec![format!("ERROR {text}")])
    }

    fn start(&mut self, w: usize, h: usize) -> Action {
        match Board::new(w, h) {
            Ok(b) => {
                self.board = Some(b);
                self.me = Stone::Black;
                ok()
            }
            Err(_) => error(ProtocolError::UnsupportedSize(w, h)),
        }
    }

    fn turn(&mut self, x: usize, y: usize) -> Action {
        let Some(board) = self.board.as_mut() else {
            return error(ProtocolError::NoBoard);
        };
        let pos = Pos::new(x, y);
        if !board.contains(pos) {
            return error(ProtocolError::OffBoard(x, y));
        }
        if !board.is_empty(pos) {
            return error(ProtocolError::Occupied(x, y));
        }
        if board.move_count() == 0 {
            self.me = Stone::White;
        }
        if board.place(pos, self.me.opponent()).is_err() {
            return error(ProtocolError::Occupied(x, y));
        }
        if board.is_full() {
            return error(ProtocolError::BoardFull);
        }
        Action::Think
    }

    fn board_line(&mut self, line: &str) -> Action {
        let word = line.trim();
        if word.eq_ignore_ascii_case("END") {
            return Action::Exit;
        }
        if !word.eq_ignore_ascii_case("DONE") {
            if let Some(Ok(entries)) = self.pending_board.as_mut() {
                match parse_board_entry(word) {
                    Ok(e) => entries.push(e),
                    Err(e) => self.pending_board = Some(Err(e)),
                }
            }
            return Action::Reply(vec![]);
        }
        let entries = match self.pending_board.take() {
            Some(Ok(entries)) => entries,
            Some(Err(e)) => return error(e),
            None => return error(ProtocolError::NoBoard),
        };
        let Some(current) = self.board.as_ref() else {
            return error(ProtocolError::NoBoard);
        };
        let mut board = match Board::new(current.width(), current.height()) {
            Ok(b) => b,
            Err(_) => return error(ProtocolError::NoBoard),
        };
        let own = entries.iter().filter(|e| e.field == 1).count();
        let theirs = entries.iter().filter(|e| e.field == 2).count();
        // We are to move: with as many stones as the opponent we moved first.
        let me = if own >= theirs {
            Stone::Black
        } else {
            Stone::White
        };
        // Field 3 (continuous games only) marks a winning line that was already scored:
        // nobody may play there and it belongs to neither side. The board has no
        // "blocked" cell, so such cells become the opponent's stones: unplayable, and
        // never counted in our favour. They go first so the last move (where the engine
        // looks for a finished five) is a real one.
        let blocked = entries.iter().filter(|e| e.field == 3);
        let played = entries.iter().filter(|e| e.field != 3);
        for e in blocked.chain(played) {
            let stone = if e.field == 1 { me } else { me.opponent() };
            match board.place(Pos::new(e.x, e.y), stone) {
                Ok(()) => {}
                Err(BoardError::Occupied(_)) => return error(ProtocolError::Occupied(e.x, e.y)),
                Err(_) => return error(ProtocolError::OffBoard(e.x, e.y)),
            }
        }
        if board.is_full() {
            return error(ProtocolError::BoardFull);
        }
        // Only a valid block replaces the position: a bad one loses nothing.
        self.me = me;
        self.board = Some(board);
        Action::Think
    }

    fn takeback(&mut self, x: usize, y: usize) -> Action {
        let Some(board) = self.board.as_mut() else {
            return error(ProtocolError::NoBoard);
        };
        let pos = Pos::new(x, y);
        let Some(index) = board.moves().iter().position(|m| m.pos == pos) else {
            return error(ProtocolError::NothingToTakeBack(x, y));
        };
        let mut rebuilt = board.clone();
        while rebuilt.move_count() > index {
            rebuilt.undo();
        }
        for m in &board.moves()[index + 1..] {
            // Replaying moves that were legal on a superset position cannot fail.
            if rebuilt.place(m.pos, m.stone).is_err() {
                return error(ProtocolError::NothingToTakeBack(x, y));
            }
        }
        *board = rebuilt;
        ok()
    }

    /// `INFO` has no answer in the protocol: an `ERROR` here would be read as the answer
    /// to the manager's next command, so a problem is reported on a `MESSAGE` line.
    fn info(&mut self, key: &InfoKey, value: &str) -> Action {
        let result = self.settings.apply(key, value);
        if matches!(key, InfoKey::Rule) {
            State::new(15, 15, self.settings.rule);
        }
        if matches!(key, InfoKey::MaxMemory) {
            self.player
                .strong_mut()
                .set_tt_bytes(self.settings.table_bytes());
        }
        match result {
            Ok(()) => Action::Reply(vec![]),
            Err(e) => message(e),
        }
    }

    /// Plays `level`'s recipe from now on (`--level`).
    pub fn set_level(&mut self, level: Level) {
        self.level = Some(level);
    }

    /// The settings from `INFO` so far.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Searches, plays our move on the board, and returns the reply lines
    /// (a `MESSAGE` with the search figures, then `x,y`).
    pub fn think(&mut self, stop: &Arc<AtomicBool>) -> Vec<String> {
        let Some(board) = self.board.as_mut() else {
            return vec![format!("ERROR {}", ProtocolError::NoBoard)];
        };
        board.set_side_to_move(self.me);
        let r = think::search(&mut self.player, board, &self.settings, self.level, stop);
        let mv = r
            .best_move
            .filter(|&p| board.contains(p) && board.is_empty(p))
            .or_else(|| nearest_centre_empty(board));
        let Some(mv) = mv else {
            return vec![format!("ERROR {}", ProtocolError::BoardFull)];
        };
        if board.place(mv, self.me).is_err() {
            return vec![format!("ERROR {}", ProtocolError::Occupied(mv.x, mv.y))];
        }
        vec![think::report(&r), format!("{},{}", mv.x, mv.y)]
    }
}

/// The answer to `ABOUT`. It depends on nothing, so the driver may give it during a search.
pub fn about() -> String {
    format!(
        "name=\"gomoku-rs\", version=\"{}\", author=\"Gomoku developers\", country=\"CN\"",
        env!("CARGO_PKG_VERSION")
    )
}

fn ok() -> Action {
    Action::Reply(vec!["OK".to_string()])
}

fn error(e: ProtocolError) -> Action {
    Action::Reply(vec![format!("ERROR {e}")])
}

/// A problem that is no answer to anything (a manager shows or ignores `MESSAGE`).
fn message(e: ProtocolError) -> Action {
    Action::Reply(vec![format!("MESSAGE {e}")])
}

/// Any legal move: the last resort if the engine ever failed to give one.
fn nearest_centre_empty(board: &Board) -> Option<Pos> {
    let (cx, cy) = (board.width() as isize / 2, board.height() as isize / 2);
    board
        .cells()
        .filter(|&p| board.is_empty(p))
        .min_by_key(|p| (p.x as isize - cx).abs().max((p.y as isize - cy).abs()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Rule;

    /// Feeds `lines` to a fresh brain and collects every reply line, searches included.
    fn replies(lines: &[&str]) -> Vec<String> {
        let mut brain = Brain::new(Some(7));
        let stop = Arc::new(AtomicBool::new(false));
        let mut out = Vec::new();
        for line in lines {
            match brain.handle_line(line) {
                Action::Reply(r) => out.extend(r),
                Action::Think => out.extend(
                    brain
                        .think(&stop)
                        .into_iter()
                        .filter(|l| !l.starts_with("MESSAGE")),
                ),
                Action::Exit => break,
            }
        }
        out
    }

    #[test]
    fn start_begin_and_turn_answer_legal_moves() {
        let r = replies(&["START 15", "INFO max_depth 2", "BEGIN", "TURN 0,0"]);
        assert_eq!(r[0], "OK");
        assert_eq!(r.len(), 3, "{r:?}");
        assert_ne!(r[1], r[2]);
        assert_ne!(r[2], "0,0");
    }

    #[test]
    fn board_block_with_field_three_is_played_around() {
        let mut lines = vec!["START 7", "INFO max_depth 1", "BOARD"];
        lines.extend([
            "0,0,3", "1,1,3", "2,2,3", "3,3,3", "4,4,3", "6,0,1", "0,6,2",
        ]);
        lines.extend(["DONE", "TURN 4,4"]);
        let r = replies(&lines);
        assert_eq!(r[0], "OK");
        let mv = &r[1];
        assert!(
            !["0,0", "1,1", "2,2", "3,3", "4,4", "6,0", "0,6"].contains(&mv.as_str()),
            "{r:?}"
        );
        assert!(r[2].starts_with("ERROR"), "4,4 is blocked: {r:?}");
    }

    #[test]
    fn errors_never_change_the_position() {
        let r = replies(&[
            "START 5",
            "INFO max_depth 1",
            "TURN 5,0",
            "TURN 0,5",
            "TAKEBACK 1,1",
            "BOARD",
            "9,9,1",
            "DONE",
            "START 4",
            "RECTSTART 23,5",
            "INFO rule 6",
            "TURN 2,2",
        ]);
        assert_eq!(r[0], "OK");
        for (i, line) in r[1..7].iter().enumerate() {
            assert!(line.starts_with("ERROR"), "reply {i}: {r:?}");
        }
        assert!(r[5].contains("unsupported size"), "{r:?}");
        assert!(
            r[7].starts_with("MESSAGE INFO rule 6 not supported"),
            "{r:?}"
        );
        assert_eq!(r.len(), 9, "{r:?}");
        assert_ne!(r[8], "2,2");
    }

    #[test]
    fn info_problems_are_messages_and_keep_what_can_be_kept() {
        let mut brain = Brain::new(Some(7));
        let mut said = |line: &str| match brain.handle_line(line) {
            Action::Reply(r) => r,
            other => panic!("{line}: {other:?}"),
        };
        assert_eq!(said("INFO timeout_turn 700"), Vec::<String>::new());
        assert_eq!(said("INFO rule 1"), Vec::<String>::new());
        assert_eq!(said("INFO time_left -1"), Vec::<String>::new());
        for (line, needle) in [
            ("INFO rule 2", "INFO rule 2 not supported"),
            ("INFO timeout_turn soon", "INFO timeout_turn needs a number"),
            ("INFO timeout_turn -5", "\"-5\""),
            ("INFO max_depth", "INFO max_depth needs a number"),
            ("INFO", "INFO expects key value"),
        ] {
            let r = said(line);
            assert_eq!(r.len(), 1, "{line}: {r:?}");
            assert!(r[0].starts_with("MESSAGE "), "{line}: {r:?}");
            assert!(r[0].contains(needle), "{line}: {r:?}");
            assert!(
                r[0].chars().all(|c| c.is_ascii_graphic() || c == ' '),
                "{line}: {r:?}"
            );
        }
        let s = brain.settings();
        assert_eq!(s.timeout_turn_ms, 700, "garbage keeps the previous value");
        assert_eq!(
            s.rule,
            Rule::Freestyle,
            "rule 2: the supported part is taken"
        );
        assert_eq!(s.time_left_ms, Some(0), "a negative time left is none left");
        assert_eq!(s.max_depth, None);
    }

    #[test]
    fn the_last_empty_cell_is_played_and_a_full_board_is_an_error() {
        let mut lines = vec![
            "START 5".to_string(),
            "INFO max_depth 1".into(),
            "BOARD".into(),
        ];
        // Fill all but (4,4) in a pattern with no five; own and opponent alternate.
        for y in 0..5 {
            for x in 0..5 {
                if (x, y) != (4, 4) {
                    let field = if (x + 2 * y) % 4 < 2 { 1 } else { 2 };
                    lines.push(format!("{x},{y},{field}"));
                }
            }
        }
        lines.push("DONE".into());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        let r = replies(&refs);
        assert_eq!(r, ["OK", "4,4"]);
    }

    #[test]
    fn yxstop_without_a_search_is_ignored_quietly() {
        let r = replies(&[
            "START 15",
            "YXSTOP",
            "INFO max_depth 1",
            "TURN 7,7",
            "YXSTOP",
        ]);
        assert_eq!(r.len(), 2, "OK and a move, nothing for YXSTOP: {r:?}");
        assert_eq!(r[0], "OK");
    }

    #[test]
    fn end_inside_a_board_block_exits() {
        let r = replies(&["START 15", "BOARD", "7,7,1", "END", "ABOUT"]);
        assert_eq!(r, ["OK"]);
    }
}
