//! The real Application, headless, with opponents from outside: a pbrain engine added
//! by typing its path in the menu, a clock that runs out, and a network game hosted
//! from the menu with a guest session on loopback.

#[path = "app_support/mod.rs"]
mod support;

use gomoku::app::fields::Field;
use gomoku::app::layout::Slot;
use gomoku::app::screen::Screen;
use gomoku::app::Application;
use gomoku::engine::{Clock, MonotonicClock, Stone};
use gomoku::game::net::{Limits, NetLink, Offer};
use gomoku::game::{
    ChessManager, Command, Computer, Ending, GameEvent, GameMode, GameSettings, TimeControl,
};
use sdl2::keyboard::Keycode;
use std::sync::Arc;
use std::time::{Duration, Instant};
use support::*;

const BRAIN: &str = env!("CARGO_BIN_EXE_pbrain-gomoku");

fn screenshot(app: &mut Application, name: &str) -> TestResult {
    if let Ok(dir) = std::env::var("GOMOKU_SCREENSHOT_DIR") {
        save_screenshot(app, &format!("{dir}/{name}.bmp"))?;
    }
    Ok(())
}

fn an_engine_added_by_its_path_plays_and_is_remembered() -> TestResult {
    let dir = fresh_dir();
    let mut app = app_in(dir.clone(), None);
    click_slot(&mut app, Slot::MenuSide(2));
    check!(
        app.editing() == Some(Field::EnginePath),
        "the field has the keys"
    );
    type_text(&mut app, BRAIN);
    // Letters typed into a field do not act as keys (M would mute).
    key(&mut app, Keycode::Return);
    check!(app.editing().is_none(), "Enter leaves the field");
    check!(
        app.prefs().engines.len() == 1,
        "not added: {:?}",
        app.toast()
    );
    check!(
        matches!(&app.manager().settings.computers[0], Computer::External(e) if e.name == "pbrain-gomoku"),
        "the new engine is the opponent"
    );
    screenshot(&mut app, "menu")?;
    click_slot(&mut app, Slot::Menu(4));
    check!(app.screen() == Screen::Game, "Start opened the board");
    click_pos(&mut app, 7, 7);
    wait_for(&mut app, |a| moves(a) == 2)?;
    check!(
        app.engine_message(Stone::White)
            .is_some_and(|m| m.starts_with("depth")),
        "its MESSAGE is on the panel: {:?}",
        app.engine_message(Stone::White)
    );
    screenshot(&mut app, "engine")?;
    app.flush_records();
    let saved = std::fs::read_to_string(dir.join("settings.json")).map_err(|e| e.to_string())?;
    check!(saved.contains("pbrain-gomoku"), "settings file: {saved}");
    drop(app);
    let app = app_in(dir, None);
    check!(
        app.prefs().engines.len() == 1,
        "the engine is remembered after a restart"
    );
    Ok(())
}

fn a_fallen_flag_ends_the_game_and_the_banner_says_why() -> TestResult {
    let (mut app, clock) = app_clocked(fresh_dir(), None);
    while app.manager().settings.mode != GameMode::HumanVsHuman {
        click_slot(&mut app, Slot::Menu(0));
    }
    click_slot(&mut app, Slot::MenuSide(0));
    check!(
        app.manager().settings.time == TimeControl::PerMove { ms: 5_000 },
        "the clock row cycles"
    );
    click_slot(&mut app, Slot::Menu(4));
    click_pos(&mut app, 7, 7);
    clock.advance(Duration::from_millis(4_000));
    app.step_frame();
    check!(!app.scene_names().contains(&"banner"), "still in time");
    clock.advance(Duration::from_millis(1_001));
    app.step_frame();
    let g = app.manager().game().ok_or("no game")?;
    check!(
        g.ending()
            == Some(&Ending::Time {
                loser: Stone::White
            }),
        "{:?}",
        g.ending()
    );
    check!(app.scene_names().contains(&"banner"), "the banner is up");
    screenshot(&mut app, "flag")?;
    Ok(())
}

/// The test's guest: a session and its link, wired as the app wires them.
struct Guest {
    m: ChessManager,
    link: NetLink,
    clock: MonotonicClock,
}

impl Guest {
    fn apply(&mut self, command: Command) {
        for e in self.m.apply(command, self.clock.now()) {
            if let GameEvent::Send(m) = e {
                self.link.send(m);
            }
        }
    }
    fn pump(&mut self) {
        for input in self.link.poll() {
            self.apply(Command::Net(input));
        }
    }
}

/// Runs the app's frames and the guest until `done`; a minute only guards a hang.
fn both_until(
    app: &mut Application,
    guest: &mut Guest,
    done: impl Fn(&Application, &Guest) -> bool,
) -> TestResult {
    let start = Instant::now();
    while !done(app, guest) {
        if start.elapsed() > Duration::from_secs(60) {
            return Err("gave up waiting after a minute".into());
        }
        app.wait_frame(Duration::from_millis(50));
        guest.pump();
    }
    Ok(())
}

fn a_game_hosted_from_the_menu_is_played_with_a_guest() -> TestResult {
    let mut app = app();
    click_slot(&mut app, Slot::MenuSide(4));
    keys(&mut app, Keycode::Backspace, 10);
    type_text(&mut app, "0");
    key(&mut app, Keycode::Return);
    check!(app.screen() == Screen::Game, "hosting opens the board");
    let port = app.hosting_port().ok_or("not hosting")?;
    let mut guest = Guest {
        m: ChessManager::new(GameSettings::default()),
        link: NetLink::join(
            &format!("127.0.0.1:{port}"),
            "bob",
            Limits::default(),
            Arc::new(|| {}),
        ),
        clock: MonotonicClock::new(),
    };
    guest.apply(Command::JoinGame);
    both_until(&mut app, &mut guest, |a, g| {
        a.manager().net().is_some_and(|n| n.is_connected()) && g.m.game().is_some()
    })?;
    click_pos(&mut app, 7, 7);
    both_until(&mut app, &mut guest, |_, g| {
        g.m.game().is_some_and(|g| g.board().move_count() == 1)
    })?;
    // No analysis or set-up of a network game while it is played.
    key(&mut app, Keycode::A);
    check!(
        !app.study().is_on() && app.layout().analysis.is_none(),
        "the analysis opened in a network game"
    );
    key(&mut app, Keycode::S);
    check!(app.screen() == Screen::Game, "set-up left a network game");
    guest.apply(Command::Show);
    guest.apply(Command::OfferDraw);
    both_until(&mut app, &mut guest, |a, _| {
        a.manager().net().and_then(|n| n.their_offer()) == Some(Offer::Draw)
    })?;
    screenshot(&mut app, "offer")?;
    click_slot(&mut app, Slot::Banner(0));
    both_until(&mut app, &mut guest, |_, g| {
        g.m.game().and_then(|g| g.ending()) == Some(&Ending::DrawAgreed)
    })?;
    key(&mut app, Keycode::Escape);
    check!(app.screen() == Screen::Menu, "Leave goes to the menu");
    check!(app.manager().net().is_none(), "and leaves the network game");
    both_until(&mut app, &mut guest, |_, g| {
        g.m.net().is_some_and(|n| !n.is_connected())
    })?;
    Ok(())
}

fn main() {
    run(&[
        (
            "an_engine_added_by_its_path_plays_and_is_remembered",
            an_engine_added_by_its_path_plays_and_is_remembered,
        ),
        (
            "a_fallen_flag_ends_the_game_and_the_banner_says_why",
            a_fallen_flag_ends_the_game_and_the_banner_says_why,
        ),
        (
            "a_game_hosted_from_the_menu_is_played_with_a_guest",
            a_game_hosted_from_the_menu_is_played_with_a_guest,
        ),
    ]);
}
