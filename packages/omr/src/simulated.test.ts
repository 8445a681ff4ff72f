import { beforeAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema, type CardTemplate } from '@yj/contracts';
import {
  generateSet,
  randomAnswers,
  createRng,
  scoreSheet,
  simulateSheet,
  typicalCard,
  type Difficulty,
  type GeneratedSheet,
} from '@yj/scan-sim';
import type { BarcodeReader } from './barcode';
import { applyH } from './geometry';
import { decodeGrey, loadZxingReader } from './node';
import { pageFields } from './layout';
import { recognizePage } from './recognize';

// Simulated golden sets: scans generated deterministically from seeds, read back and compared with
// the simulator's truth. Small sets here; the large ones live in the bench.

const card = typicalCard();
let reader: BarcodeReader;

beforeAll(async () => {
  reader = await loadZxingReader();
});

const grey = decodeGrey;

async function run(s: GeneratedSheet, c: CardTemplate = card, withReader = true) {
  const r = await recognizePage(
    await grey(s.jpeg),
    c,
    withReader ? { reader } : { pageIndex: s.truth.pageIndex },
  );
  return { r, score: scoreSheet(c, s.truth, r) };
}

describe.each<[Difficulty, number]>([
  ['clean', 4],
  ['typical', 6],
  ['hard', 6],
])('%s sheets', (difficulty, n) => {
  it('are read with no silent error, and clean/typical without exceptions', async () => {
    for (let i = 0; i < n; i++) {
      const s = await generateSet(card, i, { seed: 11, difficulty });
      const { r, score } = await run(s);
      expect(score.silentErrors, s.name).toEqual([]);
      if (difficulty !== 'hard') {
        expect(r.exceptions, s.name).toEqual([]);
        expect(r.pageIndex).toBe(s.truth.pageIndex);
        if (s.truth.answers.examNumber) expect(r.examNumber.value).toBe(s.truth.answers.examNumber);
      }
    }
  });
});

describe('thin paper (透印)', () => {
  // The worst the other side can lay behind the choices: every option of every question filled, at 0.3 of its
  // darkness (thin paper, a bright lamp), turned either way over. The card's own other side shows through in
  // bench:omr's `through` set.
  const page = card.pages[0]!;
  const everyOption = randomAnswers(page, createRng(5), 'typical', '12345678');
  for (const o of pageFields(page).objective)
    everyOption.objective[o.field.name] = o.field.bubbles.map((b) => b.label);

  it.each<['book' | 'calendar', Difficulty]>([
    ['calendar', 'typical'],
    ['book', 'light'],
  ])(
    'reads a sheet as if fills showing through from behind (turned %s) were not there: %s',
    async (turn, difficulty) => {
      for (const i of [0, 2]) {
        const plain = await generateSet(card, i, { seed: 11, difficulty, dpi: 200 });
        const s = await simulateSheet(card, page.index, plain.truth.answers, {
          seed: plain.truth.seed,
          difficulty,
          dpi: 200,
          behind: { pageIndex: page.index, answers: everyOption, seed: 99, through: { turn, share: 0.3 } },
        });
        const { r, score } = await run({ name: plain.name, ...s });
        expect(score.silentErrors, plain.name).toEqual([]);
        expect(
          r.exceptions.map((e) => e.region),
          plain.name,
        ).toEqual((await run(plain)).r.exceptions.map((e) => e.region));
      }
    },
  );
});

describe('registration', () => {
  it('maps template points onto the scan within 2 px and returns subjective boxes in image coordinates', async () => {
    const s = await generateSet(card, 0, { seed: 5, difficulty: 'typical' });
    const { r } = await run(s);
    const box = r.subjective.find((b) => b.question === '42')!;
    const tr = s.truth.transform;
    const rect = card.pages[0]!.subjective.find((b) => b.question === '42')!.rect;
    const want = applyH(tr, { x: rect.x, y: rect.y });
    expect(Math.hypot(box.corners[0].x - want.x, box.corners[0].y - want.y)).toBeLessThan(2);
    expect(r.registration!.fitError).toBeLessThan(2);
  });

  it.each([90, 180, 270] as const)('handles a page fed at %i°', async (feed) => {
    const page = card.pages[0]!;
    const answers = randomAnswers(page, createRng(feed), 'typical', '20261234');
    const sim = await simulateSheet(card, 0, answers, { seed: feed, difficulty: 'typical', feed, dpi: 200 });
    const { r, score } = await run({ name: `feed${feed}`, ...sim });
    expect(r.registration?.rotation).toBe(feed);
    expect(score.silentErrors).toEqual([]);
    expect(r.examNumber.value).toBe('20261234');
  });

  it('tells upside-down from upright by the printed bubbles when there is no QR reader', async () => {
    const answers = randomAnswers(card.pages[0]!, createRng(3), 'clean', '11112222');
    const sim = await simulateSheet(card, 0, answers, { seed: 3, difficulty: 'clean', feed: 180 });
    const { r, score } = await run({ name: 'noqr', ...sim }, card, false);
    expect(r.registration?.rotation).toBe(180);
    expect(score.silentErrors).toEqual([]);
    expect(r.examNumber.value).toBe('11112222');
  });

  it.each([
    [150, false],
    [300, true],
  ] as const)('reads %i dpi scans (colour: %s)', async (dpi, colour) => {
    const s = await generateSet(card, 2, { seed: 9, difficulty: 'typical', dpi, colour });
    const { r, score } = await run(s);
    expect(score.silentErrors).toEqual([]);
    expect(r.exceptions).toEqual([]);
    expect(r.examNumber.value).toBe(s.truth.answers.examNumber);
  });
});

describe('exceptions', () => {
  it('skips a blank back', async () => {
    const answers = randomAnswers(card.pages[1]!, createRng(1), 'typical');
    const sim = await simulateSheet(card, 1, answers, { seed: 1, difficulty: 'typical', blank: true });
    const { r } = await run({ name: 'blank', ...sim });
    expect(r.status).toBe('blank');
    expect(r.exceptions.map((e) => e.type)).toEqual(['blankPage']);
  });

  it('rejects a page of another card by its QR', async () => {
    const other = CardTemplateSchema.parse({ ...card, id: 'another-card' });
    const s = await generateSet(other, 0, { seed: 2, difficulty: 'clean' });
    const { r } = await run(s);
    expect(r.status).toBe('exception');
    expect(r.exceptions[0]?.type).toBe('wrongPage');
  });

  it('raises absent and A/B exceptions, and leaves a half-dark bubble undecided with its fill values', async () => {
    const page = card.pages[0]!;
    const answers = { ...randomAnswers(page, createRng(4), 'clean', '12345678'), absent: true, ab: null };
    const sim = await simulateSheet(card, 0, answers, { seed: 4, difficulty: 'clean', feed: 0 });
    const img = await grey(sim.jpeg);
    // Paint bubble 7C half grey, as a faint mark or a smudge would.
    const b = page.objective.flatMap((g) => ('grid' in g && g.firstQuestion === 6 ? [g.grid] : []))[0]!;
    const c = applyH(sim.truth.transform, {
      x: b.origin.x + 2 * b.optionGap + b.bubble.w / 2,
      y: b.origin.y + b.fieldGap + b.bubble.h / 2,
    });
    for (let y = -5; y <= 5; y++)
      for (let x = -9; x <= 9; x++) {
        const i = Math.round(c.y + y) * img.width + Math.round(c.x + x);
        img.data[i] = Math.round(img.data[i]! * 0.68);
      }
    const r = await recognizePage(img, card, { reader });
    const types = r.exceptions.map((e) => `${e.type}:${e.region}`);
    expect(types).toContain('absent:缺考标记');
    expect(types).toContain('ab:AB卷');
    expect(types).toContain('objective:7');
    const q7 = r.objective.find((o) => o.question === '7')!;
    expect(q7.reading.value).toBeNull();
    expect(q7.reading.states[2]).toBe('uncertain');
    expect(r.exceptions.find((e) => e.region === '7')?.fills?.length).toBe(4);
  });

  it.each(['code128', 'qr'] as const)('reads a %s exam-number sticker', async (kind) => {
    const rect = kind === 'qr' ? { x: 300, y: 300, w: 200, h: 200 } : { x: 220, y: 330, w: 560, h: 150 };
    const pages = card.pages.map((p) =>
      p.index === 0 ? { ...p, examNumber: { name: '条码考号', kind, rect } } : p,
    );
    const barcodeCard = CardTemplateSchema.parse({ ...card, pages });
    const s = await generateSet(barcodeCard, 0, { seed: 6, difficulty: 'typical' });
    const { r } = await run(s, barcodeCard);
    expect(r.examNumber.source).toBe(kind);
    expect(r.examNumber.value).toBe(s.truth.answers.examNumber);
  });

  it('registers on the 3 anchors left when one is torn off, and reports an unusable image', async () => {
    const s = await generateSet(card, 0, { seed: 12, difficulty: 'clean' });
    const img = await grey(s.jpeg);
    const a = card.pages[0]!.anchors[3]!;
    const c = applyH(s.truth.transform, { x: a.rect.x + a.rect.w / 2, y: a.rect.y + a.rect.h / 2 });
    for (let y = -40; y <= 40; y++)
      img.data.fill(
        235,
        Math.round(c.y + y) * img.width + Math.round(c.x - 40),
        Math.round(c.y + y) * img.width + Math.round(c.x + 40),
      );
    const r = await recognizePage(img, card, { reader });
    expect(r.registration?.points).toHaveLength(3);
    expect(scoreSheet(card, s.truth, r).silentErrors).toEqual([]);
    expect(r.examNumber.value).toBe(s.truth.answers.examNumber);
    const dark = await recognizePage({ ...img, data: new Uint8Array(img.data.length).fill(20) }, card, {
      reader,
    });
    expect(dark.exceptions.map((e) => e.type)).toEqual(['imageProblem']);
  });
});
