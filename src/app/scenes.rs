//! The object sets that make each screen, and [`apply`], the one place that changes
//! what is on screen.

use super::event::Event;
use super::layout::{Layout, Rect, Slot};
use super::objects::{
    background::Background, banner::Banner, board::BoardView, button::Button, menu::MenuTitle,
};
use super::objects::{panel::StatusPanel, toast::Toast};
use super::objects::{records_list::RecordsList, review_panel::ReviewPanel};
use super::scene::{Scene, View};
use super::screen::{Screen, ScreenCommand, BANNER};
use super::ui_state::UiState;

/// Carries out a screen change.
pub fn apply(command: ScreenCommand, scene: &mut Scene, ui: &mut UiState) {
    match command {
        ScreenCommand::Show(screen) => {
            ui.screen = screen;
            scene.clear();
            scene.add(Box::new(Background));
            match screen {
                Screen::Menu => menu(scene),
                Screen::Game => game(scene),
                Screen::Records => records(scene),
                Screen::Review => review(scene),
            }
            scene.add(Box::new(Toast));
        }
        ScreenCommand::ShowBanner => {
            scene.remove(BANNER);
            banner(scene);
        }
        ScreenCommand::HideBanner => scene.remove(BANNER),
    }
}

/// A button label computed from the game state.
type LabelFn = fn(&View) -> String;

fn menu(scene: &mut Scene) {
    scene.add(Box::new(MenuTitle));
    let rows: [(LabelFn, Event); 4] = [
        (
            |v| format!("Mode:  {}", v.manager.settings.mode),
            Event::CycleMode,
        ),
        (
            |v| format!("Level:  {}", v.manager.settings.computers[0].describe()),
            Event::CycleLevel,
        ),
        (
            |v| format!("Board:  {0} \u{00d7} {0}", v.manager.settings.size),
            Event::CycleSize,
        ),
        (
            |v| format!("Rule:  {}", v.manager.settings.rule),
            Event::CycleRule,
        ),
    ];
    for (i, (label, event)) in rows.into_iter().enumerate() {
        let b = Button::dynamic("menu-option", Slot::Menu(i), label, event);
        scene.add(Box::new(b));
    }
    let start = Button::new("menu-start", Slot::Menu(4), "Start", Event::NewGame);
    scene.add(Box::new(start.primary()));
    let resume = Button::new("menu-resume", Slot::Menu(5), "Resume", Event::Resume);
    scene.add(Box::new(resume.enabled_if(|v| v.manager.can_resume())));
    let records = Button::new("menu-records", Slot::Menu(6), "Records", Event::OpenRecords);
    scene.add(Box::new(records));
    scene.add(Box::new(Button::new(
        "menu-quit",
        Slot::Menu(7),
        "Quit",
        Event::Quit,
    )));
}

/// The board with its side panel.
fn game(scene: &mut Scene) {
    scene.add(Box::new(BoardView));
    scene.add(Box::new(StatusPanel));
    let buttons = [
        ("Undo", Event::Undo),
        ("Hint", Event::Hint),
        ("Swap sides", Event::Swap),
        ("Restart", Event::Restart),
        ("Menu", Event::BackToMenu),
    ];
    for (i, (label, event)) in buttons.into_iter().enumerate() {
        let b = Button::new("game-button", Slot::Panel(i), label, event);
        scene.add(Box::new(b));
    }
}

/// The victory banner over the board.
fn banner(scene: &mut Scene) {
    scene.add(Box::new(Banner));
    let buttons = [
        ("Play again", Event::Restart),
        ("Review", Event::ReviewGame),
        ("Menu", Event::BackToMenu),
    ];
    for (i, (label, event)) in buttons.into_iter().enumerate() {
        let b = Button::new(BANNER, Slot::Banner(i), label, event).with_z(60);
        scene.add(Box::new(if i == 0 { b.primary() } else { b }));
    }
}

/// The list of saved games.
fn records(scene: &mut Scene) {
    scene.add(Box::new(RecordsList));
    let back = Button::new(
        "records-back",
        Slot::Menu(0),
        "Back to menu",
        Event::BackToMenu,
    );
    scene.add(Box::new(back.with_slot_fn(records_back_slot)));
}

/// The Back button sits at the bottom centre of the records screen.
fn records_back_slot(l: &Layout) -> Rect {
    let s = l.scale;
    let (w, h) = (240.0 * s, 44.0 * s);
    Rect::new((l.width - w) / 2.0, l.height - h - 24.0 * s, w, h)
}

/// One recorded game on the board, step by step.
fn review(scene: &mut Scene) {
    scene.add(Box::new(BoardView));
    scene.add(Box::new(ReviewPanel));
    let buttons = [
        ("\u{25c0}  Back", Event::ReviewStep(-1)),
        ("Forward  \u{25b6}", Event::ReviewStep(1)),
        ("Continue from here", Event::ContinueFromHere),
        ("Copy position", Event::CopyPosition),
        ("Records", Event::OpenRecords),
    ];
    for (i, (label, event)) in buttons.into_iter().enumerate() {
        let b = Button::new("review-button", Slot::Panel(i), label, event);
        scene.add(Box::new(if i == 2 { b.primary() } else { b }));
    }
}
