//! Which screen is showing, UI-only state, and the object sets that make each screen.

use super::event::Event;
use super::layout::Slot;
use super::objects::{
    background::Background, banner::Banner, board::BoardView, button::Button, menu::MenuTitle,
};
use super::objects::{panel::StatusPanel, toast::Toast};
use super::objects::{records_list::RecordsList, review_panel::ReviewPanel};
use super::scene::{Scene, View};
use crate::engine::Level;
use crate::game::record::Listed;
use crate::game::review::Review;
use std::path::PathBuf;
use std::time::Instant;

/// The screen on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Game,
    Records,
    Review,
}

/// State that belongs to the interface, not to the game.
#[derive(Debug)]
pub struct UiState {
    pub screen: Screen,
    pub show_numbers: bool,
    pub muted: bool,
    /// A short message and when it was posted (shown for a few seconds).
    pub toast: Option<(String, Instant)>,
    pub quit: bool,
    /// Where records and profiler traces go.
    pub data_dir: PathBuf,
    /// A paused Computer vs Computer game takes one step, then pauses again.
    pub stepping: bool,
    /// The records list as read when the Records screen opened.
    pub records: Vec<Listed>,
    /// First records-list row on screen.
    pub records_scroll: usize,
    /// The game being reviewed.
    pub review: Option<Review>,
}

impl UiState {
    pub fn new(data_dir: PathBuf) -> UiState {
        UiState {
            screen: Screen::Menu,
            show_numbers: false,
            muted: false,
            toast: None,
            quit: false,
            data_dir,
            stepping: false,
            records: Vec::new(),
            records_scroll: 0,
            review: None,
        }
    }

    pub fn toast(&mut self, text: impl Into<String>) {
        self.toast = Some((text.into(), Instant::now()));
    }
}

/// A button label computed from the game state.
type LabelFn = fn(&View) -> String;

/// Names of the victory banner's objects, removed together.
pub const BANNER: &str = "banner";

/// The main menu.
pub fn show_menu(scene: &mut Scene, ui: &mut UiState) {
    ui.screen = Screen::Menu;
    scene.clear();
    scene.add(Box::new(Background));
    scene.add(Box::new(MenuTitle));
    let rows: [(LabelFn, Event); 4] = [
        (
            |v| format!("Mode:  {}", v.manager.settings.mode),
            Event::CycleMode,
        ),
        (
            |v| format!("Level:  {}", level_label(v.manager.settings.level)),
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
        scene.add(Box::new(Button::dynamic(
            "menu-option",
            Slot::Menu(i),
            label,
            event,
        )));
    }
    scene.add(Box::new(
        Button::new("menu-start", Slot::Menu(4), "Start", Event::NewGame).primary(),
    ));
    scene.add(Box::new(
        Button::new("menu-resume", Slot::Menu(5), "Resume", Event::Resume)
            .enabled_if(|v| v.manager.can_resume()),
    ));
    scene.add(Box::new(Button::new(
        "menu-records",
        Slot::Menu(6),
        "Records",
        Event::OpenRecords,
    )));
    scene.add(Box::new(Button::new(
        "menu-quit",
        Slot::Menu(7),
        "Quit",
        Event::Quit,
    )));
    scene.add(Box::new(Toast));
}

fn level_label(level: Level) -> String {
    format!("{level} ({})", level.describe())
}

/// The board with its side panel.
pub fn show_game(scene: &mut Scene, ui: &mut UiState) {
    ui.screen = Screen::Game;
    scene.clear();
    scene.add(Box::new(Background));
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
        scene.add(Box::new(Button::new(
            "game-button",
            Slot::Panel(i),
            label,
            event,
        )));
    }
    scene.add(Box::new(Toast));
}

/// The victory banner over the board.
pub fn show_banner(scene: &mut Scene) {
    scene.remove(BANNER);
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
pub fn show_records(scene: &mut Scene, ui: &mut UiState) {
    ui.screen = Screen::Records;
    scene.clear();
    scene.add(Box::new(Background));
    scene.add(Box::new(RecordsList));
    scene.add(Box::new(
        Button::new(
            "records-back",
            Slot::Menu(0),
            "Back to menu",
            Event::BackToMenu,
        )
        .with_slot_fn(records_back_slot),
    ));
    scene.add(Box::new(Toast));
}

/// The Back button sits at the bottom centre of the records screen.
fn records_back_slot(l: &super::layout::Layout) -> super::layout::Rect {
    let s = l.scale;
    let (w, h) = (240.0 * s, 44.0 * s);
    super::layout::Rect::new((l.width - w) / 2.0, l.height - h - 24.0 * s, w, h)
}

/// One recorded game on the board, step by step.
pub fn show_review(scene: &mut Scene, ui: &mut UiState) {
    ui.screen = Screen::Review;
    scene.clear();
    scene.add(Box::new(Background));
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
    scene.add(Box::new(Toast));
}
