//! What each event does. Handlers get the owners they need, never globals.

mod records;

pub use records::review;

use super::event::Event;
use super::scene::Scene;
use super::screens::{self, Screen, UiState};
use super::sound::{Cue, Sound};
use crate::engine::Level;
use crate::game::manager::Game;
use crate::game::manager::MENU_SIZES;
use crate::game::record::RecordStore;
use crate::game::{AiPurpose, AiReply, ChessManager, GameMode};
use sdl2::clipboard::ClipboardUtil;

/// Shortest time between two moves of Computer vs Computer.
const CVC_PACE: std::time::Duration = std::time::Duration::from_millis(400);

/// Everything an event may change.
pub struct Context<'a> {
    pub manager: &'a mut ChessManager,
    pub scene: &'a mut Scene,
    pub ai: &'a mut crate::game::AiWorker,
    pub ui: &'a mut UiState,
    pub sound: &'a Sound,
    /// `None` when the data directory could not be opened (the game still plays).
    pub store: Option<&'a RecordStore>,
    pub clipboard: &'a ClipboardUtil,
}

/// Handles one event.
pub fn handle(event: Event, cx: &mut Context) {
    match event {
        // Raised every frame while the computer may move (pacing): too chatty for info.
        Event::ComputerToMove => log::debug!("event {event:?}"),
        _ => log::info!("event {event:?}"),
    }
    match event {
        Event::Quit => cx.ui.quit = true,
        Event::BackToMenu => {
            cx.ai.cancel();
            screens::show_menu(cx.scene, cx.ui);
        }
        Event::NewGame => {
            cx.ai.cancel();
            match cx.manager.start_new() {
                Ok(()) => screens::show_game(cx.scene, cx.ui),
                Err(e) => cx.ui.toast(format!("Cannot start: {e}")),
            }
        }
        Event::Resume => {
            if cx.manager.can_resume() {
                cx.ai.cancel();
                screens::show_game(cx.scene, cx.ui);
            }
        }
        Event::Restart => restart(cx),
        Event::Undo => {
            cx.ai.cancel();
            match cx.manager.undo() {
                Ok(_) => cx.scene.remove(screens::BANNER),
                Err(e) => log::debug!("undo: {e}"),
            }
        }
        Event::Swap => {
            cx.ai.cancel();
            if let Ok(false) = cx.manager.swap_sides() {
                cx.ui.toast("Swap sides works against the computer");
            }
        }
        Event::PlayForMe => {
            let paused_cvc = cx
                .manager
                .game()
                .is_some_and(|g| g.is_paused() && g.mode() == GameMode::ComputerVsComputer);
            if paused_cvc {
                // Right arrow steps a paused Computer vs Computer game by one move.
                cx.ui.stepping = true;
                cx.manager.step_once();
            } else {
                ask(cx, AiPurpose::PlayForMe);
            }
        }
        Event::Hint => ask(cx, AiPurpose::Hint),
        Event::PlaceStone(pos) => match cx.manager.place_human(pos) {
            Ok(()) => {
                cx.ai.cancel(); // a hint for the old position is void
                cx.sound.play(Cue::Stone, cx.ui.muted);
            }
            Err(e) => log::debug!("place {pos}: {e}"),
        },
        Event::AiFinished(reply) => ai_finished(cx, reply),
        Event::GameOver(_) => {
            cx.ai.cancel();
            cx.sound.play(Cue::Win, cx.ui.muted);
            if cx.ui.screen == Screen::Game {
                screens::show_banner(cx.scene);
            }
        }
        Event::ComputerToMove => {
            if cx.ui.screen == Screen::Game
                && cx.ai.thinking().is_none_or(|(p, _)| p != AiPurpose::Move)
            {
                // The signal was raised before this frame's moves were applied: if one
                // of them (the AI's own reply) ended the computer's turn, ask nothing.
                // Computer vs Computer is paced so a person can follow the game.
                let watchable = |g: &&Game| {
                    g.mode() != GameMode::ComputerVsComputer || g.since_last_move() >= CVC_PACE
                };
                if let Some(g) = cx
                    .manager
                    .game()
                    .filter(|g| g.is_computer_turn())
                    .filter(watchable)
                {
                    cx.ai
                        .request(g.board(), g.rule(), g.level(), AiPurpose::Move);
                }
            }
        }
        Event::ReviewGame => {
            if let Some(record) = cx.manager.game().map(Game::to_record) {
                review(cx, record);
            }
        }
        Event::TogglePause => {
            let paused = cx.manager.toggle_pause();
            if paused {
                cx.ai.cancel();
            }
        }
        Event::ToggleNumbers => cx.ui.show_numbers = !cx.ui.show_numbers,
        Event::ToggleMute => {
            cx.ui.muted = !cx.ui.muted;
            cx.ui
                .toast(if cx.ui.muted { "Sound off" } else { "Sound on" });
        }
        Event::ToggleProfiler => toggle_profiler(cx.ui),
        Event::CycleMode => cx.manager.settings.mode = cx.manager.settings.mode.next(),
        Event::CycleLevel => cx.manager.settings.level = cx.manager.settings.level.next(),
        Event::CycleSize => {
            let s = cx.manager.settings.size + 1;
            cx.manager.settings.size = if MENU_SIZES.contains(&s) {
                s
            } else {
                *MENU_SIZES.start()
            };
        }
        Event::OpenRecords => records::open_list(cx),
        Event::OpenRecord(i) => records::open_entry(cx, i),
        Event::ScrollRecords(d) => records::scroll(cx.ui, d),
        Event::ReviewStep(d) => {
            if let Some(r) = cx.ui.review.as_mut() {
                r.step(d);
            }
        }
        Event::ContinueFromHere => records::continue_from_here(cx),
        Event::CopyPosition => records::copy_position(cx),
        Event::Paste => records::paste(cx),
        Event::CycleRule => {
            use crate::engine::Rule;
            let r = cx.manager.settings.rule;
            cx.manager.settings.rule = if r == Rule::Freestyle {
                Rule::ExactFive
            } else {
                Rule::Freestyle
            };
        }
    }
}

/// A new game with the current game's own settings (mode after swaps, level, size, rule).
fn restart(cx: &mut Context) {
    cx.ai.cancel();
    if let Some(g) = cx.manager.game() {
        let settings = crate::game::GameSettings {
            mode: g.mode(),
            level: g.level(),
            rule: g.rule(),
            size: g.board().width(),
        };
        cx.manager.settings = settings;
    }
    if let Err(e) = cx.manager.start_new() {
        cx.ui.toast(format!("Cannot start: {e}"));
        return;
    }
    screens::show_game(cx.scene, cx.ui);
}

/// Starts a search for the person to move (hint, or play-for-me).
fn ask(cx: &mut Context, purpose: AiPurpose) {
    let Some(g) = cx.manager.game().filter(|g| g.is_human_turn()) else {
        return;
    };
    // Hints and play-for-me use at least the game's level, and never less than Medium.
    let level = if g.level() == Level::Easy {
        Level::Medium
    } else {
        g.level()
    };
    cx.ai.request(g.board(), g.rule(), level, purpose);
}

fn ai_finished(cx: &mut Context, reply: AiReply) {
    let Some(g) = cx.manager.game() else { return };
    if reply.move_count != g.board().move_count() {
        log::debug!("dropping an AI reply for another position");
        return;
    }
    let Some(pos) = reply.result.best_move else {
        return;
    };
    log::info!(
        "AI {:?}: {pos} depth {} score {} nodes {} in {:?}",
        reply.purpose,
        reply.result.depth,
        reply.result.score,
        reply.result.stats.nodes,
        reply.result.stats.elapsed
    );
    let played = match reply.purpose {
        AiPurpose::Hint => {
            cx.manager.set_hint(Some(pos));
            return;
        }
        AiPurpose::Move => cx.manager.place_computer(pos),
        AiPurpose::PlayForMe => cx.manager.play_for_human(pos),
    };
    match played {
        Ok(()) => {
            cx.sound.play(Cue::Stone, cx.ui.muted);
            if cx.ui.stepping {
                cx.ui.stepping = false;
                cx.manager.pause();
            }
        }
        Err(e) => log::warn!("AI move {pos} refused: {e}"),
    }
}

fn toggle_profiler(ui: &mut UiState) {
    use crate::profiler;
    if profiler::is_enabled() {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let path = ui.data_dir.join(format!("trace-{stamp}.json"));
        match profiler::disable_and_write(&path) {
            Ok(p) => ui.toast(format!("Trace written: {}", p.display())),
            Err(e) => ui.toast(format!("Trace failed: {e}")),
        }
    } else {
        profiler::enable();
        ui.toast("Profiling\u{2026} press F12 again to save the trace");
    }
}
