import type { CardTemplate, TemplatePage } from '@yj/contracts';
import { parsePageQr, type BarcodeReader } from './barcode';
import { applyH } from './geometry';
import { clipRect, crop, type GreyImage } from './image';
import { candidateRotations, coarseTransform, type Rotation } from './register';
import type { PageIdentity } from './types';

/** What the page QR told us: who the page is, which way up it was fed, and whether the picture is mirrored. */
export interface Identified {
  identity: PageIdentity;
  rotation: Rotation;
  rawText: string;
  /**
   * The QR was read from its mirror image (true), read as printed (false), or the reader cannot say (null). A
   * page's QR is printed on it: read as printed, the picture of the page is not mirrored either.
   */
  mirrored: boolean | null;
}

/** Image rectangle where a template rectangle may land for a feed rotation, with room for shift, skew and scale. */
export function searchBox(
  img: GreyImage,
  page: TemplatePage,
  rot: Rotation,
  r: { x: number; y: number; w: number; h: number },
) {
  const h = coarseTransform(img, page, rot);
  const a = applyH(h, { x: r.x, y: r.y });
  const b = applyH(h, { x: r.x + r.w, y: r.y + r.h });
  const m =
    0.06 * Math.max(img.width, img.height) + 0.15 * Math.max(Math.abs(b.x - a.x), Math.abs(b.y - a.y));
  return clipRect(img, {
    x: Math.min(a.x, b.x) - m,
    y: Math.min(a.y, b.y) - m,
    w: Math.abs(b.x - a.x) + 2 * m,
    h: Math.abs(b.y - a.y) + 2 * m,
  });
}

/** Reads our page-identity QR where the card's pages put it, for each plausible feed rotation. */
export async function identifyByQr(
  img: GreyImage,
  card: CardTemplate,
  reader: BarcodeReader,
): Promise<Identified | null> {
  const tried = new Set<string>();
  for (const page of card.pages) {
    if (!page.identity) continue;
    for (const rot of candidateRotations(img, page)) {
      const box = searchBox(img, page, rot, page.identity.rect);
      if (!box) continue;
      const key = `${box.x},${box.y},${box.w},${box.h}`;
      if (tried.has(key)) continue;
      tried.add(key);
      const hits = await reader.read(crop(img, box), ['QRCode']);
      for (const hit of hits) {
        const identity = parsePageQr(hit.text);
        if (!identity) continue;
        const { topLeft, topRight } = hit.corners;
        const deg = (Math.atan2(topRight.y - topLeft.y, topRight.x - topLeft.x) * 180) / Math.PI;
        const rotation = ((((Math.round(deg / 90) * 90) % 360) + 360) % 360) as Rotation;
        return { identity, rotation, rawText: hit.text, mirrored: hit.mirrored ?? null };
      }
    }
  }
  return null;
}
