//! The swap2 opening, as command -> event specs: two people here, and a person against
//! the computer in either role (the computer's decisions written out by hand).

use super::*;
use crate::game::swap2::{Opening, Swap2Choice, Swap2Decision};

fn swap2(mode: GameMode) -> ChessManager {
    let mut m = ChessManager::new(GameSettings {
        mode,
        opening: Opening::Swap2,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    m.apply(Command::Show, ms(0));
    m
}

fn choose(choice: Swap2Choice) -> Command {
    Command::Swap2(choice)
}

fn decided(ticket: u64, decision: Swap2Decision) -> Command {
    Command::Swap2Decided { ticket, decision }
}

#[test]
fn two_players_place_two_more_and_the_first_player_takes_black() {
    let mut m = swap2(GameMode::HumanVsHuman);
    assert_eq!(
        run(&mut m, place(7, 7), 0),
        ["Black H8 by Person", "save 1 moves"]
    );
    assert_eq!(
        run(&mut m, choose(Swap2Choice::White), 0),
        ["refused: that swap2 choice is not open now"]
    );
    assert_eq!(
        run(&mut m, Command::Undo, 0),
        ["refused: not during the swap2 opening"]
    );
    run(&mut m, place(8, 7), 0);
    assert_eq!(
        run(&mut m, place(7, 8), 0),
        ["Black H7 by Person", "Second chooses", "save 3 moves"]
    );
    assert_eq!(
        run(&mut m, place(1, 1), 0),
        ["refused: choose first: Play White, Play Black or Place two"]
    );
    assert_eq!(
        run(&mut m, choose(Swap2Choice::PlaceTwo), 0),
        ["Second chose PlaceTwo"]
    );
    run(&mut m, place(9, 9), 0);
    assert_eq!(
        run(&mut m, place(6, 6), 0),
        ["Black G9 by Person", "First chooses", "save 5 moves"]
    );
    assert_eq!(
        run(&mut m, choose(Swap2Choice::PlaceTwo), 0),
        ["refused: that swap2 choice is not open now"]
    );
    assert_eq!(
        run(&mut m, choose(Swap2Choice::Black), 0),
        ["First chose Black", "first plays Black, you None"]
    );
    let g = m.game().unwrap();
    assert!(g.swap2().is_none());
    assert_eq!(g.board().side_to_move(), Stone::White);
    assert_eq!(
        run(&mut m, place(10, 10), 0),
        ["White K5 by Person", "save 6 moves"]
    );
    // Undo takes back the game's moves, never the opening's stones.
    assert_eq!(run(&mut m, Command::Undo, 0), ["undone 1", "save 5 moves"]);
    assert_eq!(run(&mut m, Command::Undo, 0), ["refused: nothing to undo"]);
}

#[test]
fn against_the_computer_the_person_opens_and_the_computer_takes_white() {
    let mut m = swap2(YOU_BLACK);
    run(&mut m, place(7, 7), 0);
    run(&mut m, place(8, 7), 0);
    assert_eq!(
        run(&mut m, place(7, 8), 0),
        [
            "Black H7 by Person",
            "Second chooses",
            "swap2 decision #1 on 3 stones",
            "save 3 moves"
        ]
    );
    // Hidden and shown again: the first decision is stale, a new one is asked for.
    run(&mut m, Command::Hide, 0);
    assert_eq!(
        run(&mut m, Command::Show, 0),
        ["swap2 decision #2 on 3 stones"]
    );
    let white = Swap2Decision::Take(Stone::White);
    assert_eq!(run(&mut m, decided(1, white), 0), Vec::<String>::new());
    assert_eq!(
        run(&mut m, decided(2, white), 0),
        [
            "Second chose White",
            "first plays Black, you Some(Black)",
            "search #3 Move at Medium"
        ]
    );
    assert_eq!(m.game().unwrap().mode(), YOU_BLACK);
}

#[test]
fn against_the_computer_the_person_chooses_after_its_opening() {
    let you_white = GameMode::HumanVsComputer {
        human: Stone::White,
    };
    let mut m = ChessManager::new(GameSettings {
        mode: you_white,
        opening: Opening::Swap2,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    assert_eq!(
        run(&mut m, Command::Show, 0),
        ["swap2 decision #1 on 0 stones"]
    );
    let opening = Swap2Decision::Opening([Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)]);
    assert_eq!(
        run(&mut m, decided(1, opening), 0),
        [
            "Black H8 by Computer",
            "White I7 by Computer",
            "Black G7 by Computer",
            "Second chooses",
            "save 3 moves"
        ]
    );
    run(&mut m, choose(Swap2Choice::PlaceTwo), 0);
    run(&mut m, place(1, 1), 0);
    assert_eq!(
        run(&mut m, place(2, 2), 0),
        [
            "Black C13 by Person",
            "First chooses",
            "swap2 decision #2 on 5 stones",
            "save 5 moves"
        ]
    );
    assert_eq!(
        run(&mut m, choose(Swap2Choice::White), 0),
        ["refused: it is the computer's turn"]
    );
    assert_eq!(
        run(&mut m, decided(2, Swap2Decision::Take(Stone::White)), 0),
        [
            "First chose White",
            "first plays White, you Some(Black)",
            "search #3 Move at Medium",
            "save 5 moves"
        ]
    );
    assert_eq!(
        m.game().unwrap().mode(),
        GameMode::HumanVsComputer {
            human: Stone::Black
        }
    );
}

#[test]
fn renju_keeps_the_standard_opening() {
    let mut m = ChessManager::new(GameSettings {
        mode: GameMode::HumanVsHuman,
        opening: Opening::Swap2,
        rule: crate::engine::Rule::Renju,
        ..GameSettings::default()
    });
    m.apply(Command::NewGame, ms(0));
    assert!(m.game().unwrap().swap2().is_none());
}
