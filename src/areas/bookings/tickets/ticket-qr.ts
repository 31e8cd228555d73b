// A ticket's QR image: the signed payload as a PNG data URI. bwip-js (pure JavaScript) lays out the code's modules;
// the PNG is written here as one bit per pixel, black on white, which is all a QR code is: about 500 bytes where
// bwip-js's own 8-bit PNG of the same picture takes 6.8 KB, and every getTickets answer carries one per ticket.
import { crc32, deflateSync } from 'node:zlib';
import bwipjs from 'bwip-js';

export const DATA_URI_PREFIX = 'data:image/png;base64,';

/** Pixels per module: a 41-module code (our payloads) is 196 px wide with its quiet zone, sharp at any zoom. */
const SCALE = 4;
/** The quiet zone around the code, in modules (the standard's minimum). */
const QUIET_MODULES = 4;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface ModuleMatrix {
  /** 1 for a dark module, row by row. */
  pixs: number[];
  pixx: number;
  pixy: number;
}

export async function qrDataUri(payload: string): Promise<string> {
  const [matrix] = bwipjs.raw({ bcid: 'qrcode', text: payload });
  if (!matrix || !('pixs' in matrix)) throw new Error('bwip-js laid out no QR code');
  return DATA_URI_PREFIX + monochromePng(matrix).toString('base64');
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/** Greyscale, 1 bit per pixel (1 = white), no interlace; each scanline with filter type 0. */
function monochromePng({ pixs, pixx, pixy }: ModuleMatrix): Buffer {
  const pad = QUIET_MODULES * SCALE;
  const [width, height] = [pixx * SCALE + 2 * pad, pixy * SCALE + 2 * pad];
  const stride = Math.ceil(width / 8) + 1;
  const scanlines = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const row = Math.floor((y - pad) / SCALE);
    for (let x = 0; x < width; x += 1) {
      const column = Math.floor((x - pad) / SCALE);
      const inside = row >= 0 && row < pixy && column >= 0 && column < pixx;
      const at = y * stride + 1 + (x >> 3);
      if (!inside || pixs[row * pixx + column] !== 1) scanlines[at] = (scanlines[at] ?? 0) | (0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(scanlines, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
