//! Text: DejaVu Sans (assets/fonts, with its licence) rasterised by fontdue into
//! white-on-transparent RGBA images; the drawing layer turns them into cached textures.

use fontdue::{Font, FontSettings};

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
    regular: Font,
    bold: Font,
}

impl Fonts {
    pub fn load() -> Result<Fonts, String> {
        let regular = Font::from_bytes(REGULAR, FontSettings::default())
            .map_err(|e| format!("DejaVuSans.ttf: {e}"))?;
        let bold = Font::from_bytes(BOLD, FontSettings::default())
            .map_err(|e| format!("DejaVuSans-Bold.ttf: {e}"))?;
        Ok(Fonts { regular, bold })
    }

    /// Lays out and rasterises one line at `px` pixels.
    pub fn render(&self, text: &str, px: f32, bold: bool) -> TextImage {
        let font = if bold { &self.bold } else { &self.regular };
        let line = font.horizontal_line_metrics(px);
        let ascent = line.map_or(px * 0.8, |l| l.ascent).ceil();
        let height = line
            .map_or(px * 1.2, |l| l.ascent - l.descent)
            .ceil()
            .max(1.0) as u32;
        let mut glyphs = Vec::new();
        let mut pen = 0.0f32;
        let mut prev: Option<char> = None;
        for ch in text.chars() {
            if let Some(p) = prev {
                pen += font.horizontal_kern(p, ch, px).unwrap_or(0.0);
            }
            let (m, bitmap) = font.rasterize(ch, px);
            glyphs.push((pen, m, bitmap));
            pen += m.advance_width;
            prev = Some(ch);
        }
        let width = pen.ceil().max(1.0) as u32 + 2;
        let mut rgba = vec![0u8; (width * height * 4) as usize];
        for (x0, m, bitmap) in glyphs {
            let left = (x0 + m.xmin as f32).round() as i32;
            let top = (ascent - (m.ymin as f32 + m.height as f32)) as i32;
            for gy in 0..m.height {
                for gx in 0..m.width {
                    let (x, y) = (left + gx as i32, top + gy as i32);
                    if x < 0 || y < 0 || x >= width as i32 || y >= height as i32 {
                        continue;
                    }
                    let i = ((y as u32 * width + x as u32) * 4) as usize;
                    let a = bitmap[gy * m.width + gx];
                    rgba[i..i + 3].fill(255);
                    rgba[i + 3] = rgba[i + 3].max(a);
                }
            }
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
    }
}
