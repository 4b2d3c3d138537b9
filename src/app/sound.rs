//! Synthesised sound cues: a wooden stone click and a rising win chime. With no audio
//! device (CI, a silent server) the game simply stays quiet.

use sdl2::audio::{AudioQueue, AudioSpecDesired};
use sdl2::AudioSubsystem;

const RATE: i32 = 44_100;

/// Which sound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cue {
    Stone,
    Win,
}

/// The audio queue (if a device opened) and the pre-rendered cues.
pub struct Sound {
    queue: Option<AudioQueue<f32>>,
    stone: Vec<f32>,
    win: Vec<f32>,
}

impl Sound {
    /// Opens the default device; any failure leaves a silent, harmless `Sound`.
    pub fn new(audio: Option<&AudioSubsystem>) -> Sound {
        let desired = AudioSpecDesired {
            freq: Some(RATE),
            channels: Some(1),
            samples: Some(1024),
        };
        let queue = audio.and_then(|a| match a.open_queue::<f32, _>(None, &desired) {
            Ok(q) => {
                q.resume();
                Some(q)
            }
            Err(e) => {
                log::info!("no audio device, sound off: {e}");
                None
            }
        });
        Sound {
            queue,
            stone: stone_click(),
            win: win_chime(),
        }
    }

    pub fn play(&self, cue: Cue, muted: bool) {
        let Some(q) = self.queue.as_ref().filter(|_| !muted) else {
            return;
        };
        let samples = match cue {
            Cue::Stone => &self.stone,
            Cue::Win => &self.win,
        };
        if let Err(e) = q.queue_audio(samples) {
            log::warn!("sound: {e}");
        }
    }
}

/// A short knock: filtered noise over a low thump, both decaying fast.
fn stone_click() -> Vec<f32> {
    let n = (RATE as f32 * 0.06) as usize;
    let mut seed: u32 = 0x1234_5678;
    let mut last = 0.0f32;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let noise = (seed >> 8) as f32 / (1u32 << 24) as f32 * 2.0 - 1.0;
            last = last * 0.6 + noise * 0.4; // soften the hiss
            let thump = (2.0 * std::f32::consts::PI * 190.0 * t).sin();
            0.55 * last * (-t * 110.0).exp() + 0.45 * thump * (-t * 45.0).exp()
        })
        .collect()
}

/// C, E, G, C rising, each a bell-like decaying sine.
fn win_chime() -> Vec<f32> {
    let notes = [523.25f32, 659.25, 783.99, 1046.5];
    let n = (RATE as f32 * 1.2) as usize;
    (0..n)
        .map(|i| {
            let t = i as f32 / RATE as f32;
            notes
                .iter()
                .enumerate()
                .map(|(k, f)| {
                    let start = k as f32 * 0.12;
                    if t < start {
                        return 0.0;
                    }
                    let u = t - start;
                    let tone = (2.0 * std::f32::consts::PI * f * u).sin()
                        + 0.3 * (4.0 * std::f32::consts::PI * f * u).sin();
                    0.18 * tone * (-u * 3.5).exp()
                })
                .sum()
        })
        .collect()
}
