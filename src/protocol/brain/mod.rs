//! The brain's state: board, our colour, rule, time controls. Each line in gives either
//! reply lines, a request to think (the driver runs it so `END` can stop it), or exit.

use super::command::{
    is_info_line, parse_board_entry, parse_command, BoardEntry, Command, InfoKey, ProtocolError,
};
use super::info::Settings;
use super::swap2::Swap2Block;
use super::think;
use super::watchdog::Watchdog;
use crate::engine::clock::{Clock, MonotonicClock};
use crate::engine::point::PointTable;
use crate::engine::strong::best_so_far::BestSoFar;
use crate::engine::strong::state::State;
use crate::engine::{renju, Board, BoardError, Level, Player, Pos, Recipe, Rule, Stone};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
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
    /// Inside `SWAP2BOARD ... DONE`: the lines so far.
    pending_swap2: Option<Swap2Block>,
    /// The next [`Brain::think`] answers a swap2 decision, not a move.
    swap2_turn: bool,
    /// Lines written before the next search's answer (an `ERROR` for an unfinished
    /// block whose interrupting command starts a search).
    preface: Vec<String>,
    /// Draws the swap2 opening shapes; seeded like the engine.
    rng: SmallRng,
    /// The move the running search would play now, for the watchdog.
    best_so_far: Arc<BestSoFar>,
    /// The watchdog's clock (the real one but in tests).
    watchdog_clock: Arc<dyn Clock>,
    /// The move the last search placed on the board.
    last_reply: Option<Pos>,
}

impl Brain {
    /// A brain; `seed` fixes the engine's shuffle for repeatable games.
    pub fn new(seed: Option<u64>) -> Brain {
        // Build the strong engine's tables now, not in the first timed turn (another
        // rule's are built when INFO rule asks for it). The seed engine's pattern table
        // waits for a `--level` that uses it: the default brain never reads it, and it
        // was most of the start-up.
        State::new(15, 15, Rule::Freestyle);
        Brain {
            board: None,
            me: Stone::Black,
            settings: Settings::default(),
            player: Player::new(seed),
            level: None,
            pending_board: None,
            pending_swap2: None,
            swap2_turn: false,
            preface: Vec::new(),
            rng: SmallRng::seed_from_u64(seed.unwrap_or_else(|| rand::rng().random())),
            best_so_far: Arc::new(BestSoFar::new()),
            watchdog_clock: Arc::new(MonotonicClock::new()),
            last_reply: None,
        }
    }

    /// The brain with its watchdog reading `clock` (tests move time by hand).
    pub fn with_watchdog_clock(mut self, clock: Arc<dyn Clock>) -> Brain {
        self.watchdog_clock = clock;
        self
    }

    /// A watch for the search [`Brain::think`] is about to run, `spent` after its
    /// command: `None` when no time limit applies, or the answer is not one move the
    /// strong engine chooses (a swap2 decision, a fixed `--level`). Until the search
    /// writes its first choice, the watch holds the playable cell nearest the centre.
    pub fn arm_watchdog(&self, spent: Duration) -> Option<Watchdog> {
        let board = self.board.as_ref()?;
        if self.swap2_turn || self.level.is_some() {
            return None;
        }
        let after = self.settings.watchdog_after()?;
        self.best_so_far.clear();
        if let Some(fallback) = nearest_centre_playable(board, self.settings.rule, self.me) {
            self.best_so_far.set(fallback);
        }
        Some(Watchdog::new(
            Arc::clone(&self.watchdog_clock),
            spent,
            after,
            Arc::clone(&self.best_so_far),
        ))
    }

    /// The watchdog answered `answered` before the search did: the board takes that
    /// move in place of the one the search placed.
    pub fn settle_reply(&mut self, answered: Pos) {
        let Some(board) = self.board.as_mut() else {
            return;
        };
        if let Some(searched) = self.last_reply.take() {
            if searched == answered {
                return;
            }
            if board.last_move().is_some_and(|m| m.pos == searched) {
                board.undo();
            }
        }
        if let Err(e) = board.place(answered, self.me) {
            log::error!("the watchdog's move {answered} does not fit the board: {e}");
        }
    }

    /// Evaluates freestyle positions with `network` (`None`: the pattern weights).
    pub fn set_network(&mut self, network: Option<&'static crate::engine::strong::nnue::Network>) {
        self.player.strong_mut().set_network(network);
    }

    /// Handles one input line.
    pub fn handle_line(&mut self, line: &str) -> Action {
        if self.pending_board.is_some() {
            return self.board_line(line);
        }
        if self.pending_swap2.is_some() {
            return self.swap2_line(line);
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
            Command::Swap2Board => {
                if self.board.is_none() {
                    return error(ProtocolError::NoBoard);
                }
                self.pending_swap2 = Some(Swap2Block::default());
                Action::Reply(vec![])
            }
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
            // Builds the rule's pattern tables now, not in the first move's time.
            State::new(15, 15, self.settings.rule);
        }
        if matches!(key, InfoKey::MaxMemory | InfoKey::TimeoutTurn) {
            self.player
                .strong_mut()
                .set_tt_bytes(self.settings.table_bytes());
        }
        if matches!(key, InfoKey::ThreadNum) {
            self.player.strong_mut().set_threads(self.settings.threads);
        }
        match result {
            Ok(()) => Action::Reply(vec![]),
            Err(e) => message(e),
        }
    }

    /// Plays `level`'s recipe from now on (`--level`).
    pub fn set_level(&mut self, level: Level) {
        if matches!(level.recipe(), Recipe::Seed { .. }) {
            PointTable::get();
        }
        self.level = Some(level);
    }

    /// The settings from `INFO` so far.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Searches, plays our move (or swap2 decision) on the board, and returns the reply
    /// lines: a `MESSAGE` with the search figures, then `x,y` (or the swap2 answer).
    /// `spent` of the turn is already gone: the command waited that long before the
    /// search could start.
    pub fn think(&mut self, stop: &Arc<AtomicBool>, spent: Duration) -> Vec<String> {
        let mut out = std::mem::take(&mut self.preface);
        self.last_reply = None;
        if std::mem::take(&mut self.swap2_turn) {
            out.extend(self.swap2_decision(stop, spent));
        } else {
            out.extend(self.move_decision(stop, spent));
        }
        out
    }

    fn move_decision(&mut self, stop: &Arc<AtomicBool>, spent: Duration) -> Vec<String> {
        let Some(board) = self.board.as_mut() else {
            return vec![format!("ERROR {}", ProtocolError::NoBoard)];
        };
        board.set_side_to_move(self.me);
        let settings = &self.settings;
        let best = &self.best_so_far;
        let r = think::search(
            &mut self.player,
            board,
            settings,
            self.level,
            stop,
            spent,
            best,
        );
        let mv = r
            .best_move
            .filter(|&p| board.contains(p) && board.is_empty(p))
            .or_else(|| nearest_centre_playable(board, settings.rule, self.me));
        let Some(mv) = mv else {
            return vec![format!("ERROR {}", ProtocolError::BoardFull)];
        };
        if board.place(mv, self.me).is_err() {
            return vec![format!("ERROR {}", ProtocolError::Occupied(mv.x, mv.y))];
        }
        self.last_reply = Some(mv);
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

/// The empty cell nearest the centre that `me` may play under `rule` (under renju,
/// Black's forbidden points are passed over while another cell is left): the last resort
/// if the engine ever failed to give a move, and the watchdog's answer until the search
/// has one.
fn nearest_centre_playable(board: &Board, rule: Rule, me: Stone) -> Option<Pos> {
    let (cx, cy) = (board.width() as isize / 2, board.height() as isize / 2);
    let mut empty: Vec<Pos> = board.cells().filter(|&p| board.is_empty(p)).collect();
    empty.sort_by_key(|p| (p.x as isize - cx).abs().max((p.y as isize - cy).abs()));
    let restricted = rule == Rule::Renju && me == Stone::Black;
    let allowed = |&p: &Pos| !restricted || renju::forbidden(board, p).is_none();
    empty
        .iter()
        .copied()
        .find(allowed)
        .or(empty.first().copied())
}

mod swap2_block;
#[cfg(test)]
mod tests;
