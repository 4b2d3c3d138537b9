//! Application: SDL set-up, the window, and the frame loop. The same loop runs on screen
//! and headless (SDL's `dummy` video driver with the software renderer), so tests drive
//! exactly the code a player runs.

use super::draw::Gfx;
use super::event::Event;
use super::event_manager::EventManager;
use super::handlers::{self, Context};
use super::input::{self, InputState};
use super::layout::Layout;
use super::scene::{Scene, View};
use super::screens::{self, Screen, UiState};
use super::sound::Sound;
use crate::game::manager::Game;
use crate::game::record::{import, RecordStore};
use crate::game::{AiPurpose, AiWorker, ChessManager, GameMode, GameSettings, Signal};
use sdl2::clipboard::ClipboardUtil;
use sdl2::{EventPump, EventSubsystem, Sdl};
use std::path::PathBuf;
use std::time::{Duration, Instant};
use thiserror::Error;

mod probe;

/// How the application starts.
#[derive(Clone, Debug)]
pub struct AppConfig {
    /// No visible window: the `dummy` video driver and the software renderer.
    pub headless: bool,
    pub width: u32,
    pub height: u32,
    /// Fixes the engine's shuffle for repeatable games.
    pub seed: Option<u64>,
    /// Records and traces go here.
    pub data_dir: PathBuf,
    pub sound: bool,
    /// A game file to open for review at start (`--open`): JSON record, .psq or pos string.
    pub open: Option<PathBuf>,
}

impl Default for AppConfig {
    fn default() -> Self {
        AppConfig {
            headless: false,
            width: 1280,
            height: 800,
            seed: None,
            data_dir: std::env::temp_dir(),
            sound: true,
            open: None,
        }
    }
}

/// Why the application could not start or run.
#[derive(Debug, Error)]
pub enum AppError {
    #[error("SDL: {0}")]
    Sdl(String),
}

fn sdl<T, E: ToString>(r: Result<T, E>) -> Result<T, AppError> {
    r.map_err(|e| AppError::Sdl(e.to_string()))
}

/// The smallest window allowed, in window coordinates.
const MIN_SIZE: (u32, u32) = (800, 520);

/// Frame budget at 60 fps.
const FRAME: Duration = Duration::from_micros(16_667);

/// The running game.
pub struct Application {
    _sdl: Sdl,
    events: EventSubsystem,
    pump: EventPump,
    gfx: Gfx,
    window_id: u32,
    scale: f32,
    layout: Layout,
    input: InputState,
    manager: ChessManager,
    scene: Scene,
    queue: EventManager,
    ai: AiWorker,
    ui: UiState,
    sound: Sound,
    frames: u64,
    clipboard: ClipboardUtil,
    store: Option<RecordStore>,
    /// What was last saved: (record id, moves, finished, mode). A change means save again.
    saved: Option<(String, usize, bool, GameMode)>,
}

impl Application {
    pub fn new(config: AppConfig) -> Result<Application, AppError> {
        if config.headless {
            sdl2::hint::set("SDL_VIDEODRIVER", "dummy");
            sdl2::hint::set("SDL_RENDER_DRIVER", "software");
        }
        let sdl_ctx = sdl(sdl2::init())?;
        let video = sdl(sdl_ctx.video())?;
        let mut builder = video.window("Gomoku", config.width, config.height);
        builder.position_centered().resizable().allow_highdpi();
        if config.headless {
            builder.hidden();
        }
        let mut window = sdl(builder.build())?;
        // Below this the panel's text gets too small to read.
        sdl(window.set_minimum_size(MIN_SIZE.0, MIN_SIZE.1))?;
        let window_id = window.id();
        let canvas = if config.headless {
            sdl(window.into_canvas().software().build())?
        } else {
            // SDL picks the best renderer it has and falls back to software by itself.
            sdl(window.into_canvas().present_vsync().build())?
        };
        let gfx = sdl(Gfx::new(canvas))?;
        let audio = if config.sound && !config.headless {
            sdl_ctx.audio().ok()
        } else {
            None
        };
        let sound = Sound::new(audio.as_ref());
        let clipboard = video.clipboard();
        let store = RecordStore::open(&config.data_dir);
        let events = sdl(sdl_ctx.event())?;
        let pump = sdl(sdl_ctx.event_pump())?;
        let mut app = Application {
            layout: Layout::new(config.width, config.height, 15, 15),
            _sdl: sdl_ctx,
            events,
            pump,
            gfx,
            window_id,
            scale: 1.0,
            input: InputState::default(),
            manager: ChessManager::new(GameSettings::default()),
            scene: Scene::default(),
            queue: EventManager::default(),
            ai: AiWorker::spawn(config.seed),
            ui: UiState::new(config.data_dir),
            sound,
            frames: 0,
            clipboard,
            store: None,
            saved: None,
        };
        app.relayout();
        screens::show_menu(&mut app.scene, &mut app.ui);
        match store {
            Ok(store) => app.store = Some(store),
            Err(e) => app.ui.toast(format!("Records are off: {e}")),
        }
        app.resume_last_game();
        if let Some(path) = config.open {
            app.open_file(&path);
        }
        crate::profiler::set_thread_name("main");
        Ok(app)
    }

    /// Makes the newest unfinished saved game the one Resume continues.
    fn resume_last_game(&mut self) {
        let Some(record) = self.store.as_ref().and_then(|s| s.latest_unfinished()) else {
            return;
        };
        match Game::from_record(&record) {
            Ok(game) => {
                self.saved = Some((
                    game.id().to_string(),
                    game.board().move_count(),
                    game.is_over(),
                    game.mode(),
                ));
                self.manager.set_game(game);
            }
            Err(e) => self.ui.toast(e.to_string()),
        }
    }

    /// Opens a game file for review; a bad file is named with its problem on screen.
    fn open_file(&mut self, path: &std::path::Path) {
        let record = std::fs::read_to_string(path)
            .map_err(|e| format!("{}: {e}", path.display()))
            .and_then(|text| {
                import(&text, self.manager.settings.size)
                    .map_err(|e| format!("{}: {e}", path.display()))
            });
        match record {
            Ok(record) => self.with_context(|cx| super::handlers::review(cx, record)),
            Err(e) => self.ui.toast(e),
        }
    }

    /// Saves the game whenever it changed (a move, an undo, an ending, a swap).
    fn autosave(&mut self) {
        let (Some(store), Some(game)) = (self.store.as_ref(), self.manager.game()) else {
            return;
        };
        let now = (
            game.id().to_string(),
            game.board().move_count(),
            game.is_over(),
            game.mode(),
        );
        if self.saved.as_ref() == Some(&now) {
            return;
        }
        let fresh = self.saved.as_ref().is_none_or(|s| s.0 != now.0);
        if !(fresh && now.1 == 0) {
            if let Err(e) = store.save(&game.to_record()) {
                self.ui.toast(format!("Could not save the game: {e}"));
            }
        }
        self.saved = Some(now);
    }

    fn with_context(&mut self, f: impl FnOnce(&mut Context)) {
        let mut cx = Context {
            manager: &mut self.manager,
            scene: &mut self.scene,
            ai: &mut self.ai,
            ui: &mut self.ui,
            sound: &self.sound,
            store: self.store.as_ref(),
            clipboard: &self.clipboard,
        };
        f(&mut cx);
    }

    /// Recomputes geometry for the drawable size and the board in play.
    fn relayout(&mut self) {
        let (pw, ph) = self.gfx.output_size();
        let (ww, _) = self.gfx.canvas.window().size();
        self.scale = if ww > 0 { pw as f32 / ww as f32 } else { 1.0 };
        let (cols, rows) = self
            .manager
            .game()
            .map_or((15, 15), |g| (g.board().width(), g.board().height()));
        self.layout = Layout::new(pw, ph, cols, rows);
    }

    /// Runs until the window closes or Quit is chosen, at 60 frames a second.
    pub fn run(&mut self) -> Result<(), AppError> {
        while !self.ui.quit {
            let started = Instant::now();
            self.step_frame();
            if let Some(rest) = FRAME.checked_sub(started.elapsed()) {
                std::thread::sleep(rest); // vsync may be off or unsupported: pace anyway
            }
        }
        Ok(())
    }

    /// Runs `n` frames back to back, unpaced (tests and tools).
    pub fn run_frames(&mut self, n: u64) {
        for _ in 0..n {
            self.step_frame();
        }
    }

    /// One frame: input, updates, events, drawing. Never waits for the AI.
    pub fn step_frame(&mut self) {
        crate::profile_scope!("frame");
        self.input = input::collect(&mut self.pump, self.scale, &self.input);
        if self.input.resized {
            self.relayout();
        }
        let events = self.gather_events();
        {
            crate::profile_scope!("events");
            self.queue.push_all(events);
            let mut queue = std::mem::take(&mut self.queue);
            self.with_context(|cx| {
                while let Some(e) = queue.pop() {
                    handlers::handle(e, cx);
                }
            });
            self.queue = queue;
        }
        self.autosave();
        // A new game may have a different board size.
        let size = self
            .manager
            .game()
            .map(|g| (g.board().width(), g.board().height()));
        if size.is_some_and(|s| s != (self.layout.cols, self.layout.rows)) {
            self.relayout();
        }
        self.place_banner();
        self.draw();
        self.gfx.canvas.present();
        self.frames += 1;
    }

    /// Keeps the victory banner clear of the winning line.
    fn place_banner(&mut self) {
        let line_y = self
            .manager
            .game()
            .and_then(|g| g.winning_line())
            .map(|line| line.iter().map(|p| p.y as f32).sum::<f32>() / line.len().max(1) as f32);
        self.layout.banner_top = line_y.is_some_and(|y| y >= self.layout.rows as f32 / 2.0);
    }

    fn gather_events(&mut self) -> Vec<Event> {
        crate::profile_scope!("update");
        let view = View::new(
            &self.manager,
            &self.layout,
            &self.ui,
            &self.ai,
            self.input.mouse,
        );
        let mut events = self.scene.update(&self.input, &view);
        events.extend(
            self.input
                .keys
                .iter()
                .filter_map(|&k| input::map_key(k, self.ui.screen)),
        );
        if self.input.quit {
            events.push(Event::Quit);
        }
        if self.ui.screen == Screen::Game {
            let searching = matches!(self.ai.thinking(), Some((AiPurpose::Move, _)));
            for signal in self.manager.update() {
                match signal {
                    Signal::ComputerToMove if searching => {} // already on it
                    Signal::ComputerToMove => events.push(Event::ComputerToMove),
                    Signal::GameOver(o) => events.push(Event::GameOver(o)),
                }
            }
        }
        if let Some(reply) = self.ai.poll() {
            events.push(Event::AiFinished(reply));
        }
        events
    }

    fn draw(&mut self) {
        crate::profile_scope!("draw");
        let view = View::new(
            &self.manager,
            &self.layout,
            &self.ui,
            &self.ai,
            self.input.mouse,
        );
        self.scene.draw(&mut self.gfx, &view);
    }
}
