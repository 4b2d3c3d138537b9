//! The one place that decides: a priority queue of this frame's events, handled highest
//! priority first, first-come first among equals.

use super::event::Event;
use std::cmp::Ordering;
use std::collections::BinaryHeap;

struct Queued {
    priority: u8,
    seq: u64,
    event: Event,
}

impl PartialEq for Queued {
    fn eq(&self, other: &Self) -> bool {
        self.priority == other.priority && self.seq == other.seq
    }
}
impl Eq for Queued {}
impl PartialOrd for Queued {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Queued {
    /// Max-heap order: higher priority first, then the earlier arrival.
    fn cmp(&self, other: &Self) -> Ordering {
        self.priority
            .cmp(&other.priority)
            .then_with(|| other.seq.cmp(&self.seq))
    }
}

/// The frame's event queue.
#[derive(Default)]
pub struct EventManager {
    heap: BinaryHeap<Queued>,
    seq: u64,
}

impl EventManager {
    pub fn push(&mut self, event: Event) {
        self.seq += 1;
        self.heap.push(Queued {
            priority: event.priority(),
            seq: self.seq,
            event,
        });
    }

    pub fn push_all(&mut self, events: impl IntoIterator<Item = Event>) {
        for e in events {
            self.push(e);
        }
    }

    /// The next event to handle.
    pub fn pop(&mut self) -> Option<Event> {
        self.heap.pop().map(|q| q.event)
    }

    pub fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Pos;

    fn order(events: Vec<Event>) -> Vec<String> {
        let mut m = EventManager::default();
        m.push_all(events);
        std::iter::from_fn(|| m.pop())
            .map(|e| {
                format!("{e:?}")
                    .split(['(', ' '])
                    .next()
                    .unwrap_or("")
                    .to_string()
            })
            .collect()
    }

    #[test]
    fn undo_beats_a_click_in_the_same_frame() {
        assert_eq!(
            order(vec![Event::PlaceStone(Pos::new(1, 1)), Event::Undo]),
            ["Undo", "PlaceStone"]
        );
    }

    #[test]
    fn menu_beats_a_move_and_quit_beats_all() {
        assert_eq!(
            order(vec![
                Event::PlaceStone(Pos::new(1, 1)),
                Event::BackToMenu,
                Event::Quit
            ]),
            ["Quit", "BackToMenu", "PlaceStone"]
        );
    }

    #[test]
    fn equal_priorities_keep_arrival_order() {
        let got = {
            let mut m = EventManager::default();
            m.push_all([
                Event::PlaceStone(Pos::new(1, 1)),
                Event::PlaceStone(Pos::new(2, 2)),
            ]);
            std::iter::from_fn(|| m.pop()).collect::<Vec<_>>()
        };
        assert!(
            matches!(got.as_slice(), [Event::PlaceStone(a), Event::PlaceStone(b)] if a.x == 1 && b.x == 2)
        );
    }
}
