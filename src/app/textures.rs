//! Cached SDL textures (text lines and round sprites), owned together with the
//! `TextureCreator` they borrow from, so every texture is freed by its own `Drop` while
//! the renderer is still alive — no `unsafe_textures`, no manual `destroy`.

use crate::engine::Stone;
use sdl2::pixels::PixelFormatEnum;
use sdl2::render::{BlendMode, Texture, TextureCreator};
use sdl2::video::WindowContext;
use self_cell::self_cell;
use std::collections::HashMap;

/// A round image rendered once per radius, then tinted and copied.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sprite {
    Disc,
    Shadow,
    Stone(Stone),
}

/// Text texture key: the string, its pixel size, bold.
pub type TextKey = (String, u32, bool);

/// Most text textures kept before the cache is emptied (status text changes often).
pub const TEXT_LIMIT: usize = 256;
/// Most sprites kept: every window resize makes new radii.
pub const SPRITE_LIMIT: usize = 64;

/// The caches proper, borrowing the creator for `'a`.
#[derive(Default)]
pub struct Caches<'a> {
    pub text: HashMap<TextKey, (Texture<'a>, u32, u32)>,
    pub sprites: HashMap<(Sprite, u32), Texture<'a>>,
    /// The board's wood for one (width, height, corner radius): remade only on resize.
    pub wood: Option<((u32, u32, u32), Texture<'a>)>,
}

self_cell!(
    /// The texture creator and the textures made from it, dropped textures first.
    pub struct TextureCache {
        owner: TextureCreator<WindowContext>,
        #[covariant]
        dependent: Caches,
    }
);

impl TextureCache {
    pub fn create(creator: TextureCreator<WindowContext>) -> TextureCache {
        TextureCache::new(creator, |_| Caches::default())
    }
}

/// An RGBA32 texture with alpha blending from raw pixels.
pub fn texture<'a>(
    creator: &'a TextureCreator<WindowContext>,
    rgba: &[u8],
    w: u32,
    h: u32,
) -> Result<Texture<'a>, String> {
    let mut tex = creator
        .create_texture_static(PixelFormatEnum::RGBA32, w, h)
        .map_err(|e| e.to_string())?;
    tex.update(None, rgba, (w * 4) as usize)
        .map_err(|e| e.to_string())?;
    tex.set_blend_mode(BlendMode::Blend);
    Ok(tex)
}

fn mix(a: (f32, f32, f32), b: (f32, f32, f32), t: f32) -> (f32, f32, f32) {
    let t = t.clamp(0.0, 1.0);
    (
        a.0 + (b.0 - a.0) * t,
        a.1 + (b.1 - a.1) * t,
        a.2 + (b.2 - a.2) * t,
    )
}

/// Pixels of a sprite of `radius`, `2 * radius + 2` square, alpha computed per pixel
/// (anti-aliased rim; stones lit from the upper left).
pub fn sprite_pixels(kind: Sprite, radius: u32) -> Vec<u8> {
    let size = 2 * radius + 2;
    let r = radius as f32;
    let c = size as f32 / 2.0;
    let mut px = vec![0u8; (size * size * 4) as usize];
    for y in 0..size {
        for x in 0..size {
            let (dx, dy) = (x as f32 + 0.5 - c, y as f32 + 0.5 - c);
            let d = (dx * dx + dy * dy).sqrt();
            let edge = (r - d + 0.5).clamp(0.0, 1.0);
            let (rgb, a) = match kind {
                Sprite::Disc => ((255.0, 255.0, 255.0), edge),
                Sprite::Shadow => (
                    (255.0, 255.0, 255.0),
                    ((r - d) / (r * 0.35)).clamp(0.0, 1.0).powf(1.5),
                ),
                Sprite::Stone(stone) => {
                    // Light from the upper left: a highlight spot fading to the rim.
                    let (hx, hy) = (dx + r * 0.38, dy + r * 0.42);
                    let t = (hx * hx + hy * hy).sqrt() / (r * 1.45);
                    let rgb = match stone {
                        Stone::Black => mix((98.0, 98.0, 104.0), (14.0, 14.0, 16.0), t.powf(0.7)),
                        Stone::White => {
                            mix((255.0, 255.0, 255.0), (196.0, 192.0, 184.0), t.powf(1.6))
                        }
                    };
                    (rgb, edge)
                }
            };
            let i = ((y * size + x) * 4) as usize;
            px[i] = rgb.0 as u8;
            px[i + 1] = rgb.1 as u8;
            px[i + 2] = rgb.2 as u8;
            px[i + 3] = (a * 255.0) as u8;
        }
    }
    px
}

/// Light and dark wood, mixed by the grain.
const WOOD_LIGHT: (f32, f32, f32) = (226.0, 184.0, 112.0);
const WOOD_DARK: (f32, f32, f32) = (196.0, 150.0, 80.0);

/// A `w` x `h` board of warm wood with rounded, anti-aliased corners of `radius`: long
/// wavy streaks of grain along the board, fine fibres, and light falling from the top.
/// Computed once per size (in units of the board, so it looks the same at any size).
pub fn wood_pixels(w: u32, h: u32, radius: f32) -> Vec<u8> {
    use std::f32::consts::TAU;
    let (fw, fh) = (w as f32, h as f32);
    let mut px = vec![0u8; (w * h * 4) as usize];
    for y in 0..h {
        let v = (y as f32 + 0.5) / fh;
        for x in 0..w {
            let u = (x as f32 + 0.5) / fw;
            // Rounded corners: distance outside the rectangle shrunk by the radius.
            let (px_, py_) = (x as f32 + 0.5, y as f32 + 0.5);
            let cx = px_.clamp(radius, fw - radius);
            let cy = py_.clamp(radius, fh - radius);
            let d = ((px_ - cx).powi(2) + (py_ - cy).powi(2)).sqrt();
            let alpha = (radius - d + 0.5).clamp(0.0, 1.0);
            // Gently bent streaks at two irregular spacings, then fine fibres.
            let warp = 0.006 * (u * 5.0 + 1.3).sin() + 0.003 * (u * 13.0 + v * 3.0).sin();
            let wide = (0.5 + 0.5 * ((v + warp) * 9.0 * TAU).sin()).powi(6);
            let narrow = (0.5 + 0.5 * ((v + warp * 1.4) * 23.0 * TAU + 1.7).sin()).powi(8);
            let fibre = 0.5 + 0.5 * ((v + warp * 2.0) * 140.0 * TAU + (u * 7.0).sin()).sin();
            let light = v * 0.22;
            let t = (0.16 * wide + 0.12 * narrow + 0.07 * fibre + light).clamp(0.0, 1.0);
            let rgb = mix(WOOD_LIGHT, WOOD_DARK, t);
            let i = ((y * w + x) * 4) as usize;
            px[i] = rgb.0 as u8;
            px[i + 1] = rgb.1 as u8;
            px[i + 2] = rgb.2 as u8;
            px[i + 3] = (alpha * 255.0) as u8;
        }
    }
    px
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sprites_are_opaque_inside_and_clear_outside() {
        let r = 10;
        let px = sprite_pixels(Sprite::Stone(Stone::Black), r);
        let size = 2 * r + 2;
        let alpha = |x: u32, y: u32| px[((y * size + x) * 4 + 3) as usize];
        assert_eq!(alpha(size / 2, size / 2), 255);
        assert_eq!(alpha(0, 0), 0);
        // The rim is anti-aliased: some pixel is neither clear nor opaque.
        assert!((0..size).any(|x| (1..255).contains(&alpha(x, size / 2 - 7))));
    }

    #[test]
    fn wood_is_warm_everywhere_and_clear_beyond_its_corners() {
        let (w, h) = (120, 90);
        let px = wood_pixels(w, h, 8.0);
        let at = |x: u32, y: u32| &px[((y * w + x) * 4) as usize..][..4];
        assert_eq!(at(0, 0)[3], 0, "corner not cut");
        for (x, y) in [(60, 45), (1, 45), (60, 1), (119, 89 - 8)] {
            let p = at(x, y);
            assert!(
                p[0] > 180 && p[1] > 140 && p[2] < p[1],
                "not wood at {x},{y}: {p:?}"
            );
            assert_eq!(p[3], 255);
        }
    }
}
