import { beforeAll, describe, expect, it } from 'vitest';
import type { SubjectiveBox } from '@yj/contracts';
import { blacken, createRng, randomAnswers, simulateSheet, typicalCard } from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import type { Matrix3 } from './geometry';
import { decodeGrey, loadZxingReader } from './node';
import { pageFields } from './layout';
import { mapRect } from './read';
import { recognizePage } from './recognize';
import { subjectiveProblem } from './subjective';

// 主观题异常 raised by recognition: a 打分栏 that cannot be read, an answer box the image does not show whole.

const card = typicalCard();
const back = card.pages[1]!;
const strip = back.scoreBoxes[0]!;
const digits = pageFields(back).scores[0]!.fields;
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

/** A clean back page whose 打分栏 reads `score`, optionally edited after the scan. */
async function backPage(seed: number, score: number) {
  const a = randomAnswers(back, createRng(seed), 'clean');
  a.scores[strip.name] = score;
  return simulateSheet(card, 1, a, { seed, difficulty: 'clean', feed: 0 });
}

describe('打分栏 (score strip)', () => {
  it('reads a clean strip as its score, with no exception', async () => {
    const s = await backPage(11, 17);
    const r = await recognizePage(await decodeGrey(s.jpeg), card, { reader });
    expect(r.scores[0]).toMatchObject({ name: strip.name, value: 17 });
    expect(r.exceptions).toEqual([]);
  });

  it('raises a strip with two units filled as one 主观题 doubt on the whole strip, every fill kept', async () => {
    const s = await backPage(12, 14);
    const units = digits[1]!;
    // the teacher also filled 6: 4 and 6 both marked
    const jpeg = await blacken(s.jpeg, [units.bubbles[6]!.rect], s.truth.transform);
    const r = await recognizePage(await decodeGrey(jpeg), card, { reader });
    const ex = r.exceptions.filter((e) => e.type === 'subjective');
    expect(ex).toHaveLength(1);
    expect(ex[0]).toMatchObject({ region: strip.name, reason: '打分栏填涂不清或多涂' });
    expect(ex[0]!.fills).toHaveLength(digits.reduce((n, f) => n + f.bubbles.length, 0));
    expect(r.scores[0]!.value).toBeNull();
    expect(r.exceptions.some((e) => e.type === 'objective')).toBe(false);
  });
});

describe('answer boxes', () => {
  it('raises a blacked-out answer box, and nothing on the boxes students wrote in', async () => {
    const s = await backPage(13, 9);
    const clean = await recognizePage(await decodeGrey(s.jpeg), card, { reader });
    expect(clean.exceptions.filter((e) => e.type === 'subjective')).toEqual([]);
    const box = back.subjective[1]!;
    const jpeg = await blacken(s.jpeg, [box.rect], s.truth.transform);
    const r = await recognizePage(await decodeGrey(jpeg), card, { reader });
    expect(r.exceptions.filter((e) => e.type === 'subjective')).toEqual([
      { type: 'subjective', region: box.name, reason: '主观题区域大面积涂黑或被遮挡，请检查图像' },
    ]);
  });

  it('raises a box the scan cut off, not one a few pixels over the edge', () => {
    const img = { width: 1000, height: 800, data: new Uint8Array(1000 * 800).fill(235) };
    const id: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const box = (x: number, w: number): SubjectiveBox => ({
      name: '第13题',
      question: '13',
      rect: { x, y: 100, w, h: 500 },
    });
    const at = (b: SubjectiveBox, on = img) =>
      subjectiveProblem(on, id, b, { name: b.name, question: b.question, ...mapRect(id, b.rect) });
    expect(at(box(100, 800))).toBeNull();
    expect(at(box(205, 800))).toBeNull(); // 5 px over the right edge: drawn to the edge of the template
    expect(at(box(400, 800))).toBe('主观题区域超出图像，扫描不完整，作答可能缺失');
    // dense writing (a quarter of the box inked) is never a cover
    const inked = { ...img, data: img.data.slice() };
    for (let y = 100; y < 600; y++)
      for (let x = 100; x < 900; x++) if ((x + y) % 4 === 0) inked.data[y * 1000 + x] = 20;
    expect(at(box(100, 800), inked)).toBeNull();
    // a box covered whole is
    inked.data.fill(20);
    expect(at(box(100, 800), inked)).toBe('主观题区域大面积涂黑或被遮挡，请检查图像');
  });
});
