//! This frame's input, gathered from SDL once, and the one mapping of keys to events.

use super::event::{Event, SetupAction};
use super::screen::Screen;
use crate::game::analysis::StudyCommand;
use sdl2::event::{Event as SdlEvent, WindowEvent};
use sdl2::keyboard::{Keycode, Mod};
use sdl2::mouse::MouseButton;
use sdl2::EventPump;

/// The keys the game reacts to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Left,
    Right,
    Up,
    Down,
    Home,
    End,
    Escape,
    Space,
    Enter,
    A,
    H,
    N,
    M,
    S,
    F12,
    Copy,
    Paste,
    Backspace,
}

/// Mouse and keyboard state for one frame, in drawable pixels.
#[derive(Clone, Debug, Default)]
pub struct InputState {
    pub mouse: (f32, f32),
    /// Where the left button was released this frame, if it was pressed near there too
    /// (a click). A press on a button dragged onto the board is no click.
    pub click: Option<(f32, f32)>,
    /// Where the left button went down, while it is held.
    pub pressed: Option<(f32, f32)>,
    /// Where the right button was released this frame (settings step back on it).
    pub right_click: Option<(f32, f32)>,
    pub keys: Vec<Key>,
    /// Text typed this frame (SDL's text input: the keyboard layout applied).
    pub text: String,
    /// Wheel steps this frame, positive away from the user.
    pub wheel: i32,
    pub quit: bool,
    pub resized: bool,
    /// Something besides mouse motion and wake-ups happened (a key, a button, the
    /// window shown or uncovered): the frame must be drawn again.
    pub changed: bool,
}

/// How far (in window coordinates) the mouse may move between press and release for
/// the two to still make a click.
const CLICK_SLOP: f32 = 12.0;

/// Drains SDL's queue (after `first`, an event already taken by a wait) into an
/// [`InputState`], carrying the mouse position and a held button over from `previous`.
/// `scale` converts window coordinates to drawable pixels (HiDPI).
pub fn collect(
    first: Option<SdlEvent>,
    pump: &mut EventPump,
    scale: f32,
    previous: &InputState,
) -> InputState {
    let mut input = InputState {
        mouse: previous.mouse,
        pressed: previous.pressed,
        ..InputState::default()
    };
    for event in first.into_iter().chain(pump.poll_iter()) {
        if !matches!(event, SdlEvent::MouseMotion { .. } | SdlEvent::User { .. }) {
            input.changed = true;
        }
        apply(&mut input, event, scale);
    }
    input
}

/// One SDL event's effect on the frame's input.
fn apply(input: &mut InputState, event: SdlEvent, scale: f32) {
    match event {
        SdlEvent::Quit { .. } => input.quit = true,
        SdlEvent::Window {
            win_event: WindowEvent::SizeChanged(..) | WindowEvent::Resized(..),
            ..
        } => input.resized = true,
        SdlEvent::MouseMotion { x, y, .. } => input.mouse = (x as f32 * scale, y as f32 * scale),
        SdlEvent::MouseButtonDown {
            mouse_btn: MouseButton::Left,
            x,
            y,
            ..
        } => {
            input.mouse = (x as f32 * scale, y as f32 * scale);
            input.pressed = Some(input.mouse);
        }
        SdlEvent::MouseButtonUp {
            mouse_btn: MouseButton::Left,
            x,
            y,
            ..
        } => {
            input.mouse = (x as f32 * scale, y as f32 * scale);
            let near = |(px, py): (f32, f32)| {
                (px - input.mouse.0).hypot(py - input.mouse.1) <= CLICK_SLOP * scale
            };
            if input.pressed.take().is_some_and(near) {
                input.click = Some(input.mouse);
            }
        }
        SdlEvent::MouseButtonUp {
            mouse_btn: MouseButton::Right,
            x,
            y,
            ..
        } => {
            input.mouse = (x as f32 * scale, y as f32 * scale);
            input.right_click = Some(input.mouse);
        }
        SdlEvent::MouseWheel { y, .. } => input.wheel += y,
        SdlEvent::TextInput { text, .. } if input.text.len() < 4096 => {
            input.text.push_str(&text);
        }
        SdlEvent::KeyDown {
            keycode: Some(k),
            keymod,
            repeat: false,
            ..
        } => input.keys.extend(key_of(k, keymod)),
        _ => {}
    }
}

/// The game's name for an SDL key, if it uses it.
fn key_of(k: Keycode, keymod: Mod) -> Option<Key> {
    let ctrl = keymod.intersects(Mod::LCTRLMOD | Mod::RCTRLMOD);
    match k {
        Keycode::Left => Some(Key::Left),
        Keycode::Right => Some(Key::Right),
        Keycode::Up => Some(Key::Up),
        Keycode::Down => Some(Key::Down),
        Keycode::Home => Some(Key::Home),
        Keycode::End => Some(Key::End),
        Keycode::Escape => Some(Key::Escape),
        Keycode::Space => Some(Key::Space),
        Keycode::Return | Keycode::KpEnter => Some(Key::Enter),
        Keycode::A => Some(Key::A),
        Keycode::S => Some(Key::S),
        Keycode::H => Some(Key::H),
        Keycode::N => Some(Key::N),
        Keycode::M => Some(Key::M),
        Keycode::F12 => Some(Key::F12),
        Keycode::C if ctrl => Some(Key::Copy),
        Keycode::V if ctrl => Some(Key::Paste),
        Keycode::Backspace => Some(Key::Backspace),
        _ => None,
    }
}

/// The meaning of a key while a text field takes the keyboard: editing keys only (the
/// letters arrive as text, and must not also mute or hint).
pub fn map_editing_key(key: Key) -> Option<Event> {
    match key {
        Key::Backspace => Some(Event::EraseChar),
        Key::Enter => Some(Event::SubmitField),
        Key::Escape => Some(Event::StopEditing),
        Key::Paste => Some(Event::Paste),
        Key::F12 => Some(Event::ToggleProfiler),
        _ => None,
    }
}

/// The meaning of a key on a screen. Left and Right on the board are the hidden keys:
/// undo, and the computer plays your move.
pub fn map_key(key: Key, screen: Screen) -> Option<Event> {
    use Screen::*;
    match (screen, key) {
        (_, Key::F12) => Some(Event::ToggleProfiler),
        (_, Key::M) => Some(Event::ToggleMute),
        (Menu, Key::Escape) => Some(Event::Quit),
        (Game, Key::Escape) => Some(Event::BackToMenu),
        (Game, Key::Left) => Some(Event::Undo),
        (Game, Key::Right) => Some(Event::PlayForMe),
        (Game, Key::H) => Some(Event::Hint),
        (Game, Key::N) => Some(Event::ToggleNumbers),
        (Game, Key::Space) => Some(Event::TogglePause),
        (Game, Key::Enter) => Some(Event::ToggleBanner),
        (Game | Review | Setup, Key::A) => Some(Event::Study(StudyCommand::Toggle)),
        (Menu | Game | Review, Key::S) => Some(Event::OpenSetup),
        (Setup, Key::Escape) => Some(Event::BackToMenu),
        (Setup, Key::Enter) => Some(Event::Setup(SetupAction::Play)),
        (Menu, Key::Up) => Some(Event::MenuFocus(-1)),
        (Menu, Key::Down) => Some(Event::MenuFocus(1)),
        (Game | Review, Key::Copy) => Some(Event::CopyPosition),
        (Menu | Review | Records | Setup, Key::Paste) => Some(Event::Paste),
        (Records, Key::Escape) => Some(Event::BackToMenu),
        (Records, Key::Up) => Some(Event::ScrollRecords(-1)),
        (Records, Key::Down) => Some(Event::ScrollRecords(1)),
        (Review, Key::Escape) => Some(Event::OpenRecords),
        (Review, Key::Left) => Some(Event::ReviewStep(-1)),
        (Review, Key::Right) => Some(Event::ReviewStep(1)),
        (Review, Key::Home) => Some(Event::ReviewStep(i64::MIN / 2)),
        (Review, Key::End) => Some(Event::ReviewStep(i64::MAX / 2)),
        _ => None,
    }
}
