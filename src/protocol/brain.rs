//! The brain's state: board, our colour, rule, time controls. Each line in gives either
//! reply lines, a request to think (the driver runs it so `END` can stop it), or exit.

use super::command::{
    parse_board_entry, parse_command, BoardEntry, Command, InfoKey, ProtocolError,
};
use crate::engine::point::PointTable;
use crate::engine::{Board, ChessEngine, Pos, Rule, SearchConfig, SearchLimits, Stone};
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

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

/// Turn time when the manager never sent `INFO timeout_turn`.
const DEFAULT_TURN_MS: u64 = 5000;

/// The pbrain state machine.
pub struct Brain {
    board: Option<Board>,
    me: Stone,
    rule: Rule,
    timeout_turn_ms: u64,
    timeout_match_ms: u64,
    time_left_ms: Option<u64>,
    max_depth: Option<u32>,
    engine: ChessEngine,
    /// Inside `BOARD ... DONE`: the entries so far, or the first error.
    pending_board: Option<Result<Vec<BoardEntry>, ProtocolError>>,
}

impl Brain {
    /// A brain; `seed` fixes the engine's shuffle for repeatable games.
    pub fn new(seed: Option<u64>) -> Brain {
        PointTable::get(); // build the engine's table now, not in the first timed turn
        Brain {
            board: None,
            me: Stone::Black,
            rule: Rule::Freestyle,
            timeout_turn_ms: DEFAULT_TURN_MS,
            timeout_match_ms: 0,
            time_left_ms: None,
            max_depth: None,
            engine: ChessEngine::new(SearchConfig {
                seed,
                ..SearchConfig::default()
            }),
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
            Command::Info(key, value) => self.info(key, &value),
            Command::End => Action::Exit,
            Command::About => Action::Reply(vec![format!(
                "name=\"gomoku-rs\", version=\"{}\", author=\"Gomoku developers\", country=\"CN\"",
                env!("CARGO_PKG_VERSION")
            )]),
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
        let theirs = entries.len() - own;
        let me = if own == theirs {
            Stone::Black
        } else {
            Stone::White
        };
        for e in &entries {
            let stone = match e.field {
                1 => me,
                2 => me.opponent(),
                _ => return self.reply_err("BOARD field 3 (continuous game) is not supported"),
            };
            match board.place(Pos::new(e.x, e.y), stone) {
                Ok(()) => {}
                Err(crate::engine::BoardError::Occupied(_)) => {
                    return error(ProtocolError::Occupied(e.x, e.y))
                }
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

    fn info(&mut self, key: InfoKey, value: &str) -> Action {
        let number = || {
            value
                .trim()
                .parse::<u64>()
                .map_err(|_| ProtocolError::BadInfoValue {
                    key: format!("{key:?}").to_ascii_lowercase(),
                    value: value.chars().take(40).collect(),
                })
        };
        let result = match key {
            InfoKey::TimeoutTurn => number().map(|v| self.timeout_turn_ms = v),
            InfoKey::TimeoutMatch => number().map(|v| self.timeout_match_ms = v),
            InfoKey::TimeLeft => number().map(|v| self.time_left_ms = Some(v)),
            InfoKey::MaxMemory | InfoKey::GameType => number().map(|_| ()),
            InfoKey::MaxDepth => {
                number().map(|v| self.max_depth = (v > 0).then(|| v.min(20) as u32))
            }
            InfoKey::Rule => number().and_then(|v| {
                self.rule = if v & 1 == 1 {
                    Rule::ExactFive
                } else {
                    Rule::Freestyle
                };
                self.engine.set_rule(self.rule);
                if v & !1 != 0 {
                    Err(ProtocolError::UnsupportedRule(v))
                } else {
                    Ok(())
                }
            }),
            InfoKey::Other(_) => Ok(()),
        };
        match result {
            Ok(()) => Action::Reply(vec![]),
            Err(e) => error(e),
        }
    }

    /// The time this move may take: the turn limit, bounded by a share of the match time
    /// left, minus a margin for process and pipe latency.
    pub fn move_budget(&self) -> Duration {
        let mut ms = if self.timeout_turn_ms == 0 {
            200
        } else {
            self.timeout_turn_ms
        };
        if let Some(left) = self.time_left_ms.filter(|_| self.timeout_match_ms > 0) {
            ms = ms.min(left / 20);
        }
        let ms = (ms as f64 * 0.85 - 40.0).max(20.0);
        Duration::from_millis(ms as u64)
    }

    /// Searches, plays our move on the board, and returns the reply lines
    /// (a `MESSAGE` with the search figures, then `x,y`).
    pub fn think(&mut self, stop: &Arc<AtomicBool>) -> Vec<String> {
        let budget = self.move_budget();
        let Some(board) = self.board.as_mut() else {
            return vec![format!("ERROR {}", ProtocolError::NoBoard)];
        };
        board.set_side_to_move(self.me);
        let mut limits = match self.max_depth {
            Some(d) => SearchLimits::depth(d).with_time(budget),
            None => SearchLimits::strongest(budget),
        };
        limits.stop = Some(Arc::clone(stop));
        let r = self.engine.search(board, &limits);
        let mv = r
            .best_move
            .filter(|&p| board.is_empty(p))
            .or_else(|| nearest_centre_empty(board));
        let Some(mv) = mv else {
            return vec![format!("ERROR {}", ProtocolError::BoardFull)];
        };
        if board.place(mv, self.me).is_err() {
            return vec![format!("ERROR {}", ProtocolError::Occupied(mv.x, mv.y))];
        }
        let pv: Vec<String> = r.pv.iter().map(|p| format!("{},{}", p.x, p.y)).collect();
        vec![
            format!(
                "MESSAGE depth {} score {} nodes {} ms {} pv {}",
                r.depth,
                r.score,
                r.stats.nodes,
                r.stats.elapsed.as_millis(),
                pv.join(" ")
            ),
            format!("{},{}", mv.x, mv.y),
        ]
    }
}

fn ok() -> Action {
    Action::Reply(vec!["OK".to_string()])
}

fn error(e: ProtocolError) -> Action {
    Action::Reply(vec![format!("ERROR {e}")])
}

/// Any legal move: the last resort if the engine ever failed to give one.
fn nearest_centre_empty(board: &Board) -> Option<Pos> {
    let (cx, cy) = (board.width() as isize / 2, board.height() as isize / 2);
    board
        .cells()
        .filter(|&p| board.is_empty(p))
        .min_by_key(|p| (p.x as isize - cx).abs().max((p.y as isize - cy).abs()))
}
