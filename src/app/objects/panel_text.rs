//! What the side panel says: who plays each colour, whose turn it is (or why the game
//! is waiting, or how it ended), the clocks, the link, the engine's last words.

use crate::app::scene::View;
use crate::engine::{Outcome, Stone};
use crate::game::notation::label;
use crate::game::time_control::face;
use crate::game::{AiPurpose, Computer, Game, GameMode, LinkStatus};

/// Who plays `stone`: "You", "Player", "Computer (Medium)", an engine's name, the
/// other player's name.
pub fn who(view: &View, game: &Game, stone: Stone) -> String {
    match (game.mode(), game.computer(stone)) {
        (_, Some(Computer::Level(l))) => format!("Computer ({l})"),
        (_, Some(Computer::External(e))) => e.name.clone(),
        (GameMode::HumanVsHuman, None) => "Player".into(),
        (GameMode::Network { local, .. }, None) if local != stone => {
            match view.manager.net().map(|n| n.status()) {
                Some(LinkStatus::Connected { peer }) => peer.clone(),
                _ => "Opponent".into(),
            }
        }
        _ => "You".into(),
    }
}

/// Who is to move, in the turn card, when the mode alone says it: the colour between
/// people at one board, "You" for the person here, else "Computer".
pub fn to_move(mode: GameMode, stone: Stone) -> String {
    match mode {
        GameMode::HumanVsHuman => stone.to_string(),
        GameMode::HumanVsComputer { human } if human == stone => "You".into(),
        GameMode::Network { local, .. } if local == stone => "You".into(),
        _ => "Computer".into(),
    }
}

/// The turn card: what is happening, and the stone to show beside it.
pub fn status(view: &View, game: &Game) -> (String, Option<Stone>) {
    if let Some(e) = game.ending() {
        return (e.to_string(), e.winner());
    }
    match game.result() {
        Some(Outcome::Win { winner, .. }) => {
            let text = match game.mode() {
                GameMode::HumanVsComputer { human } if human == *winner => "You won!".into(),
                GameMode::HumanVsComputer { .. } => "The computer won".into(),
                GameMode::Network { local, .. } if local == *winner => "You won!".into(),
                _ => format!("{winner} won"),
            };
            return (text, Some(*winner));
        }
        Some(Outcome::Draw) => return ("Draw".into(), None),
        None => {}
    }
    let side = game.board().side_to_move();
    if let Some(s) = game.swap2() {
        return (s.prompt(), Some(side));
    }
    if let Some(net) = view.manager.net().filter(|n| !n.is_connected()) {
        let text = match net.status() {
            LinkStatus::Waiting { reason } | LinkStatus::Closed { reason } => reason.clone(),
            LinkStatus::Connected { .. } => String::new(),
        };
        return (text, Some(side));
    }
    let text = match view.thinking {
        Some((AiPurpose::Move, t)) => {
            let name = match game.computer(side) {
                Some(Computer::External(e)) => e.name.clone(),
                _ => "Thinking".into(),
            };
            format!("{name}\u{2026} {:.1} s", t.as_secs_f32())
        }
        Some((_, t)) => format!("Hint\u{2026} {:.1} s", t.as_secs_f32()),
        None if game.is_paused() => "Paused (Space)".into(),
        None if game.mode() == GameMode::HumanVsHuman => {
            format!("{} to move", to_move(game.mode(), side))
        }
        None => format!("{} to move", who(view, game, side)),
    };
    (text, Some(side))
}

/// The label-value rows under the card.
pub fn rows(view: &View, game: &Game) -> Vec<(&'static str, String)> {
    let board = game.board();
    let clocks = game.clocks();
    let player = |stone: Stone| {
        let name = who(view, game, stone);
        match clocks.left(stone, view.now) {
            Some(left) => format!("{name}   {}", face(left)),
            None => name,
        }
    };
    let mut rows = vec![
        ("Black", player(Stone::Black)),
        ("White", player(Stone::White)),
        (
            "Rule",
            format!(
                "{}, {}\u{00d7}{}",
                game.rule(),
                board.width(),
                board.height()
            ),
        ),
        ("Clock", clocks.control().to_string()),
        (
            "Moves",
            match board.last_move() {
                Some(m) => format!(
                    "{}, last {}",
                    board.move_count(),
                    label(m.pos, board.height())
                ),
                None => "0".to_string(),
            },
        ),
    ];
    if let (Some(port), Some(net)) = (view.ui.hosting_port, view.manager.net()) {
        if !net.is_connected() {
            rows.push(("Port", port.to_string()));
        }
    }
    rows
}

/// The latest `MESSAGE` of an outside engine in this game, with its name.
pub fn engine_line(view: &View, game: &Game) -> Option<String> {
    [Stone::Black, Stone::White]
        .into_iter()
        .rev()
        .find_map(|s| {
            let Some(Computer::External(e)) = game.computer(s) else {
                return None;
            };
            let text = view.ui.engine_messages[s.index()].as_ref()?;
            Some(format!("{}: {text}", e.name))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_names_the_colour_between_people_and_you_elsewhere() {
        assert_eq!(to_move(GameMode::HumanVsHuman, Stone::White), "White");
        let human = GameMode::HumanVsComputer {
            human: Stone::Black,
        };
        assert_eq!(to_move(human, Stone::Black), "You");
        assert_eq!(to_move(human, Stone::White), "Computer");
    }
}
