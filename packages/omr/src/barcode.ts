import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import type { Point } from './geometry';
import type { GreyImage } from './image';
import type { PageIdentity } from './types';

/** Symbologies the engine asks for. */
export type BarcodeFormat = 'QRCode' | 'Code128';

/** One decoded symbol, with its corners in the given image's pixels. */
export interface BarcodeHit {
  text: string;
  format: string;
  corners: { topLeft: Point; topRight: Point; bottomRight: Point; bottomLeft: Point };
  /** Read from its mirror image (QR codes): the picture holding it is mirrored. Absent where the reader cannot say. */
  mirrored?: boolean;
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** Anything that can read barcodes from a greyscale image (zxing-wasm in practice; stubs in tests). */
export interface BarcodeReader {
  read(img: GreyImage, formats: BarcodeFormat[]): Promise<BarcodeHit[]>;
}

/**
 * Barcode reader over zxing-wasm. The caller supplies the wasm bytes (zxing-wasm/dist/reader/zxing_reader.wasm):
 * without them the module fetches its wasm from a CDN, which fails offline, and this library does no I/O.
 */
export async function createZxingReader(wasmBinary: ArrayBuffer | Uint8Array): Promise<BarcodeReader> {
  const bytes = wasmBinary instanceof Uint8Array ? wasmBinary : new Uint8Array(wasmBinary);
  const copy = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  await prepareZXingModule({ overrides: { wasmBinary: copy }, fireImmediately: true });
  return {
    async read(img, formats) {
      // zxing-wasm takes RGBA ImageData and greys it again; crops are small, so the copy is cheap.
      const rgba = new Uint8ClampedArray(img.width * img.height * 4);
      if (LITTLE_ENDIAN) {
        // one 32-bit store a pixel (bytes v, v, v, 255), not four byte stores
        const px32 = new Uint32Array(rgba.buffer, 0, img.width * img.height);
        const d = img.data;
        for (let i = 0; i < px32.length; i++) px32[i] = (d[i]! * 0x010101 + 0xff000000) >>> 0;
      } else
        for (let i = 0, j = 0; i < img.data.length; i++, j += 4) {
          const v = img.data[i]!;
          rgba[j] = v;
          rgba[j + 1] = v;
          rgba[j + 2] = v;
          rgba[j + 3] = 255;
        }
      const input = {
        data: rgba,
        width: img.width,
        height: img.height,
        colorSpace: 'srgb',
      } as unknown as ImageData;
      const res = await readBarcodes(input, {
        formats,
        tryHarder: true,
        tryRotate: true,
        tryInvert: false,
        maxNumberOfSymbols: 2,
      });
      return res
        .filter((r) => r.isValid)
        .map((r) => ({ text: r.text, format: r.format, corners: r.position, mirrored: r.isMirrored }));
    },
  };
}

const QR_PREFIX = 'YJ1';

/** Page-identity QR payload printed on our cards: `YJ1|t=<templateId>|p=<page>[|e=<exam>][|s=<subject>]`. */
export function encodePageQr(id: PageIdentity): string {
  const parts = [QR_PREFIX, `t=${id.templateId}`, `p=${id.page}`];
  if (id.examId) parts.push(`e=${id.examId}`);
  if (id.subjectId) parts.push(`s=${id.subjectId}`);
  return parts.join('|');
}

/** Parses our page QR; null when the text is someone else's code. */
export function parsePageQr(text: string): PageIdentity | null {
  const parts = text.split('|');
  if (parts[0] !== QR_PREFIX) return null;
  const kv = new Map(parts.slice(1).map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)]));
  const templateId = kv.get('t');
  const page = Number(kv.get('p'));
  if (!templateId || !Number.isInteger(page) || page < 0) return null;
  const id: PageIdentity = { templateId, page };
  const e = kv.get('e');
  const s = kv.get('s');
  if (e) id.examId = e;
  if (s) id.subjectId = s;
  return id;
}
