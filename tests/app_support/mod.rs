//! Driving the real Application headless: a fresh app per test, injected SDL mouse and
//! key events, waiting on frames, and screenshots.

// Each test target that includes this module uses a different subset of it.
#![allow(dead_code)]

use gomoku::app::layout::Slot;
use gomoku::app::screen::Screen;
use gomoku::app::{AppConfig, Application};
use gomoku::engine::{ManualClock, Pos};
use gomoku::game::GameMode;
use sdl2::event::Event as SdlEvent;
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::{MouseButton, MouseState};
use std::time::{Duration, Instant};

pub type TestResult = Result<(), String>;

/// Fails the test with a message unless the condition holds.
#[macro_export]
macro_rules! check {
    ($cond:expr, $($msg:tt)+) => {
        if !$cond {
            return Err(format!($($msg)+));
        }
    };
}

/// A fresh data directory per test, so saved games never leak between tests.
pub fn fresh_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!(
        "gomoku-app-test-{}-{}",
        std::process::id(),
        rand::random::<u32>()
    ))
}

pub fn app() -> Application {
    app_in(fresh_dir(), None)
}

pub fn app_in(dir: std::path::PathBuf, open: Option<std::path::PathBuf>) -> Application {
    app_clocked(dir, open).0
}

/// A fresh app on a hand-driven clock (it stays at 0 until the test moves it), once its
/// start-up read of the records folder is done.
pub fn app_clocked(
    dir: std::path::PathBuf,
    open: Option<std::path::PathBuf>,
) -> (Application, ManualClock) {
    let clock = ManualClock::new();
    let config = AppConfig {
        headless: true,
        width: 1280,
        height: 800,
        seed: Some(7),
        settings_file: Some(dir.join("settings.json")),
        data_dir: dir,
        sound: false,
        open,
    };
    let mut app = Application::with_clock(config, std::sync::Arc::new(clock.clone()))
        .expect("headless SDL starts");
    app.step_frame();
    wait_for(&mut app, |a| a.records_ready()).expect("the records folder is read");
    (app, clock)
}

pub fn push(app: &Application, e: SdlEvent) {
    app.event_subsystem()
        .push_event(e)
        .expect("SDL queue accepts events");
}

/// A left click at drawable pixel `(x, y)`, then one frame.
pub fn click(app: &mut Application, at: (f32, f32)) {
    drag(app, at, at);
}

/// The left button pressed at drawable pixel `from` and released at `to`, a frame each.
pub fn drag(app: &mut Application, from: (f32, f32), to: (f32, f32)) {
    let s = app.pixel_scale();
    let window_id = app.window_id();
    let [start, end] = [from, to].map(|(x, y)| ((x / s) as i32, (y / s) as i32));
    push(app, motion_event(window_id, start));
    push(app, button_event(window_id, MouseButton::Left, true, start));
    if from != to {
        app.step_frame();
    }
    push(app, button_event(window_id, MouseButton::Left, false, end));
    app.step_frame();
}

pub fn click_slot(app: &mut Application, slot: Slot) {
    let c = app.layout().slot(slot).centre();
    click(app, c);
}

pub fn click_pos(app: &mut Application, x: usize, y: usize) {
    let p = app.layout().point(Pos::new(x, y));
    click(app, p);
}

/// `k` pressed `n` times before the next frame (all handled in that one frame).
pub fn keys(app: &mut Application, k: Keycode, n: usize) {
    for _ in 0..n {
        push_key(app, k);
    }
    app.step_frame();
}

pub fn key(app: &mut Application, k: Keycode) {
    keys(app, k, 1);
}

fn push_key(app: &mut Application, k: Keycode) {
    let window_id = app.window_id();
    push(app, key_event(window_id, k, Mod::NOMOD, true));
    push(app, key_event(window_id, k, Mod::NOMOD, false));
}

/// Runs frames until `done` holds, each waiting for the next SDL event (the AI and the
/// records threads push one when they have something), so nothing is polled on a
/// timer. Gives up after a minute: a guard against a hang, not a timing check.
pub fn wait_for(app: &mut Application, done: impl Fn(&Application) -> bool) -> Result<u64, String> {
    let start = Instant::now();
    let first = app.frames();
    while !done(app) {
        if start.elapsed() > Duration::from_secs(60) {
            return Err("gave up waiting after a minute".into());
        }
        app.wait_frame(Duration::from_millis(200));
    }
    Ok(app.frames() - first)
}

/// The mouse moved to drawable pixel `at`, then one frame.
pub fn hover(app: &mut Application, at: (f32, f32)) {
    let s = app.pixel_scale();
    let window_id = app.window_id();
    push(
        app,
        motion_event(window_id, ((at.0 / s) as i32, (at.1 / s) as i32)),
    );
    app.step_frame();
}

pub fn moves(app: &Application) -> usize {
    app.manager().game().map_or(0, |g| g.board().move_count())
}

/// From the menu: cycle the mode `mode_clicks` times, pick a level, start.
pub fn start(app: &mut Application, mode: GameMode, level_clicks: usize) -> TestResult {
    while app.manager().settings.mode != mode {
        click_slot(app, Slot::Menu(0));
    }
    for _ in 0..level_clicks {
        click_slot(app, Slot::Menu(1));
    }
    click_slot(app, Slot::Menu(4));
    if app.screen() != Screen::Game {
        return Err("Start did not open the board".into());
    }
    Ok(())
}

/// Text typed on the keyboard, as SDL's text input events bring it (the keyboard layout
/// applied), then one frame. The safe SDL wrapper cannot push these events, so the
/// raw call is used.
pub fn type_text(app: &mut Application, text: &str) {
    use sdl2::sys;
    let window_id = app.window_id();
    let mut chunk = String::new();
    let mut chunks = Vec::new();
    for c in text.chars() {
        if chunk.len() + c.len_utf8() > 31 {
            chunks.push(std::mem::take(&mut chunk));
        }
        chunk.push(c);
    }
    chunks.push(chunk);
    for part in chunks {
        let mut bytes = [0 as std::os::raw::c_char; 32];
        for (b, &c) in bytes.iter_mut().zip(part.as_bytes()) {
            *b = c as std::os::raw::c_char;
        }
        let mut event = sys::SDL_Event {
            text: sys::SDL_TextInputEvent {
                type_: sys::SDL_EventType::SDL_TEXTINPUT as u32,
                timestamp: 0,
                windowID: window_id,
                text: bytes,
            },
        };
        // SAFETY: a fully initialised text input event, copied by SDL into its queue.
        let pushed = unsafe { sys::SDL_PushEvent(&mut event) };
        assert_eq!(pushed, 1, "SDL queue accepts text input");
    }
    app.step_frame();
}

pub fn push_ctrl(app: &mut Application, k: Keycode) {
    let window_id = app.window_id();
    push(app, key_event(window_id, k, Mod::LCTRLMOD, true));
    app.step_frame();
}

pub fn save_screenshot(app: &mut Application, path: &str) -> TestResult {
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

/// One test: its name and body.
pub type Test = (&'static str, fn() -> TestResult);

/// Runs the tests in order on this (the main) thread, as SDL wants, and exits non-zero
/// if any failed.
pub fn run(tests: &[Test]) {
    let (mut passed, mut failed) = (0, 0);
    println!("running {} tests", tests.len());
    for &(name, test) in tests {
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

/// The key `k` pressed (`down`) or released in window `window_id` with `keymod` held.
fn key_event(window_id: u32, k: Keycode, keymod: Mod, down: bool) -> SdlEvent {
    let (timestamp, keycode, scancode, repeat) = (0, Some(k), None, false);
    if down {
        SdlEvent::KeyDown {
            timestamp,
            window_id,
            keycode,
            scancode,
            keymod,
            repeat,
        }
    } else {
        SdlEvent::KeyUp {
            timestamp,
            window_id,
            keycode,
            scancode,
            keymod,
            repeat,
        }
    }
}

/// The mouse `button` pressed (`down`) or released at window point `(x, y)`.
pub fn button_event(
    window_id: u32,
    button: MouseButton,
    down: bool,
    (x, y): (i32, i32),
) -> SdlEvent {
    let (timestamp, which, mouse_btn, clicks) = (0, 0, button, 1);
    if down {
        SdlEvent::MouseButtonDown {
            timestamp,
            window_id,
            which,
            mouse_btn,
            clicks,
            x,
            y,
        }
    } else {
        SdlEvent::MouseButtonUp {
            timestamp,
            window_id,
            which,
            mouse_btn,
            clicks,
            x,
            y,
        }
    }
}

/// The mouse moved to window point `(x, y)` with no button held.
fn motion_event(window_id: u32, (x, y): (i32, i32)) -> SdlEvent {
    let mousestate = MouseState::from_sdl_state(0);
    let (xrel, yrel) = (0, 0);
    SdlEvent::MouseMotion {
        timestamp: 0,
        window_id,
        which: 0,
        mousestate,
        x,
        y,
        xrel,
        yrel,
    }
}
