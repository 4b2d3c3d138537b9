//! The drawing layer over SDL's renderer: rectangles, anti-aliased discs and stones from
//! cached sprites, and text from cached textures.

use super::layout::Rect;
use super::text::Fonts;
use crate::engine::Stone;
use sdl2::pixels::{Color, PixelFormatEnum};
use sdl2::rect::Rect as SdlRect;
use sdl2::render::{BlendMode, Canvas, Texture, TextureCreator};
use sdl2::video::{Window, WindowContext};
use std::collections::HashMap;

/// Horizontal anchoring of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Sprite {
    Disc,
    Shadow,
    Stone(Stone),
}

/// Most text textures kept before the cache is emptied (status text changes often).
const TEXT_CACHE_LIMIT: usize = 256;

/// Canvas plus caches of everything expensive to make.
pub struct Gfx {
    pub canvas: Canvas<Window>,
    creator: TextureCreator<WindowContext>,
    fonts: Fonts,
    text_cache: HashMap<(String, u32, bool), (Texture, u32, u32)>,
    sprites: HashMap<(Sprite, u32), Texture>,
}

fn sdl_rect(r: Rect) -> SdlRect {
    SdlRect::new(
        r.x.round() as i32,
        r.y.round() as i32,
        r.w.round().max(1.0) as u32,
        r.h.round().max(1.0) as u32,
    )
}

fn mix(a: (f32, f32, f32), b: (f32, f32, f32), t: f32) -> (f32, f32, f32) {
    let t = t.clamp(0.0, 1.0);
    (
        a.0 + (b.0 - a.0) * t,
        a.1 + (b.1 - a.1) * t,
        a.2 + (b.2 - a.2) * t,
    )
}

impl Gfx {
    pub fn new(mut canvas: Canvas<Window>) -> Result<Gfx, String> {
        canvas.set_blend_mode(BlendMode::Blend);
        let creator = canvas.texture_creator();
        Ok(Gfx {
            canvas,
            creator,
            fonts: Fonts::load()?,
            text_cache: HashMap::new(),
            sprites: HashMap::new(),
        })
    }

    pub fn clear(&mut self, c: Color) {
        self.canvas.set_draw_color(c);
        self.canvas.clear();
    }

    pub fn fill(&mut self, r: Rect, c: Color) {
        self.canvas.set_draw_color(c);
        let _ = self.canvas.fill_rect(sdl_rect(r));
    }

    /// A rectangle with anti-aliased rounded corners (opaque colours look best).
    pub fn rounded(&mut self, r: Rect, radius: f32, c: Color) {
        let rad = radius.min(r.w / 2.0).min(r.h / 2.0).max(0.0);
        self.fill(Rect::new(r.x + rad, r.y, r.w - 2.0 * rad, r.h), c);
        self.fill(Rect::new(r.x, r.y + rad, rad, r.h - 2.0 * rad), c);
        self.fill(
            Rect::new(r.x + r.w - rad, r.y + rad, rad, r.h - 2.0 * rad),
            c,
        );
        for (cx, cy) in [
            (r.x + rad, r.y + rad),
            (r.x + r.w - rad, r.y + rad),
            (r.x + rad, r.y + r.h - rad),
            (r.x + r.w - rad, r.y + r.h - rad),
        ] {
            self.corner(cx, cy, rad, c, r);
        }
    }

    /// One quarter of a disc, clipped to the rectangle's corner region.
    fn corner(&mut self, cx: f32, cy: f32, rad: f32, c: Color, r: Rect) {
        let clip = SdlRect::new(
            if cx < r.x + r.w / 2.0 {
                r.x.round() as i32
            } else {
                cx.round() as i32
            },
            if cy < r.y + r.h / 2.0 {
                r.y.round() as i32
            } else {
                cy.round() as i32
            },
            rad.ceil() as u32 + 1,
            rad.ceil() as u32 + 1,
        );
        self.canvas.set_clip_rect(clip);
        self.disc(cx, cy, rad, c);
        self.canvas.set_clip_rect(None);
    }

    /// A line of `thickness` pixels (axis-aligned lines are exact rectangles).
    pub fn line(&mut self, (x1, y1): (f32, f32), (x2, y2): (f32, f32), thickness: f32, c: Color) {
        let t = thickness.max(1.0);
        if (y1 - y2).abs() < 0.01 {
            self.fill(
                Rect::new(x1.min(x2), y1 - t / 2.0, (x2 - x1).abs() + t / 2.0, t),
                c,
            );
        } else if (x1 - x2).abs() < 0.01 {
            self.fill(
                Rect::new(x1 - t / 2.0, y1.min(y2), t, (y2 - y1).abs() + t / 2.0),
                c,
            );
        } else {
            // Diagonals (the winning line): a row of discs gives round, smooth strokes.
            let len = ((x2 - x1).powi(2) + (y2 - y1).powi(2)).sqrt();
            let steps = (len / (t * 0.3)).ceil().max(1.0) as usize;
            for i in 0..=steps {
                let f = i as f32 / steps as f32;
                self.disc(x1 + (x2 - x1) * f, y1 + (y2 - y1) * f, t / 2.0, c);
            }
        }
    }

    /// An anti-aliased filled circle.
    pub fn disc(&mut self, cx: f32, cy: f32, r: f32, c: Color) {
        self.sprite(Sprite::Disc, cx, cy, r, c);
    }

    /// A stone with its soft shadow; `alpha` < 255 for the ghost stone.
    pub fn stone(&mut self, cx: f32, cy: f32, r: f32, stone: Stone, alpha: u8) {
        let shadow = Color::RGBA(0, 0, 0, (alpha as u32 * 110 / 255) as u8);
        self.sprite(
            Sprite::Shadow,
            cx + r * 0.10,
            cy + r * 0.16,
            r * 1.12,
            shadow,
        );
        self.sprite(
            Sprite::Stone(stone),
            cx,
            cy,
            r,
            Color::RGBA(255, 255, 255, alpha),
        );
    }

    fn sprite(&mut self, kind: Sprite, cx: f32, cy: f32, r: f32, c: Color) {
        let radius = r.round().max(1.0) as u32;
        if !self.sprites.contains_key(&(kind, radius)) {
            match self.make_sprite(kind, radius) {
                Ok(t) => {
                    self.sprites.insert((kind, radius), t);
                }
                Err(e) => {
                    log::warn!("sprite: {e}");
                    return;
                }
            }
        }
        let Some(tex) = self.sprites.get_mut(&(kind, radius)) else {
            return;
        };
        tex.set_color_mod(c.r, c.g, c.b);
        tex.set_alpha_mod(c.a);
        let size = 2 * radius + 2;
        let dst = SdlRect::new(
            (cx - size as f32 / 2.0).round() as i32,
            (cy - size as f32 / 2.0).round() as i32,
            size,
            size,
        );
        let _ = self.canvas.copy(tex, None, dst);
    }

    fn make_sprite(&mut self, kind: Sprite, radius: u32) -> Result<Texture, String> {
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
                            Stone::Black => {
                                mix((98.0, 98.0, 104.0), (14.0, 14.0, 16.0), t.powf(0.7))
                            }
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
        self.texture(&px, size, size)
    }

    fn texture(&mut self, rgba: &[u8], w: u32, h: u32) -> Result<Texture, String> {
        let mut tex = self
            .creator
            .create_texture_static(PixelFormatEnum::RGBA32, w, h)
            .map_err(|e| e.to_string())?;
        tex.update(None, rgba, (w * 4) as usize)
            .map_err(|e| e.to_string())?;
        tex.set_blend_mode(BlendMode::Blend);
        Ok(tex)
    }

    /// Draws one line of text anchored at `x` and vertically centred on `y`; returns its size.
    pub fn text(
        &mut self,
        s: &str,
        (x, y): (f32, f32),
        px: f32,
        c: Color,
        align: Align,
        bold: bool,
    ) -> (f32, f32) {
        if s.is_empty() {
            return (0.0, 0.0);
        }
        let key = (s.to_string(), px.round().max(4.0) as u32, bold);
        if !self.text_cache.contains_key(&key) {
            if self.text_cache.len() >= TEXT_CACHE_LIMIT {
                for (_, (tex, _, _)) in self.text_cache.drain() {
                    // SAFETY: with `unsafe_textures` a texture must not outlive its
                    // renderer; the canvas (the renderer) is owned by this Gfx and alive,
                    // and the texture is removed from the cache so it is never used again.
                    unsafe { tex.destroy() };
                }
            }
            let img = self.fonts.render(s, key.1 as f32, bold);
            match self.texture(&img.rgba, img.width, img.height) {
                Ok(t) => {
                    self.text_cache
                        .insert(key.clone(), (t, img.width, img.height));
                }
                Err(e) => {
                    log::warn!("text texture: {e}");
                    return (0.0, 0.0);
                }
            }
        }
        let Some((tex, w, h)) = self.text_cache.get_mut(&key) else {
            return (0.0, 0.0);
        };
        tex.set_color_mod(c.r, c.g, c.b);
        tex.set_alpha_mod(c.a);
        let left = match align {
            Align::Left => x,
            Align::Centre => x - *w as f32 / 2.0,
            Align::Right => x - *w as f32,
        };
        let dst = SdlRect::new(
            left.round() as i32,
            (y - *h as f32 / 2.0).round() as i32,
            *w,
            *h,
        );
        let _ = self.canvas.copy(tex, None, dst);
        (*w as f32, *h as f32)
    }

    /// Width and height `s` would take.
    pub fn measure(&self, s: &str, px: f32, bold: bool) -> (f32, f32) {
        let img = self.fonts.render(s, px.round(), bold);
        (img.width as f32, img.height as f32)
    }

    /// Drawable size in pixels.
    pub fn output_size(&self) -> (u32, u32) {
        self.canvas.output_size().unwrap_or((800, 600))
    }
}
