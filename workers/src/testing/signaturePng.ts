import { PNG } from 'pngjs';

/**
 * A signature's image for tests: a real PNG (pngjs), a blue stroke on a transparent background,
 * as staff would scan one; `variant` changes the stroke (two different signatures).
 */
export const signaturePng = (variant = 0): Buffer => {
  const width = 300;
  const height = 100;
  const png = new PNG({ width, height });
  for (let x = 10; x < width - 10; x += 1) {
    const y = Math.round(
      50 + 30 * Math.sin((x + variant * 17) / (18 + variant)) * Math.cos(x / 70),
    );
    for (let dy = -2; dy <= 2; dy += 1) {
      const i = ((y + dy) * width + x) * 4;
      png.data[i] = 20;
      png.data[i + 1] = 40;
      png.data[i + 2] = 120;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};
