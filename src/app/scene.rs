//! The scene: a z-ordered pool of game objects. Objects read the world through a
//! [`View`] and answer with events; they never touch each other or the board.

use super::draw::Gfx;
use super::event::Event;
use super::input::InputState;
use super::layout::Layout;
use super::ui_state::UiState;
use crate::game::{AiPurpose, ChessManager};
use std::hash::{Hash, Hasher};
use std::time::Duration;

/// What objects may read during a frame.
pub struct View<'a> {
    pub manager: &'a ChessManager,
    pub layout: &'a Layout,
    pub ui: &'a UiState,
    /// The AI's current search, if any, and how long it has run.
    pub thinking: Option<(AiPurpose, Duration)>,
    pub mouse: (f32, f32),
    /// The clock's time this frame.
    pub now: Duration,
}

impl<'a> View<'a> {
    pub fn new(
        manager: &'a ChessManager,
        layout: &'a Layout,
        ui: &'a UiState,
        mouse: (f32, f32),
        now: Duration,
    ) -> View<'a> {
        View {
            manager,
            layout,
            ui,
            thinking: manager.thinking(now),
            mouse,
            now,
        }
    }
}

/// Anything in the scene.
pub trait GameObject {
    /// A stable name: screens remove objects by it and tests look for it.
    fn name(&self) -> &'static str;
    /// Drawing order: higher is drawn later (on top) and sees clicks first.
    fn z(&self) -> i32 {
        0
    }
    fn is_active(&self, _view: &View) -> bool {
        true
    }
    /// True when a click at `point` lands on this object, so objects below never see it.
    fn captures(&self, _point: (f32, f32), _view: &View) -> bool {
        false
    }
    /// What the mouse is over, as far as this object's look goes (a button lit, a ghost
    /// stone on a cell): the frame is redrawn only when some object's answer changes.
    fn hover(&self, _view: &View) -> u32 {
        0
    }
    fn update(&mut self, _input: &InputState, _view: &View) -> Vec<Event> {
        Vec::new()
    }
    fn draw(&self, gfx: &mut Gfx, view: &View);
}

/// The pool of objects.
#[derive(Default)]
pub struct Scene {
    objects: Vec<Box<dyn GameObject>>,
}

impl Scene {
    /// Adds an object, keeping z order (stable among equal z).
    pub fn add(&mut self, object: Box<dyn GameObject>) {
        let at = self
            .objects
            .iter()
            .position(|o| o.z() > object.z())
            .unwrap_or(self.objects.len());
        self.objects.insert(at, object);
    }

    /// Removes every object called `name`.
    pub fn remove(&mut self, name: &str) {
        self.objects.retain(|o| o.name() != name);
    }

    pub fn clear(&mut self) {
        self.objects.clear();
    }

    /// Names in drawing order.
    pub fn names(&self) -> Vec<&'static str> {
        self.objects.iter().map(|o| o.name()).collect()
    }

    /// Updates active objects from the top down; a click goes to the topmost object
    /// that captures it and no further.
    pub fn update(&mut self, input: &InputState, view: &View) -> Vec<Event> {
        crate::profile_scope!("scene::update");
        let mut input = input.clone();
        let mut events = Vec::new();
        for object in self.objects.iter_mut().rev() {
            if !object.is_active(view) {
                continue;
            }
            events.extend(object.update(&input, view));
            if input.click.is_some_and(|c| object.captures(c, view)) {
                input.click = None;
            }
        }
        events
    }

    /// One number for everything the mouse lights up: equal numbers, equal pictures.
    pub fn hover_signature(&self, view: &View) -> u64 {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        for (i, object) in self.objects.iter().enumerate() {
            if object.is_active(view) {
                (i, object.hover(view)).hash(&mut h);
            }
        }
        h.finish()
    }

    pub fn draw(&self, gfx: &mut Gfx, view: &View) {
        crate::profile_scope!("scene::draw");
        for object in &self.objects {
            if object.is_active(view) {
                object.draw(gfx, view);
            }
        }
    }
}
