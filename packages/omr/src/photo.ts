import type { CardTemplate } from '@yj/contracts';
import { fitHomography, type Point } from './geometry';
import type { GreyImage } from './image';
import { findSheet } from './photo-quad';
import { emptyResult, recognizePage, type RecognizeOptions, type StageTimings } from './recognize';
import type { PageResult } from './types';

// Phone photos (课堂小测 scanned with a teacher's phone): the sheet lies somewhere in the photo, tilted,
// under uneven light. It is cut out along its edges and straightened to the card's page size, and its
// lighting evened out, so the page then reads as a scan does: same registration by anchors, same trust
// check, same exceptions. Registration by anchors still corrects what the straightening left.

/** The straightened page, or the photo and why the sheet was not found (the page becomes a 定位异常). */
export type PhotoPage =
  | { ok: true; image: GreyImage; quad: [Point, Point, Point, Point] }
  | { ok: false; image: GreyImage; reason: string };

/**
 * Warps the quadrilateral `quad` (clockwise from its top left) of `img` onto a `width` × `height` image
 * (bilinear; a pixel outside the photo reads as paper white).
 */
export function warpQuad(img: GreyImage, quad: readonly Point[], width: number, height: number): GreyImage {
  const h = fitHomography(
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
    [...quad],
  );
  if (!h) throw new Error('degenerate quadrilateral');
  const data = new Uint8Array(width * height);
  const { width: iw, height: ih, data: src } = img;
  // the homography written out per pixel: this loop runs over every pixel of the page
  for (let y = 0; y < height; y++) {
    const Y = y + 0.5;
    for (let x = 0; x < width; x++) {
      const X = x + 0.5;
      const w = h[6] * X + h[7] * Y + h[8];
      const u = (h[0] * X + h[1] * Y + h[2]) / w - 0.5;
      const v = (h[3] * X + h[4] * Y + h[5]) / w - 0.5;
      const u0 = Math.floor(u);
      const v0 = Math.floor(v);
      if (u0 < 0 || v0 < 0 || u0 + 1 >= iw || v0 + 1 >= ih) {
        data[y * width + x] = 255;
        continue;
      }
      const fu = u - u0;
      const fv = v - v0;
      const i = v0 * iw + u0;
      data[y * width + x] =
        (src[i]! * (1 - fu) + src[i + 1]! * fu) * (1 - fv) +
        (src[i + iw]! * (1 - fu) + src[i + iw + 1]! * fu) * fv;
    }
  }
  return { width, height, data };
}

/**
 * Evens out the light on a page that is all paper: the paper level is estimated per block (a bright
 * quantile, then the median of the blocks around), and every pixel is scaled so paper reads `white`.
 * Ink keeps its ratio to the paper under it: a mark in a shadow stays as dark relative to its paper.
 */
export function evenLighting(img: GreyImage, white = 235): GreyImage {
  const { width: w, height: h } = img;
  const size = Math.max(8, Math.round(Math.max(w, h) / 48));
  const gw = Math.ceil(w / size);
  const gh = Math.ceil(h / size);
  const level = new Float32Array(gw * gh);
  const hist = new Uint32Array(256);
  for (let by = 0; by < gh; by++)
    for (let bx = 0; bx < gw; bx++) {
      hist.fill(0);
      let n = 0;
      for (let y = by * size; y < Math.min(h, (by + 1) * size); y += 2)
        for (let x = bx * size; x < Math.min(w, (bx + 1) * size); x += 2) {
          hist[img.data[y * w + x]!]!++;
          n++;
        }
      let acc = 0;
      let v = 255;
      for (let t = 0; t < 256; t++)
        if ((acc += hist[t]!) >= n * 0.9) {
          v = t;
          break;
        }
      level[by * gw + bx] = v;
    }
  const around = (src: Float32Array, f: (vals: number[]) => number) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < gh; y++)
      for (let x = 0; x < gw; x++) {
        const vals: number[] = [];
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy >= 0 && yy < gh && xx >= 0 && xx < gw) vals.push(src[yy * gw + xx]!);
          }
        out[y * gw + x] = f(vals);
      }
    return out;
  };
  // the median of the 3 × 3 blocks: a block that is mostly ink takes its neighbours' paper, and a
  // shadow's edge stays where it is (a maximum would carry the lit side's level into the shadow)
  const paper = around(level, (v) => v.sort((a, b) => a - b)[v.length >> 1]!);
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const fy = Math.min(gh - 1, Math.max(0, (y + 0.5) / size - 0.5));
    const y0 = Math.floor(fy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const ty = fy - y0;
    for (let x = 0; x < w; x++) {
      const fx = Math.min(gw - 1, Math.max(0, (x + 0.5) / size - 0.5));
      const x0 = Math.floor(fx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const tx = fx - x0;
      const p =
        (paper[y0 * gw + x0]! * (1 - tx) + paper[y0 * gw + x1]! * tx) * (1 - ty) +
        (paper[y1 * gw + x0]! * (1 - tx) + paper[y1 * gw + x1]! * tx) * ty;
      data[y * w + x] = Math.min(255, (img.data[y * w + x]! * white) / Math.max(16, p));
    }
  }
  return { width: w, height: h, data };
}

/**
 * Turns a phone photo into a page image the size of the card's page (its template px): finds the sheet,
 * straightens it (portrait or landscape as photographed: the recognition tries the turns as for a scan),
 * evens out the light. When no sheet is found, the photo itself comes back with the reason.
 */
export function straightenPhoto(img: GreyImage, card: CardTemplate): PhotoPage {
  const page = card.pages[0];
  if (!page) return { ok: false, image: img, reason: '答题卡没有页面' };
  const long = Math.max(page.width, page.height);
  const short = Math.min(page.width, page.height);
  const found = findSheet(img, long / short);
  if (!found.ok) return { ok: false, image: img, reason: found.reason };
  const q = found.quad;
  const across =
    (Math.hypot(q[1].x - q[0].x, q[1].y - q[0].y) + Math.hypot(q[2].x - q[3].x, q[2].y - q[3].y)) / 2;
  const down =
    (Math.hypot(q[3].x - q[0].x, q[3].y - q[0].y) + Math.hypot(q[2].x - q[1].x, q[2].y - q[1].y)) / 2;
  const portrait = page.height >= page.width;
  const pw = Math.round(page.width);
  const ph = Math.round(page.height);
  const [w, h] = down >= across === portrait ? [pw, ph] : [ph, pw];
  // a sheet seen at a steep angle or not of the card's shape (another paper, two sheets side by side)
  const seen = Math.max(across, down) / Math.min(across, down);
  if (Math.abs(seen / (long / short) - 1) > 0.25)
    return { ok: false, image: img, reason: '纸张比例与答题卡不符（拍摄角度过斜或不是本答题卡）' };
  // under 60 % of the card's resolution (≈ 120 dpi for a 200 dpi card) a bubble is a few pixels across
  if (Math.min(across, down) < short * 0.6)
    return { ok: false, image: img, reason: '纸张在照片中太小，请靠近拍摄' };
  return { ok: true, image: evenLighting(warpQuad(img, q, w, h)), quad: q };
}

/** A photo's recognition: the result, and the picture it was read from (the straightened page, else the photo). */
export interface PhotoRecognition {
  result: PageResult & { timings?: StageTimings };
  image: GreyImage;
  /** Where the sheet was found in the photo (photo px), when it was. */
  quad: [Point, Point, Point, Point] | null;
}

/**
 * Recognises a phone photo: straightened, then read as a scanned page (same registration, trust check and
 * exceptions). A photo whose sheet is not found is read as it is (a photo cropped to the sheet has no
 * background to find it by); when that does not register either, it is a 定位异常 with the reason the
 * sheet was not found, and the photo is its picture.
 */
export async function recognizePhoto(
  img: GreyImage,
  card: CardTemplate,
  opts: RecognizeOptions = {},
): Promise<PhotoRecognition> {
  const s = straightenPhoto(img, card);
  if (s.ok) return { result: await recognizePage(s.image, card, opts), image: s.image, quad: s.quad };
  const even = evenLighting(img);
  const asScan = await recognizePage(even, card, opts);
  if (asScan.registration) return { result: asScan, image: even, quad: null };
  const result = emptyResult();
  result.exceptions.push({ type: 'location', region: 'anchors', reason: s.reason });
  return { result, image: img, quad: null };
}
