//! The outside engines of the game in play, one host per colour, started when a side's
//! first search is asked for and ended (`END`) with the game.

use super::host::{EngineHost, Limits, Report};
use crate::engine::Stone;
use crate::game::command::SearchRequest;
use crate::game::computer::Computer;
use crate::game::wake::Waker;

/// One optional engine host per colour.
pub struct Seats {
    hosts: [Option<EngineHost>; 2],
    limits: Limits,
    wake: Waker,
}

impl Seats {
    pub fn new(limits: Limits, wake: Waker) -> Seats {
        Seats {
            hosts: [None, None],
            limits,
            wake,
        }
    }

    /// Runs `request` on the outside engine it names, for the side to move. Returns
    /// false (and does nothing) when the request is for our own engine.
    pub fn request(&mut self, request: SearchRequest) -> bool {
        let Computer::External(engine) = &request.computer else {
            return false;
        };
        let side = request.board.side_to_move();
        let seat = &mut self.hosts[side.index()];
        if seat.as_ref().is_none_or(|h| h.engine() != engine) {
            *seat = Some(EngineHost::spawn(
                engine.clone(),
                self.limits,
                self.wake.clone(),
            ));
        }
        if let Some(h) = seat {
            h.request(request);
        }
        true
    }

    /// The running search, if any, is not wanted.
    pub fn cancel(&self) {
        for h in self.hosts.iter().flatten() {
            h.cancel();
        }
    }

    /// Ends every engine (a new game, the end of one, leaving).
    pub fn end_all(&mut self) {
        self.hosts = [None, None];
    }

    /// Reports since the last call, with the colour each engine plays.
    pub fn poll(&self) -> Vec<(Stone, Report)> {
        [Stone::Black, Stone::White]
            .into_iter()
            .flat_map(|s| {
                self.hosts[s.index()]
                    .iter()
                    .flat_map(move |h| h.poll().into_iter().map(move |r| (s, r)))
            })
            .collect()
    }

    /// True while an engine runs for some side.
    pub fn any(&self) -> bool {
        self.hosts.iter().any(Option::is_some)
    }
}
