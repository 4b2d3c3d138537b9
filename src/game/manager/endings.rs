//! How games end off the board, and the clocks: a failing engine forfeits, a person
//! resigns, a flag falls; which clock runs when.

use super::{AiPurpose, ChessManager, GameEvent, GameMode};
use crate::game::ending::Ending;
use crate::game::play::GameError;
use std::time::Duration;

impl ChessManager {
    /// The program searching for its side failed: that side loses, with the reason.
    pub(super) fn search_failed(&mut self, ticket: u64, reason: &str) {
        let Some(p) = self.pending.filter(|p| p.ticket == ticket) else {
            log::debug!("dropped the stale failure of search {ticket}: {reason}");
            return;
        };
        self.pending = None;
        let Some(g) = self.game.as_mut().filter(|g| !g.is_over()) else {
            return;
        };
        let loser = g.board.side_to_move();
        if p.purpose != AiPurpose::Move || !g.mode.is_computer(loser) {
            log::warn!("a {:?} search failed: {reason}", p.purpose);
            return;
        }
        let name = g.computer(loser).map_or(String::new(), |c| format!(" {c}"));
        log::warn!("{loser}'s engine{name} failed: {reason}");
        g.decide(Ending::forfeit(loser, &format!("{loser}'s{name} {reason}")));
    }

    /// The person here gives up: against the computer or on a network, the person's
    /// own colour; between people here, the side to move.
    pub(super) fn resign(&mut self, out: &mut Vec<GameEvent>) -> Result<(), GameError> {
        if self.is_guest() {
            return self.guest_resign(out);
        }
        let g = self.live()?;
        if g.is_over() {
            return Err(GameError::GameOver);
        }
        let loser = match g.mode {
            GameMode::HumanVsComputer { human } => human,
            GameMode::Network { local, .. } => local,
            _ => g.board.side_to_move(),
        };
        g.decide(Ending::Resigned { loser });
        Ok(())
    }

    /// Ends the game if the running clock's flag has fallen (the host decides that for
    /// a network game: a guest only shows the host's clocks).
    pub(super) fn check_flags(&mut self, now: Duration) {
        if self.is_guest() {
            return;
        }
        let Some(g) = self.game.as_mut().filter(|g| !g.is_over()) else {
            return;
        };
        if let Some(loser) = g.clocks.fallen(now) {
            g.clocks.stop(now);
            g.decide(Ending::Time { loser });
        }
    }

    /// The side to move's clock runs while its game is live, on show, unpaused and (on
    /// a network) connected; in Computer vs Computer only while the engine thinks, so
    /// the pace between moves is nobody's time.
    pub(super) fn run_clocks(&mut self, now: Duration) {
        if self.is_guest() {
            return;
        }
        let linked = match &self.net {
            Some(n) => n.is_connected(),
            None => true,
        };
        let searching = self.pending.is_some_and(|p| p.purpose == AiPurpose::Move);
        let Some(g) = self.game.as_mut() else { return };
        let linked = linked && (self.net.is_some() || !g.mode.is_network());
        let idle_cvc = g.mode == GameMode::ComputerVsComputer && !searching;
        if self.shown && !g.is_over() && !g.paused && linked && !idle_cvc {
            g.clocks.start(g.board.side_to_move(), now);
        } else {
            g.clocks.stop(now);
        }
    }
}
