//! Records in the real Application, headless: a killed game resumes after a restart, the
//! records list and review, opening files and pasting position strings.

#[path = "app_support/mod.rs"]
mod support;

use gomoku::app::layout::Slot;
use gomoku::app::screen::Screen;
use gomoku::engine::Stone;
use gomoku::game::GameMode;
use sdl2::keyboard::Keycode;
use support::*;

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
    click_slot(&mut app, Slot::Menu(7));
    check!(app.screen() == Screen::Records, "Records did not open");
    wait_for(&mut app, |a| !a.records_loading())?;
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

fn write(path: &std::path::Path, text: impl AsRef<[u8]>) -> TestResult {
    std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display()))
}

/// An unfinished two-move game as JSON, with this id.
fn unfinished_record(id: &str) -> String {
    let record = gomoku::game::record::GameRecord::from_board(
        id.to_string(),
        &{
            let mut b = gomoku::engine::Board::square(15).expect("size");
            b.play(gomoku::engine::Pos::new(7, 7)).expect("empty");
            b.play(gomoku::engine::Pos::new(8, 8)).expect("empty");
            b
        },
        gomoku::engine::Rule::Freestyle,
        GameMode::HumanVsHuman,
        gomoku::engine::Level::Easy,
        1_700_000_000,
        &[10, 20],
    );
    serde_json::to_string_pretty(&record).expect("serialises")
}

fn strange_files_in_the_records_folder_never_hang_the_game() -> TestResult {
    let dir = fresh_dir();
    let records = dir.join("records");
    std::fs::create_dir_all(&records).map_err(|e| e.to_string())?;
    let fifo = records.join("x.json");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    check!(made.is_ok_and(|s| s.success()), "mkfifo failed");
    std::os::unix::fs::symlink("/dev/zero", records.join("zero.json"))
        .map_err(|e| e.to_string())?;
    write(&records.join("huge.json"), vec![b' '; 300 * 1024])?;
    write(&records.join("empty.json"), "")?;
    // A byte-order mark is read here as it is by --open and paste.
    let bom = format!("\u{feff}{}", unfinished_record("1700000000-bom"));
    write(&records.join("bom.json"), bom)?;
    let mut app = app_in(dir, None);
    check!(app.manager().can_resume(), "the BOM record was refused");
    click_slot(&mut app, Slot::Menu(7));
    wait_for(&mut app, |a| !a.records_loading())?;
    check!(
        app.records_listed() == 5,
        "{} entries listed",
        app.records_listed()
    );
    for (row, expect) in [(1, "empty"), (2, "too large"), (3, "FIFO"), (4, "device")] {
        click_slot(&mut app, Slot::List(row));
        check!(
            app.toast().is_some_and(|t| t.contains(expect)),
            "row {row}: {:?}",
            app.toast()
        );
    }
    Ok(())
}

fn a_resumed_game_keeps_its_one_file() -> TestResult {
    let dir = fresh_dir();
    let records = dir.join("records");
    std::fs::create_dir_all(&records).map_err(|e| e.to_string())?;
    let file = records.join("renamed-by-hand.json");
    write(&file, unfinished_record("1700000000-abcd"))?;
    let mut app = app_in(dir, None);
    click_slot(&mut app, Slot::Menu(5));
    check!(
        app.screen() == Screen::Game,
        "Resume did not open the board"
    );
    click_pos(&mut app, 3, 3);
    app.flush_records();
    let names: Vec<String> = std::fs::read_dir(&records)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    check!(names == ["renamed-by-hand.json"], "files: {names:?}");
    let text = std::fs::read_to_string(&file).map_err(|e| e.to_string())?;
    check!(
        text.matches("\"x\"").count() == 3,
        "the move was not saved in the resumed file"
    );
    Ok(())
}

fn empty_and_oversized_files_are_refused_with_a_reason() -> TestResult {
    let dir = fresh_dir();
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    for (name, text, expect) in [
        ("empty.txt", vec![], "empty"),
        ("big.psq", vec![b'a'; 400 * 1024], "too large"),
    ] {
        let path = dir.join(name);
        write(&path, text)?;
        let app = app_in(dir.clone(), Some(path));
        check!(app.screen() == Screen::Menu, "{name} opened");
        check!(
            app.toast()
                .is_some_and(|t| t.contains(name) && t.contains(expect)),
            "{name}: {:?}",
            app.toast()
        );
    }
    Ok(())
}

fn main() {
    run(&[
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
            "strange_files_in_the_records_folder_never_hang_the_game",
            strange_files_in_the_records_folder_never_hang_the_game,
        ),
        (
            "a_resumed_game_keeps_its_one_file",
            a_resumed_game_keeps_its_one_file,
        ),
        (
            "empty_and_oversized_files_are_refused_with_a_reason",
            empty_and_oversized_files_are_refused_with_a_reason,
        ),
    ]);
}
