//! The real Application, headless (SDL `dummy` video driver, software renderer), driven
//! by injected SDL events, checked on game state and on pixels read back.

#[path = "app_support/mod.rs"]
mod support;

use gomoku::app::layout::Slot;
use gomoku::app::screen::Screen;
use gomoku::engine::{Outcome, Pos, Stone};
use gomoku::game::GameMode;
use sdl2::keyboard::Keycode;
use std::time::Duration;
use support::*;

fn five_in_a_row_wins_and_freezes_the_board() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for i in 0..4 {
        click_pos(&mut app, 3 + i, 7);
        click_pos(&mut app, 3 + i, 9);
    }
    click_pos(&mut app, 7, 7);
    app.step_frame();
    let g = app.manager().game().ok_or("no game")?;
    check!(
        matches!(
            g.result(),
            Some(Outcome::Win {
                winner: Stone::Black,
                ..
            })
        ),
        "no black win: {:?}",
        g.result()
    );
    check!(
        app.scene_names().contains(&"banner"),
        "victory banner missing: {:?}",
        app.scene_names()
    );
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/victory.bmp"))?;
    }
    click_pos(&mut app, 0, 0);
    click_pos(&mut app, 12, 12);
    check!(moves(&app) == 9, "a click after the end placed a stone");
    // Left revives the won game, one ply at a time between people.
    key(&mut app, Keycode::Left);
    check!(moves(&app) == 8, "undo took {} plies", 9 - moves(&app));
    check!(
        !app.manager().game().ok_or("no game")?.is_over(),
        "undo did not revive the game"
    );
    check!(
        !app.scene_names().contains(&"banner"),
        "banner still shown after undo"
    );
    key(&mut app, Keycode::Left);
    check!(moves(&app) == 7, "second undo");
    Ok(())
}

fn the_victory_banners_review_steps_through_the_game() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for i in 0..4 {
        click_pos(&mut app, 2 + i, 12);
        click_pos(&mut app, 2 + i, 2);
    }
    click_pos(&mut app, 6, 12);
    app.step_frame();
    check!(app.scene_names().contains(&"banner"), "no victory banner");
    click_slot(&mut app, Slot::Banner(1));
    check!(app.screen() == Screen::Review, "Review did not open");
    check!(
        app.review().map(|r| (r.cursor(), r.len())) == Some((9, 9)),
        "review not at the final move"
    );
    key(&mut app, Keycode::Left);
    check!(
        app.review().map(|r| r.cursor()) == Some(8),
        "Left did not step back"
    );
    Ok(())
}

fn undo_against_the_computer_takes_two_plies() -> TestResult {
    let mut app = app();
    start(
        &mut app,
        GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        3,
    )?; // Medium -> Easy
    click_pos(&mut app, 7, 7);
    wait_for(&mut app, |a| moves(a) == 2)?;
    key(&mut app, Keycode::Left);
    check!(
        moves(&app) == 0,
        "undo against the computer left {} moves",
        moves(&app)
    );
    check!(
        app.manager().side_to_move() == Some(Stone::Black),
        "not the person's turn"
    );
    Ok(())
}

fn right_arrow_plays_your_move_and_the_computer_answers() -> TestResult {
    let mut app = app();
    let you = GameMode::HumanVsComputer {
        human: Stone::Black,
    };
    start(&mut app, you, 3)?; // Medium -> Easy
                              // Pressed again and again while the engine thinks: one move for you, no more.
    keys(&mut app, Keycode::Right, 4);
    wait_for(&mut app, |a| moves(a) == 2)?;
    keys(&mut app, Keycode::Right, 4);
    wait_for(&mut app, |a| moves(a) == 4 && !a.ai_busy())
        .map_err(|e| format!("{e}: {} moves, busy {}", moves(&app), app.ai_busy()))?;
    let g = app.manager().game().ok_or("no game")?;
    check!(g.mode() == you, "sides changed: {:?}", g.mode());
    let colours: Vec<Stone> = g.board().moves().iter().map(|m| m.stone).collect();
    check!(
        colours == [Stone::Black, Stone::White, Stone::Black, Stone::White],
        "moves out of turn: {colours:?}"
    );
    app.run_frames(10);
    check!(
        moves(&app) == 4 && g_is_yours(&app),
        "more moves were played"
    );
    Ok(())
}

fn g_is_yours(app: &gomoku::app::Application) -> bool {
    app.manager().game().is_some_and(|g| g.is_human_turn())
}

fn right_arrow_between_people_plays_the_side_to_move() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    click_pos(&mut app, 7, 7);
    key(&mut app, Keycode::Right);
    wait_for(&mut app, |a| moves(a) == 2)?;
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.mode() == GameMode::HumanVsHuman,
        "mode changed: {:?}",
        g.mode()
    );
    check!(
        g.board().last_move().map(|m| m.stone) == Some(Stone::White),
        "the computer did not play White's move"
    );
    app.run_frames(10);
    check!(moves(&app) == 2, "more than one move was played");
    Ok(())
}

fn buttons_and_clicks_off_the_grid_place_nothing() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    click_slot(&mut app, Slot::Panel(2)); // Swap sides (no-op between people)
    click_slot(&mut app, Slot::Panel(1)); // Hint: a suggestion, not a stone
    let l = app.layout().clone();
    let (x, y) = l.point(Pos::new(4, 4));
    click(&mut app, (x + l.cell * 0.5, y + l.cell * 0.5)); // between four points
    click(&mut app, (l.board.x - 5.0, l.board.y + 40.0)); // left of the board
    click(&mut app, (l.panel.x + 30.0, l.panel.y + 30.0)); // on the panel
                                                           // Pressed on Undo, released on the board: neither an undo nor a stone.
    let undo = l.slot(Slot::Panel(0)).centre();
    drag(&mut app, undo, l.point(Pos::new(7, 7)));
    wait_for(&mut app, |a| !a.ai_busy())?;
    app.step_frame();
    check!(
        moves(&app) == 0,
        "{} stones placed by non-board clicks",
        moves(&app)
    );
    check!(
        app.manager().game().and_then(|g| g.hint()).is_some(),
        "Hint showed nothing"
    );
    Ok(())
}

fn the_board_answers_while_the_ai_thinks() -> TestResult {
    let mut app = app();
    start(
        &mut app,
        GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        3,
    )?; // Medium -> Hard -> Expert -> Master (Expert's 20 000 nodes could answer before the check)
    click_pos(&mut app, 7, 7);
    click_pos(&mut app, 8, 8); // ignored: the computer's turn
    check!(
        app.ai_busy(),
        "the AI is not thinking after the person's move"
    );
    check!(
        app.manager()
            .game()
            .ok_or("no game")?
            .board()
            .get(Pos::new(8, 8))
            != Some(Stone::Black),
        "a click in the AI's turn landed"
    );
    // Frames run while it thinks: Esc leaves at once and stops the search.
    key(&mut app, Keycode::Escape);
    check!(app.screen() == Screen::Menu, "Esc waited for the AI");
    check!(!app.ai_busy(), "the search went on behind the menu");
    click_slot(&mut app, Slot::Menu(5)); // Resume: the computer thinks again
    check!(app.ai_busy(), "Resume did not hand the turn back to the AI");
    wait_for(&mut app, |a| moves(a) == 2)?;
    check!(
        !app.ai_busy(),
        "the AI started another search on the person's turn"
    );
    Ok(())
}

fn an_idle_screen_is_not_redrawn() -> TestResult {
    let mut app = app();
    let drawn = app.draws();
    app.run_frames(30);
    check!(app.draws() == drawn, "the idle menu was redrawn");
    let start = app.layout().slot(Slot::Menu(4));
    hover(&mut app, (start.x + 5.0, start.y + 5.0));
    check!(app.draws() == drawn + 1, "hovering Start did not light it");
    hover(&mut app, (start.x + 9.0, start.y + 7.0));
    check!(app.draws() == drawn + 1, "a move within Start redrew");
    start_game_between_people(&mut app)?;
    let drawn = app.draws();
    app.run_frames(30);
    check!(app.draws() == drawn, "the idle board was redrawn");
    let p = app.layout().point(Pos::new(3, 3));
    hover(&mut app, p);
    check!(app.draws() == drawn + 1, "the ghost stone did not follow");
    Ok(())
}

fn start_game_between_people(app: &mut gomoku::app::Application) -> TestResult {
    start(app, GameMode::HumanVsHuman, 0)
}

fn menu_and_resume_restore_the_game_exactly() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for (x, y) in [(7, 7), (8, 7), (6, 8)] {
        click_pos(&mut app, x, y);
    }
    let before = app.manager().game().ok_or("no game")?.board().clone();
    key(&mut app, Keycode::Escape);
    check!(app.screen() == Screen::Menu, "Esc did not open the menu");
    click_slot(&mut app, Slot::Menu(5));
    check!(
        app.screen() == Screen::Game,
        "Resume did not open the board"
    );
    let after = app.manager().game().ok_or("no game")?.board();
    check!(*after == before, "resumed board differs");
    check!(after.side_to_move() == Stone::White, "wrong side to move");
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/game.bmp"))?;
    }
    Ok(())
}

fn pixels_show_the_stone_and_the_last_move_dot() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    click_pos(&mut app, 7, 7);
    let l = app.layout().clone();
    let (cx, cy) = l.point(Pos::new(7, 7));
    let px = app
        .read_pixels(cx as i32, cy as i32, 1, 1)
        .map_err(|e| e.to_string())?;
    check!(
        px[0] > 180 && px[1] < 90 && px[2] < 90,
        "centre is not the red dot: {px:?}"
    );
    let off = (l.cell * 0.3) as i32;
    let px = app
        .read_pixels(cx as i32 + off, cy as i32 + off, 1, 1)
        .map_err(|e| e.to_string())?;
    check!(
        px[0] < 90 && px[1] < 90 && px[2] < 90,
        "no black stone around the dot: {px:?}"
    );
    let (ex, ey) = l.point(Pos::new(3, 4));
    let px = app
        .read_pixels(ex as i32 + off, ey as i32 + off, 1, 1)
        .map_err(|e| e.to_string())?;
    check!(
        px[0] > 150 && px[1] > 110,
        "an empty point is not wood: {px:?}"
    );
    Ok(())
}

fn quit_from_the_menu() -> TestResult {
    let mut app = app();
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/menu.bmp"))?;
    }
    click_slot(&mut app, Slot::Menu(8));
    check!(app.is_quitting(), "Quit did not quit");
    Ok(())
}

fn computer_vs_computer_plays_paces_pauses_and_steps() -> TestResult {
    let (mut app, clock) = app_clocked(fresh_dir(), None);
    start(&mut app, GameMode::ComputerVsComputer, 3)?; // Easy
    let pace = Duration::from_millis(400);
    for n in 1..=2 {
        app.run_frames(3);
        check!(!app.ai_busy(), "move {n} asked for before the pace");
        clock.advance(pace);
        app.step_frame();
        check!(app.ai_busy(), "move {n} not asked for at the pace");
        wait_for(&mut app, |a| moves(a) == n)?;
    }
    key(&mut app, Keycode::Space);
    clock.advance(Duration::from_secs(10));
    app.run_frames(3);
    check!(
        moves(&app) == 2 && !app.ai_busy(),
        "moves went on while paused"
    );
    key(&mut app, Keycode::Right);
    wait_for(&mut app, |a| moves(a) == 3)?;
    clock.advance(Duration::from_secs(10));
    app.run_frames(3);
    check!(
        moves(&app) == 3 && !app.ai_busy(),
        "Right stepped {} moves",
        moves(&app) - 2
    );
    Ok(())
}

fn main() {
    run(&[
        (
            "computer_vs_computer_plays_paces_pauses_and_steps",
            computer_vs_computer_plays_paces_pauses_and_steps,
        ),
        (
            "five_in_a_row_wins_and_freezes_the_board",
            five_in_a_row_wins_and_freezes_the_board,
        ),
        (
            "the_victory_banners_review_steps_through_the_game",
            the_victory_banners_review_steps_through_the_game,
        ),
        (
            "undo_against_the_computer_takes_two_plies",
            undo_against_the_computer_takes_two_plies,
        ),
        (
            "right_arrow_plays_your_move_and_the_computer_answers",
            right_arrow_plays_your_move_and_the_computer_answers,
        ),
        (
            "right_arrow_between_people_plays_the_side_to_move",
            right_arrow_between_people_plays_the_side_to_move,
        ),
        (
            "buttons_and_clicks_off_the_grid_place_nothing",
            buttons_and_clicks_off_the_grid_place_nothing,
        ),
        (
            "the_board_answers_while_the_ai_thinks",
            the_board_answers_while_the_ai_thinks,
        ),
        (
            "an_idle_screen_is_not_redrawn",
            an_idle_screen_is_not_redrawn,
        ),
        (
            "menu_and_resume_restore_the_game_exactly",
            menu_and_resume_restore_the_game_exactly,
        ),
        (
            "pixels_show_the_stone_and_the_last_move_dot",
            pixels_show_the_stone_and_the_last_move_dot,
        ),
        ("quit_from_the_menu", quit_from_the_menu),
    ]);
}
