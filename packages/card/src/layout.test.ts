import { describe, expect, it } from 'vitest';
import type { Structure } from '@yj/contracts';
import { pageFields } from '@yj/omr';
import {
  cardTemplate,
  demoOptions,
  demoStructure,
  groupObjective,
  layoutCard,
  LayoutError,
  type CardGeometry,
  type CardOptions,
} from './index';

const card = (structure: Structure = demoStructure(), o: Partial<CardOptions> = {}) =>
  layoutCard({ structure, options: demoOptions(o) });

function subjectiveOnly(scores: number[]): Structure {
  return {
    objective: [],
    subjective: scores.map((score, i) => ({ no: String(i + 1), score, step: 1, bNo: null })),
    optionalGroups: [],
    abEnabled: false,
  };
}

const texts = (g: CardGeometry, page: number) =>
  g.pages[page]!.elements.flatMap((e) => (e.type === 'text' ? [e.text] : []));

describe('objective groups', () => {
  it('puts at most five questions in a group and starts a new group when the kind or option count changes', () => {
    const s = demoStructure();
    const groups = groupObjective(s.objective);
    expect(groups.map((g) => g.questions.length)).toEqual([5, 5, 5, 5, 5, 5]);
    expect(groups.map((g) => g.kind)).toEqual(['single', 'single', 'single', 'single', 'multi', 'trueFalse']);
    const mixed = groupObjective([
      ...s.objective.slice(0, 7),
      { ...s.objective[7]!, options: 5 },
      ...s.objective.slice(8, 9),
    ]);
    expect(mixed.map((g) => g.questions)).toEqual([['1', '2', '3', '4', '5'], ['6', '7'], ['8'], ['9']]);
  });

  it('gives every group a template grid named after its questions; true/false reads A/B (对/错)', () => {
    const t = cardTemplate(card());
    const groups = t.pages.flatMap((p) => p.objective);
    expect(groups.map((g) => g.name)).toEqual([
      '客观题1-5',
      '客观题6-10',
      '客观题11-15',
      '客观题16-20',
      '客观题21-25',
      '客观题26-30',
    ]);
    const tf = groups.at(-1)!;
    expect(tf.kind).toBe('trueFalse');
    expect('grid' in tf && tf.grid.options).toEqual(['A', 'B']);
  });
});

describe('paper and columns', () => {
  it('makes A3 landscape and A4 portrait pages at the template dpi', () => {
    const a3 = cardTemplate(card());
    expect(a3.pages[0]).toMatchObject({ width: 3307.09, height: 2338.58, dpi: 200 });
    const a4 = cardTemplate(card(undefined, { paper: 'A4', columns: 1 }), { dpi: 300 });
    expect(a4.pages[0]).toMatchObject({ width: 2480.31, height: 3507.87, dpi: 300 });
    const b4 = card(undefined, { paper: 'B4', columns: 2 });
    expect([b4.width, b4.height]).toEqual([364, 257]);
    const k8 = card(undefined, { paper: '8K', columns: 3 });
    expect([k8.width, k8.height, k8.columns]).toEqual([390, 270, 3]);
  });

  it('refuses a column count the paper cannot take', () => {
    expect(() => card(undefined, { paper: 'A4', columns: 3 })).toThrow(LayoutError);
    expect(() => card(undefined, { paper: 'A3', columns: 1 })).toThrow(/2 或 3 栏/);
  });

  it('flows boxes down three columns on A3 and keeps every box inside its column and the page', () => {
    const g = card();
    const boxes = g.pages[0]!.regions.subjective.map((s) => s.rect);
    const xs = [...new Set(boxes.map((r) => r.x))];
    expect(xs).toHaveLength(3);
    for (const p of g.pages)
      for (const { rect: r } of p.regions.subjective) {
        expect(r.x).toBeGreaterThanOrEqual(14);
        expect(r.x + r.w).toBeLessThanOrEqual(g.width - 14 + 0.01);
        expect(r.y + r.h).toBeLessThanOrEqual(g.height - 15 + 0.01);
      }
    // No two boxes of a page overlap.
    for (const p of g.pages) {
      const rs = p.regions.subjective.map((s) => s.rect);
      for (let i = 0; i < rs.length; i++)
        for (let j = i + 1; j < rs.length; j++) {
          const a = rs[i]!;
          const b = rs[j]!;
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap).toBe(false);
        }
    }
  });

  it('two columns on A3 are wider than three', () => {
    const w2 = card(undefined, { columns: 2 }).pages[0]!.regions.subjective[0]!.rect.w;
    const w3 = card(undefined, { columns: 3 }).pages[0]!.regions.subjective[0]!.rect.w;
    expect(w2).toBeGreaterThan(w3 * 1.4);
  });
});

describe('overflow, splitting and sides', () => {
  it('moves content that overflows the last column to a new page, each page with anchors, QR and its number', () => {
    const g = card(subjectiveOnly(Array(14).fill(10)), { paper: 'A4', columns: 1, twoSided: false });
    expect(g.pages.length).toBeGreaterThan(2);
    const t = cardTemplate(g);
    expect(t.pages.flatMap((p) => p.subjective.map((s) => s.question))).toEqual(
      Array.from({ length: 14 }, (_, i) => String(i + 1)),
    );
    g.pages.forEach((p, i) => {
      expect(p.regions.anchors).toHaveLength(4);
      const qr = p.elements.find((e) => e.type === 'qr');
      expect(qr && qr.type === 'qr' && qr.content).toBe(`YJ1|t=demo-card|p=${i}|e=1|s=1`);
      expect(texts(g, i)).toContain(`高一 综合  第 ${i + 1} 页（共 ${g.pages.length} 页）`);
    });
  });

  it('splits a box taller than a column, with a continuation label, and keeps short boxes whole', () => {
    const g = card(subjectiveOnly([10, 20]), { paper: 'A4', columns: 1, boxes: { '2': { height: 400 } } });
    const boxes = g.pages.flatMap((p) => p.regions.subjective);
    expect(boxes.filter((b) => b.question === '1')).toHaveLength(1);
    const parts = boxes.filter((b) => b.question === '2');
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect(parts.map((b) => b.name)).toEqual(parts.map((_, i) => (i === 0 ? '第2题' : `第2题(续${i})`)));
    expect(parts.reduce((h, b) => h + b.rect.h, 0)).toBeGreaterThan(400);
    expect(g.pages.flatMap((_, i) => texts(g, i))).toContain('2．（续）');
  });

  it('makes a two-sided card an even number of pages', () => {
    const s = subjectiveOnly(Array(14).fill(10));
    const one = card(s, { paper: 'A4', columns: 1, twoSided: false });
    const two = card(s, { paper: 'A4', columns: 1, twoSided: true });
    expect(one.pages.length % 2).toBe(1);
    expect(two.pages.length).toBe(one.pages.length + 1);
    expect(texts(two, two.pages.length - 1)).toContain('（本页无答题内容）');
    expect(card(undefined, { twoSided: true }).pages.length % 2).toBe(0);
  });

  it('honours the order and height overrides', () => {
    const g = card(subjectiveOnly([6, 6, 6]), { order: ['3', '1'], boxes: { '1': { height: 90 } } });
    const boxes = g.pages[0]!.regions.subjective;
    expect(boxes.map((b) => b.question)).toEqual(['3', '1', '2']);
    expect(boxes[1]!.rect.h).toBe(90);
  });
});

describe('marks and areas', () => {
  it('has the exam-number grid, absent mark, A/B mark, 选做 marks and score boxes the options ask for', () => {
    const t = cardTemplate(card());
    const p0 = t.pages[0]!;
    const f = pageFields(p0);
    expect(f.examNumber).toHaveLength(8);
    expect(f.examNumber[0]!.bubbles.map((b) => b.label)).toEqual([
      '0',
      '1',
      '2',
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    expect(p0.absent?.name).toBe('缺考标记');
    expect(p0.ab?.bubbles.map((b) => b.label)).toEqual(['A', 'B']);
    const strips = t.pages.flatMap((p) => p.scoreBoxes);
    expect(strips.map((s) => s.question)).toEqual(['31', '32', '33', '34', '35', '36', '37', '38|39', '40']);
    const s40 = pageFields(t.pages.find((p) => p.scoreBoxes.some((s) => s.question === '40'))!).scores.find(
      (s) => s.question === '40',
    )!;
    expect(s40.fields.map((x) => x.bubbles.map((b) => b.label))).toEqual([
      ['10', '20', '30'],
      ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9'],
    ]);
  });

  it('leaves out the A/B mark and score boxes when not asked, and takes a barcode sticker instead of bubbles', () => {
    const s = { ...demoStructure(), abEnabled: false };
    const t = cardTemplate(card(s, { scoreBoxes: false, examNumber: { kind: 'barcode' } }));
    expect(t.pages[0]!.ab).toBeUndefined();
    expect(t.pages.flatMap((p) => p.scoreBoxes)).toEqual([]);
    expect(t.pages[0]!.examNumber).toMatchObject({ name: '考号', kind: 'code128' });
  });

  it('draws an essay grid with word-count marks', () => {
    const g = card();
    const all = g.pages.flatMap((_, i) => texts(g, i));
    for (const n of [100, 200, 400, 800]) expect(all).toContain(`${n}字`);
    expect(all).toContain('40．（续）');
  });

  it('draws every bubble the template reads, where the template says', () => {
    const g = card();
    const t = cardTemplate(g, { dpi: 25.4 }); // 1 template pixel = 1 mm
    for (const p of g.pages) {
      const drawn = new Set(
        p.elements.flatMap((e) =>
          e.type === 'bubble' ? [`${e.rect.x.toFixed(1)},${e.rect.y.toFixed(1)}`] : [],
        ),
      );
      const f = pageFields(t.pages[p.index]!);
      const fields = [
        ...f.examNumber,
        ...f.objective.map((o) => o.field),
        ...(f.ab ? [f.ab] : []),
        ...(f.absent ? [f.absent] : []),
        ...f.optional,
        ...f.scores.flatMap((s) => s.fields),
      ];
      const read = fields.flatMap((x) =>
        x.bubbles.map((b) => `${b.rect.x.toFixed(1)},${b.rect.y.toFixed(1)}`),
      );
      expect(read.length).toBeGreaterThan(10);
      for (const key of read) expect(drawn.has(key), key).toBe(true);
    }
  });

  it('is deterministic', () => {
    expect(JSON.stringify(card())).toBe(JSON.stringify(card()));
  });
});
