import { beforeAll, describe, expect, it } from 'vitest';
import { generateSet, scoreSheet, typicalCard, type GeneratedSheet } from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import { decodeGrey, loadZxingReader } from './node';
import { recognizePage } from './recognize';

// Issue 28, failure mode 2: a whole sheet in a light pencil, many answers erased and marked again (the
// scan simulator's `light` set). Every mark a mid grey, each question one bubble clearly darker than its
// others: the engine read it as 40 of 40 填涂不清 before marks were judged against the sheet's own.

const card = typicalCard();
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

async function read(s: GeneratedSheet) {
  const r = await recognizePage(await decodeGrey(s.jpeg), card, { reader });
  return { r, score: scoreSheet(card, s.truth, r) };
}

describe('sheets in light pencil, erased and marked again', () => {
  it('read every answer a person reads at a glance, never an erased smudge', async () => {
    let smudges = 0;
    let multiSmudges = 0;
    // the front pages (objective questions) of three students, greys from about 0.2 to 0.4
    for (const i of [0, 2, 4]) {
      const s = await generateSet(card, i, { seed: 11, difficulty: 'light' });
      const { r, score } = await read(s);
      expect(score.silentErrors, s.name).toEqual([]);
      // only what a person must settle: the questions marked twice on purpose
      expect(score.needlessExceptions, s.name).toEqual([]);
      expect(r.examNumber.value).toBe(s.truth.answers.examNumber);
      const residue = s.truth.marks.filter((m) => m.kind === 'residue');
      smudges += residue.length;
      multiSmudges += residue.filter((m) => Number(m.field) >= 31 && Number(m.field) <= 35).length;
    }
    // the sheets carry what the test is about: smudges beside real marks, on 多选 questions too
    expect(smudges).toBeGreaterThan(10);
    expect(multiSmudges).toBeGreaterThan(0);
  });

  it('keep two marks of the same grey on a single-choice question an exception', async () => {
    // the first light front page in the set whose student marked a 单选 twice
    let found: GeneratedSheet | null = null;
    for (let i = 0; !found && i < 200; i += 2) {
      const s = await generateSet(card, i, { seed: 11, difficulty: 'light' });
      if (s.truth.expectExceptions.some((e) => /^\d+$/.test(e))) found = s;
    }
    expect(found).not.toBeNull();
    const { r, score } = await read(found!);
    expect(score.silentErrors).toEqual([]);
    for (const q of found!.truth.expectExceptions.filter((e) => /^\d+$/.test(e)))
      expect(r.exceptions.map((e) => e.region)).toContain(q);
  });
});
