import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyH, pageFields } from '@yj/omr';
import { randomAnswers } from './answers';
import { generateSet } from './generate';
import { createRng } from './rng';
import { simulateSheet } from './simulate';
import { generatePhoto, quizCard } from './quiz-card';
import { typicalCard } from './typical-card';

const card = typicalCard();

async function grey(jpeg: Buffer) {
  const { data, info } = await sharp(jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    at: (x: number, y: number) => data[Math.round(y) * info.width + Math.round(x)]!,
  };
}

describe('built-in typical card', () => {
  it('is a 2-page A3 card with exam-number grid, 40 objective questions, absent and A/B marks', () => {
    expect(card.pages).toHaveLength(2);
    const f = pageFields(card.pages[0]!);
    expect(f.examNumber).toHaveLength(8);
    expect(f.objective).toHaveLength(40);
    expect(f.absent).not.toBeNull();
    expect(f.ab?.bubbles.map((b) => b.label)).toEqual(['A', 'B']);
    expect(card.pages[1]!.optional).toHaveLength(1);
    expect(card.pages.every((p) => p.anchors.length === 4 && p.identity)).toBe(true);
  });
});

describe('simulated scans', () => {
  it('are reproducible from their seed', async () => {
    const a = await generateSet(card, 3, { seed: 42, difficulty: 'typical' });
    const b = await generateSet(card, 3, { seed: 42, difficulty: 'typical' });
    expect(Buffer.compare(a.jpeg, b.jpeg)).toBe(0);
    expect(a.truth).toEqual(b.truth);
    const c = await generateSet(card, 3, { seed: 43, difficulty: 'typical' });
    expect(Buffer.compare(a.jpeg, c.jpeg)).not.toBe(0);
  });

  it('scan one marked sheet again with its own scan when asked for a rescan, the marks stroke for stroke', async () => {
    const answers = randomAnswers(card.pages[1]!, createRng(5), 'hard');
    const o = { seed: 77, difficulty: 'hard' } as const;
    const first = await simulateSheet(card, 1, answers, o);
    const again = await simulateSheet(card, 1, answers, { ...o, rescan: 78 });
    expect(again.truth.marks).toEqual(first.truth.marks);
    expect(again.truth.inks).toEqual(first.truth.inks);
    expect(again.truth.scan).not.toEqual(first.truth.scan);
    expect(Buffer.compare(again.jpeg, first.jpeg)).not.toBe(0);
    // a rescan is as reproducible as a scan
    const same = await simulateSheet(card, 1, answers, { ...o, rescan: 78 });
    expect(Buffer.compare(same.jpeg, again.jpeg)).toBe(0);
  });

  it('put the printed anchors and the filled bubbles where the truth transform says', async () => {
    const s = await generateSet(card, 0, { seed: 8, difficulty: 'clean' });
    const img = await grey(s.jpeg);
    expect([img.width, img.height]).toEqual([s.truth.width, s.truth.height]);
    const page = card.pages[0]!;
    for (const a of page.anchors) {
      const c = applyH(s.truth.transform, { x: a.rect.x + a.rect.w / 2, y: a.rect.y + a.rect.h / 2 });
      expect(img.at(c.x, c.y)).toBeLessThan(80);
    }
    const digits = pageFields(page).examNumber;
    digits.forEach((d, i) => {
      const want = s.truth.answers.examNumber![i]!;
      const b = d.bubbles.find((x) => x.label === want)!;
      const c = applyH(s.truth.transform, { x: b.rect.x + b.rect.w / 2, y: b.rect.y + b.rect.h / 2 });
      expect(img.at(c.x, c.y)).toBeLessThan(150);
    });
  });

  it('ring options instead of filling them when asked, each ringed field expected to be raised', async () => {
    const s = await generateSet(card, 0, { seed: 8, difficulty: 'clean', kinds: { circle: 1 } });
    const img = await grey(s.jpeg);
    const answered = Object.entries(s.truth.answers.objective).filter(([, v]) => v.length > 0);
    expect(answered.length).toBeGreaterThan(10);
    for (const [q, labels] of answered) {
      expect(s.truth.expectExceptions).toContain(q);
      const b = pageFields(card.pages[0]!)
        .objective.find((o) => o.field.name === q)!
        .field.bubbles.find((x) => x.label === labels[0])!;
      const c = applyH(s.truth.transform, { x: b.rect.x + b.rect.w / 2, y: b.rect.y + b.rect.h / 2 });
      // paper inside the bubble, the ring's line round it: left, right, above and below, between 1.2 and 2.4
      // radii, dark on at least three sides (a ring drawn in one stroke may leave a gap)
      const inner = [-0.3, -0.15, 0, 0.15, 0.3].flatMap((fx) =>
        [-0.25, 0, 0.25].map((fy) => img.at(c.x + fx * b.rect.w, c.y + fy * b.rect.h)),
      );
      expect(inner.reduce((a, v) => a + v, 0) / inner.length, q).toBeGreaterThan(180);
      const side = (ux: number, uy: number) =>
        Math.min(
          ...[1.2, 1.3, 1.4, 1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 2.2, 2.3, 2.4].map((k) =>
            img.at(c.x + (ux * k * b.rect.w) / 2, c.y + (uy * k * b.rect.h) / 2),
          ),
        );
      const dark = [side(-1, 0), side(1, 0), side(0, -1), side(0, 1)].filter((v) => v < 150);
      expect(dark.length, q).toBeGreaterThanOrEqual(3);
    }
    // a score strip's digit ringed is raised as its strip (page 2 carries the strips)
    const back = await generateSet(card, 1, { seed: 8, difficulty: 'clean', kinds: { circle: 1 } });
    const strips = pageFields(card.pages[1]!).scores.map((x) => x.name);
    expect(back.truth.expectExceptions.filter((e) => strips.includes(e)).length).toBeGreaterThan(0);
    expect(back.truth.expectExceptions.some((e) => e.includes('#'))).toBe(false);
  });

  it('make hard scans harder than clean ones', async () => {
    const clean = await generateSet(card, 0, { seed: 1, difficulty: 'clean' });
    const hard = await generateSet(card, 0, { seed: 1, difficulty: 'hard' });
    expect(Math.abs(clean.truth.scan.skewDeg)).toBeLessThanOrEqual(0.5);
    expect(hard.truth.scan.noise).toBeGreaterThan(clean.truth.scan.noise);
    expect(hard.truth.scan.jpegQuality).toBeLessThan(clean.truth.scan.jpegQuality);
  });

  it('show a black backing round the sheet and where a folded corner left it, white paper under the flap', async () => {
    const page = card.pages[0]!;
    const answers = randomAnswers(page, createRng(4), 'typical', '20261130');
    const fold = { corner: 0, a: 60, b: 60 } as const;
    const base = { seed: 4, difficulty: 'typical', dpi: 200, feed: 0, fold } as const;
    const black = await simulateSheet(card, 0, answers, { ...base, backing: 30 });
    const white = await simulateSheet(card, 0, answers, base);
    const b = await grey(black.jpeg);
    const w = await grey(white.jpeg);
    const mm = page.dpi / 25.4;
    // page points: in the corner gone (10 mm in both ways), under the flap (beside the fold), on the open page
    const at = (img: typeof b, x: number, y: number) => {
      const p = applyH(black.truth.transform, { x: x * mm, y: y * mm });
      return img.at(p.x, p.y);
    };
    expect(at(b, 10, 10)).toBeLessThan(80);
    expect(at(w, 10, 10)).toBeGreaterThan(180);
    expect(at(b, 40, 40)).toBeGreaterThan(180);
    expect(at(b, 150, 150)).toBeGreaterThan(180);
    // outside the sheet: the scan's own corner (a skewed sheet leaves a wedge of backing there)
    expect(b.at(1, b.height - 2)).toBeLessThan(80);
    expect(black.truth.transform).toEqual(white.truth.transform);
  });

  it('cut at one threshold (1-bit, no dither): black and white only, most light marks gone', async () => {
    // a sheet in light pencil (marks 0.25–0.4 dark): a 128 threshold keeps the print, not the marks
    const answers = randomAnswers(card.pages[0]!, createRng(18), 'light', '20261234');
    const sim = await simulateSheet(card, 0, answers, { seed: 9, difficulty: 'light', threshold: 128 });
    const { data } = await sharp(sim.jpeg).greyscale().raw().toBuffer({ resolveWithObject: true });
    expect(new Set(data)).toEqual(new Set([0, 255]));
    const img = await grey(sim.jpeg);
    const page = card.pages[0]!;
    const bubbles = pageFields(page).objective.flatMap(({ field }) =>
      field.bubbles.map((b) => ({ f: field.name, ...b })),
    );
    const centres = sim.truth.marks.flatMap((m) => {
      const b = bubbles.find((x) => x.f === m.field && x.label === m.label);
      return b
        ? [applyH(sim.truth.transform, { x: b.rect.x + b.rect.w / 2, y: b.rect.y + b.rect.h / 2 })]
        : [];
    });
    expect(centres.length).toBeGreaterThan(20);
    // white at the centre of most marks (where one is black, a printed letter's stroke passes)
    expect(centres.filter((c) => img.at(c.x, c.y) === 255).length).toBeGreaterThan(centres.length * 0.8);
    // the anchors (solid print) stay black
    const a = card.pages[0]!.anchors[0]!.rect;
    const ac = applyH(sim.truth.transform, { x: a.x + a.w / 2, y: a.y + a.h / 2 });
    expect(img.at(ac.x, ac.y)).toBe(0);
  });

  it('produce blank backs with nothing printed', async () => {
    const s = await generateSet(card, 1, { seed: 1, difficulty: 'typical', blankRate: 1 });
    expect(s.truth.blank).toBe(true);
    expect(s.truth.marks).toEqual([]);
    const img = await grey(s.jpeg);
    const a = card.pages[1]!.anchors[0]!;
    const c = applyH(s.truth.transform, { x: a.rect.x + a.rect.w / 2, y: a.rect.y + a.rect.h / 2 });
    expect(img.at(c.x, c.y)).toBeGreaterThan(150);
  });
});

describe('simulated phone photos', () => {
  const quiz = quizCard();

  it('lay the sheet on a darker desk, tilted, anchors where the truth transform says', async () => {
    const s = await generatePhoto(2, { seed: 5, difficulty: 'typical' });
    const p = s.truth.photo!;
    expect(p).toBeDefined();
    const img = await grey(s.jpeg);
    expect([img.width, img.height]).toEqual([p.width, p.height]);
    const page = quiz.pages[0]!;
    for (const a of page.anchors) {
      const c = applyH(s.truth.transform, { x: a.rect.x + a.rect.w / 2, y: a.rect.y + a.rect.h / 2 });
      expect(img.at(c.x, c.y)).toBeLessThan(90);
    }
    // the desk shows round the sheet: the photo's corners are darker than the paper by the sheet's middle
    const mid = applyH(s.truth.transform, { x: page.width / 2, y: page.height * 0.9 });
    expect(img.at(5, 5)).toBeLessThan(img.at(mid.x, mid.y) - 50);
    // not a scan: the sheet's sides are not parallel to the photo's (turned or keystoned)
    const [tl, tr] = [p.corners[0]!, p.corners[1]!];
    expect(Math.abs(tr.y - tl.y)).toBeGreaterThan(1);
  });

  it('are reproducible from their seed, with the light, shadow and blur drawn per photo', async () => {
    const a = await generatePhoto(4, { seed: 5, difficulty: 'typical' });
    const b = await generatePhoto(4, { seed: 5, difficulty: 'typical' });
    expect(Buffer.compare(a.jpeg, b.jpeg)).toBe(0);
    const c = await generatePhoto(5, { seed: 5, difficulty: 'typical' });
    expect(c.truth.photo!.blur).not.toBe(a.truth.photo!.blur);
    expect(a.truth.photo!.blur).toBeGreaterThanOrEqual(0.5);
    expect(a.truth.photo!.falloff).toBeGreaterThanOrEqual(0.05);
  });
});
