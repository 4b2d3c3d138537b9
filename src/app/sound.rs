//! Synthesised sound cues: a wooden stone click and a rising win chime. With no audio
//! device (CI, a silent server) the game stays quiet and says so in one log line.

use sdl2::audio::{AudioQueue, AudioSpecDesired};
use sdl2::{AudioSubsystem, Sdl};

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
    /// Keeps the audio subsystem alive as long as the queue.
    _audio: Option<AudioSubsystem>,
    stone: Vec<f32>,
    win: Vec<f32>,
}

impl Sound {
    /// No sound at all (`--mute`, headless).
    pub fn silent() -> Sound {
        Sound {
            queue: None,
            _audio: None,
            stone: Vec::new(),
            win: Vec::new(),
        }
    }

    /// Opens the default device; any failure leaves a silent, harmless `Sound` and one
    /// log line.
    pub fn open(sdl: &Sdl) -> Sound {
        avoid_alsa_without_a_card();
        let opened = sdl.audio().and_then(|audio| {
            let desired = AudioSpecDesired {
                freq: Some(RATE),
                channels: Some(1),
                samples: Some(1024),
            };
            let queue = audio.open_queue::<f32, _>(None, &desired)?;
            queue.resume();
            Ok((audio, queue))
        });
        match opened {
            Ok((audio, queue)) => Sound {
                queue: Some(queue),
                _audio: Some(audio),
                stone: stone_click(),
                win: win_chime(),
            },
            Err(e) => {
                log::warn!("sound off: no audio device ({e})");
                Sound::silent()
            }
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

/// On Linux without a sound card, SDL's ALSA backend prints eight lines of ALSA errors
/// to stderr before failing. With no `/dev/snd`, only the sound servers are tried
/// (PipeWire, PulseAudio: a network server may still play); a driver chosen by the
/// user with `SDL_AUDIODRIVER` is left alone.
fn avoid_alsa_without_a_card() {
    let chosen = std::env::var_os("SDL_AUDIODRIVER").is_some();
    if cfg!(target_os = "linux") && !chosen && !std::path::Path::new("/dev/snd").exists() {
        sdl2::hint::set("SDL_AUDIODRIVER", "pipewire,pulseaudio");
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
