import type { GreyImage } from './image';
import { decodeJpegLuma, jpegDecoder } from './jpeg';

// Piscina task of jpeg.test.ts: the decoder loaded in a worker thread of its own.
export default function decode(jpeg: Uint8Array): { decoder: string; img: GreyImage } {
  return { decoder: jpegDecoder(), img: decodeJpegLuma(jpeg) };
}
