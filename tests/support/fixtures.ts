import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url)));

/** A real 1x1 PNG. */
export const PNG_BYTES = fixture('pixel.png');
export const toDataUrl = (bytes: Buffer, type: string) =>
  `data:${type};base64,${bytes.toString('base64')}`;
