import type { CardTemplate } from '@yj/contracts';
import type { GreyImage } from '@yj/omr';
import { decodedPictures } from '@yj/omr/node';
import type { Storage } from '../../../infra/storage';
import { templatePictureKey } from '../../template/template-picture';

// The printed blank of each template page (the picture the template was drawn on) goes with every page to
// recognition: on third-party sheets with letters printed inside the bubbles it shows how dark an empty
// bubble is (packages/omr printed.ts). Read from storage once per template version on the job side, decoded
// once per worker thread; a template without pictures (or a picture gone) is recognised without them.

/** A template page's picture as stored (greyscale JPEG, template pixels), named by its content key. */
export interface BlankPicture {
  page: number;
  key: string;
  bytes: Uint8Array;
}

/**
 * The template pictures of a card, read once per card object (scan.jobs keeps one per template version). A
 * picture that is not stored (null) stays left out; a storage read that failed (a network store's hiccup) is
 * not remembered, so the next page asks again instead of the whole template version going without its blank.
 */
export function blankPictures(
  storage: Storage,
): (subjectId: number, card: CardTemplate) => Promise<BlankPicture[]> {
  const cache = new WeakMap<CardTemplate, Promise<BlankPicture[]>>();
  async function read(
    subjectId: number,
    card: CardTemplate,
  ): Promise<{ out: BlankPicture[]; failed: boolean }> {
    const out: BlankPicture[] = [];
    let failed = false;
    for (const p of card.pages) {
      if (!p.image) continue;
      const bytes = await storage.get(templatePictureKey(subjectId, p.image)).catch(() => {
        failed = true;
        return null;
      });
      if (bytes) out.push({ page: p.index, key: p.image, bytes: new Uint8Array(bytes) });
    }
    return { out, failed };
  }
  return (subjectId, card) => {
    let hit = cache.get(card);
    if (!hit) {
      const reading = read(subjectId, card);
      hit = reading.then((r) => r.out);
      cache.set(card, hit);
      void reading.then((r) => {
        if (r.failed && cache.get(card) === hit) cache.delete(card);
      });
    }
    return hit;
  };
}

// Worker side: decoded pictures by content key, the few most recent.
const decoded = decodedPictures();

/** The blanks option of recognizePage from the pictures sent with a page; decoded once per thread. */
export async function blankImages(list: BlankPicture[] | undefined): Promise<Record<number, GreyImage>> {
  const out: Record<number, GreyImage> = {};
  for (const b of list ?? []) {
    const grey = await decoded.get(b.key, () => b.bytes);
    if (grey) out[b.page] = grey;
  }
  return out;
}
