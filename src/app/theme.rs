//! Colours of the game, in one place so the look stays consistent.

use sdl2::pixels::Color;

pub const BACKGROUND: Color = Color::RGB(0x23, 0x26, 0x2e);
pub const BACKGROUND_GLOW: Color = Color::RGB(0x2c, 0x30, 0x3a);
pub const WOOD_EDGE: Color = Color::RGB(0x8a, 0x60, 0x2a);
pub const GRID: Color = Color::RGB(0x4a, 0x33, 0x18);
pub const LABEL: Color = Color::RGB(0x5a, 0x3e, 0x1c);
pub const LAST_MOVE: Color = Color::RGB(0xe0, 0x2b, 0x2b);
/// The last move's number on a black stone: lighter, or red on black would be unreadable.
pub const LAST_MOVE_ON_BLACK: Color = Color::RGB(0xff, 0x6b, 0x5e);
/// Renju's forbidden points for Black: a small cross, red but darker than the last move.
pub const FORBIDDEN: Color = Color::RGB(0xb8, 0x2a, 0x24);
pub const HINT: Color = Color::RGB(0x2b, 0xa8, 0x4a);
pub const WIN_LINE: Color = Color::RGB(0xff, 0xd3, 0x3d);
pub const PANEL: Color = Color::RGB(0x2e, 0x32, 0x3d);
pub const PANEL_EDGE: Color = Color::RGB(0x3c, 0x41, 0x4f);
pub const TEXT: Color = Color::RGB(0xec, 0xee, 0xf2);
pub const TEXT_DIM: Color = Color::RGB(0x9a, 0xa1, 0xb1);
pub const ACCENT: Color = Color::RGB(0xe8, 0xa8, 0x4a);
pub const BUTTON: Color = Color::RGB(0x3d, 0x43, 0x52);
pub const BUTTON_HOVER: Color = Color::RGB(0x4e, 0x56, 0x69);
pub const BUTTON_PRIMARY: Color = Color::RGB(0xc9, 0x84, 0x2c);
pub const BUTTON_PRIMARY_HOVER: Color = Color::RGB(0xdd, 0x98, 0x3e);
pub const BUTTON_DISABLED: Color = Color::RGB(0x33, 0x37, 0x42);
pub const OVERLAY: Color = Color::RGBA(0x10, 0x12, 0x18, 0xb0);
