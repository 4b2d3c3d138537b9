//! Clocks: the time control a game is played with, and both sides' clocks during it.
//!
//! Time comes in as a parameter (`now`, from the session's clock); nothing here reads
//! the wall clock. A clock runs only while its side is to move and the game is live
//! and on show (the session starts and stops it).

use crate::engine::Stone;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::time::Duration;

/// How much time each side gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Every move within `ms`; the time left over is not kept.
    PerMove { ms: u64 },
    /// `base_ms` for the whole game, plus `increment_ms` after each move.
    Game { base_ms: u64, increment_ms: u64 },
}

const fn secs(s: u64) -> u64 {
    s * 1000
}

impl TimeControl {
    /// The menu's choices, in cycle order.
    pub const MENU: [TimeControl; 8] = [
        TimeControl::None,
        TimeControl::PerMove { ms: secs(5) },
        TimeControl::PerMove { ms: secs(15) },
        TimeControl::PerMove { ms: secs(60) },
        TimeControl::Game {
            base_ms: secs(60),
            increment_ms: secs(1),
        },
        TimeControl::Game {
            base_ms: secs(180),
            increment_ms: secs(2),
        },
        TimeControl::Game {
            base_ms: secs(300),
            increment_ms: secs(3),
        },
        TimeControl::Game {
            base_ms: secs(900),
            increment_ms: secs(5),
        },
    ];

    /// The next menu choice (a control not in the menu goes back to the first).
    pub fn next(self) -> TimeControl {
        self.step(1)
    }

    /// The menu choice `dir` steps away (forward when `dir` > 0), wrapping round; a
    /// control not in the menu goes back to the first.
    pub fn step(self, dir: i8) -> TimeControl {
        let n = TimeControl::MENU.len() as i64;
        let i = match TimeControl::MENU.iter().position(|&t| t == self) {
            Some(i) => (i as i64 + i64::from(dir.signum())).rem_euclid(n),
            None => 0,
        };
        TimeControl::MENU[i as usize]
    }

    pub fn is_none(self) -> bool {
        self == TimeControl::None
    }

    /// What a side has at the start of its turn before anything was used: the per-move
    /// limit, or the game's base time.
    fn initial(self) -> Duration {
        match self {
            TimeControl::None => Duration::MAX,
            TimeControl::PerMove { ms } => Duration::from_millis(ms),
            TimeControl::Game { base_ms, .. } => Duration::from_millis(base_ms),
        }
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::None => f.write_str("No clock"),
            TimeControl::PerMove { ms } => write!(f, "{} a move", short(ms)),
            TimeControl::Game {
                base_ms,
                increment_ms,
            } => write!(f, "{} + {}", short(base_ms), short(increment_ms)),
        }
    }
}

/// "5 s", "3 min", "90 s".
fn short(ms: u64) -> String {
    if ms >= 60_000 && ms.is_multiple_of(60_000) {
        format!("{} min", ms / 60_000)
    } else if ms.is_multiple_of(1000) {
        format!("{} s", ms / 1000)
    } else {
        format!("{:.1} s", ms as f64 / 1000.0)
    }
}

/// "4:05", "0:09.4" under ten seconds: a clock face.
pub fn face(left: Duration) -> String {
    let ms = left.as_millis();
    if ms < 10_000 {
        format!("0:{:02}.{}", ms / 1000, ms % 1000 / 100)
    } else {
        let s = ms / 1000;
        format!("{}:{:02}", s / 60, s % 60)
    }
}

/// A side ran out of time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeUp(pub Stone);

/// What a pbrain engine is told about its time (milliseconds, as `INFO` wants them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineTime {
    pub turn_ms: u64,
    /// 0 = no limit for the match.
    pub match_ms: u64,
    /// `None` when the match time is unlimited.
    pub left_ms: Option<u64>,
}

/// The turn time an engine is given when the game has no clock (the protocol's usual).
pub const NO_CLOCK_TURN: Duration = Duration::from_secs(5);

/// Both sides' clocks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    control: TimeControl,
    /// Time left per side (by [`Stone::index`]) when its clock last stopped.
    left: [Duration; 2],
    /// The side whose clock runs, and the session time it started.
    running: Option<(Stone, Duration)>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks {
            control,
            left: [control.initial(); 2],
            running: None,
        }
    }

    /// The clocks after `times` (each move's thinking time, Black first) were played:
    /// a resumed game continues with what was left.
    pub fn replayed(control: TimeControl, times_ms: &[u64]) -> Clocks {
        let mut c = Clocks::new(control);
        for (i, &ms) in times_ms.iter().enumerate() {
            let side = if i % 2 == 0 {
                Stone::Black
            } else {
                Stone::White
            };
            c.start(side, Duration::ZERO);
            // A record's move may have been late by a hair; it still counts as played.
            let _ = c.moved(side, Duration::from_millis(ms));
        }
        c
    }

    /// The clocks of a game in progress elsewhere (a network host's snapshot): time
    /// left per side, and which one runs from `now`.
    pub fn from_parts(
        control: TimeControl,
        left_ms: [u64; 2],
        running: Option<Stone>,
        now: Duration,
    ) -> Clocks {
        Clocks {
            control,
            left: left_ms.map(Duration::from_millis),
            running: running.map(|s| (s, now)),
        }
    }

    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The side whose clock runs.
    pub fn running(&self) -> Option<Stone> {
        self.running.map(|(s, _)| s)
    }

    /// Time left to `side` at `now`; `None` without a clock.
    pub fn left(&self, side: Stone, now: Duration) -> Option<Duration> {
        if self.control.is_none() {
            return None;
        }
        let stored = self.left[side.index()];
        Some(match self.running {
            Some((s, since)) if s == side => stored.saturating_sub(now.saturating_sub(since)),
            _ => stored,
        })
    }

    /// Both sides' time left, in milliseconds (for a snapshot).
    pub fn left_ms(&self, now: Duration) -> [u64; 2] {
        [Stone::Black, Stone::White].map(|s| {
            self.left(s, now)
                .map_or(u64::MAX, |d| d.as_millis().min(u64::MAX as u128) as u64)
        })
    }

    /// Starts `side`'s clock at `now` (stopping the other's). Does nothing if it runs.
    pub fn start(&mut self, side: Stone, now: Duration) {
        if self.running() == Some(side) || self.control.is_none() {
            return;
        }
        self.stop(now);
        self.running = Some((side, now));
    }

    /// Stops the running clock, keeping what is left.
    pub fn stop(&mut self, now: Duration) {
        if let Some(side) = self.running() {
            if let Some(left) = self.left(side, now) {
                self.left[side.index()] = left;
            }
            self.running = None;
        }
    }

    /// `side` moved at `now`: its clock stops; it earns its increment, or a fresh limit
    /// for its next move. Refused (nothing changes) when its time had already run out.
    pub fn moved(&mut self, side: Stone, now: Duration) -> Result<(), TimeUp> {
        if self.control.is_none() {
            return Ok(());
        }
        if self.fallen(now) == Some(side) {
            return Err(TimeUp(side));
        }
        self.stop(now);
        let left = &mut self.left[side.index()];
        match self.control {
            TimeControl::PerMove { ms } => *left = Duration::from_millis(ms),
            TimeControl::Game { increment_ms, .. } => *left += Duration::from_millis(increment_ms),
            TimeControl::None => {}
        }
        Ok(())
    }

    /// A fresh per-move limit for `side` (after an undo hands it the turn again).
    pub fn new_turn(&mut self, side: Stone) {
        if let TimeControl::PerMove { ms } = self.control {
            if self.running() != Some(side) {
                self.left[side.index()] = Duration::from_millis(ms);
            }
        }
    }

    /// When the running side's time runs out.
    pub fn flag_at(&self) -> Option<Duration> {
        let (side, since) = self.running?;
        Some(since + self.left[side.index()])
    }

    /// The side whose time has run out at `now`, if any. Exactly at the limit is still
    /// in time.
    pub fn fallen(&self, now: Duration) -> Option<Stone> {
        let (side, _) = self.running?;
        self.flag_at().filter(|&t| now > t).map(|_| side)
    }

    /// How long our engine may think for `side` at `now`: most of a per-move limit, or a
    /// share of the game time left (as if 20 more moves were to come) plus most of the
    /// increment, never more than most of what is left. `None` without a clock.
    pub fn engine_budget(&self, side: Stone, now: Duration) -> Option<Duration> {
        let left = self.left(side, now)?;
        // Kept back for the hand-over: a tenth, at least 50 ms.
        let safe = left.saturating_sub((left / 10).max(Duration::from_millis(50)));
        let share = match self.control {
            TimeControl::Game { increment_ms, .. } => {
                left / 20 + Duration::from_millis(increment_ms) * 3 / 4
            }
            _ => safe,
        };
        Some(share.min(safe).max(Duration::from_millis(1)))
    }

    /// What a pbrain engine playing `side` is told at `now`. A little is kept back for
    /// the pipes (a twentieth, at least 50 ms), so an engine that uses all it is told
    /// still answers in time.
    pub fn engine_time(&self, side: Stone, now: Duration) -> EngineTime {
        let Some(left) = self.left(side, now) else {
            return EngineTime {
                turn_ms: NO_CLOCK_TURN.as_millis() as u64,
                match_ms: 0,
                left_ms: None,
            };
        };
        let told = left.saturating_sub((left / 20).max(Duration::from_millis(50)));
        let told_ms = told.as_millis().min(i32::MAX as u128) as u64;
        match self.control {
            TimeControl::Game { base_ms, .. } => EngineTime {
                turn_ms: told_ms,
                match_ms: base_ms,
                left_ms: Some(told_ms),
            },
            _ => EngineTime {
                turn_ms: told_ms,
                match_ms: 0,
                left_ms: None,
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    const BLITZ: TimeControl = TimeControl::Game {
        base_ms: 10_000,
        increment_ms: 1_000,
    };

    #[test]
    fn a_running_clock_counts_down_and_the_increment_is_added_after_a_move() {
        let mut c = Clocks::new(BLITZ);
        c.start(Stone::Black, ms(0));
        assert_eq!(c.left(Stone::Black, ms(4_000)), Some(ms(6_000)));
        assert_eq!(c.left(Stone::White, ms(4_000)), Some(ms(10_000)));
        assert_eq!(c.moved(Stone::Black, ms(4_000)), Ok(()));
        assert_eq!(c.left(Stone::Black, ms(9_000)), Some(ms(7_000)));
        assert_eq!(c.running(), None);
        c.start(Stone::White, ms(5_000));
        assert_eq!(c.flag_at(), Some(ms(15_000)));
        assert_eq!(
            c.fallen(ms(15_000)),
            None,
            "exactly at the limit is in time"
        );
        assert_eq!(c.fallen(ms(15_001)), Some(Stone::White));
        assert_eq!(c.moved(Stone::White, ms(15_001)), Err(TimeUp(Stone::White)));
    }

    #[test]
    fn a_per_move_limit_is_fresh_each_move_and_a_stopped_clock_keeps_its_time() {
        let mut c = Clocks::new(TimeControl::PerMove { ms: 5_000 });
        c.start(Stone::Black, ms(0));
        c.stop(ms(3_000));
        assert_eq!(c.left(Stone::Black, ms(60_000)), Some(ms(2_000)), "stopped");
        c.start(Stone::Black, ms(60_000));
        assert_eq!(c.moved(Stone::Black, ms(61_000)), Ok(()));
        assert_eq!(c.left(Stone::Black, ms(61_000)), Some(ms(5_000)));
    }

    #[test]
    fn without_a_clock_nothing_runs_and_nobody_falls() {
        let mut c = Clocks::new(TimeControl::None);
        c.start(Stone::Black, ms(0));
        assert_eq!(c.running(), None);
        assert_eq!(c.fallen(ms(u32::MAX as u64)), None);
        assert_eq!(c.engine_budget(Stone::Black, ms(0)), None);
        assert_eq!(c.engine_time(Stone::Black, ms(0)).turn_ms, 5_000);
    }

    #[test]
    fn replaying_a_records_times_gives_the_time_left() {
        let c = Clocks::replayed(BLITZ, &[2_000, 3_000, 500]);
        assert_eq!(c.left(Stone::Black, ms(0)), Some(ms(9_500)));
        assert_eq!(c.left(Stone::White, ms(0)), Some(ms(8_000)));
    }

    #[test]
    fn engines_get_a_share_of_the_time_left_and_never_all_of_it() {
        let mut c = Clocks::new(BLITZ);
        c.start(Stone::Black, ms(0));
        assert_eq!(c.engine_budget(Stone::Black, ms(0)), Some(ms(1_250)));
        let per_move = Clocks::new(TimeControl::PerMove { ms: 1_000 });
        assert_eq!(per_move.engine_budget(Stone::White, ms(0)), Some(ms(900)));
        let t = c.engine_time(Stone::Black, ms(0));
        assert_eq!(
            (t.turn_ms, t.match_ms, t.left_ms),
            (9_500, 10_000, Some(9_500))
        );
    }

    #[test]
    fn the_menu_cycles_and_names_read_well() {
        let mut t = TimeControl::None;
        for _ in 0..TimeControl::MENU.len() {
            t = t.next();
        }
        assert_eq!(t, TimeControl::None);
        assert_eq!(t.step(-1), TimeControl::MENU[TimeControl::MENU.len() - 1]);
        assert_eq!(t.step(1).step(-1), t);
        assert_eq!(TimeControl::MENU[1].to_string(), "5 s a move");
        assert_eq!(TimeControl::MENU[5].to_string(), "3 min + 2 s");
        assert_eq!(face(ms(245_000)), "4:05");
        assert_eq!(face(ms(9_450)), "0:09.4");
    }
}
