/** Bytes git looks at to decide whether a file is binary (xdiff's FIRST_FEW_BYTES). */
const SNIFF_BYTES = 8000;

/** 1 for the bytes isBinary counts as control characters, 0 for the others. */
const CONTROL = new Uint8Array(256);
for (let b = 0; b < 256; b++)
  CONTROL[b] = (b < 32 && b !== 9 && b !== 10 && b !== 13 && b !== 12 && b !== 8 && b !== 27) || b === 127 ? 1 : 0;

/**
 * git's rule (a NUL byte in the first 8000 bytes), plus a guard for text-free data without NULs:
 * more than 30% ASCII control characters other than tab, newline, carriage return, form feed,
 * backspace and escape.
 */
export function isBinary(buf: Uint8Array): boolean {
  const end = Math.min(buf.length, SNIFF_BYTES);
  if (end === 0) return false;
  // The NUL by the native search, then the control characters by a table, without a branch per
  // byte (docs/performance.md, "Session 27 (helper h85)").
  const head = buf.subarray(0, end);
  if (head.indexOf(0) >= 0) return true;
  let control = 0;
  for (let i = 0; i < end; i++) control += CONTROL[head[i]!]!;
  return control / end > 0.3;
}

/**
 * Extensions whose MIME type is binary: Linguist gives such files no language unless their exact
 * name is a known filename, whatever the bytes look like.
 */
const BINARY_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.bmp',
  '.ico',
  '.icns',
  '.tif',
  '.tiff',
  '.webp',
  '.psd',
  '.pdf',
  '.zip',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
  '.7z',
  '.rar',
  '.tar',
  '.jar',
  '.war',
  '.ear',
  '.class',
  '.o',
  '.a',
  '.so',
  '.dylib',
  '.dll',
  '.exe',
  '.bin',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp3',
  '.mp4',
  '.wav',
  '.ogg',
  '.flac',
  '.avi',
  '.mov',
  '.mkv',
  '.webm',
  '.doc',
  '.docx',
  '.xls',
  '.xlsx',
  '.ppt',
  '.pptx',
  '.odt',
  '.ods',
  '.odp',
  '.sqlite',
  '.pyc',
  '.pyo',
  '.wasm',
  '.swf',
]);

export function hasBinaryExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  return dot >= 0 && BINARY_EXTENSIONS.has(fileName.slice(dot).toLowerCase());
}
