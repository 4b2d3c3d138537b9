//! Text: DejaVu Sans (assets/fonts, with its licence) rasterised by ab_glyph into
//! white-on-transparent RGBA images; the drawing layer turns them into cached textures.
//! Glyph outlines are read from the embedded font files only when a glyph is drawn, so
//! the two faces cost nothing until used.

use ab_glyph::{point, Font, FontRef, PxScale, ScaleFont};

static REGULAR: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");
static BOLD: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans-Bold.ttf");

/// A rasterised line of text: RGBA bytes, white with coverage as alpha.
pub struct TextImage {
    pub width: u32,
    pub height: u32,
    pub rgba: Vec<u8>,
}

/// The game's two faces.
pub struct Fonts {
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl Fonts {
    pub fn load() -> Result<Fonts, String> {
        let regular =
            FontRef::try_from_slice(REGULAR).map_err(|e| format!("DejaVuSans.ttf: {e}"))?;
        let bold =
            FontRef::try_from_slice(BOLD).map_err(|e| format!("DejaVuSans-Bold.ttf: {e}"))?;
        Ok(Fonts { regular, bold })
    }

    /// Lays out and rasterises one line at `px` pixels to the em.
    pub fn render(&self, text: &str, px: f32, bold: bool) -> TextImage {
        let font = if bold { &self.bold } else { &self.regular };
        let em = font.units_per_em().unwrap_or(2048.0);
        let font = font.as_scaled(PxScale::from(px * font.height_unscaled() / em));
        let ascent = font.ascent().ceil();
        let height = (font.ascent() - font.descent()).ceil().max(1.0) as u32;
        let mut glyphs = Vec::new();
        let mut pen = 0.0f32;
        let mut prev = None;
        for ch in text.chars() {
            let id = font.glyph_id(ch);
            if let Some(p) = prev {
                pen += font.kern(p, id);
            }
            glyphs.push(id.with_scale_and_position(font.scale(), point(pen, ascent)));
            pen += font.h_advance(id);
            prev = Some(id);
        }
        let width = pen.ceil().max(1.0) as u32 + 2;
        let mut rgba = vec![0u8; (width * height * 4) as usize];
        for glyph in glyphs {
            let Some(outline) = font.outline_glyph(glyph) else {
                continue; // a space
            };
            let b = outline.px_bounds();
            outline.draw(|gx, gy, coverage| {
                let (x, y) = (b.min.x as i32 + gx as i32, b.min.y as i32 + gy as i32);
                if x < 0 || y < 0 || x >= width as i32 || y >= height as i32 {
                    return;
                }
                let i = ((y as u32 * width + x as u32) * 4) as usize;
                let a = (coverage.clamp(0.0, 1.0) * 255.0).round() as u8;
                rgba[i..i + 3].fill(255);
                rgba[i + 3] = rgba[i + 3].max(a);
            });
        }
        TextImage {
            width,
            height,
            rgba,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_has_ink_and_grows_with_length() {
        let f = Fonts::load().unwrap();
        let a = f.render("Gomoku", 24.0, false);
        let b = f.render("Gomoku Gomoku", 24.0, true);
        assert!(b.width > a.width);
        assert!(a.rgba.chunks(4).any(|p| p[3] > 200), "glyphs were drawn");
        // 24 px to the em: a line of DejaVu Sans is about 28 px tall.
        assert!((26..=30).contains(&a.height), "height {}", a.height);
    }
}
