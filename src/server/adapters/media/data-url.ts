/** Decodes a base64 `data:` URL; the declared type is ignored (bytes are sniffed later). */
export function decodeDataUrl(value: string): Buffer | undefined {
  const match = /^data:[^,]*;base64,/i.exec(value.slice(0, 200));
  if (!match) return undefined;
  return Buffer.from(value.slice(match[0].length), 'base64');
}

/** The decoded size of a base64 data URL, computed without decoding it. */
export function dataUrlByteLength(value: string): number {
  const comma = value.indexOf(',');
  const payload = value.length - comma - 1;
  const padding = value.endsWith('==') ? 2 : value.endsWith('=') ? 1 : 0;
  return Math.floor((payload * 3) / 4) - padding;
}

export const isDataUrl = (value: string) => value.startsWith('data:');
