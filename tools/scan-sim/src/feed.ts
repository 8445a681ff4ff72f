/**
 * How a sheet-fed scanner turns a pile of sheets into a sequence of pages, faults included. A two-sided card is
 * one sheet, front then back; the faults are the operator's and the feeder's, not the image's:
 * - `simplex`: the scanner left on 单面 — only each sheet's front is scanned;
 * - `doubleFed`: the sheet at each index is pulled through stuck to the next one — the front camera sees its
 *   front, the back camera the next sheet's back, and the two sides between are never scanned;
 * - `flipped`: the sheet at each index lies the other way round in the pile — its back comes first.
 */
export interface FeedFaults {
  simplex?: boolean;
  doubleFed?: number[];
  flipped?: number[];
}

/** The pages of `sheets` ([front, back] each, in pile order) as the scanner sends them. */
export function scannerFeed<T>(sheets: [T, T][], faults: FeedFaults = {}): T[] {
  const out: T[] = [];
  for (let i = 0; i < sheets.length; i++) {
    const sheet = sheets[i]!;
    const [front, ownBack] = faults.flipped?.includes(i) ? [sheet[1], sheet[0]] : sheet;
    let back = ownBack;
    const next = sheets[i + 1];
    if (next && faults.doubleFed?.includes(i)) {
      // the back camera sees the next sheet's far side: its back, or its front when it lies the other way round
      back = faults.flipped?.includes(i + 1) ? next[0] : next[1];
      i++;
    }
    out.push(front);
    if (!faults.simplex) out.push(back);
  }
  return out;
}
