// Reads the text of a QR code in a PNG (a data URI or bytes), as a phone camera at a gate would: the PNG is decoded
// here (8-bit RGBA or grey, not interlaced: what bwip-js writes) and the code found by jsQR, which knows nothing of
// how the image was made.
import { inflateSync } from 'node:zlib';
import jsQRModule from 'jsqr';

// A CommonJS package: under NodeNext its default import is module.exports, whose `default` is the function.
const jsQR = jsQRModule.default;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

interface Png {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
}

function paeth(left: number, up: number, upLeft: number): number {
  const p = left + up - upLeft;
  const [a, b, c] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)];
  return a <= b && a <= c ? left : b <= c ? up : upLeft;
}

/** The scanlines without their filters (PNG filter types 0-4). */
function unfilter(data: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const type = data[y * (stride + 1)] ?? 0;
    for (let x = 0; x < stride; x += 1) {
      const raw = data[y * (stride + 1) + 1 + x] ?? 0;
      const left = x >= bpp ? (out[y * stride + x - bpp] ?? 0) : 0;
      const up = y > 0 ? (out[(y - 1) * stride + x] ?? 0) : 0;
      const upLeft = x >= bpp && y > 0 ? (out[(y - 1) * stride + x - bpp] ?? 0) : 0;
      const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type] ?? 0;
      out[y * stride + x] = (raw + predictor) & 0xff;
    }
  }
  return out;
}

export function decodePng(png: Buffer): Png {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG');
  let offset = 8;
  const idat: Buffer[] = [];
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | undefined;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString('ascii', offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      header = {
        width: body.readUInt32BE(0),
        height: body.readUInt32BE(4),
        depth: body[8] ?? 0,
        colour: body[9] ?? 0,
        interlace: body[12] ?? 0,
      };
    }
    if (type === 'IDAT') idat.push(body);
    offset += 12 + length;
  }
  const channels = header ? CHANNELS[header.colour] : undefined;
  if (!header || !channels || header.depth !== 8 || header.interlace !== 0) throw new Error('unsupported PNG');
  const { width, height } = header;
  const pixels = unfilter(inflateSync(Buffer.concat(idat)), width, height, channels);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i += 1) {
    const at = i * channels;
    const grey = channels <= 2;
    rgba[i * 4] = pixels[at] ?? 0;
    rgba[i * 4 + 1] = pixels[grey ? at : at + 1] ?? 0;
    rgba[i * 4 + 2] = pixels[grey ? at : at + 2] ?? 0;
    rgba[i * 4 + 3] = channels === 4 ? (pixels[at + 3] ?? 255) : channels === 2 ? (pixels[at + 1] ?? 255) : 255;
  }
  return { width, height, rgba };
}

/** The text of the QR code in a PNG data URI (or PNG bytes); throws when none is found. */
export function readQr(image: string | Buffer): string {
  const png = typeof image === 'string' ? Buffer.from(image.replace(/^data:image\/png;base64,/, ''), 'base64') : image;
  const { width, height, rgba } = decodePng(png);
  // transparent pixels are the background: on white, as a screen shows them
  for (let i = 0; i < rgba.length; i += 4) {
    const alpha = (rgba[i + 3] ?? 255) / 255;
    for (let c = 0; c < 3; c += 1) rgba[i + c] = Math.round((rgba[i + c] ?? 0) * alpha + 255 * (1 - alpha));
    rgba[i + 3] = 255;
  }
  const found = jsQR(rgba, width, height);
  if (!found) throw new Error('no QR code found in the image');
  return found.data;
}
