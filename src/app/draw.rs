//! The drawing layer over SDL's renderer: rectangles, anti-aliased discs and stones from
//! cached sprites, and text from cached textures.

use super::layout::Rect;
use super::text::Fonts;
use super::textures::{
    sprite_pixels, texture, wood_pixels, Sprite, TextureCache, SPRITE_LIMIT, TEXT_LIMIT,
};
use crate::engine::Stone;
use sdl2::pixels::Color;
use sdl2::rect::Rect as SdlRect;
use sdl2::render::{BlendMode, Canvas};
use sdl2::video::Window;
use std::collections::hash_map::Entry;

/// Horizontal anchoring of text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Align {
    Left,
    Centre,
    Right,
}

/// Canvas plus caches of everything expensive to make.
pub struct Gfx {
    pub canvas: Canvas<Window>,
    fonts: Fonts,
    textures: TextureCache,
}

fn sdl_rect(r: Rect) -> SdlRect {
    SdlRect::new(
        r.x.round() as i32,
        r.y.round() as i32,
        r.w.round().max(1.0) as u32,
        r.h.round().max(1.0) as u32,
    )
}

impl Gfx {
    pub fn new(mut canvas: Canvas<Window>) -> Result<Gfx, String> {
        canvas.set_blend_mode(BlendMode::Blend);
        let textures = TextureCache::create(canvas.texture_creator());
        Ok(Gfx {
            canvas,
            fonts: Fonts::load()?,
            textures,
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

    /// A raised card over the board (a prompt waiting for an answer): a soft shadow under
    /// a panel-coloured rounded rectangle; `s` is the layout's scale.
    pub fn card(&mut self, b: Rect, s: f32) {
        let shadow = Rect::new(b.x - 4.0 * s, b.y + 2.0 * s, b.w + 8.0 * s, b.h + 8.0 * s);
        self.rounded(shadow, 18.0 * s, Color::RGBA(0, 0, 0, 60));
        self.rounded(b, 16.0 * s, super::theme::PANEL);
    }

    /// A rectangle with anti-aliased rounded corners. The parts tile exactly on whole
    /// pixels (no seams, no overlaps), so translucent colours blend evenly too.
    pub fn rounded(&mut self, r: Rect, radius: f32, c: Color) {
        let (x0, y0) = (r.x.round() as i32, r.y.round() as i32);
        let (x1, y1) = ((r.x + r.w).round() as i32, (r.y + r.h).round() as i32);
        let rad = (radius.round() as i32).clamp(0, (x1 - x0).min(y1 - y0) / 2);
        self.canvas.set_draw_color(c);
        let (w, h) = (x1 - x0, y1 - y0);
        let parts = [
            (x0 + rad, y0, w - 2 * rad, h),
            (x0, y0 + rad, rad, h - 2 * rad),
            (x1 - rad, y0 + rad, rad, h - 2 * rad),
        ];
        for (x, y, w, h) in parts {
            if w > 0 && h > 0 {
                let _ = self
                    .canvas
                    .fill_rect(SdlRect::new(x, y, w as u32, h as u32));
            }
        }
        if rad == 0 {
            return;
        }
        // Each corner is the matching quarter of a disc centred on a pixel boundary.
        for (cx, cy, left, top) in [
            (x0 + rad, y0 + rad, x0, y0),
            (x1 - rad, y0 + rad, x1 - rad, y0),
            (x0 + rad, y1 - rad, x0, y1 - rad),
            (x1 - rad, y1 - rad, x1 - rad, y1 - rad),
        ] {
            let quarter = SdlRect::new(left, top, rad as u32, rad as u32);
            self.canvas.set_clip_rect(quarter);
            self.disc(cx as f32, cy as f32, rad as f32, c);
            self.canvas.set_clip_rect(None);
        }
    }

    /// The board's wood filling `r`, with rounded corners (a cached texture per size).
    pub fn wood(&mut self, r: Rect, radius: f32) {
        let dst = sdl_rect(r);
        let key = (dst.width(), dst.height(), radius.round().max(0.0) as u32);
        let canvas = &mut self.canvas;
        self.textures.with_dependent_mut(|creator, caches| {
            if caches.wood.as_ref().is_none_or(|(k, _)| *k != key) {
                let px = wood_pixels(key.0, key.1, key.2 as f32);
                match texture(creator, &px, key.0, key.1) {
                    Ok(t) => caches.wood = Some((key, t)),
                    Err(e) => return log::warn!("wood: {e}"),
                }
            }
            if let Some((_, tex)) = &caches.wood {
                let _ = canvas.copy(tex, None, dst);
            }
        });
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
        let size = 2 * radius + 2;
        let dst = SdlRect::new(
            (cx - size as f32 / 2.0).round() as i32,
            (cy - size as f32 / 2.0).round() as i32,
            size,
            size,
        );
        let canvas = &mut self.canvas;
        self.textures.with_dependent_mut(|creator, caches| {
            let key = (kind, radius);
            if caches.sprites.len() >= SPRITE_LIMIT && !caches.sprites.contains_key(&key) {
                caches.sprites.clear();
            }
            let tex = match caches.sprites.entry(key) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(v) => {
                    match texture(creator, &sprite_pixels(kind, radius), size, size) {
                        Ok(t) => v.insert(t),
                        Err(e) => return log::warn!("sprite: {e}"),
                    }
                }
            };
            tex.set_color_mod(c.r, c.g, c.b);
            tex.set_alpha_mod(c.a);
            let _ = canvas.copy(tex, None, dst);
        });
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
        let (canvas, fonts) = (&mut self.canvas, &self.fonts);
        self.textures.with_dependent_mut(|creator, caches| {
            if caches.text.len() >= TEXT_LIMIT && !caches.text.contains_key(&key) {
                caches.text.clear(); // each texture frees itself on drop
            }
            let size = key.1 as f32;
            let (tex, w, h) = match caches.text.entry(key) {
                Entry::Occupied(e) => e.into_mut(),
                Entry::Vacant(v) => {
                    let img = fonts.render(s, size, bold);
                    match texture(creator, &img.rgba, img.width, img.height) {
                        Ok(t) => v.insert((t, img.width, img.height)),
                        Err(e) => {
                            log::warn!("text texture: {e}");
                            return (0.0, 0.0);
                        }
                    }
                }
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
            let _ = canvas.copy(tex, None, dst);
            (*w as f32, *h as f32)
        })
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
