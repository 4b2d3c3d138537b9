//! Studying a position: the engine's live analysis (multi-line, with a heatmap) and the
//! forced-win finder, free of SDL.
//!
//! [`Study`] decides what to analyse and when (commands in, [`StudyEvent`]s out, like the
//! session); [`AnalysisWorker`] runs the searches on threads of their own and leaves the
//! newest report where the frame loop picks it up, waking it with the
//! [`crate::game::wake::Waker`] without ever making it wait.

pub mod study;
pub mod words;
pub mod worker;

pub use study::{Finder, Study, StudyCommand, StudyEvent};
pub use worker::{AnalysisRequest, AnalysisWorker, FinderRequest};

/// Candidate moves the analysis ranks (multi-PV).
pub const LINES: usize = 5;

/// Nodes the forced-win finder may spend on each of its two searches (VCF, then VCT).
pub const FINDER_NODES: u64 = 2_000_000;
