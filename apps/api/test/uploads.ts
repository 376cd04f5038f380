import { randomBytes } from 'node:crypto';
import { access } from 'node:fs/promises';
import sharp, { type Color } from 'sharp';

/** A multipart/form-data body with one file in the field `file`, as a browser's upload sends it. */
export function multipart(fileName: string, mimetype: string, content: Buffer) {
  const boundary = `----teamhire${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
      `Content-Type: ${mimetype}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    boundary,
    head,
    tail,
    payload: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A PNG of one colour. */
export const png = (width: number, height: number, background: Color = { r: 30, g: 120, b: 200 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

export const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );
