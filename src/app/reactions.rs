//! What the session's events mean for the rest of the program: a sound, a search for
//! the AI thread, a save for the record writer, a screen change.

use super::screen::{Screen, ScreenCommand};
use super::sound::{Cue, Sound};
use super::ui_state::UiState;
use crate::game::record::RecordWriter;
use crate::game::{AiWorker, GameError, GameEvent};

/// The owners a game event may reach.
pub struct Reactor<'a> {
    pub ai: &'a mut AiWorker,
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
            if r.ui.screen == Screen::Game {
                r.screen.push(ScreenCommand::ShowBanner);
            }
        }
        GameEvent::Revived | GameEvent::GameStarted => r.screen.push(ScreenCommand::HideBanner),
        GameEvent::SearchWanted(request) => r.ai.request(request),
        GameEvent::SearchCancelled => r.ai.cancel(),
        GameEvent::RecordChanged(record) => {
            if let Some(w) = r.writer {
                w.save(*record);
            }
        }
        GameEvent::Refused(GameError::NoComputerToSwapWith) => {
            r.ui.toast(GameError::NoComputerToSwapWith.to_string());
        }
        GameEvent::Refused(e) => log::debug!("refused: {e}"),
        GameEvent::Undone { .. }
        | GameEvent::SidesSwapped { .. }
        | GameEvent::Paused(_)
        | GameEvent::HintReady(_) => {}
        GameEvent::Send(_)
        | GameEvent::Hangup(_)
        | GameEvent::OfferReceived(_)
        | GameEvent::OfferAnswered { .. }
        | GameEvent::Link(_) => {}
    }
}
