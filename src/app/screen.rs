//! Which screen is showing, and the screen changes handlers ask for (as values: the
//! application applies them to the scene, see [`super::scenes::apply`]).

/// The screen on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    Menu,
    Game,
    Records,
    Review,
    /// A position set up by hand.
    Setup,
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

/// Names shared by the analysis panel's objects, so they come and go together.
pub const ANALYSIS: &str = "analysis";

/// Name shared by the victory banner's objects, so they go together.
pub const BANNER: &str = "banner";
