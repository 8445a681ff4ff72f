import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { CardTemplate } from '@yj/contracts';
import type { GreyImage } from '@yj/omr';
import { decodedPictures } from '@yj/omr/node';

/** a template picture's key as the platform names it (a content hash): safe as a file name */
const KEY = /^[0-9a-f]{64}$/;

/**
 * The printed blanks of a card (its template pictures) for local recognition, as the server sends them with every
 * page (apps/server scan-blanks.ts): on sheets with letters printed inside the bubbles they show how dark an empty
 * bubble is, so the scanner is not told of exceptions the platform will not raise. Kept in the data dir beside the
 * template (the scanner may be offline later) and decoded once; a picture that cannot be had is left out and the
 * page is recognised without it, as on the server, and asked for again in the next round (as the agent's
 * templates are), so a scanner offline at the first page gets it once the platform answers.
 */
export class BlankPictures {
  private readonly decoded = decodedPictures();
  /** pictures whose fetch failed this round: not asked again until the next round */
  private readonly missed = new Set<string>();

  constructor(
    private readonly dir: string,
    /** the picture from the platform (null: no session to ask with) */
    private readonly fetchPicture: (subjectId: number, key: string) => Promise<Buffer> | null,
  ) {}

  /** A new round of the agent's loop: the pictures missed in the last one may be asked for again. */
  newRound(): void {
    this.missed.clear();
  }

  /** The blanks of the card's pages, by page index. */
  async of(subjectId: number, card: CardTemplate): Promise<Record<number, GreyImage>> {
    const out: Record<number, GreyImage> = {};
    for (const p of card.pages) {
      const key = p.image;
      if (!key || !KEY.test(key)) continue;
      const grey = await this.decoded.get(key, () => this.bytes(subjectId, key));
      if (grey) out[p.index] = grey;
    }
    return out;
  }

  private async bytes(subjectId: number, key: string): Promise<Buffer | null> {
    const file = path.join(this.dir, `${subjectId}-${key}.jpg`);
    const kept = await readFile(file).catch(() => null);
    if (kept) return kept;
    const name = `${subjectId}-${key}`;
    if (this.missed.has(name)) return null;
    const fetched = await (this.fetchPicture(subjectId, key) ?? Promise.resolve(null)).catch(() => null);
    if (!fetched) {
      this.missed.add(name);
      return null;
    }
    // written whole or not at all: a power cut mid-write must not leave a broken picture kept for good
    await mkdir(this.dir, { recursive: true });
    await writeFile(`${file}.tmp`, fetched);
    await rename(`${file}.tmp`, file);
    return fetched;
  }
}
