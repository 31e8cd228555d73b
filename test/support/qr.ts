// Reads the text of a QR code in a PNG (a data URI or bytes), as a phone camera at a gate would: pngjs decodes the
// PNG (any bit depth, ours is 1 bit per pixel) and jsQR finds the code, knowing nothing of how the image was made.
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';

// A CommonJS package: under NodeNext its default import is module.exports, whose `default` is the function.
const jsQR = jsQRModule.default;

/** The PNG's size and pixels as 8-bit RGBA (pngjs expands lower bit depths and greyscale). */
function decodePng(png: Buffer): { width: number; height: number; rgba: Uint8ClampedArray } {
  const { width, height, data } = PNG.sync.read(png);
  return { width, height, rgba: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length) };
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
