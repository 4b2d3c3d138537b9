//! Application: the window, the owners of everything on it, and the frame loop. The same
//! loop runs on screen and headless (SDL's `dummy` video driver with the software
//! renderer), so tests drive exactly the code a player runs.
//!
//! The loop sleeps in SDL's wait until something happens: input, a worker's wake-up
//! (AI answer, records read, save failed), or the next timer (a Computer vs Computer
//! move due, the thinking clock on the panel, a message to take down). A frame is drawn
//! only when its picture changed.

mod config;
mod frame;
mod links;
mod marks;
mod probe;
mod setup;
mod study;
mod workers;

pub use config::{AppConfig, AppError};

use super::draw::Gfx;
use super::event_manager::EventManager;
use super::input::InputState;
use super::layout::Layout;
use super::scene::Scene;
use super::sound::Sound;
use super::ui_state::UiState;
use crate::engine::{Clock, MonotonicClock};
use crate::game::analysis::AnalysisWorker;
use crate::game::external::Seats;
use crate::game::net::NetLink;
use crate::game::record::{RecordStore, RecordWriter, RecordsLoader};
use crate::game::swap2_brain::EngineSwap2;
use crate::game::swap2_worker::Swap2Worker;
use crate::game::wake::Waker;
use crate::game::{AiWorker, ChessManager, GameSettings};
use config::sdl;
use sdl2::clipboard::ClipboardUtil;
use sdl2::{EventPump, EventSubsystem, Sdl};
use std::sync::mpsc::Receiver;
use std::sync::Arc;
use std::time::Duration;

/// What decides whether the next frame is drawn.
#[derive(Debug, Default)]
struct Redraw {
    /// Something changed that is not covered below.
    pending: bool,
    /// What the mouse lit up when last drawn.
    hover: u64,
    /// Which quarter-second of the current search the panel shows.
    thinking: Option<u128>,
    /// The clock faces on show.
    clocks: Option<[u64; 2]>,
    toast_on: bool,
}

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
    /// The computer's swap2 decisions.
    swap2: Swap2Worker,
    /// The analysis panel's searches.
    analysis: AnalysisWorker,
    /// When the analysis panel may next take a report (a few a second).
    study_pick: Duration,
    /// The outside engines of the game in play.
    seats: Seats,
    /// The network game's link, while one is hosted or joined.
    net: Option<NetLink>,
    settings_file: Option<std::path::PathBuf>,
    ui: UiState,
    sound: Sound,
    /// Loop turns, and frames actually drawn.
    frames: u64,
    draws: u64,
    clipboard: ClipboardUtil,
    store: Option<RecordStore>,
    writer: Option<RecordWriter>,
    /// The Records screen's list being read.
    listing: Option<RecordsLoader>,
    /// The start-up read that finds the game to resume, and what it found so far.
    startup: Option<(RecordsLoader, Vec<crate::game::record::Listed>)>,
    /// A profiler trace being written: its message when done.
    trace: Option<Receiver<String>>,
    clock: Arc<dyn Clock>,
    waker: Waker,
    redraw: Redraw,
}

/// Longest sleep when nothing at all is due (a safety net: wake-ups are events).
const IDLE_WAKE: Duration = Duration::from_secs(1);
/// How often the panel's thinking time moves.
const THINK_TICK: Duration = Duration::from_millis(250);
/// At most 60 frames a second.
const FRAME: Duration = Duration::from_micros(16_667);

impl Application {
    /// The game on the real clock.
    pub fn new(config: AppConfig) -> Result<Application, AppError> {
        Application::with_clock(config, Arc::new(MonotonicClock::new()))
    }

    /// The game on a given clock (tests drive a [`crate::engine::ManualClock`]).
    pub fn with_clock(config: AppConfig, clock: Arc<dyn Clock>) -> Result<Application, AppError> {
        let opened = setup::open_window(&config)?;
        let window_id = opened.canvas.window().id();
        let clipboard = opened.video.clipboard();
        let events = sdl(opened.sdl.event())?;
        let pump = sdl(opened.sdl.event_pump())?;
        let waker = setup::waker(&events);
        let gfx = sdl(Gfx::new(opened.canvas))?;
        let sound = if config.sound && !config.headless {
            Sound::open(&opened.sdl)
        } else {
            Sound::silent()
        };
        let mut app = Application {
            layout: Layout::new(config.width, config.height, 15, 15),
            _sdl: opened.sdl,
            events,
            pump,
            gfx,
            window_id,
            scale: 1.0,
            input: InputState::default(),
            manager: ChessManager::new(GameSettings::default()),
            scene: Scene::default(),
            queue: EventManager::default(),
            ai: AiWorker::spawn(config.seed, Arc::clone(&waker)),
            swap2: Swap2Worker::spawn(swap2_brain(config.seed), Arc::clone(&waker)),
            analysis: AnalysisWorker::spawn(Arc::clone(&clock), Arc::clone(&waker)),
            study_pick: Duration::ZERO,
            seats: Seats::new(Default::default(), Arc::clone(&waker)),
            net: None,
            settings_file: config.settings_file.clone(),
            ui: UiState::new(config.data_dir.clone()),
            sound,
            frames: 0,
            draws: 0,
            clipboard,
            store: None,
            writer: None,
            listing: None,
            startup: None,
            trace: None,
            clock,
            waker,
            redraw: Redraw {
                pending: true,
                ..Redraw::default()
            },
        };
        app.start(&config);
        Ok(app)
    }

    /// The menu, the records folder (read in the background), and `--open`.
    fn start(&mut self, config: &AppConfig) {
        crate::profiler::set_thread_name("main");
        self.ui.now = self.clock.now();
        self.relayout();
        self.load_prefs();
        self.show(super::screen::Screen::Menu);
        match RecordStore::open(&config.data_dir) {
            Ok(store) => {
                let wake = Arc::clone(&self.waker);
                self.writer = Some(RecordWriter::spawn(store.clone(), Arc::clone(&wake)));
                let loader = RecordsLoader::spawn(store.clone(), None, wake);
                self.startup = Some((loader, Vec::new()));
                self.store = Some(store);
            }
            Err(e) => self.ui.toast(format!("Games will not be saved: {e}")),
        }
        if let Some(path) = &config.open {
            self.open_file(path);
        }
    }

    /// Opens a game file for review; a bad file is named with its problem on screen.
    fn open_file(&mut self, path: &std::path::Path) {
        let (size, rule) = (self.manager.settings.size, self.manager.settings.rule);
        match crate::game::record::open_file(path, size, rule) {
            Ok(record) => self.run_handler(|cx| super::handlers::review(cx, record)),
            Err(e) => self.ui.toast(e.to_string()),
        }
    }

    /// Recomputes geometry for the drawable size and the board in play.
    fn relayout(&mut self) {
        let (pw, ph) = self.gfx.output_size();
        let (ww, _) = self.gfx.canvas.window().size();
        self.scale = if ww > 0 { pw as f32 / ww as f32 } else { 1.0 };
        let (cols, rows) = self
            .shown_board()
            .map_or((15, 15), |b| (b.width(), b.height()));
        let column = self.analysis_column();
        self.layout = Layout::new(pw, ph, cols, rows).with_analysis(column);
        self.redraw.pending = true;
    }

    /// Runs until the window closes or Quit is chosen, asleep whenever nothing is due.
    pub fn run(&mut self) -> Result<(), AppError> {
        self.step_frame();
        while !self.ui.quit {
            let started = self.clock.now();
            let wait = self.next_wake(started);
            let first = self.pump.wait_event_timeout(wait_ms(wait));
            if self.frame(first) {
                // Drawn: let the next picture wait for the next sixtieth of a second.
                let spent = self.clock.now().saturating_sub(started);
                if let Some(rest) = FRAME.checked_sub(spent) {
                    std::thread::sleep(rest);
                }
            }
        }
        Ok(())
    }

    /// How long the loop may sleep at `now` before something is due.
    fn next_wake(&self, now: Duration) -> Duration {
        let tick = |t: Duration| {
            let ticks = t.as_nanos() / THINK_TICK.as_nanos() + 1;
            now + THINK_TICK * ticks as u32 - t
        };
        let thinking = self.manager.thinking(now).map(|(_, t)| tick(t));
        let analysing = self.ui.analysis_time(now).map(tick);
        let toast = self.ui.toast_expiry().filter(|&t| t > now);
        let report = self.study_wake();
        let clock = self.clock_tick(now);
        [
            thinking,
            analysing,
            self.manager.next_deadline(),
            toast,
            report,
            clock,
        ]
        .into_iter()
        .flatten()
        .fold(now + IDLE_WAKE, Duration::min)
        .saturating_sub(now)
    }
}

/// A wait in whole milliseconds, at least one (zero would mean "forever" to no one,
/// but a busy loop to us).
fn wait_ms(d: Duration) -> u32 {
    d.as_millis().clamp(1, u32::MAX as u128) as u32
}

impl Drop for Application {
    fn drop(&mut self) {
        // A network game's other player hears that this one left.
        let events = self
            .manager
            .apply(crate::game::Command::LeaveNetwork, self.clock.now());
        self.carry_out(crate::app::handlers::Effects {
            game: events,
            ..Default::default()
        });
        // The writer finishes its queue before the window goes: nothing asked is lost.
        self.writer = None;
    }
}

/// The engine's swap2 decisions, repeatable with a fixed seed.
fn swap2_brain(seed: Option<u64>) -> Box<EngineSwap2> {
    Box::new(seed.map_or_else(EngineSwap2::default, EngineSwap2::seeded))
}
