//! SDL2 front end (filled in by issue 3).
