//! SDL set-up: the window on a real display (or refused without one), the renderer,
//! and the waker worker threads use to interrupt the frame loop's sleep.

use super::config::{sdl, AppConfig, AppError};
use crate::game::wake::Waker;
use sdl2::render::Canvas;
use sdl2::video::Window;
use sdl2::{EventSubsystem, Sdl, VideoSubsystem};
use std::sync::Arc;

/// The smallest window allowed, in window coordinates.
const MIN_SIZE: (u32, u32) = (800, 520);

/// Video drivers that show nothing to anyone.
const INVISIBLE_DRIVERS: [&str; 2] = ["dummy", "offscreen"];

/// The opened window and what it came from.
pub struct Opened {
    pub sdl: Sdl,
    pub video: VideoSubsystem,
    pub canvas: Canvas<Window>,
}

/// Opens the window. SDL's own software renderer draws it: the picture changes only
/// when something happens, and a GL driver would cost more memory than the whole game
/// (Mesa's software GL under Xvfb: 60 MB of LLVM, 20 MB of heap).
pub fn open_window(config: &AppConfig) -> Result<Opened, AppError> {
    if config.headless {
        sdl2::hint::set("SDL_VIDEODRIVER", "dummy");
    }
    sdl2::hint::set("SDL_RENDER_DRIVER", "software");
    sdl2::hint::set("SDL_FRAMEBUFFER_ACCELERATION", "0");
    let sdl_ctx = sdl(sdl2::init())?;
    let video = sdl_ctx
        .video()
        .map_err(|e| AppError::NoDisplay(e.to_string()))?;
    let driver = video.current_video_driver();
    let asked = std::env::var_os("SDL_VIDEODRIVER").is_some();
    if !config.headless && !asked && INVISIBLE_DRIVERS.contains(&driver) {
        return Err(AppError::NoDisplay(format!(
            "SDL found only its {driver:?} video driver"
        )));
    }
    let mut builder = video.window("Gomoku", config.width, config.height);
    builder.position_centered().resizable().allow_highdpi();
    if config.headless {
        builder.hidden();
    }
    let mut window = sdl(builder.build())?;
    // Below this the panel's text gets too small to read.
    sdl(window.set_minimum_size(MIN_SIZE.0, MIN_SIZE.1))?;
    let canvas = sdl(window.into_canvas().software().build())?;
    log::info!("window open: {driver} video, software renderer");
    Ok(Opened {
        sdl: sdl_ctx,
        video,
        canvas,
    })
}

/// The wake-up event worker threads push: it only ends the loop's wait.
struct Wake;

/// A waker that pushes an SDL event, so a frame loop asleep in `wait_event_timeout`
/// runs at once.
pub fn waker(events: &EventSubsystem) -> Waker {
    // Registered once per process; a second application reuses the registration.
    let _ = events.register_custom_event::<Wake>();
    let sender = events.event_sender();
    Arc::new(move || {
        let _ = sender.push_custom_event(Wake);
    })
}
