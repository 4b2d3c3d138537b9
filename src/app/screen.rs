//! Which screen is showing, and the screen changes handlers ask for (as values: the
//! application applies them to the scene, see [`super::scenes::apply`]).

/// The screen on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Game,
    Records,
    Review,
}

/// A change of what is on screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScreenCommand {
    /// Build this screen's objects afresh.
    Show(Screen),
    /// The victory banner and its buttons over the board.
    ShowBanner,
    HideBanner,
}

/// Name shared by the victory banner's objects, so they go together.
pub const BANNER: &str = "banner";
