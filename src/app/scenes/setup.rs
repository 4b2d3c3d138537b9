//! The set-up screen: the board (clicks place and remove stones), its panel, and a
//! column of buttons: brush, side to move, board, rule, players, the computer, clear, play, menu.

use super::LabelFn;
use crate::app::event::{Event, SetupAction};
use crate::app::layout::Slot;
use crate::app::objects::board::BoardView;
use crate::app::objects::button::Button;
use crate::app::objects::setup_panel::{SetupPanel, SETUP_BUTTONS};
use crate::app::scene::Scene;
use crate::game::settings::Setting;
use crate::game::setup::Brush;

pub fn setup(scene: &mut Scene) {
    scene.add(Box::new(BoardView));
    scene.add(Box::new(SetupPanel));
    for (i, (label, event, back)) in buttons().into_iter().enumerate() {
        let mut b = Button::dynamic("setup-button", Slot::Side(i), label, event).small();
        if let Some(back) = back {
            b = b.with_back(back);
        }
        if i == SETUP_BUTTONS - 2 {
            b = b.primary();
        }
        scene.add(Box::new(b));
    }
}

/// A set-up button: its label, what a click sends, and a setting's step back.
type SetupButton = (LabelFn, Event, Option<Event>);

/// The column of buttons, top to bottom (Play from here is the one before last).
fn buttons() -> [SetupButton; SETUP_BUTTONS] {
    [
        (
            |v| {
                let brush = v.ui.setup.as_ref().map_or(Brush::Alternate, |s| s.brush);
                match brush {
                    Brush::Alternate => "Place: colours in turn".into(),
                    Brush::Black => "Place: Black".into(),
                    Brush::White => "Place: White".into(),
                }
            },
            Event::Setup(SetupAction::Brush),
            None,
        ),
        (
            |v| {
                let side = v.ui.setup.as_ref().map(|s| s.board().side_to_move());
                side.map_or(String::new(), |s| format!("To move: {s}"))
            },
            Event::Setup(SetupAction::ToMove),
            None,
        ),
        (
            |v| format!("Board:  {0} \u{00d7} {0}", v.manager.settings.size),
            Event::Cycle(Setting::Size, 1),
            Some(Event::Cycle(Setting::Size, -1)),
        ),
        (
            |v| format!("Rule:  {}", v.manager.settings.rule),
            Event::Cycle(Setting::Rule, 1),
            Some(Event::Cycle(Setting::Rule, -1)),
        ),
        (
            |v| format!("{}", v.manager.settings.mode),
            Event::Cycle(Setting::Mode, 1),
            Some(Event::Cycle(Setting::Mode, -1)),
        ),
        (
            |v| format!("Computer:  {}", v.manager.settings.computers[0]),
            Event::Cycle(Setting::Program(0), 1),
            Some(Event::Cycle(Setting::Program(0), -1)),
        ),
        (
            |_| "Clear the board".into(),
            Event::Setup(SetupAction::Clear),
            None,
        ),
        (
            |_| "Play from here".into(),
            Event::Setup(SetupAction::Play),
            None,
        ),
        (|_| "Menu".into(), Event::BackToMenu, None),
    ]
}
