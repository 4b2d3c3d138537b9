//! Records, review and sharing: list, open, continue from a reviewed position, copy and
//! paste games as text.

use super::Context;
use crate::app::screens::{self, Screen, UiState};
use crate::game::manager::Game;
use crate::game::record::posstring::to_pos_string;
use crate::game::record::psq::to_psq;
use crate::game::record::{import, GameRecord};
use crate::game::review::Review;
use crate::game::GameSettings;

pub fn open_list(cx: &mut Context) {
    cx.ai.cancel();
    cx.ui.records = cx.store.map(|s| s.list()).unwrap_or_default();
    cx.ui.records_scroll = 0;
    if cx.store.is_none() {
        cx.ui.toast("The records folder could not be opened");
    }
    screens::show_records(cx.scene, cx.ui);
}

pub fn open_entry(cx: &mut Context, index: usize) {
    match cx.ui.records.get(index) {
        Some(Ok((_, record))) => review(cx, record.clone()),
        Some(Err(e)) => cx.ui.toast(e.to_string()),
        None => {}
    }
}

/// Opens `record` on the review screen (at its final position).
pub fn review(cx: &mut Context, record: GameRecord) {
    match Review::new(record) {
        Ok(r) => {
            cx.ai.cancel();
            cx.ui.review = Some(r);
            screens::show_review(cx.scene, cx.ui);
        }
        Err(e) => cx.ui.toast(e.to_string()),
    }
}

/// Scrolls the list; the last record can scroll up to the top row.
pub fn scroll(ui: &mut UiState, delta: i32) {
    let max = ui.records.len().saturating_sub(1);
    ui.records_scroll = (ui.records_scroll as i64 + delta as i64).clamp(0, max as i64) as usize;
}

/// A new game from the reviewed position, with the menu's players and level.
pub fn continue_from_here(cx: &mut Context) {
    let Some(r) = cx.ui.review.as_ref() else {
        return;
    };
    let settings = GameSettings {
        rule: r.record().rule,
        size: r.record().width,
        ..cx.manager.settings
    };
    cx.manager
        .set_game(Game::from_board(r.board().clone(), &settings));
    cx.ai.cancel();
    screens::show_game(cx.scene, cx.ui);
}

/// Copies the game as a position string and saves a `.psq` beside the records.
pub fn copy_position(cx: &mut Context) {
    let record = match (cx.ui.screen, &cx.ui.review, cx.manager.game()) {
        (Screen::Review, Some(r), _) => r.record().clone(),
        (_, _, Some(g)) => g.to_record(),
        _ => return,
    };
    let text = to_pos_string(record.positions(), record.height);
    if let Err(e) = cx.clipboard.set_clipboard_text(&text) {
        cx.ui.toast(format!("Clipboard: {e}"));
        return;
    }
    let psq_note = cx.store.map(|s| {
        let path = s.dir().join(format!("{}.psq", record.id));
        match std::fs::write(&path, to_psq(&record)) {
            Ok(()) => format!("; saved {}", path.display()),
            Err(e) => format!("; .psq not saved: {e}"),
        }
    });
    let short: String = text.chars().take(24).collect();
    cx.ui.toast(format!(
        "Copied {short}{}{}",
        if text.len() > 24 { "\u{2026}" } else { "" },
        psq_note.unwrap_or_default()
    ));
}

/// Imports a game from the clipboard (pos string, psq or JSON) and opens it for review.
pub fn paste(cx: &mut Context) {
    let text = match cx.clipboard.clipboard_text() {
        Ok(t) if !t.trim().is_empty() => t,
        Ok(_) => return cx.ui.toast("The clipboard is empty"),
        Err(e) => return cx.ui.toast(format!("Clipboard: {e}")),
    };
    match import(&text, cx.manager.settings.size) {
        Ok(record) => review(cx, record),
        Err(e) => cx.ui.toast(format!("Cannot import the clipboard: {e}")),
    }
}
