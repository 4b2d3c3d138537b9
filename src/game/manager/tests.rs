//! ChessManager rules: undo depth, swapping sides, playing for the person, reviving.

use super::*;

fn manager(mode: GameMode) -> ChessManager {
    let mut m = ChessManager::new(GameSettings {
        mode,
        ..GameSettings::default()
    });
    m.start_new().unwrap();
    m
}

#[test]
fn undo_is_one_ply_between_people_and_two_against_the_computer() {
    let mut m = manager(GameMode::HumanVsHuman);
    m.place_human(Pos::new(7, 7)).unwrap();
    m.place_human(Pos::new(8, 8)).unwrap();
    assert_eq!(m.undo(), Ok(1));
    assert_eq!(m.game().unwrap().board().move_count(), 1);

    let mut m = manager(GameMode::HumanVsComputer {
        human: Stone::Black,
    });
    m.place_human(Pos::new(7, 7)).unwrap();
    assert_eq!(m.place_human(Pos::new(8, 8)), Err(GameError::NotYourTurn));
    m.place_computer(Pos::new(8, 8)).unwrap();
    assert_eq!(m.undo(), Ok(2));
    assert_eq!(m.game().unwrap().board().move_count(), 0);
    assert_eq!(m.undo(), Err(GameError::NothingToUndo));
}

#[test]
fn undo_revives_a_won_game() {
    let mut m = manager(GameMode::HumanVsHuman);
    for i in 0..4 {
        m.place_human(Pos::new(i, 0)).unwrap();
        m.place_human(Pos::new(i, 5)).unwrap();
    }
    m.place_human(Pos::new(4, 0)).unwrap();
    assert!(matches!(
        m.update().as_slice(),
        [Signal::GameOver(Outcome::Win {
            winner: Stone::Black,
            ..
        })]
    ));
    assert!(m.update().is_empty(), "announced once");
    assert_eq!(m.place_human(Pos::new(9, 9)), Err(GameError::GameOver));
    m.undo().unwrap();
    assert!(!m.game().unwrap().is_over());
    m.place_human(Pos::new(9, 9)).unwrap();
}

#[test]
fn play_for_human_swaps_sides_against_the_computer() {
    let mut m = manager(GameMode::HumanVsComputer {
        human: Stone::Black,
    });
    m.play_for_human(Pos::new(7, 7)).unwrap();
    assert_eq!(
        m.game().unwrap().mode(),
        GameMode::HumanVsComputer {
            human: Stone::White
        }
    );
    assert!(m.game().unwrap().is_human_turn());
    assert!(
        m.update().is_empty(),
        "the computer does not move: the person continues as White"
    );
}

#[test]
fn swap_hands_the_turn_to_the_computer() {
    let mut m = manager(GameMode::HumanVsComputer {
        human: Stone::Black,
    });
    assert_eq!(m.swap_sides(), Ok(true));
    assert_eq!(m.update(), vec![Signal::ComputerToMove]);
}
