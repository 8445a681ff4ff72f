import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CardTemplate } from '@yj/contracts';
import type { GreyImage } from '@yj/omr';
import { decodeGrey } from '@yj/omr/node';

/** a template picture's key as the platform names it (a content hash): safe as a file name */
const KEY = /^[0-9a-f]{64}$/;

/**
 * The printed blanks of a card (its template pictures) for local recognition, as the server sends them with every
 * page (apps/server scan-blanks.ts): on sheets with letters printed inside the bubbles they show how dark an empty
 * bubble is, so the scanner is not told of exceptions the platform will not raise. Kept in the data dir beside the
 * template (the scanner may be offline later), decoded once per card; a picture that cannot be had is left out and
 * the page is recognised without it, as on the server.
 */
export class BlankPictures {
  private readonly decoded = new WeakMap<CardTemplate, Promise<Record<number, GreyImage>>>();

  constructor(
    private readonly dir: string,
    /** the picture from the platform (null: no session to ask with) */
    private readonly fetchPicture: (subjectId: number, key: string) => Promise<Buffer> | null,
  ) {}

  /** The blanks of the card's pages, by page index. */
  of(subjectId: number, card: CardTemplate): Promise<Record<number, GreyImage>> {
    let hit = this.decoded.get(card);
    if (!hit) {
      hit = this.read(subjectId, card);
      this.decoded.set(card, hit);
    }
    return hit;
  }

  private async read(subjectId: number, card: CardTemplate): Promise<Record<number, GreyImage>> {
    const out: Record<number, GreyImage> = {};
    for (const p of card.pages) {
      if (!p.image || !KEY.test(p.image)) continue;
      const bytes = await this.bytes(subjectId, p.image);
      const grey = bytes && (await decodeGrey(bytes).catch(() => null));
      if (grey) out[p.index] = grey;
    }
    return out;
  }

  private async bytes(subjectId: number, key: string): Promise<Buffer | null> {
    const file = path.join(this.dir, `${subjectId}-${key}.jpg`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return kept;
    const fetched = await (this.fetchPicture(subjectId, key) ?? Promise.resolve(null)).catch(() => null);
    if (fetched) {
      // written whole or not at all: a power cut mid-write must not leave a broken picture kept for good
      await mkdir(this.dir, { recursive: true });
      await writeFile(`${file}.tmp`, fetched);
      await rename(`${file}.tmp`, file);
    }
    return fetched;
  }
}
