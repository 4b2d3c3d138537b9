//! The swap2 choice over the board: the question and one button per open choice, shown
//! while a person here chooses.

use crate::app::event::Event;
use crate::app::layout::Slot;
use crate::app::objects::button::Button;
use crate::app::objects::swap2_prompt::{offered, Swap2Prompt};
use crate::app::scene::Scene;
use crate::game::swap2::Swap2Choice;

/// Every choice in button order; a button shows only while its choice is open.
const CHOICES: [Swap2Choice; 3] = [
    Swap2Choice::White,
    Swap2Choice::Black,
    Swap2Choice::PlaceTwo,
];

pub fn add(scene: &mut Scene) {
    scene.add(Box::new(Swap2Prompt));
    let shown: [fn(&crate::app::scene::View) -> bool; 3] = [
        |v| offered(v, CHOICES[0]),
        |v| offered(v, CHOICES[1]),
        |v| offered(v, CHOICES[2]),
    ];
    for (i, (choice, shown)) in CHOICES.into_iter().zip(shown).enumerate() {
        let b = Button::new(
            "swap2",
            Slot::Banner(i),
            choice.label(),
            Event::Swap2(choice),
        )
        .with_z(70)
        .shown_if(shown);
        scene.add(Box::new(b));
    }
}
