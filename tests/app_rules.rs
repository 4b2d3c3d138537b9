//! Rules on the real Application (headless): renju's forbidden points marked on the
//! board for Black, in a game and in the review of its record, checked on pixels; the
//! swap2 opening between two people, chosen with the buttons over the board.

#[path = "app_support/mod.rs"]
mod support;

#[path = "positions/mod.rs"]
mod positions;

use gomoku::app::layout::Slot;
use gomoku::app::screen::Screen;
use gomoku::app::Application;
use gomoku::engine::{Pos, Rule};
use gomoku::game::swap2::{Opening, Phase};
use gomoku::game::GameMode;
use sdl2::keyboard::Keycode;
use support::*;

/// Black's double three at h8 (see `positions`): the moves clicked and the point.
const MOVES: [(usize, usize); 8] = positions::DOUBLE_THREE_MOVES;
const FORBIDDEN: Pos = positions::DOUBLE_THREE_POINT;

/// The marker's red at the centre of `pos` (the grid under it is dark brown, a black
/// stone black, the wood light brown).
fn red_at(app: &mut Application, pos: Pos) -> Result<bool, String> {
    let (x, y) = app.layout().point(pos);
    let p = app
        .read_pixels(x as i32, y as i32, 1, 1)
        .map_err(|e| e.to_string())?;
    Ok(p[0] > 140 && p[1] < 80 && p[2] < 80)
}

/// A two-player game under `rule` with [`MOVES`] played by clicks.
fn game_to_the_double_three(rule: Rule) -> Result<Application, String> {
    let mut app = app();
    while app.manager().settings.rule != rule {
        click_slot(&mut app, Slot::Menu(3));
    }
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for (x, y) in MOVES {
        click_pos(&mut app, x, y);
    }
    check!(moves(&app) == MOVES.len(), "{} moves played", moves(&app));
    Ok(app)
}

fn renju_marks_black_forbidden_points_once_per_position() -> TestResult {
    let mut app = game_to_the_double_three(Rule::Renju)?;
    check!(
        app.forbidden_marks().points().contains(&FORBIDDEN),
        "marks: {:?}",
        app.forbidden_marks().points()
    );
    check!(red_at(&mut app, FORBIDDEN)?, "no red cross on h8");
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/renju-marks.bmp"))?;
    }
    check!(
        !red_at(&mut app, Pos::new(10, 10))?,
        "red on an allowed point"
    );
    let computed = app.forbidden_marks().computed();
    app.run_frames(10);
    let elsewhere = app.layout().point(Pos::new(3, 3));
    hover(&mut app, elsewhere);
    check!(
        app.forbidden_marks().computed() == computed,
        "worked out again without a new position"
    );
    click_pos(&mut app, FORBIDDEN.x, FORBIDDEN.y);
    check!(moves(&app) == MOVES.len(), "the forbidden point was played");
    // White to move: no marks.
    click_pos(&mut app, 10, 10);
    check!(
        app.forbidden_marks().points().is_empty(),
        "marks on White's turn"
    );
    check!(!red_at(&mut app, FORBIDDEN)?, "red cross on White's turn");
    // Undo: Black to move again, the marks come back.
    key(&mut app, Keycode::Left);
    check!(red_at(&mut app, FORBIDDEN)?, "no red cross after the undo");
    Ok(())
}

fn freestyle_has_no_marks() -> TestResult {
    let mut app = game_to_the_double_three(Rule::Freestyle)?;
    check!(
        app.forbidden_marks().points().is_empty(),
        "marks in freestyle"
    );
    check!(!red_at(&mut app, FORBIDDEN)?, "red cross in freestyle");
    Ok(())
}

fn a_copied_renju_game_reviews_with_its_marks() -> TestResult {
    let mut app = game_to_the_double_three(Rule::Renju)?;
    push_ctrl(&mut app, Keycode::C);
    let copied = app
        .clipboard()
        .clipboard_text()
        .map_err(|e| e.to_string())?;
    check!(copied.starts_with("renju:"), "copied {copied:?}");
    key(&mut app, Keycode::Escape);
    // The menu's rule is freestyle again: the string names its own.
    while app.manager().settings.rule != Rule::Freestyle {
        click_slot(&mut app, Slot::Menu(3));
    }
    push_ctrl(&mut app, Keycode::V);
    let review = app.review().ok_or("paste did not open a review")?;
    check!(
        app.screen() == Screen::Review && review.record().rule == Rule::Renju,
        "reviewing {:?} under {}",
        app.screen(),
        review.record().rule
    );
    check!(red_at(&mut app, FORBIDDEN)?, "no red cross in the review");
    key(&mut app, Keycode::Left);
    check!(
        !red_at(&mut app, FORBIDDEN)?,
        "red cross with White to move"
    );
    Ok(())
}

fn phase(app: &Application) -> Option<Phase> {
    app.manager().game()?.swap2().map(|s| s.phase())
}

fn two_players_play_a_swap2_opening_with_the_buttons() -> TestResult {
    let mut app = app();
    click_slot(&mut app, Slot::MenuSide(8));
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/swap2-menu.bmp"))?;
    }
    check!(
        app.manager().settings.opening == Opening::Swap2,
        "the menu's opening is {}",
        app.manager().settings.opening
    );
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for (x, y) in [(7, 7), (8, 7), (7, 8)] {
        click_pos(&mut app, x, y);
    }
    check!(
        phase(&app) == Some(Phase::SecondChooses),
        "{:?} after three stones",
        phase(&app)
    );
    click_pos(&mut app, 2, 2);
    check!(moves(&app) == 3, "a stone went down before the choice");
    check!(
        app.toast().is_some_and(|t| t.contains("choose first")),
        "toast {:?}",
        app.toast()
    );
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/swap2.bmp"))?;
    }
    click_slot(&mut app, Slot::Banner(2));
    check!(
        phase(&app) == Some(Phase::PlaceTwo),
        "{:?} after Place two more",
        phase(&app)
    );
    click_pos(&mut app, 9, 9);
    click_pos(&mut app, 6, 6);
    check!(
        phase(&app) == Some(Phase::FirstChooses),
        "{:?} after five stones",
        phase(&app)
    );
    click_slot(&mut app, Slot::Banner(1));
    check!(
        phase(&app).is_none(),
        "still in the opening: {:?}",
        phase(&app)
    );
    check!(
        app.toast()
            .is_some_and(|t| t.contains("Player 1 plays Black")),
        "toast {:?}",
        app.toast()
    );
    click_pos(&mut app, 10, 10);
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.board().get(Pos::new(10, 10)) == Some(gomoku::engine::Stone::White),
        "the sixth stone is not White's"
    );
    Ok(())
}

/// You (White): the computer opens with the engine's three stones (decided on its own
/// thread, waited for on its wake-up), the person
/// chooses White with the button and plays, and the computer answers.
fn against_the_computer_the_person_chooses_after_its_opening() -> TestResult {
    let mut app = app();
    click_slot(&mut app, Slot::MenuSide(8));
    let you_white = GameMode::HumanVsComputer {
        human: gomoku::engine::Stone::White,
    };
    start(&mut app, you_white, 0)?;
    wait_for(&mut app, |a| moves(a) == 3)?;
    check!(
        moves(&app) == 3,
        "{} stones after the computer's opening",
        moves(&app)
    );
    check!(
        phase(&app) == Some(Phase::SecondChooses),
        "{:?} after the computer's opening",
        phase(&app)
    );
    click_slot(&mut app, Slot::Banner(0));
    check!(
        phase(&app).is_none(),
        "still in the opening: {:?}",
        phase(&app)
    );
    let free = (0..15)
        .map(|x| Pos::new(x, 0))
        .find(|&p| app.manager().game().is_some_and(|g| g.board().is_empty(p)))
        .ok_or("no empty point on the top row")?;
    click_pos(&mut app, free.x, free.y);
    wait_for(&mut app, |a| moves(a) == 5)?;
    Ok(())
}

fn main() {
    run(&[
        (
            "renju_marks_black_forbidden_points_once_per_position",
            renju_marks_black_forbidden_points_once_per_position,
        ),
        ("freestyle_has_no_marks", freestyle_has_no_marks),
        (
            "a_copied_renju_game_reviews_with_its_marks",
            a_copied_renju_game_reviews_with_its_marks,
        ),
        (
            "two_players_play_a_swap2_opening_with_the_buttons",
            two_players_play_a_swap2_opening_with_the_buttons,
        ),
        (
            "against_the_computer_the_person_chooses_after_its_opening",
            against_the_computer_the_person_chooses_after_its_opening,
        ),
    ]);
}
