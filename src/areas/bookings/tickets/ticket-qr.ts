// A ticket's QR image: the signed payload as a PNG data URI (bwip-js, pure JavaScript).
import bwipjs from 'bwip-js';

export const DATA_URI_PREFIX = 'data:image/png;base64,';

export async function qrDataUri(payload: string): Promise<string> {
  const png = await bwipjs.toBuffer({ bcid: 'qrcode', text: payload, scale: 4, paddingwidth: 4, paddingheight: 4 });
  return DATA_URI_PREFIX + png.toString('base64');
}
