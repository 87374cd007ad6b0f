// Types of scripts/precompress.mjs (plain JavaScript: `npm start` runs it with node alone).
export function isCompressible(fileName: string): boolean;
export function compressAsset(path: string): void;
export function uncompressedAssets(webRoot: string): string[];
