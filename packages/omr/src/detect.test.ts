import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { CardTemplateSchema, type TemplateRect } from '@yj/contracts';
import {
  createRng,
  printedPage,
  randomAnswers,
  simulateSheet,
  typicalCard,
  type Difficulty,
} from '@yj/scan-sim';
import { detectLayout, toBubbleGrid, type DetectedLayout } from './detect';
import { applyH, type Matrix3 } from './geometry';
import { decodeGrey } from './node';

// Auto-recognition for the template builder: on simulated scans the truth transform says where every
// printed region landed, so each proposal is checked against the card it came from.

const card = typicalCard();

const grey = decodeGrey;

async function scan(pageIndex: number, difficulty: Difficulty) {
  const answers = randomAnswers(card.pages[pageIndex]!, createRng(5), difficulty, '20261123');
  const sim = await simulateSheet(card, pageIndex, answers, { seed: 11, difficulty, feed: 0 });
  return { layout: detectLayout(await grey(sim.jpeg)), h: sim.truth.transform };
}

/** Bounding box in the image of a template rectangle. */
const mapped = (h: Matrix3, r: TemplateRect) => {
  const pts = [
    { x: r.x, y: r.y },
    { x: r.x + r.w, y: r.y },
    { x: r.x, y: r.y + r.h },
    { x: r.x + r.w, y: r.y + r.h },
  ].map((p) => applyH(h, p));
  const x = Math.min(...pts.map((p) => p.x));
  const y = Math.min(...pts.map((p) => p.y));
  return { x, y, w: Math.max(...pts.map((p) => p.x)) - x, h: Math.max(...pts.map((p) => p.y)) - y };
};
const near = (a: { x: number; y: number }, b: { x: number; y: number }, tol: number) =>
  Math.abs(a.x - b.x) <= tol && Math.abs(a.y - b.y) <= tol;

/** The lattices the template prints on page 1: the exam-number grid and the eight objective groups. */
function expectedGrids(h: Matrix3) {
  const page = card.pages[0]!;
  const exam = page.examNumber!;
  if (exam.kind !== 'bubbles' || !('grid' in exam)) throw new Error('bubble grid exam number expected');
  const grids = [{ name: '考号', rows: 10, cols: 8, origin: exam.grid.origin }];
  for (const g of page.objective)
    if ('grid' in g)
      grids.push({ name: g.name, rows: g.grid.count, cols: g.grid.options.length, origin: g.grid.origin });
  return grids.map((g) => ({ ...g, at: applyH(h, g.origin) }));
}

function checkPageOne(layout: DetectedLayout, h: Matrix3) {
  expect(layout.anchors.map((a) => a.corner)).toEqual(['tl', 'tr', 'bl', 'br']);
  for (const [i, a] of card.pages[0]!.anchors.entries())
    expect(near(layout.anchors[i]!.rect, mapped(h, a.rect), 4)).toBe(true);
  const lattices = layout.grids.filter((g) => g.rows >= 2 && g.cols >= 2);
  for (const want of expectedGrids(h)) {
    const found = lattices.find((g) => near(g.cells[0]![0]!, want.at, 6));
    expect(found, want.name).toBeDefined();
    expect([found!.rows, found!.cols], want.name).toEqual([want.rows, want.cols]);
  }
  // No lattice that the card does not print.
  expect(lattices).toHaveLength(expectedGrids(h).length);
  for (const s of card.pages[0]!.subjective)
    expect(layout.boxes.some((b) => near(b, mapped(h, s.rect), 8))).toBe(true);
}

describe('detectLayout on simulated scans of the typical card', () => {
  let clean: Awaited<ReturnType<typeof scan>>;
  beforeAll(async () => {
    clean = await scan(0, 'clean');
  });

  it('finds the corner anchors, every bubble lattice and the answer boxes of a clean page', () => {
    checkPageOne(clean.layout, clean.h);
  });

  it('still finds them on a filled, skewed, noisy typical scan', async () => {
    const typical = await scan(0, 'typical');
    checkPageOne(typical.layout, typical.h);
  });

  it('turns a lattice into the template grid that recognition reads', () => {
    const g = clean.layout.grids.find((x) => x.rows === 10 && x.cols === 8)!;
    const grid = toBubbleGrid(g, 'vertical', ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);
    const exam = card.pages[0]!.examNumber!;
    if (exam.kind !== 'bubbles' || !('grid' in exam)) throw new Error('bubble grid exam number expected');
    expect(grid.count).toBe(8);
    expect(grid.optionGap).toBeCloseTo(exam.grid.optionGap, -0.5);
    expect(grid.fieldGap).toBeCloseTo(exam.grid.fieldGap, -0.5);
  });

  it('finds the score-box row and the optional-question marks of the second page', async () => {
    const { layout, h } = await scan(1, 'clean');
    expect(layout.anchors).toHaveLength(4);
    const units = card.pages[1]!.scoreBoxes[0]!;
    if (!('fields' in units)) throw new Error('score fields expected');
    const ones = units.fields[1]!.bubbles;
    const row = layout.grids.find((g) => g.rows === 1 && g.cols === ones.length);
    expect(row).toBeDefined();
    expect(near(row!.cells[0]![0]!, mapped(h, ones[0]!.rect), 6)).toBe(true);
    const bubbles = [...layout.singles, ...layout.grids.flatMap((g) => g.cells.flat())];
    for (const b of card.pages[1]!.optional[0]!.bubbles)
      expect(bubbles.some((x) => near(x, mapped(h, b.rect), 6))).toBe(true);
  });
});

describe('detectLayout on a real third-party scan (OMRChecker sample6)', () => {
  it('finds the roll-number lattice of printed circles touching each other', async () => {
    const img = await grey(
      await readFile(new URL('../test-fixtures/omrchecker-sample6/sample_roll_01.jpg', import.meta.url)),
    );
    const layout = detectLayout(img);
    const roll = layout.grids.find((g) => g.rows === 10 && g.cols >= 6);
    expect(roll).toBeDefined();
    expect(roll!.bubble.w).toBeGreaterThan(20);
    expect(roll!.pitch.y).toBeGreaterThan(roll!.bubble.h);
    // A sheet without corner blocks has no anchors to propose: it is registered by location areas.
    expect(layout.anchors).toEqual([]);
  });
});

describe('detectLayout on third-party print', () => {
  it('proposes no grids for letters printed inside the bubbles', async () => {
    const answers = randomAnswers(card.pages[0]!, createRng(5), 'clean', '20261123');
    const sim = await simulateSheet(card, 0, answers, {
      seed: 11,
      difficulty: 'clean',
      feed: 0,
      print: { letterGrey: 0x20 },
    });
    checkPageOne(detectLayout(await grey(sim.jpeg)), sim.truth.transform);
  });

  it('finds every lattice when bold letters fill the bubbles and touch their outlines', async () => {
    // Outline and letter are one dark component: neither a ring nor a filled bubble (only 2–3 of the
    // page's 9 lattices were proposed before).
    for (const difficulty of ['clean', 'typical'] as const) {
      const answers = randomAnswers(card.pages[0]!, createRng(5), difficulty, '20261123');
      const sim = await simulateSheet(card, 0, answers, {
        seed: 11,
        difficulty,
        feed: 0,
        print: { letterBold: true, letterGrey: 0x30 },
      });
      checkPageOne(detectLayout(await grey(sim.jpeg)), sim.truth.transform);
    }
  });

  it('reads a blank sheet rendered from its PDF (crisp grey print, not a dithered scan)', async () => {
    // Nearly all pure white like a 1-bit scan: smoothed as one, its thin outlines were lost (1 lattice of 9).
    const page = card.pages[0]!;
    const identity: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    for (const print of [
      {},
      { letterBold: true, letterGrey: 0x30 },
      { anchorShape: 'L' as const, anchorGrey: 100 },
    ]) {
      const img = await printedPage(page, card.id, card.name, page.dpi, print);
      checkPageOne(detectLayout(img, { dpi: page.dpi }), identity);
    }
  });

  it('keeps a course-code grid printed beside the exam-number grid apart, each with its own pitch', async () => {
    const page = card.pages[0]!;
    const exam = page.examNumber!;
    if (exam.kind !== 'bubbles' || !('grid' in exam)) throw new Error('bubble grid exam number expected');
    const g = exam.grid;
    // Two more columns 1.5 column pitches to the right of the last exam-number column.
    const origin = { x: g.origin.x + (g.count - 1) * g.fieldGap + 1.5 * g.fieldGap, y: g.origin.y };
    const withCode = CardTemplateSchema.parse({
      ...card,
      pages: [
        {
          ...page,
          objective: [
            ...page.objective,
            { name: '科目代码', kind: 'single', firstQuestion: 90, grid: { ...g, origin, count: 2 } },
          ],
        },
        ...card.pages.slice(1),
      ],
    });
    const answers = randomAnswers(withCode.pages[0]!, createRng(5), 'clean', '20261123');
    const sim = await simulateSheet(withCode, 0, answers, { seed: 11, difficulty: 'clean', feed: 0 });
    const layout = detectLayout(await grey(sim.jpeg));
    const tall = layout.grids.filter((x) => x.rows === 10);
    expect(tall.map((x) => x.cols).sort()).toEqual([2, 8]);
    for (const x of tall) expect(x.pitch.x).toBeCloseTo(g.fieldGap, -0.5);
  });
});

describe('detectLayout on uniform columns of questions (issue 28)', () => {
  // A third-party blank rendered from its PDF: columns of 20, 25, 30 and 40 questions at one even pitch, and
  // a column of 15 + 15 with one row left empty between them. Some cards print one anchor lower than the
  // other to tell their orientation; the page's direction taken from the top anchors is then a little off
  // the print's, and measured from its first row a column drifted out of line: 30 questions came out as
  // 23 + 7 lattices (24 + 6 here), 40 as 24 + 16.
  const page = card.pages[0]!;
  const column = (x: number, count: number, first: number, y = 300) => ({
    name: `客观题${first}-${first + count - 1}`,
    kind: 'single' as const,
    firstQuestion: first,
    grid: {
      origin: { x, y },
      bubble: { w: 34, h: 20 },
      direction: 'horizontal' as const,
      options: ['A', 'B', 'C', 'D'],
      optionGap: 62,
      fieldGap: 40,
      count,
    },
  });
  const columns = [column(300, 20, 1), column(800, 25, 21), column(1300, 30, 46), column(1800, 40, 76)];
  // a real gap: one empty row between question 130 and 131
  const split = [column(2300, 15, 116), column(2300, 15, 131, 300 + 16 * 40)];

  it.each([0, 45])('proposes one lattice per uniform column (top-right anchor %i px lower)', async (dy) => {
    const blank = CardTemplateSchema.parse({
      ...card,
      pages: [
        {
          ...page,
          anchors: page.anchors.map((a, i) => (i === 1 ? { ...a, rect: { ...a.rect, y: a.rect.y + dy } } : a)),
          examNumber: undefined,
          absent: undefined,
          ab: undefined,
          subjective: [],
          objective: [...columns, ...split],
        },
      ],
    }).pages[0]!;
    const layout = detectLayout(await printedPage(blank, card.id, card.name, blank.dpi), { dpi: blank.dpi });
    const lattices = layout.grids.filter((g) => g.rows >= 2 && g.cols >= 2);
    for (const c of [...columns, ...split]) {
      const found = lattices.filter((g) => near(g.cells[0]![0]!, c.grid.origin, 3));
      expect(
        found.map((g) => [g.rows, g.cols]),
        c.name,
      ).toEqual([[c.grid.count, 4]]);
      expect(found[0]!.pitch.y, c.name).toBeCloseTo(40, 0);
    }
    // nothing else: no remainder of a column proposed as a lattice of its own
    expect(lattices).toHaveLength(columns.length + split.length);
  });
});
