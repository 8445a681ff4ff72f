import { open } from 'node:fs/promises';

const PNG_END = Buffer.from([0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const PDF_END = Buffer.from('%%EOF');

/**
 * Whether an image file is whole by its own format: a JPEG ends with its EOI marker, a PNG with its IEND
 * chunk, a PDF with %%EOF. TIFF has no end marker, so for it only the size staying put tells (the caller
 * checks that too).
 */
export async function looksComplete(file: string, size: number): Promise<boolean> {
  if (size < 8) return false;
  const ext = file.toLowerCase().split('.').at(-1) ?? '';
  if (!['jpg', 'jpeg', 'png', 'pdf'].includes(ext)) return true;
  const n = Math.min(size, 64);
  const buf = Buffer.alloc(n);
  const fh = await open(file, 'r');
  try {
    await fh.read(buf, 0, n, size - n);
  } finally {
    await fh.close();
  }
  if (ext === 'png') return buf.subarray(n - 8).equals(PNG_END);
  // an incrementally saved PDF has several %%EOF: the last one sits within the final bytes
  if (ext === 'pdf') return buf.includes(PDF_END);
  // Some scanners pad after EOI: look for FF D9 near the end.
  for (let i = n - 2; i >= 0; i--) if (buf[i] === 0xff && buf[i + 1] === 0xd9) return true;
  return false;
}
