//! The `INFO key value` settings a manager sends, and the one thing they decide between
//! them: how long the next move may take and how deep it may search.

use super::command::{printable, InfoKey, ProtocolError};
use crate::engine::search::MAX_DEPTH;
use crate::engine::Rule;
use std::time::Duration;

/// Turn time when the manager never sent `INFO timeout_turn` (the spec's usual 5 s).
pub const DEFAULT_TURN_MS: u64 = 5000;
/// Turn time used for `timeout_turn 0` ("play as fast as you can"): a very short search.
const FASTEST_TURN_MS: u64 = 100;
/// Share of the remaining match time one move may use.
const MATCH_SHARE: u64 = 15;
/// Kept back from every budget for process start-up, pipes and the manager's clock.
const MARGIN_FRACTION: f64 = 0.12;
const MARGIN_MS: u64 = 30;
/// The shortest budget ever given: enough for depth 1 on any board.
const MIN_BUDGET_MS: u64 = 10;

/// The rule bits of `INFO rule` (bitmask): 1 exact five, 2 continuous game, 4 renju,
/// 8 caro. Only bit 1 changes how this brain plays.
const RULE_EXACT_FIVE: u64 = 1;

/// Everything `INFO` can set. Values the brain does not act on are still checked, so a
/// manager that sends garbage hears about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub timeout_turn_ms: u64,
    /// `Some(0)` means the match has no time limit.
    pub timeout_match_ms: Option<u64>,
    pub time_left_ms: Option<u64>,
    /// Bytes; 0 = unlimited. Recorded only: the engine's tables are small and fixed.
    pub max_memory: u64,
    pub game_type: u64,
    pub rule: Rule,
    /// Yixin-Board's `max_depth`: fixed depth in plies (1..=MAX_DEPTH).
    pub max_depth: Option<u32>,
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
            folder: None,
        }
    }
}

impl Settings {
    /// Applies one `INFO` line. On an unsupported rule the supported part (exact five or
    /// not) is still taken and the error says what was dropped.
    pub fn apply(&mut self, key: &InfoKey, value: &str) -> Result<(), ProtocolError> {
        let value = value.trim();
        let number = || {
            if value.is_empty() || value.len() > 20 || !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ProtocolError::BadInfoValue {
                    key: key.name().to_string(),
                    value: printable(value, 40),
                });
            }
            value
                .parse::<u64>()
                .map_err(|_| ProtocolError::BadInfoValue {
                    key: key.name().to_string(),
                    value: printable(value, 40),
                })
        };
        match key {
            InfoKey::TimeoutTurn => self.timeout_turn_ms = number()?,
            InfoKey::TimeoutMatch => self.timeout_match_ms = Some(number()?),
            InfoKey::TimeLeft => self.time_left_ms = Some(number()?),
            InfoKey::MaxMemory => self.max_memory = number()?,
            InfoKey::GameType => self.game_type = number()?,
            InfoKey::MaxDepth => {
                let d = number()?.clamp(1, u64::from(MAX_DEPTH));
                self.max_depth = Some(d as u32);
            }
            InfoKey::Rule => {
                let bits = number()?;
                self.rule = if bits & RULE_EXACT_FIVE != 0 {
                    Rule::ExactFive
                } else {
                    Rule::Freestyle
                };
                if bits & !RULE_EXACT_FIVE != 0 {
                    return Err(ProtocolError::UnsupportedRule(bits));
                }
            }
            InfoKey::Folder => self.folder = Some(value.to_string()),
            // `evaluate x,y` asks a GUI brain to show its evaluation of a cell; there is
            // nothing to show it on, and unknown keys must be ignored.
            InfoKey::Evaluate | InfoKey::Other(_) => {}
        }
        Ok(())
    }

    /// The wall-clock time the next move may take: the turn limit, bounded by a share of
    /// the match time left (unless the match is unlimited), less a margin for I/O.
    pub fn move_budget(&self) -> Duration {
        let mut ms = match self.timeout_turn_ms {
            0 => FASTEST_TURN_MS,
            t => t,
        };
        let unlimited_match = self.timeout_match_ms == Some(0);
        if let Some(left) = self.time_left_ms.filter(|_| !unlimited_match) {
            ms = ms.min(left / MATCH_SHARE);
        }
        let margin = ((ms as f64 * MARGIN_FRACTION) as u64).max(MARGIN_MS);
        Duration::from_millis(ms.saturating_sub(margin).max(MIN_BUDGET_MS))
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
        assert!(b < Duration::from_millis(4500) && b > Duration::from_millis(4000));
    }

    #[test]
    fn time_left_bounds_the_budget() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::TimeoutTurn, "30000").unwrap();
        apply(&mut s, InfoKey::TimeoutMatch, "180000").unwrap();
        apply(&mut s, InfoKey::TimeLeft, "15000").unwrap();
        assert!(s.move_budget() <= Duration::from_millis(1000));
        apply(&mut s, InfoKey::TimeLeft, "0").unwrap();
        assert_eq!(s.move_budget(), Duration::from_millis(MIN_BUDGET_MS));
        // An unlimited match ignores time_left.
        apply(&mut s, InfoKey::TimeoutMatch, "0").unwrap();
        assert!(s.move_budget() > Duration::from_secs(20));
    }

    #[test]
    fn max_depth_is_clamped_and_values_are_checked() {
        let mut s = Settings::default();
        apply(&mut s, InfoKey::MaxDepth, "0").unwrap();
        assert_eq!(s.max_depth, Some(1));
        apply(&mut s, InfoKey::MaxDepth, "99").unwrap();
        assert_eq!(s.max_depth, Some(MAX_DEPTH));
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
        assert_eq!(
            apply(&mut s, InfoKey::Rule, "4"),
            Err(ProtocolError::UnsupportedRule(4))
        );
        assert_eq!(s.rule, Rule::Freestyle);
        assert!(apply(&mut s, InfoKey::Rule, "3").is_err());
        assert_eq!(s.rule, Rule::ExactFive);
    }
}
