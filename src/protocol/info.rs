//! The `INFO key value` settings a manager sends, and the one thing they decide between
//! them: how long the next move may take and how deep it may search.

use super::command::{printable, InfoKey, ProtocolError};
use crate::engine::search::MAX_DEPTH;
use crate::engine::strong::time::TimeBudget;
use crate::engine::Rule;
use std::time::Duration;

/// Turn time when the manager never sent `INFO timeout_turn` (the spec's usual 5 s).
pub const DEFAULT_TURN_MS: u64 = 5000;
/// Turn time used for `timeout_turn 0` ("play as fast as you can"): a very short search.
const FASTEST_TURN_MS: u64 = 100;
/// Our moves a game is planned to last, and the fewest still planned for: a move's
/// share of a match clock is what is left over the moves to go, 24 less a quarter of
/// the stones on the board, at least 12. Planned as 40 less half the stones, games
/// of 20 s against Carbon ended with a median 12 s of our clock unspent (the first
/// moves, where White's games are decided, got a 35th of it); with 24, a median 9 s, and
/// 71-0-9 against Carbon (main 70-0-10) and 23-2-15 against main's binary over 20 s
/// games (the sixth session of 3 December, `docs/tuning-sessions-from-stop-48.md`).
const MOVES_TO_PLAN: u64 = 24;
/// Stones on the board per move taken off [`MOVES_TO_PLAN`].
const STONES_PER_PLANNED_MOVE: u64 = 4;
const MIN_MOVES_TO_PLAN: u64 = 12;
/// Kept back from every limit for pipes, scheduling and the manager's clock: never less
/// than this. Measured on the 2-core machine with two matches running: a 300 ms turn
/// needed 25 ms; at 100 ms turns one reply in 2 441 came at 111 ms, 41 ms past its
/// 70 ms limit, though its search had stopped on time (a stall of the process).
const MARGIN_MS: u64 = 45;

/// The margin kept back from a limit of `ms`: 15% up to 300 ms (45 ms there), then
/// [`MARGIN_MS`] plus 7.5% of the turn. What a reply risks is a stall of the process,
/// which grows with the load on the machine, not with the turn: 15% of a 5 s turn left
/// 750 ms idle. On 1 s turns, with a build running beside two matches on the 2-core
/// machine, replies came up to 100 ms after the search had stopped.
fn margin(ms: u64) -> u64 {
    (ms * 15 / 100).min(MARGIN_MS + ms * 3 / 40).max(MARGIN_MS)
}
/// What the watchdog keeps back from a limit of `ms`: half the search's [`margin`]. A
/// search that stops on time answers within a few milliseconds of its hard limit, long
/// before the watchdog would; when it is late, the other half covers the write and the
/// pipe on a loaded machine (with twelve busy processes on the two cores, the manager
/// read 61 of the watchdog's 64 answers within 10 ms of its deadline, the last 30 ms
/// after it).
fn watchdog_margin(ms: u64) -> u64 {
    margin(ms) / 2
}
/// The table's size by the turn's length: turns up to the first number (ms,
/// `timeout_turn 0` included) get at most the second; longer turns get what
/// `max_memory` allows. A 300 ms turn searches some 800 000 positions, which 16 MB (a
/// million entries) holds, and a 1 s turn some 2.7 M. A larger table scored no more
/// points and costs speed: the system maps its pages as the searches first write them,
/// a fault each (a 128 MB table slowed a game's first move to 1.5 M positions a second
/// from 2.7 M), and its scattered probes miss the processor's address-translation cache
/// more often (later moves 3–7% slower). The matches: docs/tuning-sessions-from-stop-80.md.
const TABLE_BY_TURN: [(u64, usize); 2] = [(500, 16 << 20), (1500, 32 << 20)];
/// The shortest budget ever given: enough for depth 1 on any board.
const MIN_BUDGET_MS: u64 = 10;
/// What one of our replies costs a match clock at the least, its search aside: pipes,
/// waking the process, the manager's own measuring. `match.py` on the loaded 2-core
/// machine measured 2-11 ms for replies whose search took 0-2 ms; with 5 ms kept per
/// move a game against Pela that filled the board ended 28 ms from the flag.
const REPLY_COST_MS: u64 = 10;

/// The bits of `INFO rule` (a bitmask): 1 exact five, 2 continuous game, 4 renju, 8 caro.
const RULE_EXACT_FIVE: u64 = 1;
const RULE_RENJU: u64 = 4;
/// The bits this brain honours; see [`rule_from_bits`].
const RULE_SUPPORTED: u64 = RULE_EXACT_FIVE | RULE_RENJU;

/// The rule an `INFO rule` bitmask asks for, as far as this brain supports it, and the
/// bits it does not honour (0 when it plays exactly what was asked). The one place
/// that maps rule bits: a new rule is a new bit in `RULE_SUPPORTED` and a branch here.
pub fn rule_from_bits(bits: u64) -> (Rule, u64) {
    let rule = if bits & RULE_RENJU != 0 {
        Rule::Renju
    } else if bits & RULE_EXACT_FIVE != 0 {
        Rule::ExactFive
    } else {
        Rule::Freestyle
    };
    (rule, bits & !RULE_SUPPORTED)
}

/// The `INFO rule` bitmask that asks an engine for `rule` (the inverse of
/// [`rule_from_bits`]).
pub fn rule_bits(rule: Rule) -> u64 {
    match rule {
        Rule::Freestyle => 0,
        Rule::ExactFive => RULE_EXACT_FIVE,
        Rule::Renju => RULE_RENJU,
    }
}

/// Everything `INFO` can set. Values the brain does not act on are still checked, so a
/// manager that sends garbage hears about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub timeout_turn_ms: u64,
    /// `Some(0)` means the match has no time limit.
    pub timeout_match_ms: Option<u64>,
    pub time_left_ms: Option<u64>,
    /// Bytes; 0 = unlimited. Sizes the transposition table ([`Settings::table_bytes`]).
    pub max_memory: u64,
    pub game_type: u64,
    pub rule: Rule,
    /// Yixin-Board's `max_depth`: fixed depth in plies (1..=MAX_DEPTH).
    pub max_depth: Option<u32>,
    /// Yixin-Board's `max_node`: positions a move's search may visit, within the turn's
    /// time as ever (0 means no budget).
    pub max_nodes: Option<u64>,
    /// Threads the search may run (`thread_num`; 1 unless the manager allows more).
    pub threads: usize,
    pub folder: Option<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            timeout_turn_ms: DEFAULT_TURN_MS,
            timeout_match_ms: None,
            time_left_ms: None,
            max_memory: 0,
            game_type: 0,
            rule: Rule::Freestyle,
            max_depth: None,
            max_nodes: None,
            threads: 1,
            folder: None,
        }
    }
}

impl Settings {
    /// Applies one `INFO` line. A value that cannot be used changes nothing; on an
    /// unsupported rule the supported part (exact five or not) is still taken. The error
    /// says what was wrong (the protocol gives `INFO` no answer: the brain reports it on a
    /// `MESSAGE` line). A negative `time_left` is not an error: managers send one once the
    /// clock is over, and it counts as no time left.
    pub fn apply(&mut self, key: &InfoKey, value: &str) -> Result<(), ProtocolError> {
        let value = value.trim();
        let bad = || ProtocolError::BadInfoValue {
            key: key.name().to_string(),
            value: printable(value, 40),
        };
        let number = |digits: &str| {
            if digits.is_empty() || digits.len() > 20 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                return Err(bad());
            }
            digits.parse::<u64>().map_err(|_| bad())
        };
        match key {
            InfoKey::TimeoutTurn => self.timeout_turn_ms = number(value)?,
            InfoKey::TimeoutMatch => self.timeout_match_ms = Some(number(value)?),
            InfoKey::TimeLeft => {
                self.time_left_ms = Some(match value.strip_prefix('-') {
                    Some(digits) => number(digits).map(|_| 0)?,
                    None => number(value)?,
                })
            }
            InfoKey::MaxMemory => self.max_memory = number(value)?,
            InfoKey::GameType => self.game_type = number(value)?,
            InfoKey::MaxDepth => {
                let d = number(value)?.clamp(1, u64::from(MAX_DEPTH));
                self.max_depth = Some(d as u32);
            }
            InfoKey::MaxNode => self.max_nodes = Some(number(value)?).filter(|&n| n > 0),
            InfoKey::ThreadNum => {
                let most = crate::engine::strong::root::MAX_THREADS as u64;
                self.threads = number(value)?.clamp(1, most) as usize;
            }
            InfoKey::Rule => {
                let bits = number(value)?;
                let (rule, unsupported) = rule_from_bits(bits);
                self.rule = rule;
                if unsupported != 0 {
                    return Err(ProtocolError::UnsupportedRule {
                        bits,
                        playing: rule,
                    });
                }
            }
            InfoKey::Folder => self.folder = Some(value.to_string()),
            // `evaluate x,y` asks a GUI brain to show its evaluation of a cell; there is
            // nothing to show it on, and unknown keys must be ignored.
            InfoKey::Evaluate | InfoKey::Other(_) => {}
        }
        Ok(())
    }

    /// Bytes the transposition table may take: half of `max_memory` (the rest is the
    /// process itself, with room to spare), or the engine's default when unlimited; on
    /// turns up to 1.5 s no more than [`TABLE_BY_TURN`] says.
    pub fn table_bytes(&self) -> usize {
        const DEFAULT: usize = crate::engine::strong::root::DEFAULT_TT_BYTES;
        let allowed = match self.max_memory {
            0 => DEFAULT,
            m => usize::try_from(m / 2)
                .unwrap_or(usize::MAX)
                .min(4 * DEFAULT),
        };
        TABLE_BY_TURN
            .iter()
            .find(|&&(turn_ms, _)| self.timeout_turn_ms <= turn_ms)
            .map_or(allowed, |&(_, bytes)| allowed.min(bytes))
    }

    /// How long the next move may take, given how many stones are on the board and how
    /// many cells are still empty: the turn limit less a safety margin (hard), and when a
    /// match clock runs, a share of the time left spread over the moves still expected
    /// (soft: no new iteration after it).
    ///
    /// The clock's share comes after a reserve of [`REPLY_COST_MS`] for each move we may
    /// still have to make (half the empty cells): a long game that fills the board is
    /// played to its end at the fastest pace rather than lost on time. Without it, 20 s
    /// games against Pela ran our clock 0.1 s past its end in three of 40 games.
    pub fn time_budget(&self, stones: usize, empty: usize) -> TimeBudget {
        self.time_budget_after(stones, empty, Duration::ZERO)
    }

    /// [`Settings::time_budget`] for a move whose command came `spent` ago: the manager's
    /// clock runs from when it wrote the command, and what the brain did before the
    /// search started (earlier lines, the thread's start) is taken off both limits.
    pub fn time_budget_after(&self, stones: usize, empty: usize, spent: Duration) -> TimeBudget {
        let spent = u64::try_from(spent.as_millis()).unwrap_or(u64::MAX);
        let turn = match self.timeout_turn_ms {
            0 => FASTEST_TURN_MS,
            t => t,
        };
        let mut hard = turn.saturating_sub(margin(turn));
        // A turn's time not spent is lost: with only a turn limit, iterations start
        // until the hard limit (one cut off still counts if a move finished in it and
        // beat the best before). A match clock keeps them to its share.
        let mut soft = hard;
        let mut floor = MIN_BUDGET_MS;
        if let Some(left) = self.clock_left() {
            let reserve = empty.div_ceil(2) as u64 * REPLY_COST_MS;
            let usable = left.saturating_sub(margin(left)).saturating_sub(reserve);
            let planned = MOVES_TO_PLAN.saturating_sub(stones as u64 / STONES_PER_PLANNED_MOVE);
            let to_go = planned.max(MIN_MOVES_TO_PLAN);
            let share = usable / to_go;
            soft = soft.min(share);
            hard = hard.min(share * 3).min(usable / 4);
            // Depth 1 takes well under a millisecond: on a clock nearly out, the reply
            // is worth more than the floor's search.
            floor = floor.min(usable.max(1));
        }
        let hard = hard.saturating_sub(spent).max(floor);
        let soft = soft.saturating_sub(spent);
        TimeBudget {
            soft: Duration::from_millis(soft.min(hard)),
            hard: Duration::from_millis(hard),
        }
    }

    /// The match clock's time left, when a match clock runs (`timeout_match 0` is none,
    /// whatever `time_left` says).
    fn clock_left(&self) -> Option<u64> {
        let unlimited_match = self.timeout_match_ms == Some(0);
        self.time_left_ms.filter(|_| !unlimited_match)
    }

    /// How long after its command a move may wait for the search thread: then the
    /// brain answers with the search's best move so far (`protocol::watchdog`). The turn
    /// limit, or the match clock's time left if less, less [`watchdog_margin`]; `None`
    /// when neither limits the move (`timeout_turn 0` without a match clock).
    pub fn watchdog_after(&self) -> Option<Duration> {
        let turn = (self.timeout_turn_ms > 0).then_some(self.timeout_turn_ms);
        let limit = turn.into_iter().chain(self.clock_left()).min()?;
        let after = limit
            .saturating_sub(watchdog_margin(limit))
            .max(MIN_BUDGET_MS);
        Some(Duration::from_millis(after))
    }

    /// The hard limit of [`Settings::time_budget`] at the start of a game on 15×15.
    pub fn move_budget(&self) -> Duration {
        self.time_budget(0, 15 * 15).hard
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn apply(s: &mut Settings, key: InfoKey, v: &str) -> Result<(), ProtocolError> {
        s.apply(&key, v)
    }

    #[test]
    fn default_budget_is_under_five_seconds_with_margin() {
        let b = Settings::default().move_budget();
        assert!(b < Duration::from_millis(5000 - MARGIN_MS) && b > Duration::from_millis(4500));
    }

    #[test]
    fn the_watchdog_waits_past_the_searchs_hard_limit_and_answers_within_the_turn() {
        let mut s = Settings::default();
        for (turn, after) in [(100, 78), (300, 278), (1000, 940), (5000, 4790)] {
            apply(&mut s, InfoKey::TimeoutTurn, &turn.to_string()).expect("valid");
            let after = Duration::from_millis(after);
            assert_eq!(s.watchdog_after(), Some(after), "{turn} ms");
            assert!(s.move_budget() < after, "{turn} ms: the search stops first");
        }
        apply(&mut s, InfoKey::TimeLeft, "2000").expect("valid");
        assert_eq!(
            s.watchdog_after(),
            Some(Duration::from_millis(2000 - 97)),
            "the clock"
        );
        apply(&mut s, InfoKey::TimeoutMatch, "0").expect("valid");
        assert_eq!(
            s.watchdog_after(),
            Some(Duration::from_millis(4790)),
            "no clock"
        );
        apply(&mut s, InfoKey::TimeoutTurn, "0").expect("valid");
        assert_eq!(s.watchdog_after(), None, "play fast, no limit");
        apply(&mut s, InfoKey::TimeoutMatch, "100000").expect("valid");
        apply(&mut s, InfoKey::TimeLeft, "5").expect("valid");
        assert_eq!(
            s.watchdog_after(),
            Some(Duration::from_millis(MIN_BUDGET_MS))
        );
    }

    #[test]
    fn short_turns_keep_back_at_least_the_fixed_margin() {
        let mut s = Settings::default();
        let hard = |s: &Settings| s.move_budget().as_millis() as u64;
        apply(&mut s, InfoKey::TimeoutTurn, "100").unwrap();
        assert_eq!(hard(&s), 100 - MARGIN_MS);
        // At 300 ms, 15% is the larger; from there the margin grows by 7.5% of the turn.
        apply(&mut s, InfoKey::TimeoutTurn, "300").unwrap();
        assert_eq!(hard(&s), 255);
        apply(&mut s, InfoKey::TimeoutTurn, "1000").unwrap();
        assert_eq!(hard(&s), 1000 - MARGIN_MS - 75);
        apply(&mut s, InfoKey::TimeoutTurn, "5000").unwrap();
        assert_eq!(hard(&s), 5000 - MARGIN_MS - 375);
    }

    #[test]
    fn the_table_is_half_the_memory_and_small_on_short_turns() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::MaxMemory, "367001600").unwrap();
        assert_eq!(s.table_bytes(), 367001600 / 2);
        for (turn, bytes) in [
            ("5000", 367001600 / 2),
            ("1000", 32 << 20),
            ("300", 16 << 20),
            ("100", 16 << 20),
            ("0", 16 << 20),
        ] {
            apply(&mut s, InfoKey::TimeoutTurn, turn).unwrap();
            assert_eq!(s.table_bytes(), bytes, "turn {turn}");
        }
        apply(&mut s, InfoKey::MaxMemory, "1000000").unwrap();
        assert_eq!(s.table_bytes(), 500_000, "never more than half the memory");
    }

    #[test]
    fn the_time_a_command_waited_comes_off_both_limits() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::TimeoutTurn, "300").unwrap();
        let b = s.time_budget_after(0, 225, Duration::from_millis(100));
        assert_eq!(b.hard, Duration::from_millis(155));
        assert_eq!(b.soft, b.hard);
        // Nearly all of the turn gone: the search still gets its floor for a first ply.
        let b = s.time_budget_after(0, 225, Duration::from_millis(290));
        assert_eq!(b.hard, Duration::from_millis(MIN_BUDGET_MS));
        assert!(b.soft <= b.hard, "{b:?}");
        // On a match clock the share shrinks too.
        apply(&mut s, InfoKey::TimeoutMatch, "20000").unwrap();
        apply(&mut s, InfoKey::TimeLeft, "20000").unwrap();
        let (fresh, late) = (
            s.time_budget(0, 225),
            s.time_budget_after(0, 225, Duration::from_millis(50)),
        );
        assert_eq!(late.soft + Duration::from_millis(50), fresh.soft);
    }

    #[test]
    fn a_turn_limit_alone_lets_iterations_start_until_the_hard_limit() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::TimeoutTurn, "1000").unwrap();
        apply(&mut s, InfoKey::TimeoutMatch, "1000000").unwrap();
        apply(&mut s, InfoKey::TimeLeft, "1000000").unwrap();
        let b = s.time_budget(0, 225);
        assert_eq!(b.soft, b.hard, "an ample match clock binds nothing");
        apply(&mut s, InfoKey::TimeLeft, "20000").unwrap();
        let b = s.time_budget(0, 225);
        assert!(b.soft < b.hard, "a short one keeps to its share: {b:?}");
    }

    #[test]
    fn time_left_bounds_the_budget() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::TimeoutTurn, "30000").unwrap();
        apply(&mut s, InfoKey::TimeoutMatch, "180000").unwrap();
        apply(&mut s, InfoKey::TimeLeft, "15000").unwrap();
        // 15 s less its margin (45 ms + 7.5%) and the reserve for our 113 moves at most
        // on 15x15 (1 130 ms): 12 700 ms over 24 moves to go, 529 ms a move, never more
        // than 3x.
        let b = s.time_budget(0, 225);
        assert_eq!(b.soft, Duration::from_millis(529), "{b:?}");
        assert_eq!(b.hard, Duration::from_millis(3 * 529), "{b:?}");
        // Late in the game fewer moves are planned for, each getting more.
        assert!(s.time_budget(60, 165).soft > b.soft);
        // With the clock out, the reply comes at once.
        apply(&mut s, InfoKey::TimeLeft, "0").unwrap();
        assert_eq!(s.move_budget(), Duration::from_millis(1));
        // An unlimited match ignores time_left.
        apply(&mut s, InfoKey::TimeoutMatch, "0").unwrap();
        assert!(s.move_budget() > Duration::from_secs(20));
    }

    /// A game that fills the board, every reply spending all of its hard limit plus
    /// what a reply costs beside its search: the clock never runs out, on either board
    /// size, from a short clock to Gomocup's.
    #[test]
    fn a_game_that_fills_the_board_ends_inside_the_match_clock() {
        for (size, clock) in [(15, 5_000), (15, 20_000), (20, 20_000), (15, 180_000)] {
            let mut s = Settings::default();
            apply(&mut s, InfoKey::TimeoutTurn, "5000").unwrap();
            apply(&mut s, InfoKey::TimeoutMatch, &clock.to_string()).unwrap();
            let cells = size * size;
            let mut left = clock as i64;
            for stones in (0..cells).step_by(2) {
                s.time_left_ms = Some(left.max(0) as u64);
                let b = s.time_budget(stones, cells - stones);
                let spent = b.hard.as_millis() as u64 + REPLY_COST_MS;
                assert!(b.hard >= b.soft && b.hard.as_millis() >= 1, "{b:?}");
                left -= spent as i64;
                assert!(
                    left >= 0,
                    "{size}x{size}, {clock} ms: out at stone {stones}"
                );
            }
        }
    }

    #[test]
    fn max_depth_is_clamped_max_node_taken_and_values_are_checked() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::MaxDepth, "0").unwrap();
        assert_eq!(s.max_depth, Some(1));
        apply(&mut s, InfoKey::MaxDepth, "99").unwrap();
        assert_eq!(s.max_depth, Some(MAX_DEPTH));
        apply(&mut s, InfoKey::MaxNode, "250000").unwrap();
        assert_eq!(s.max_nodes, Some(250_000));
        assert!(apply(&mut s, InfoKey::MaxNode, "-1").is_err());
        assert_eq!(s.max_nodes, Some(250_000), "a bad value changes nothing");
        apply(&mut s, InfoKey::MaxNode, "0").unwrap();
        assert_eq!(s.max_nodes, None, "0 is no budget");
        assert!(apply(&mut s, InfoKey::TimeoutTurn, "-5").is_err());
        assert!(apply(&mut s, InfoKey::TimeoutTurn, "").is_err());
        assert!(apply(&mut s, InfoKey::TimeoutTurn, &"9".repeat(30)).is_err());
        assert_eq!(
            s.timeout_turn_ms, DEFAULT_TURN_MS,
            "a bad value changes nothing"
        );
        assert!(apply(&mut s, InfoKey::Other("colour".into()), "blue").is_ok());
        assert!(apply(&mut s, InfoKey::Evaluate, "3,4").is_ok());
    }

    #[test]
    fn rule_keeps_the_supported_bit() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::Rule, "1").unwrap();
        assert_eq!(s.rule, Rule::ExactFive);
        apply(&mut s, InfoKey::Rule, "4").unwrap();
        assert_eq!(s.rule, Rule::Renju);
        assert_eq!(
            apply(&mut s, InfoKey::Rule, "8"),
            Err(ProtocolError::UnsupportedRule {
                bits: 8,
                playing: Rule::Freestyle
            })
        );
        assert_eq!(s.rule, Rule::Freestyle);
        assert!(apply(&mut s, InfoKey::Rule, "3").is_err());
        assert_eq!(s.rule, Rule::ExactFive);
        assert!(apply(&mut s, InfoKey::Rule, "exact").is_err());
        assert_eq!(s.rule, Rule::ExactFive, "no usable value: the rule stays");
    }

    #[test]
    fn rule_bits_map_in_one_place() {
        assert_eq!(rule_from_bits(0), (Rule::Freestyle, 0));
        assert_eq!(rule_from_bits(1), (Rule::ExactFive, 0));
        assert_eq!(rule_from_bits(2), (Rule::Freestyle, 2));
        assert_eq!(rule_from_bits(3), (Rule::ExactFive, 2));
        assert_eq!(rule_from_bits(4), (Rule::Renju, 0));
        assert_eq!(rule_from_bits(5), (Rule::Renju, 0));
        assert_eq!(rule_from_bits(9), (Rule::ExactFive, 8));
    }

    #[test]
    fn a_negative_time_left_is_no_time_left() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::TimeoutMatch, "180000").unwrap();
        apply(&mut s, InfoKey::TimeLeft, "15000").unwrap();
        assert_eq!(apply(&mut s, InfoKey::TimeLeft, "-1"), Ok(()));
        assert_eq!(s.time_left_ms, Some(0));
        assert_eq!(s.move_budget(), Duration::from_millis(1));
        apply(&mut s, InfoKey::TimeLeft, "2000").unwrap();
        assert_eq!(apply(&mut s, InfoKey::TimeLeft, "-2147483648"), Ok(()));
        assert_eq!(s.time_left_ms, Some(0));
        // Garbage is still garbage, and keeps the previous value.
        apply(&mut s, InfoKey::TimeLeft, "2000").unwrap();
        for v in ["-", "--5", "-x", "- 5", "5-", ""] {
            assert!(apply(&mut s, InfoKey::TimeLeft, v).is_err(), "{v:?}");
            assert_eq!(s.time_left_ms, Some(2000), "{v:?}");
        }
        // Other keys have no negative meaning.
        assert!(apply(&mut s, InfoKey::TimeoutMatch, "-1").is_err());
        assert_eq!(s.timeout_match_ms, Some(180000));
    }
}
