//! The object sets that make each screen, and [`apply`], the one place that changes
//! what is on screen.

use super::event::Event;
use super::fields::Field;
use super::layout::{Layout, Rect, Slot};
use super::objects::move_list::MoveList;
use super::objects::{
    background::Background, banner::Banner, board::BoardView, button::Button, menu::MenuTitle,
};
use super::objects::{
    panel::StatusPanel, prompt::OfferPrompt, text_field::TextField, toast::Toast,
};
use super::objects::{records_list::RecordsList, review_panel::ReviewPanel};
use super::scene::{Scene, View};
use super::screen::{Screen, ScreenCommand, BANNER};
use super::ui_state::UiState;
use crate::engine::Rule;
use crate::game::settings::Setting;
use crate::game::{Computer, GameMode};

mod analysis;
mod setup;
mod swap2;

/// Rows of the main menu's left column (the keyboard focus cycles through them).
pub const MENU_ITEMS: usize = 9;

/// Carries out a screen change.
pub fn apply(command: ScreenCommand, scene: &mut Scene, ui: &mut UiState) {
    match command {
        ScreenCommand::Show(screen) => {
            ui.screen = screen;
            ui.banner = false;
            ui.moves_scroll = None;
            ui.fields.editing = None;
            scene.clear();
            scene.add(Box::new(Background));
            match screen {
                Screen::Menu => menu(scene),
                Screen::Game => game(scene),
                Screen::Records => records(scene),
                Screen::Review => review(scene),
                Screen::Setup => setup::setup(scene),
            }
            if matches!(screen, Screen::Game | Screen::Review | Screen::Setup) {
                analysis::add(scene);
            }
            scene.add(Box::new(Toast));
        }
        ScreenCommand::ShowBanner => {
            scene.remove(BANNER);
            banner(scene);
            ui.banner = true;
        }
        ScreenCommand::HideBanner => {
            scene.remove(BANNER);
            ui.banner = false;
        }
    }
}

/// A button label computed from the game state.
pub type LabelFn = fn(&View) -> String;

fn menu(scene: &mut Scene) {
    scene.add(Box::new(MenuTitle));
    for (i, (label, setting)) in menu_settings().into_iter().enumerate() {
        let b = Button::dynamic(
            "menu-option",
            Slot::Menu(i),
            label,
            Event::Cycle(setting, 1),
        );
        scene.add(Box::new(b.with_back(Event::Cycle(setting, -1))));
    }
    let start = Button::new("menu-start", Slot::Menu(4), "Start", Event::NewGame);
    scene.add(Box::new(start.primary()));
    let resume = Button::new("menu-resume", Slot::Menu(5), "Resume", Event::Resume);
    scene.add(Box::new(resume.enabled_if(|v| v.manager.can_resume())));
    let setup = Button::new(
        "menu-setup",
        Slot::Menu(6),
        "Set up a position",
        Event::OpenSetup,
    );
    scene.add(Box::new(setup));
    let records = Button::new("menu-records", Slot::Menu(7), "Records", Event::OpenRecords);
    scene.add(Box::new(records));
    scene.add(Box::new(Button::new(
        "menu-quit",
        Slot::Menu(MENU_ITEMS - 1),
        "Quit",
        Event::Quit,
    )));
    menu_side(scene);
}

/// The menu's settings: labels from the state, and which setting each row steps.
pub fn menu_settings() -> [(LabelFn, Setting); 4] {
    [
        (
            |v| format!("Mode:  {}", v.manager.settings.mode),
            Setting::Mode,
        ),
        (first_computer_label, Setting::Program(0)),
        (
            |v| format!("Board:  {0} \u{00d7} {0}", v.manager.settings.size),
            Setting::Size,
        ),
        (
            |v| format!("Rule:  {}", v.manager.settings.rule),
            Setting::Rule,
        ),
    ]
}

/// The opponent, or Black's program in Computer vs Computer.
fn first_computer_label(v: &View) -> String {
    let s = &v.manager.settings;
    match s.mode {
        GameMode::ComputerVsComputer => format!("Black:  {}", s.computers[0].describe()),
        GameMode::HumanVsHuman => "Opponent:  a person here".into(),
        _ => format!("Opponent:  {}", s.computers[0].describe()),
    }
}

/// The menu's right column: the clock, White's program, engines, the network.
fn menu_side(scene: &mut Scene) {
    let clock = Button::dynamic(
        "menu-option",
        Slot::MenuSide(0),
        |v| format!("Clock:  {}", v.manager.settings.time),
        Event::Cycle(Setting::Clock, 1),
    );
    scene.add(Box::new(clock.with_back(Event::Cycle(Setting::Clock, -1))));
    let white = Button::dynamic(
        "menu-option",
        Slot::MenuSide(1),
        |v| match v.manager.settings.mode {
            GameMode::ComputerVsComputer => {
                format!("White:  {}", v.manager.settings.computers[1].describe())
            }
            _ => "White:  (Computer vs Computer)".into(),
        },
        Event::Cycle(Setting::Program(1), 1),
    );
    let white = white.with_back(Event::Cycle(Setting::Program(1), -1));
    scene.add(Box::new(white.enabled_if(|v| {
        v.manager.settings.mode == GameMode::ComputerVsComputer
    })));
    scene.add(Box::new(TextField::new(
        Field::EnginePath,
        Slot::MenuSide(2),
    )));
    let add = Button::new(
        "menu-engine",
        Slot::MenuSideHalf(3, 0),
        "Add engine",
        Event::AddEngine,
    );
    scene.add(Box::new(add));
    let remove = Button::new(
        "menu-engine",
        Slot::MenuSideHalf(3, 1),
        "Remove engine",
        Event::RemoveEngine,
    );
    scene.add(Box::new(remove.enabled_if(|v| {
        matches!(v.manager.settings.computers[0], Computer::External(_))
    })));
    scene.add(Box::new(TextField::new(Field::Port, Slot::MenuSide(4))));
    let host = Button::new("menu-host", Slot::MenuSide(5), "Host game", Event::HostGame);
    scene.add(Box::new(host));
    scene.add(Box::new(TextField::new(Field::Address, Slot::MenuSide(6))));
    let join = Button::new("menu-join", Slot::MenuSide(7), "Join game", Event::JoinGame);
    scene.add(Box::new(join));
    let opening = Button::dynamic(
        "menu-option",
        Slot::MenuSide(8),
        opening_label,
        Event::Cycle(Setting::Opening, 1),
    );
    let opening = opening.with_back(Event::Cycle(Setting::Opening, -1));
    scene.add(Box::new(
        opening.enabled_if(|v| v.manager.settings.rule != Rule::Renju),
    ));
}

/// The opening row: swap2 or not; renju keeps its standard opening.
fn opening_label(v: &View) -> String {
    match v.manager.settings.rule {
        Rule::Renju => "Opening:  standard (renju)".into(),
        _ => format!("Opening:  {}", v.manager.settings.opening),
    }
}

fn is_network(v: &View) -> bool {
    v.manager.game().is_some_and(|g| g.mode().is_network())
}

fn is_local(v: &View) -> bool {
    !is_network(v)
}

/// The board with its side panel. A network game swaps Hint and Swap for Offer draw
/// and Resign, and shows the other player's offers over the board.
fn game(scene: &mut Scene) {
    scene.add(Box::new(BoardView));
    scene.add(Box::new(StatusPanel));
    let undo = Button::dynamic(
        "game-button",
        Slot::Panel(0),
        |v| if is_network(v) { "Ask to undo" } else { "Undo" }.into(),
        Event::Undo,
    );
    scene.add(Box::new(undo));
    let local = [("Hint", Event::Hint), ("Swap sides", Event::Swap)];
    let online = [("Offer draw", Event::OfferDraw), ("Resign", Event::Resign)];
    for (i, ((l, le), (n, ne))) in local.into_iter().zip(online).enumerate() {
        let slot = Slot::Panel(i + 1);
        scene.add(Box::new(
            Button::new("game-button", slot, l, le).shown_if(is_local),
        ));
        scene.add(Box::new(
            Button::new("game-button", slot, n, ne).shown_if(is_network),
        ));
    }
    let restart = Button::new("game-button", Slot::Panel(3), "Restart", Event::Restart);
    scene.add(Box::new(restart));
    let menu = Button::dynamic(
        "game-button",
        Slot::Panel(4),
        |v| if is_network(v) { "Leave" } else { "Menu" }.into(),
        Event::BackToMenu,
    );
    scene.add(Box::new(menu));
    scene.add(Box::new(OfferPrompt));
    let answers = [
        ("Accept", Event::Answer(true)),
        ("Decline", Event::Answer(false)),
    ];
    for (i, (label, event)) in answers.into_iter().enumerate() {
        let b = Button::new("offer", Slot::Banner(i * 2), label, event)
            .with_z(70)
            .shown_if(|v| super::objects::prompt::pending(v).is_some());
        scene.add(Box::new(if i == 0 { b.primary() } else { b }));
    }
    scene.add(Box::new(MoveList {
        top: super::objects::panel::list_top,
    }));
    swap2::add(scene);
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
    let close = Button::new(BANNER, Slot::Banner(0), "\u{00d7}", Event::ToggleBanner);
    scene.add(Box::new(
        close.with_slot_fn(Layout::banner_close).with_z(60),
    ));
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
    scene.add(Box::new(MoveList {
        top: |v| super::objects::review_panel::list_top(v.layout),
    }));
}
