//! Records, review and sharing: list, open, continue from a reviewed position, copy and
//! paste games as text.

use super::context::Context;
use crate::app::event::Event;
use crate::app::screen::Screen;
use crate::game::record::posstring::to_game_string;
use crate::game::record::psq::to_psq;
use crate::game::record::{import_as, GameRecord};
use crate::game::review::Review;
use crate::game::setup::Setup;
use crate::game::{Command, Game, GameSettings};

/// Moving around the records list and a reviewed game.
pub fn browse(event: Event, cx: &mut Context) {
    match event {
        Event::OpenRecords => open_list(cx),
        Event::OpenRecord(i) => open_entry(cx, i),
        Event::ScrollRecords(d) => cx.ui.scroll_records(d),
        Event::ReviewStep(d) => {
            if let Some(r) = cx.ui.review.as_mut() {
                r.step(d);
                cx.ui.moves_scroll = None;
            }
        }
        Event::ContinueFromHere => continue_from_here(cx),
        _ => {}
    }
}

/// The Records screen opens at once; its list fills in from a background read.
fn open_list(cx: &mut Context) {
    cx.command(Command::Hide);
    cx.ui.records.clear();
    cx.ui.records_scroll = 0;
    if cx.records_dir.is_some() {
        cx.ui.records_loading = true;
        cx.out.list_records = true;
    } else {
        cx.ui.toast("The records folder could not be opened");
    }
    cx.show(Screen::Records);
}

fn open_entry(cx: &mut Context, index: usize) {
    match cx.ui.records.get(index) {
        Some(Ok((_, record))) => review(cx, record.clone()),
        Some(Err(e)) => {
            let message = e.to_string();
            cx.ui.toast(message);
        }
        None => {}
    }
}

/// Opens `record` on the review screen (at its final position).
pub fn review(cx: &mut Context, record: GameRecord) {
    match Review::new(record) {
        Ok(r) => {
            cx.command(Command::Hide);
            cx.ui.review = Some(r);
            cx.show(Screen::Review);
        }
        Err(e) => cx.ui.toast(e.to_string()),
    }
}

/// A new game from the reviewed position, with the menu's players and level.
fn continue_from_here(cx: &mut Context) {
    let Some(r) = cx.ui.review.as_ref() else {
        return;
    };
    let settings = GameSettings {
        rule: r.record().rule,
        size: r.record().width,
        ..cx.manager.settings.clone()
    };
    let game = Game::from_board(r.board().clone(), &settings, cx.now);
    cx.command(Command::ContinueFrom(Box::new(game)));
    cx.command(Command::Show);
    cx.show(Screen::Game);
}

/// Copies the game as a position string and has a `.psq` saved beside the records.
pub fn copy_position(cx: &mut Context) {
    let record = match (cx.ui.screen, &cx.ui.review, cx.manager.game()) {
        (Screen::Review, Some(r), _) => r.record().clone(),
        (_, _, Some(g)) => g.to_record(),
        _ => return,
    };
    let text = to_game_string(record.rule, record.positions(), record.height);
    if let Err(e) = cx.clipboard.set_clipboard_text(&text) {
        log::warn!("clipboard: {e}");
        cx.ui.toast("Could not copy to the clipboard");
        return;
    }
    let psq = match (cx.writer, cx.records_dir) {
        (Some(writer), Some(dir)) => {
            let path = dir.join(format!("{}.psq", record.id));
            let note = format!("; saving {}.psq with the records", record.id);
            writer.write_file(path, to_psq(&record).into_bytes());
            note
        }
        _ => String::new(),
    };
    let short: String = text.chars().take(24).collect();
    let more = if text.len() > 24 { "\u{2026}" } else { "" };
    cx.ui.toast(format!("Copied {short}{more}{psq}"));
}

/// Pastes the clipboard's first line into the field being edited.
pub fn paste_into_field(cx: &mut Context) {
    match cx.clipboard.clipboard_text() {
        Ok(t) => {
            let line = t.lines().next().unwrap_or("").to_string();
            cx.ui.fields.type_text(&line);
        }
        Err(e) => {
            log::warn!("clipboard: {e}");
            cx.ui.toast("Nothing to paste: the clipboard holds no text");
        }
    }
}

/// Imports a game from the clipboard (pos string, psq or JSON; under the menu's rule when
/// the text names none) and opens it for review, or puts it on the set-up board.
pub fn paste(cx: &mut Context) {
    let text = match cx.clipboard.clipboard_text() {
        Ok(t) => t,
        Err(e) => {
            log::warn!("clipboard: {e}");
            return cx.ui.toast("Nothing to paste: the clipboard holds no text");
        }
    };
    let settings = &cx.manager.settings;
    match import_as(&text, settings.size, settings.rule) {
        Ok(record) if cx.ui.screen == Screen::Setup => match record.to_board(None) {
            Ok(board) => {
                cx.manager.settings.size = board.width();
                cx.manager.settings.rule = record.rule;
                cx.ui.setup = Some(Setup::from_board(&board));
            }
            Err(e) => cx.ui.toast(format!("Cannot import the clipboard: {e}")),
        },
        Ok(record) => review(cx, record),
        Err(e) => cx.ui.toast(format!("Cannot import the clipboard: {e}")),
    }
}
