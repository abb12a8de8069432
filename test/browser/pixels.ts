// What a screenshot shows, as numbers: Chromium's PNG screenshots decoded (8-bit RGB or RGBA, not interlaced, the
// only kind it writes), so a test can say "this area is dark" about the pixels a reader sees, not about CSS.
import { relativeLuminance } from '../../src/shared/config/theme.ts';
import { inflateSync } from 'node:zlib';
import type { Locator, Page } from 'playwright-core';

interface Image {
  width: number;
  height: number;
  /** RGB triples, row by row. */
  rgb: Uint8Array;
}

export function decodePng(png: Buffer): Image {
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('latin1', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      if (depth !== 8 || (colour !== 2 && colour !== 6) || interlace !== 0)
        throw new Error(`unsupported PNG (depth ${depth}, colour type ${colour}, interlace ${interlace})`);
      channels = colour === 6 ? 4 : 3;
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels] : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x] : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels] : 0;
      const p = a + b - c;
      const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
      const paeth = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      const predictor = [0, a, b, (a + b) >> 1, paeth][filter];
      pixels[y * stride + x] = (line[x] + predictor) & 0xff;
    }
  }
  const rgb = new Uint8Array(width * height * 3);
  for (let i = 0; i < width * height; i++) rgb.set(pixels.subarray(i * channels, i * channels + 3), i * 3);
  return { width, height, rgb };
}

type Clip = { x: number; y: number; width: number; height: number };

/** The pixels (RGB) of what the element, or a clip of the page, shows. */
async function pixelsOf(target: Locator | Page, clip?: Clip): Promise<Uint8Array> {
  return decodePng('mouse' in target ? await target.screenshot({ clip }) : await target.screenshot()).rgb;
}

/** The mean relative luminance (0 black, 1 white) of what the element, or a clip of the page, shows. */
export async function meanLuminance(target: Locator | Page, clip?: Clip): Promise<number> {
  const rgb = await pixelsOf(target, clip);
  let sum = 0;
  for (let i = 0; i < rgb.length; i += 3) sum += relativeLuminance(rgb[i], rgb[i + 1], rgb[i + 2]);
  return sum / (rgb.length / 3);
}

/**
 * The largest difference in any colour channel between two pixels of what the element, or a clip of the page,
 * shows: 0 for one flat colour, a few units for an edge's anti-aliasing, tens for a second colour or a drawn shape.
 */
export async function colourSpread(target: Locator | Page, clip?: Clip): Promise<number> {
  const rgb = await pixelsOf(target, clip);
  let spread = 0;
  for (let channel = 0; channel < 3; channel++) {
    let [low, high] = [255, 0];
    for (let i = channel; i < rgb.length; i += 3) [low, high] = [Math.min(low, rgb[i]), Math.max(high, rgb[i])];
    spread = Math.max(spread, high - low);
  }
  return spread;
}
