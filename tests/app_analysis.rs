//! The analysis panel, the forced-win finder, set-up, the move list, the banner and the
//! polish list, on the real Application (headless), checked on state and on pixels.
//! Time is a hand-driven clock: the panel takes a new report when the test moves it.

#[path = "app_support/mod.rs"]
mod support;

use gomoku::app::layout::{Rect, Slot};
use gomoku::app::objects::move_list::{col_w, list_rect, row_h};
use gomoku::app::objects::panel::{help_lines, help_px, to_move, GAME_KEYS};
use gomoku::app::objects::records_list::games_count;
use gomoku::app::objects::review_panel;
use gomoku::app::screen::Screen;
use gomoku::app::{AppConfig, Application};
use gomoku::engine::strong::Analysis;
use gomoku::engine::{Level, ManualClock, Pos, Stone};
use gomoku::game::analysis::Finder;
use gomoku::game::GameMode;
use sdl2::event::Event as SdlEvent;
use sdl2::keyboard::Keycode;
use sdl2::mouse::MouseButton;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;

/// Moves the clock on and runs frames until `done` holds (the panel takes a report
/// every 150 ms of the clock). Gives up after a minute: a guard, not a timing check.
fn wait_report(
    app: &mut Application,
    clock: &ManualClock,
    done: impl Fn(&Application) -> bool,
) -> TestResult {
    let start = Instant::now();
    while !done(app) {
        if start.elapsed() > Duration::from_secs(60) {
            return Err("gave up waiting for the analysis after a minute".into());
        }
        clock.advance(Duration::from_millis(200));
        app.wait_frame(Duration::from_millis(50));
    }
    Ok(())
}

fn latest(app: &Application) -> Option<&Analysis> {
    app.study().latest()
}

fn pixel(app: &mut Application, (x, y): (f32, f32)) -> Result<[u8; 3], String> {
    let p = app
        .read_pixels(x as i32, y as i32, 1, 1)
        .map_err(|e| e.to_string())?;
    Ok([p[0], p[1], p[2]])
}

fn dark(p: [u8; 3]) -> bool {
    p.iter().all(|&c| c < 90)
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h
}

fn right_click(app: &mut Application, (x, y): (f32, f32)) {
    let window_id = app.window_id();
    push(
        app,
        button_event(window_id, MouseButton::Right, false, (x as i32, y as i32)),
    );
    app.step_frame();
}

fn wheel(app: &mut Application, at: (f32, f32), y: i32) {
    hover(app, at);
    let window_id = app.window_id();
    push(
        app,
        SdlEvent::MouseWheel {
            timestamp: 0,
            window_id,
            which: 0,
            x: 0,
            y,
            direction: sdl2::mouse::MouseWheelDirection::Normal,
            precise_x: 0.0,
            precise_y: y as f32,
            mouse_x: at.0 as i32,
            mouse_y: at.1 as i32,
        },
    );
    app.step_frame();
}

fn the_analysis_panel_follows_a_live_search() -> TestResult {
    let (mut app, clock) = app_clocked(fresh_dir(), None);
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for (x, y) in [(7, 7), (8, 8), (8, 6)] {
        click_pos(&mut app, x, y);
    }
    key(&mut app, Keycode::A);
    check!(app.layout().analysis.is_some(), "no analysis column");
    check!(app.study().is_running(), "A did not start the analysis");
    wait_report(&mut app, &clock, |a| {
        latest(a).is_some_and(|r| !r.lines.is_empty())
    })?;
    let nodes = latest(&app).map_or(0, |r| r.nodes);
    let draws = app.draws();
    wait_report(&mut app, &clock, |a| {
        latest(a).is_some_and(|r| r.nodes > nodes && r.lines.len() >= 5)
    })?;
    check!(app.draws() > draws, "a new report was not drawn");
    check!(
        app.study().is_running(),
        "the infinite analysis ended by itself"
    );
    // The bar: Black's share dark from the left, White's light to the right.
    let bar = app.layout().analysis_rects().bar;
    let left = pixel(&mut app, (bar.x + 3.0, bar.y + bar.h / 2.0))?;
    let right = pixel(&mut app, (bar.x + bar.w - 3.0, bar.y + bar.h / 2.0))?;
    check!(dark(left) && right[0] > 200, "eval bar: {left:?} {right:?}");
    // The best move is on the board as a translucent stone of the side to move (White).
    let best = latest(&app)
        .and_then(|r| r.lines[0].pv.first().copied())
        .ok_or("no line")?;
    let l = app.layout().clone();
    let (x, y) = l.point(best);
    let at = pixel(&mut app, (x - l.cell * 0.25, y + l.cell * 0.2))?;
    check!(
        at[2] > 150 && at[0] > 190,
        "no light stone at the best move: {at:?}"
    );
    // Stop keeps the last report; Continue searches again.
    click_slot(&mut app, Slot::Analysis(0));
    check!(app.study().is_paused(), "Stop did not stop");
    wait_for(&mut app, |a| latest(a).is_some_and(|r| r.done))?;
    click_slot(&mut app, Slot::Analysis(0));
    check!(app.study().is_running(), "Continue did not search again");
    // A new position is analysed afresh.
    let ticket = app.study().ticket();
    click_pos(&mut app, 2, 2);
    check!(
        app.study().ticket() != ticket && latest(&app).is_none(),
        "a move did not restart the analysis"
    );
    // The panel follows into review; A hides it.
    key(&mut app, Keycode::Escape);
    check!(
        app.study().ticket().is_none(),
        "the analysis ran on behind the menu"
    );
    click_slot(&mut app, Slot::Menu(5));
    check!(app.study().is_running(), "Resume did not analyse again");
    key(&mut app, Keycode::A);
    check!(
        app.layout().analysis.is_none() && !app.study().is_running(),
        "A did not close the panel"
    );
    Ok(())
}

/// Clicks on the board, one frame each.
fn place(app: &mut Application, stones: &[(usize, usize)]) {
    for &(x, y) in stones {
        click_pos(app, x, y);
    }
}

fn the_forced_win_finder_steps_through_its_sequence() -> TestResult {
    let (mut app, clock) = app_clocked(fresh_dir(), None);
    click_slot(&mut app, Slot::Menu(6));
    check!(app.screen() == Screen::Setup, "no set-up screen");
    click_slot(&mut app, Slot::Side(0)); // brush: Black
    place(
        &mut app,
        &[(3, 7), (4, 7), (5, 7), (7, 6), (8, 5), (5, 9), (5, 10)],
    );
    click_slot(&mut app, Slot::Side(0)); // brush: White
    place(
        &mut app,
        &[(2, 7), (9, 4), (5, 11), (0, 0), (0, 2), (0, 4), (14, 14)],
    );
    let setup = app.setup().ok_or("no set-up")?;
    check!(setup.counts() == (7, 7), "counts {:?}", setup.counts());
    check!(
        setup.board().side_to_move() == Stone::Black,
        "not Black to move"
    );
    key(&mut app, Keycode::A);
    click_slot(&mut app, Slot::Analysis(2));
    check!(
        *app.study().finder() != Finder::Idle,
        "Find a win did nothing"
    );
    wait_for(&mut app, |a| *a.study().finder() != Finder::Searching)?;
    let Finder::Found { vct, line, shown } = app.study().finder().clone() else {
        return Err(format!("no win found: {:?}", app.study().finder()));
    };
    check!(
        !vct && line.len() >= 3 && shown == 1,
        "{vct} {line:?} {shown}"
    );
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/forced-win.bmp"))?;
    }
    // The first move is drawn as a translucent black stone; Forward shows the second.
    let l = app.layout().clone();
    let (x, y) = l.point(line[0]);
    let at = pixel(&mut app, (x - l.cell * 0.25, y + l.cell * 0.2))?;
    check!(dark(at), "no black stone at the first move: {at:?}");
    click_slot(&mut app, Slot::Analysis(5));
    check!(
        matches!(app.study().finder(), Finder::Found { shown: 2, .. }),
        "Forward did not step"
    );
    let (x, y) = l.point(line[1]);
    let at = pixel(&mut app, (x - l.cell * 0.25, y + l.cell * 0.2))?;
    check!(at[0] > 200, "no white stone at the answer: {at:?}");
    // A quiet position: no forced win, and the panel says it is a proof, not a guess.
    click_slot(&mut app, Slot::Side(6)); // clear
    check!(
        *app.study().finder() == Finder::Idle,
        "the old answer stayed"
    );
    click_slot(&mut app, Slot::Side(0)); // brush: colours in turn
    place(&mut app, &[(7, 7), (8, 8)]);
    check!(
        app.setup().map(|s| s.counts()) == Some((1, 1)),
        "colours in turn"
    );
    click_slot(&mut app, Slot::Analysis(2));
    wait_for(&mut app, |a| *a.study().finder() != Finder::Searching)?;
    check!(
        *app.study().finder() == Finder::NoWin { complete: true },
        "{:?}",
        app.study().finder()
    );
    wait_report(&mut app, &clock, |a| latest(a).is_some())?;
    Ok(())
}

fn setup_places_removes_and_plays_on() -> TestResult {
    let mut app = app();
    key(&mut app, Keycode::S);
    check!(app.screen() == Screen::Setup, "S did not open set-up");
    place(&mut app, &[(7, 7), (8, 8), (9, 9)]);
    check!(
        app.setup().map(|s| s.counts()) == Some((2, 1)),
        "alternate placing"
    );
    click_pos(&mut app, 8, 8); // removes White's stone
    check!(
        app.setup().map(|s| s.counts()) == Some((2, 0)),
        "no removal"
    );
    click_slot(&mut app, Slot::Side(7)); // Play: 2 black, 0 white cannot be played on
    check!(
        app.screen() == Screen::Setup,
        "played an impossible position"
    );
    check!(
        app.toast().is_some_and(|t| t.contains("cannot be")),
        "toast: {:?}",
        app.toast()
    );
    click_pos(&mut app, 8, 8); // White again: 2 and 1, White to move
    click_slot(&mut app, Slot::Side(1)); // Black to move: impossible
    click_slot(&mut app, Slot::Side(1)); // White to move again
    click_slot(&mut app, Slot::Side(7));
    check!(app.screen() == Screen::Game, "Play did not start a game");
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.board().move_count() == 3,
        "{} stones",
        g.board().move_count()
    );
    check!(
        g.board().side_to_move() == Stone::White,
        "wrong side to move"
    );
    // From the game, S sets up its position; Ctrl+V pastes a game there.
    key(&mut app, Keycode::S);
    check!(
        app.setup().map(|s| s.counts()) == Some((2, 1)),
        "the game's position was not taken"
    );
    app.clipboard()
        .set_clipboard_text("h8 i9 j10 k11 a1")
        .map_err(|e| e.to_string())?;
    push_ctrl(&mut app, Keycode::V);
    check!(
        app.setup().map(|s| s.counts()) == Some((3, 2)),
        "paste did not land in set-up: {:?}",
        app.setup().map(|s| s.counts())
    );
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/setup.bmp"))?;
    }
    Ok(())
}

/// 40 moves, colours alternating along rows two apart: nobody wins.
fn long_game() -> String {
    let mut s = String::new();
    for row in [2, 4, 6, 8] {
        for x in 2..12 {
            s.push_str(&format!("{}{}", (b'a' + x as u8) as char, 15 - row));
        }
    }
    s
}

fn the_move_list_scrolls_and_jumps_in_review() -> TestResult {
    let dir = fresh_dir();
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let file = dir.join("long.txt");
    std::fs::write(&file, long_game()).map_err(|e| e.to_string())?;
    let mut app = app_in(dir, Some(file));
    check!(app.screen() == Screen::Review, "the game did not open");
    check!(
        app.review().map(|r| r.cursor()) == Some(40),
        "not at the end"
    );
    let l = app.layout().clone();
    let list = list_rect(&l, review_panel::list_top(&l));
    let rows = (list.h / row_h(&l)).floor() as usize;
    check!(rows >= 4, "only {rows} rows fit");
    // The current move (40, White's, in row 20) is picked out.
    let first = 20usize.saturating_sub(rows);
    let y = list.y + (19 - first) as f32 * row_h(&l) + row_h(&l) / 2.0;
    let x = list.x + 40.0 * l.scale + col_w(list, l.scale) + 4.0;
    let at = pixel(&mut app, (x, y))?;
    check!(
        at[0] > 180 && at[1] > 110 && at[2] < 90,
        "current move not lit: {at:?}"
    );
    wheel(&mut app, list.centre(), 3);
    check!(
        app.moves_scroll() == Some(first.saturating_sub(3)),
        "scroll {:?}",
        app.moves_scroll()
    );
    // A click on the first row's black move jumps there.
    let top = app.moves_scroll().unwrap_or(0);
    click(
        &mut app,
        (list.x + 50.0 * l.scale, list.y + row_h(&l) / 2.0),
    );
    check!(
        app.review().map(|r| r.cursor()) == Some(top * 2 + 1),
        "cursor {:?}",
        app.review().map(|r| r.cursor())
    );
    check!(app.moves_scroll() == Some(top), "the list jumped");
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(&mut app, &format!("{dir}/move-list.bmp"))?;
    }
    Ok(())
}

fn the_banner_is_dismissed_and_keeps_the_winning_row_in_sight() -> TestResult {
    let mut app = app();
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for i in 0..4 {
        click_pos(&mut app, 3 + i, 11);
        click_pos(&mut app, 3 + i, 12);
    }
    click_pos(&mut app, 7, 11);
    check!(app.banner_shown(), "no banner");
    let l = app.layout().clone();
    let b = l.banner();
    let g = app.manager().game().ok_or("no game")?;
    let keep: Vec<Pos> = g
        .winning_line()
        .unwrap_or(&[])
        .iter()
        .copied()
        .chain(g.board().moves().iter().rev().take(4).map(|m| m.pos))
        .collect();
    for p in keep {
        let (x, y) = l.point(p);
        let stone = Rect::new(x - l.cell * 0.5, y - l.cell * 0.5, l.cell, l.cell);
        check!(!overlaps(b, stone), "the banner covers {p}");
    }
    let empty = l.point(Pos::new(12, 2));
    click(&mut app, empty);
    check!(!app.banner_shown(), "a click outside did not dismiss it");
    check!(moves(&app) == 9, "the click placed a stone");
    key(&mut app, Keycode::Return);
    check!(app.banner_shown(), "Enter did not bring it back");
    key(&mut app, Keycode::Space);
    check!(!app.banner_shown(), "Space did not dismiss it");
    key(&mut app, Keycode::Return);
    let close = app.layout().banner_close().centre();
    click(&mut app, close);
    check!(!app.banner_shown(), "\u{00d7} did not close it");
    Ok(())
}

fn menu_settings_go_both_ways() -> TestResult {
    let mut app = app();
    let level = |app: &Application| app.manager().settings.computers[0].level();
    let before = level(&app).ok_or("the opponent is no level")?;
    let c = app.layout().slot(Slot::Menu(1)).centre();
    right_click(&mut app, c);
    check!(
        level(&app) == Some(before.previous()),
        "right click did not step back"
    );
    click(&mut app, c);
    check!(level(&app) == Some(before), "click did not step on");
    key(&mut app, Keycode::Down);
    check!(app.menu_focus() == Some(0), "focus {:?}", app.menu_focus());
    let mode = app.manager().settings.mode;
    key(&mut app, Keycode::Right);
    check!(app.manager().settings.mode == mode.next(), "Right");
    key(&mut app, Keycode::Left);
    check!(app.manager().settings.mode == mode, "Left");
    keys(&mut app, Keycode::Down, 2);
    let size = app.manager().settings.size;
    key(&mut app, Keycode::Left);
    check!(
        app.manager().settings.size == size - 1,
        "Left on the board size"
    );
    keys(&mut app, Keycode::Up, 3); // wraps round to Quit
    check!(app.menu_focus() == Some(8), "focus {:?}", app.menu_focus());
    keys(&mut app, Keycode::Up, 4);
    key(&mut app, Keycode::Return);
    check!(app.screen() == Screen::Game, "Enter on Start");
    check!(
        app.manager()
            .game()
            .is_some_and(|g| g.level() == Level::Medium),
        "level changed"
    );
    Ok(())
}

/// The smallest window: readable key hints that fit, and toasts clear of every button
/// and of the board with its coordinates, on every screen.
fn small_windows_keep_hints_readable_and_toasts_clear() -> TestResult {
    let clock = ManualClock::new();
    let config = AppConfig {
        headless: true,
        width: 800,
        height: 520,
        seed: Some(7),
        data_dir: fresh_dir(),
        sound: false,
        open: None,
        settings_file: None,
    };
    let mut app = Application::with_clock(config, Arc::new(clock)).map_err(|e| e.to_string())?;
    wait_for(&mut app, |a| a.records_ready())?;
    let toast_clear = |app: &mut Application, buttons: &[Rect]| -> TestResult {
        key(app, Keycode::M);
        let t = app.toast_rect().ok_or("no toast")?;
        for &b in buttons {
            check!(
                !overlaps(t, b),
                "{:?}: toast {t:?} over {b:?}",
                app.screen()
            );
        }
        Ok(())
    };
    let menu: Vec<Rect> = (0..9).map(|i| app.layout().slot(Slot::Menu(i))).collect();
    toast_clear(&mut app, &menu)?;
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    let l = app.layout().clone();
    let px = help_px(&l);
    check!(px.total_cmp(&11.0).is_ge(), "hints at {px} px");
    for line in help_lines(&l, &GAME_KEYS) {
        let w = app.text_width(&line, px);
        check!(
            w.total_cmp(&(l.panel.w - 24.0 * l.scale)).is_le(),
            "hint {line:?} is {w} px wide"
        );
    }
    let mut around = vec![l.board];
    around.extend((0..5).map(|i| l.slot(Slot::Panel(i))));
    toast_clear(&mut app, &around)?;
    key(&mut app, Keycode::S);
    let l = app.layout().clone();
    let mut around = vec![l.board];
    around.extend((0..9).map(|i| l.slot(Slot::Side(i))));
    toast_clear(&mut app, &around)
}

/// The new player's list: words on the panel, the help, the records count, and a
/// background without lines.
fn the_polish_list() -> TestResult {
    check!(
        to_move(GameMode::HumanVsHuman, Stone::White) == "White",
        "two players"
    );
    check!(
        games_count(1, false) == "1 game",
        "{}",
        games_count(1, false)
    );
    check!(games_count(2, true).starts_with("2 games so far"), "plural");
    check!(
        GAME_KEYS.iter().any(|k| k.contains('\u{2190}'))
            && GAME_KEYS.iter().any(|k| k.contains('\u{2192}')),
        "Left and Right are not in the help"
    );
    let mut app = app();
    let column = app.read_pixels(2, 0, 1, 800).map_err(|e| e.to_string())?;
    for (y, w) in column.chunks(4).collect::<Vec<_>>().windows(2).enumerate() {
        let step = (0..3).map(|c| w[0][c].abs_diff(w[1][c])).max().unwrap_or(0);
        check!(
            step <= 1,
            "a line in the background at y {y}: {:?} {:?}",
            w[0],
            w[1]
        );
    }
    Ok(())
}

/// A capture started from the panel records exactly the analysis on show, and ends
/// with it: iterations as slices on the analysis thread, depth and nodes as counters.
fn a_capture_from_the_panel_holds_the_search() -> TestResult {
    let dir = fresh_dir();
    let (mut app, clock) = app_clocked(dir.clone(), None);
    start(&mut app, GameMode::HumanVsHuman, 0)?;
    for (x, y) in [(7, 7), (8, 8), (8, 6)] {
        click_pos(&mut app, x, y);
    }
    key(&mut app, Keycode::A);
    click_slot(&mut app, Slot::Analysis(3));
    check!(gomoku::profiler::is_enabled(), "no capture");
    wait_report(&mut app, &clock, |a| {
        latest(a).is_some_and(|r| r.depth >= 4)
    })?;
    click_slot(&mut app, Slot::Analysis(0)); // Stop: the search ends, so does the capture
    wait_for(&mut app, |a| {
        a.toast().is_some_and(|t| t.starts_with("Trace saved"))
    })?;
    let trace = std::fs::read_dir(&dir)
        .map_err(|e| e.to_string())?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.extension().is_some_and(|x| x == "json"))
        .ok_or("no trace file")?;
    let text = std::fs::read_to_string(&trace).map_err(|e| e.to_string())?;
    check!(text.len() < 10 << 20, "trace of {} bytes", text.len());
    let v: serde_json::Value = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let events = v["traceEvents"].as_array().ok_or("no events")?;
    // Every app of this test run had an analysis thread; the capture is on one of them.
    let tids: Vec<&serde_json::Value> = events
        .iter()
        .filter(|e| e["ph"] == "M" && e["args"]["name"] == "analysis")
        .map(|e| &e["tid"])
        .collect();
    let on_analysis = |ph: &str, name: &str| {
        events
            .iter()
            .filter(|e| e["ph"] == ph && e["name"] == name && tids.contains(&&e["tid"]))
            .count()
    };
    check!(on_analysis("X", "analysis iteration") >= 3, "iterations");
    check!(
        on_analysis("C", "depth") >= 3 && on_analysis("C", "nodes") >= 3,
        "counters"
    );
    Ok(())
}

fn main() {
    run(&[
        (
            "the_analysis_panel_follows_a_live_search",
            the_analysis_panel_follows_a_live_search,
        ),
        (
            "the_forced_win_finder_steps_through_its_sequence",
            the_forced_win_finder_steps_through_its_sequence,
        ),
        (
            "setup_places_removes_and_plays_on",
            setup_places_removes_and_plays_on,
        ),
        (
            "the_move_list_scrolls_and_jumps_in_review",
            the_move_list_scrolls_and_jumps_in_review,
        ),
        (
            "the_banner_is_dismissed_and_keeps_the_winning_row_in_sight",
            the_banner_is_dismissed_and_keeps_the_winning_row_in_sight,
        ),
        ("menu_settings_go_both_ways", menu_settings_go_both_ways),
        (
            "small_windows_keep_hints_readable_and_toasts_clear",
            small_windows_keep_hints_readable_and_toasts_clear,
        ),
        ("the_polish_list", the_polish_list),
        (
            "a_capture_from_the_panel_holds_the_search",
            a_capture_from_the_panel_holds_the_search,
        ),
    ]);
}
