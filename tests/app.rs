//! The real Application, headless (SDL `dummy` video driver, software renderer), driven
//! by injected SDL events, checked on game state and on pixels read back.

use gomoku::app::layout::Slot;
use gomoku::app::screens::Screen;
use gomoku::app::{AppConfig, Application};
use gomoku::engine::{Outcome, Pos, Stone};
use gomoku::game::GameMode;
use sdl2::event::Event as SdlEvent;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::{MouseButton, MouseState};
use std::time::{Duration, Instant};

type TestResult = Result<(), String>;
type Test = (&'static str, fn() -> TestResult);

macro_rules! check {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// A fresh data directory per test, so saved games never leak between tests.
fn fresh_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "gomoku-app-test-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ))
}

fn app() -> Application {
    app_in(fresh_dir(), None)
}

fn app_in(dir: std::path::PathBuf, open: Option<std::path::PathBuf>) -> Application {
    let config = AppConfig {
        headless: true,
        width: 1280,
        height: 800,
        seed: Some(7),
        data_dir: dir,
        sound: false,
        open,
    };
    let mut app = Application::new(config).expect("headless SDL starts");
    app.step_frame();
    app
}

fn push(app: &Application, e: SdlEvent) {
    app.event_subsystem()
        .push_event(e)
        .expect("SDL queue accepts events");
}

/// A left click at drawable pixel `(x, y)`, then one frame.
fn click(app: &mut Application, at: (f32, f32)) {
    drag(app, at, at);
}

/// The left button pressed at drawable pixel `from` and released at `to`, a frame each.
fn drag(app: &mut Application, from: (f32, f32), to: (f32, f32)) {
    let s = app.pixel_scale();
    let window_id = app.window_id();
    let [(fx, fy), (tx, ty)] = [from, to].map(|(x, y)| ((x / s) as i32, (y / s) as i32));
    push(
        app,
        SdlEvent::MouseMotion {
            timestamp: 0,
            window_id,
            which: 0,
            mousestate: MouseState::from_sdl_state(0),
            x: fx,
            y: fy,
            xrel: 0,
            yrel: 0,
        },
    );
    push(
        app,
        SdlEvent::MouseButtonDown {
            timestamp: 0,
            window_id,
            which: 0,
            mouse_btn: MouseButton::Left,
            clicks: 1,
            x: fx,
            y: fy,
        },
    );
    if from != to {
        app.step_frame();
    }
    push(
        app,
        SdlEvent::MouseButtonUp {
            timestamp: 0,
            window_id,
            which: 0,
            mouse_btn: MouseButton::Left,
            clicks: 1,
            x: tx,
            y: ty,
        },
    );
    app.step_frame();
}

fn click_slot(app: &mut Application, slot: Slot) {
    let c = app.layout().slot(slot).centre();
    click(app, c);
}

fn click_pos(app: &mut Application, x: usize, y: usize) {
    let p = app.layout().point(Pos::new(x, y));
    click(app, p);
}

fn key(app: &mut Application, k: Keycode) {
    let window_id = app.window_id();
    push(
        app,
        SdlEvent::KeyDown {
            timestamp: 0,
            window_id,
            keycode: Some(k),
            scancode: None,
            keymod: Mod::NOMOD,
            repeat: false,
        },
    );
    push(
        app,
        SdlEvent::KeyUp {
            timestamp: 0,
            window_id,
            keycode: Some(k),
            scancode: None,
            keymod: Mod::NOMOD,
            repeat: false,
        },
    );
    app.step_frame();
}

/// Steps frames until `done` holds (or 20 s pass).
fn wait_for(app: &mut Application, done: impl Fn(&Application) -> bool) -> Result<u64, String> {
    let start = Instant::now();
    let first = app.frames();
    while !done(app) {
        if start.elapsed() > Duration::from_secs(20) {
            return Err("timed out waiting".into());
        }
        app.step_frame();
        std::thread::sleep(Duration::from_millis(1));
    }
    Ok(app.frames() - first)
}

fn moves(app: &Application) -> usize {
    app.manager().game().map_or(0, |g| g.board().move_count())
}

/// From the menu: cycle the mode `mode_clicks` times, pick a level, start.
fn start(app: &mut Application, mode: GameMode, level_clicks: usize) -> TestResult {
    while app.manager().settings.mode != mode {
        click_slot(app, Slot::Menu(0));
    }
    for _ in 0..level_clicks {
        click_slot(app, Slot::Menu(1));
    }
    click_slot(app, Slot::Menu(4));
    check!(app.screen() == Screen::Game, "Start did not open the board");
    Ok(())
}

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

fn right_arrow_plays_for_you_and_swaps_sides() -> TestResult {
    let mut app = app();
    start(
        &mut app,
        GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        3,
    )?;
    key(&mut app, Keycode::Right);
    wait_for(&mut app, |a| moves(a) == 1)?;
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.mode()
            == GameMode::HumanVsComputer {
                human: Stone::White
            },
        "sides not swapped: {:?}",
        g.mode()
    );
    app.run_frames(20);
    check!(
        moves(&app) == 1,
        "the computer moved instead of letting the person continue"
    );
    Ok(())
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

fn frames_keep_coming_while_the_ai_thinks() -> TestResult {
    let mut app = app();
    start(
        &mut app,
        GameMode::HumanVsComputer {
            human: Stone::Black,
        },
        2,
    )?; // Medium -> Master
    click_pos(&mut app, 7, 7);
    click_pos(&mut app, 8, 8); // ignored: the computer's turn
    app.step_frame();
    check!(
        app.ai_busy(),
        "the AI is not thinking after the person's move"
    );
    let frames = wait_for(&mut app, |a| moves(a) == 2)?;
    app.step_frame();
    check!(
        !app.ai_busy(),
        "the AI started another search on the person's turn"
    );
    check!(frames >= 10, "only {frames} frames while the AI searched");
    check!(
        app.manager()
            .game()
            .ok_or("no game")?
            .board()
            .get(Pos::new(8, 8))
            != Some(Stone::Black),
        "a click in the AI's turn landed"
    );
    Ok(())
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
    click_slot(&mut app, Slot::Menu(7));
    check!(app.is_quitting(), "Quit did not quit");
    Ok(())
}

fn a_killed_game_resumes_after_a_restart() -> TestResult {
    let dir = fresh_dir();
    let before = {
        let mut app = app_in(dir.clone(), None);
        start(&mut app, GameMode::HumanVsHuman, 0)?;
        for (x, y) in [(7, 7), (8, 8), (6, 6), (9, 9), (5, 5), (10, 9)] {
            click_pos(&mut app, x, y);
        }
        app.manager().game().ok_or("no game")?.board().clone()
    }; // the app is dropped here without going through the menu: nothing else saves
    let mut app = app_in(dir, None);
    check!(
        app.manager().can_resume(),
        "no game to resume after a restart"
    );
    click_slot(&mut app, Slot::Menu(5));
    check!(
        app.screen() == Screen::Game,
        "Resume did not open the board"
    );
    let after = app.manager().game().ok_or("no game")?.board();
    check!(
        after.moves() == before.moves(),
        "resumed {} moves, expected {}",
        after.move_count(),
        before.move_count()
    );
    check!(
        after.side_to_move() == Stone::Black,
        "wrong side to move after resume"
    );
    check!(
        app.manager().game().ok_or("no game")?.mode() == GameMode::HumanVsHuman,
        "mode not restored"
    );
    Ok(())
}

fn records_list_review_and_continue() -> TestResult {
    let dir = fresh_dir();
    let mut app = app_in(dir.clone(), None);
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for i in 0..4 {
        click_pos(&mut app, 2 + i, 3);
        click_pos(&mut app, 2 + i, 6);
    }
    click_pos(&mut app, 6, 3); // Black's five
    app.step_frame();
    key(&mut app, Keycode::Escape);
    // A corrupt file beside the good one is listed as an error, not a crash.
    std::fs::write(
        dir.join("records").join("broken.json"),
        "{\"format_version\": 1, \"id\":",
    )
    .map_err(|e| e.to_string())?;
    click_slot(&mut app, Slot::Menu(6));
    check!(app.screen() == Screen::Records, "Records did not open");
    check!(
        app.records_listed() == 2,
        "{} entries listed",
        app.records_listed()
    );
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/records.bmp"))?;
    }
    click_slot(&mut app, Slot::List(1));
    check!(
        app.screen() == Screen::Records && app.toast().is_some_and(|t| t.contains("broken.json")),
        "bad file not named: {:?}",
        app.toast()
    );
    click_slot(&mut app, Slot::List(0));
    check!(app.screen() == Screen::Review, "the record did not open");
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/review.bmp"))?;
    }
    check!(
        app.review().map(|r| r.cursor()) == Some(9),
        "review does not start at the end"
    );
    key(&mut app, Keycode::Left);
    key(&mut app, Keycode::Left);
    check!(
        app.review().map(|r| r.cursor()) == Some(7),
        "Left did not step back"
    );
    key(&mut app, Keycode::Home);
    check!(
        app.review().map(|r| r.cursor()) == Some(0),
        "Home did not go to the start"
    );
    key(&mut app, Keycode::End);
    key(&mut app, Keycode::Left);
    click_slot(&mut app, Slot::Panel(2)); // Continue from here
    check!(
        app.screen() == Screen::Game,
        "Continue from here did not open the board"
    );
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.board().move_count() == 8 && !g.is_over(),
        "continued from {} moves",
        g.board().move_count()
    );
    Ok(())
}

fn opening_files_and_pasting_text() -> TestResult {
    let dir = fresh_dir();
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let bad = dir.join("bad.psq");
    std::fs::write(&bad, "Piskvorky 15x15, 0\n8,8,0\n8,8,0\n").map_err(|e| e.to_string())?;
    let app = app_in(dir.clone(), Some(bad));
    check!(app.screen() == Screen::Menu, "a bad file left the menu");
    check!(
        app.toast()
            .is_some_and(|t| t.contains("bad.psq") && t.contains("occupied")),
        "toast: {:?}",
        app.toast()
    );
    drop(app);
    let good = dir.join("good.psq");
    std::fs::write(&good, "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,9,0\n10,8,0\n")
        .map_err(|e| e.to_string())?;
    let mut app = app_in(dir, Some(good));
    check!(
        app.screen() == Screen::Review && app.review().map(|r| r.len()) == Some(3),
        "good.psq not opened"
    );
    // Ctrl+C copies the position string; Ctrl+V on the menu imports one.
    push_ctrl(&mut app, Keycode::C);
    let copied = app
        .clipboard()
        .clipboard_text()
        .map_err(|e| e.to_string())?;
    check!(copied == "h8i7j8", "copied {copied:?}");
    key(&mut app, Keycode::Escape);
    key(&mut app, Keycode::Escape);
    check!(
        app.screen() == Screen::Menu,
        "Esc twice did not reach the menu"
    );
    app.clipboard()
        .set_clipboard_text("h8 i9 j10 k11")
        .map_err(|e| e.to_string())?;
    push_ctrl(&mut app, Keycode::V);
    check!(
        app.screen() == Screen::Review && app.review().map(|r| r.len()) == Some(4),
        "paste did not open the game"
    );
    app.clipboard()
        .set_clipboard_text("h8 h8")
        .map_err(|e| e.to_string())?;
    push_ctrl(&mut app, Keycode::V);
    check!(
        app.toast().is_some_and(|t| t.contains("twice")),
        "bad paste not explained: {:?}",
        app.toast()
    );
    Ok(())
}

fn computer_vs_computer_plays_paces_pauses_and_steps() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::ComputerVsComputer, 3)?; // Easy
    let t = Instant::now();
    wait_for(&mut app, |a| moves(a) >= 3)?;
    let elapsed = t.elapsed();
    check!(
        elapsed >= Duration::from_millis(700),
        "3 moves in {elapsed:?}: too fast to follow"
    );
    key(&mut app, Keycode::Space);
    wait_for(&mut app, |a| !a.ai_busy())?;
    let paused_at = moves(&app);
    let t = Instant::now();
    while t.elapsed() < Duration::from_millis(900) {
        app.step_frame();
    }
    check!(moves(&app) == paused_at, "moves went on while paused");
    key(&mut app, Keycode::Right);
    wait_for(&mut app, |a| moves(a) == paused_at + 1)?;
    let t = Instant::now();
    while t.elapsed() < Duration::from_millis(900) {
        app.step_frame();
    }
    check!(
        moves(&app) == paused_at + 1,
        "Right stepped {} moves",
        moves(&app) - paused_at
    );
    Ok(())
}

fn push_ctrl(app: &mut Application, k: Keycode) {
    let window_id = app.window_id();
    push(
        app,
        SdlEvent::KeyDown {
            timestamp: 0,
            window_id,
            keycode: Some(k),
            scancode: None,
            keymod: Mod::LCTRLMOD,
            repeat: false,
        },
    );
    app.step_frame();
}

fn save_screenshot(app: &mut Application, path: &str) -> TestResult {
    let (w, h) = (app.layout().width as u32, app.layout().height as u32);
    let mut px = app.read_pixels(0, 0, w, h).map_err(|e| e.to_string())?;
    let surface = sdl2::surface::Surface::from_data(
        &mut px,
        w,
        h,
        w * 4,
        sdl2::pixels::PixelFormatEnum::RGBA32,
    )?;
    surface.save_bmp(path)
}

fn main() {
    let tests: [Test; 14] = [
        (
            "computer_vs_computer_plays_paces_pauses_and_steps",
            computer_vs_computer_plays_paces_pauses_and_steps,
        ),
        (
            "a_killed_game_resumes_after_a_restart",
            a_killed_game_resumes_after_a_restart,
        ),
        (
            "records_list_review_and_continue",
            records_list_review_and_continue,
        ),
        (
            "opening_files_and_pasting_text",
            opening_files_and_pasting_text,
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
            "right_arrow_plays_for_you_and_swaps_sides",
            right_arrow_plays_for_you_and_swaps_sides,
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
            "frames_keep_coming_while_the_ai_thinks",
            frames_keep_coming_while_the_ai_thinks,
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
    ];
    let (mut passed, mut failed) = (0, 0);
    println!("running {} tests", tests.len());
    for (name, test) in tests {
        match std::panic::catch_unwind(test) {
            Ok(Ok(())) => {
                passed += 1;
                println!("test {name} ... ok");
            }
            Ok(Err(e)) => {
                failed += 1;
                println!("test {name} ... FAILED: {e}");
            }
            Err(_) => {
                failed += 1;
                println!("test {name} ... FAILED (panicked)");
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
