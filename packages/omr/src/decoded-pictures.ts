import type { GreyImage } from './image';

/**
 * Pictures decoded once by their content key, the few most recently used kept (a page is ~9 MB decoded):
 * the printed blanks that go with every page to recognition, on the server's workers and at the scan agent.
 * A picture whose bytes could not be had is not kept, so the next ask tries again (the caller decides how
 * often); bytes that do not decode are kept as null, as the same key always names the same bytes.
 */
export class DecodedPictures {
  private readonly kept = new Map<string, Promise<GreyImage | null>>();

  constructor(
    private readonly decode: (bytes: Uint8Array) => Promise<GreyImage>,
    private readonly keep = 4,
  ) {}

  /** The decoded picture of `key`, from `bytes()` on the first ask (null: no bytes, or they do not decode). */
  get(key: string, bytes: () => Promise<Uint8Array | null> | Uint8Array | null): Promise<GreyImage | null> {
    const hit = this.kept.get(key);
    if (hit) {
      // the most recently used goes last, so the first is the one to let go
      this.kept.delete(key);
      this.kept.set(key, hit);
      return hit;
    }
    const img = Promise.resolve()
      .then(bytes)
      .catch(() => null)
      .then((b) => {
        if (b) return this.decode(b).catch(() => null);
        if (this.kept.get(key) === img) this.kept.delete(key);
        return null;
      });
    this.kept.set(key, img);
    if (this.kept.size > this.keep) this.kept.delete(this.kept.keys().next().value!);
    return img;
  }
}
