//! The brain's state: board, our colour, rule, time controls. Each line in gives either
//! reply lines, a request to think (the driver runs it so `END` can stop it), or exit.

use super::command::{
    parse_board_entry, parse_command, BoardEntry, Command, InfoKey, ProtocolError,
};
use super::info::Settings;
use crate::engine::point::PointTable;
use crate::engine::{Board, BoardError, ChessEngine, Pos, SearchConfig, SearchLimits, Stone};
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
            settings: Settings::default(),
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
            Command::Info(key, value) => self.info(&key, &value),
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

    fn info(&mut self, key: &InfoKey, value: &str) -> Action {
        let result = self.settings.apply(key, value);
        // Even a partly supported rule is applied (the exact-five bit).
        self.engine.set_rule(self.settings.rule);
        match result {
            Ok(()) => Action::Reply(vec![]),
            Err(e) => error(e),
        }
    }

    /// The settings from `INFO` so far.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Searches, plays our move on the board, and returns the reply lines
    /// (a `MESSAGE` with the search figures, then `x,y`).
    pub fn think(&mut self, stop: &Arc<AtomicBool>) -> Vec<String> {
        let budget = self.settings.move_budget();
        let Some(board) = self.board.as_mut() else {
            return vec![format!("ERROR {}", ProtocolError::NoBoard)];
        };
        board.set_side_to_move(self.me);
        let limits = match self.settings.max_depth {
            Some(d) => SearchLimits::depth(d).with_time(budget),
            None => SearchLimits::strongest(budget),
        }
        .with_stop(Arc::clone(stop));
        let r = self.engine.search(board, &limits);
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
