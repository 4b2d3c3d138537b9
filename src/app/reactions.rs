//! What the session's events mean for the rest of the program: a sound, a search for
//! the AI thread or an outside engine, a message for the network link, a save for the
//! record writer, a screen change, a message on screen.

use super::screen::{Screen, ScreenCommand};
use super::sound::{Cue, Sound};
use super::ui_state::UiState;
use crate::game::external::Seats;
use crate::game::net::{NetLink, Offer};
use crate::game::record::RecordWriter;
use crate::game::swap2::over_text;
use crate::game::swap2_worker::Swap2Worker;
use crate::game::{AiWorker, GameError, GameEvent, LinkStatus};

/// The owners a game event may reach.
pub struct Reactor<'a> {
    pub ai: &'a mut AiWorker,
    pub swap2: &'a Swap2Worker,
    pub seats: &'a mut Seats,
    pub net: Option<&'a NetLink>,
    pub writer: Option<&'a RecordWriter>,
    pub sound: &'a Sound,
    pub ui: &'a mut UiState,
    pub screen: &'a mut Vec<ScreenCommand>,
}

/// Carries out one game event.
pub fn react(event: GameEvent, r: &mut Reactor) {
    match event {
        GameEvent::StonePlaced { .. } => r.sound.play(Cue::Stone, r.ui.muted),
        GameEvent::GameOver(_) => {
            r.sound.play(Cue::Win, r.ui.muted);
            r.seats.end_all();
            if r.ui.screen == Screen::Game {
                r.screen.push(ScreenCommand::ShowBanner);
            }
        }
        GameEvent::GameStarted => {
            r.seats.end_all();
            r.ui.engine_messages = [None, None];
            r.screen.push(ScreenCommand::HideBanner);
        }
        GameEvent::Revived => r.screen.push(ScreenCommand::HideBanner),
        GameEvent::SearchWanted(request) => {
            if !r.seats.request(request.clone()) {
                r.ai.request(request);
            }
        }
        GameEvent::SearchCancelled => {
            r.ai.cancel();
            r.seats.cancel();
        }
        GameEvent::RecordChanged(record) => {
            if let Some(w) = r.writer {
                w.save(*record);
            }
        }
        GameEvent::Refused(e) => refused(e, r.ui),
        GameEvent::Send(message) => {
            if let Some(link) = r.net {
                link.send(message);
            }
        }
        GameEvent::Hangup(reason) => {
            if let Some(link) = r.net {
                link.hangup(reason);
            }
        }
        GameEvent::OfferReceived(_) => r.sound.play(Cue::Stone, r.ui.muted),
        GameEvent::OfferAnswered { offer, accepted } => {
            let what = match offer {
                Offer::Undo => "undo",
                Offer::Draw => "draw",
            };
            let answer = if accepted { "accepted" } else { "declined" };
            r.ui.toast(format!("Your {what} request was {answer}"));
        }
        GameEvent::Link(status) => link(status, r.ui),
        GameEvent::Swap2Over { first, you } => r.ui.toast(over_text(first, you)),
        GameEvent::Swap2Wanted(request) => r.swap2.request(request),
        GameEvent::Undone { .. }
        | GameEvent::Swap2Asked { .. }
        | GameEvent::Swap2Chose { .. }
        | GameEvent::SidesSwapped { .. }
        | GameEvent::Paused(_)
        | GameEvent::HintReady(_) => {}
    }
}

/// Refusals a person should read; the rest (a click out of turn, on a stone) are
/// plain to see and only logged.
fn refused(e: GameError, ui: &mut UiState) {
    match e {
        GameError::NoGame
        | GameError::GameOver
        | GameError::NotYourTurn
        | GameError::Thinking
        | GameError::Board(_) => log::debug!("refused: {e}"),
        _ => ui.toast(e.to_string()),
    }
}

fn link(status: LinkStatus, ui: &mut UiState) {
    match status {
        LinkStatus::Connected { peer } => ui.toast(format!("Connected to {peer}")),
        LinkStatus::Waiting { reason } | LinkStatus::Closed { reason } => ui.toast(reason),
    }
}
