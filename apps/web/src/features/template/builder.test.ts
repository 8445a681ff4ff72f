import { templateProblems, type CardTemplate, type Structure, type TemplateMeta } from '@yj/contracts';
import { describe, expect, it } from 'vitest';
import { builderReducer, type BuilderState } from './builder-state';
import { assembleTemplate, draftFromTemplate, emptyPage, type PageDraft } from './draft';
import { DEFAULT_SETTINGS, examColumn, regionFromDrag, withExamColumn } from './drawing';
import { builderFacts } from './progress';
import { acceptAll, tabProposals } from './proposals';
import { builderSteps, enabledTabs, usableTab, type BuilderFacts } from './tabs';
import type { DetectedLayout } from './template.api';
import type { DetectedGrid } from './lattice';

const META: TemplateMeta = {
  mainTemplateName: '主模板',
  cardType: 'thirdParty',
  colorType: 'gray',
  dpiValue: 200,
  isDoubleTemplate: false,
};

function lattice(x0: number, y0: number, rows: number, cols: number, px = 62, py = 40): DetectedGrid {
  return {
    rect: { x: x0, y: y0, w: (cols - 1) * px + 34, h: (rows - 1) * py + 20 },
    rows,
    cols,
    bubble: { w: 34, h: 20 },
    pitch: { x: px, y: py },
    cells: Array.from({ length: rows }, (_, r) =>
      Array.from({ length: cols }, (_, c) => ({ x: x0 + c * px, y: y0 + r * py, w: 34, h: 20 })),
    ),
  };
}

/** What the detector found on the simulator's card (shape of packages/omr detectLayout). */
const DETECTED: DetectedLayout = {
  width: 3308,
  height: 2339,
  anchors: [
    { corner: 'tl', rect: { x: 89, y: 88, w: 44, h: 44 } },
    { corner: 'tr', rect: { x: 3163, y: 85, w: 44, h: 44 } },
    { corner: 'bl', rect: { x: 91, y: 2199, w: 44, h: 44 } },
    { corner: 'br', rect: { x: 3165, y: 2196, w: 44, h: 44 } },
  ],
  marks: [],
  grids: [
    lattice(239, 417, 10, 8, 56, 32),
    lattice(696, 835, 5, 4),
    lattice(249, 836, 5, 4),
    lattice(249, 1066, 5, 4),
  ],
  singles: [{ x: 855, y: 437, w: 34, h: 20 }],
  boxes: [{ x: 170, y: 1792, w: 979, h: 443 }],
};

function uploaded(): PageDraft {
  return {
    ...emptyPage(0),
    image: { key: 'abc', width: 3308, height: 2339, dpi: 200 },
    detected: DETECTED,
  };
}

const STRUCTURE: Structure = {
  objective: Array.from({ length: 15 }, (_, i) => ({
    no: String(i + 1),
    kind: 'single' as const,
    options: 4,
    score: 3,
    answer: '',
    partialScore: null,
    answerB: '',
    bNo: null,
  })),
  subjective: [{ no: '16', score: 10, step: 1, bNo: null }],
  optionalGroups: [],
  abEnabled: false,
};

const FACTS: BuilderFacts = {
  imagesDone: false,
  detected: false,
  viewed: false,
  positioned: false,
  examNumber: false,
  structureSet: false,
  objectiveDone: false,
  saved: false,
  subjectiveDone: false,
  absentDone: false,
};

describe('tabs and steps', () => {
  it('has eleven entries and only the picture enabled at first', () => {
    const e = enabledTabs(FACTS);
    expect(e).toHaveLength(11);
    expect(e.filter(Boolean)).toEqual([true]);
    expect(e[0]).toBe(true);
  });

  it('opens tabs as the steps before them are done', () => {
    const picture = enabledTabs({ ...FACTS, imagesDone: true });
    expect(picture.slice(0, 4)).toEqual([true, true, true, false]);
    const anchored = enabledTabs({ ...FACTS, imagesDone: true, positioned: true });
    expect(anchored[3]).toBe(true);
    expect(anchored[4]).toBe(false);
    const all = enabledTabs({
      ...FACTS,
      imagesDone: true,
      positioned: true,
      examNumber: true,
      objectiveDone: true,
    });
    expect(all.every(Boolean)).toBe(true);
    expect(usableTab(6, anchored)).toBe(3);
  });

  it('marks done steps success, the first open one current and the rest disabled', () => {
    const steps = builderSteps({ ...FACTS, imagesDone: true, detected: true });
    expect(steps).toHaveLength(10);
    expect(steps.map((s) => s.status).slice(0, 4)).toEqual(['success', 'success', 'current', 'disabled']);
    expect(steps[0]!.title).toBe('扫描模板图像');
  });
});

describe('from proposals to a saved template', () => {
  it('accepts anchors, the exam number and question groups numbered in reading order', () => {
    let pages = [uploaded()];
    pages = acceptAll(pages, 0, 2, STRUCTURE);
    expect(pages[0]!.regions.map((r) => r.name)).toEqual([
      '左上定位点',
      '右上定位点',
      '左下定位点',
      '右下定位点',
    ]);
    pages = acceptAll(pages, 0, 3, STRUCTURE);
    const exam = pages[0]!.regions.find((r) => r.kind === 'examNumber');
    expect(exam && 'grid' in exam.block && exam.block.grid).toMatchObject({
      direction: 'vertical',
      count: 8,
    });
    pages = acceptAll(pages, 0, 4, STRUCTURE);
    const groups = pages[0]!.regions.filter((r) => r.kind === 'objective');
    expect(groups.map((g) => g.name)).toEqual(['客观题1-5', '客观题6-10', '客观题11-15']);
    expect(tabProposals(pages[0]!, 4)).toEqual([]);
    const facts = builderFacts(pages, STRUCTURE, { viewed: true, saved: false });
    expect(facts).toMatchObject({
      positioned: true,
      examNumber: true,
      objectiveDone: true,
      subjectiveDone: false,
    });
  });

  it('draws a subjective box linked to the next unboxed question and assembles a clean template', () => {
    let pages = [uploaded()];
    for (const tab of [2, 3, 4] as const) pages = acceptAll(pages, 0, tab, STRUCTURE);
    const box = regionFromDrag(
      6,
      { x: 1200, y: 250, w: 900, h: 800 },
      pages[0]!,
      pages,
      STRUCTURE,
      DEFAULT_SETTINGS,
    );
    expect(box).toMatchObject({ kind: 'subjective', question: '16', name: '第16题' });
    let s: BuilderState = { pages, selected: null };
    s = builderReducer(s, { type: 'add', page: 0, region: box! });
    expect(s.selected?.id).toBe(box!.id);
    const { template, problems } = assembleTemplate(s.pages, META, 'tpl-1');
    expect(problems).toEqual([]);
    expect(template!.pages[0]).toMatchObject({ width: 3308, height: 2339, dpi: 200, image: 'abc' });
    expect(templateProblems(template!, STRUCTURE)).toEqual([]);
    // and back: the saved template opens with the same regions
    const again = draftFromTemplate(template as CardTemplate);
    expect(again[0]!.regions.map((r) => r.kind).sort()).toEqual(
      s.pages[0]!.regions.map((r) => r.kind).sort(),
    );
    expect(again[0]!.image?.key).toBe('abc');
  });

  it('keeps the exam number length rule (固定位数 / 左对齐不定长) through saving and opening', () => {
    let pages = [uploaded()];
    for (const tab of [2, 3] as const) pages = acceptAll(pages, 0, tab, STRUCTURE);
    const examOf = (p: PageDraft[]) => p[0]!.regions.find((r) => r.kind === 'examNumber');
    const exam = examOf(pages);
    if (exam?.kind !== 'examNumber') throw new Error('exam number expected');
    // fixed is the default and is not written
    const fixed = assembleTemplate(pages, META, 't').template!;
    expect(fixed.pages[0]!.examNumber).not.toHaveProperty('length');
    let s: BuilderState = { pages, selected: null };
    s = builderReducer(s, { type: 'update', page: 0, region: { ...exam, length: 'leftAligned' } });
    const { template } = assembleTemplate(s.pages, META, 't');
    expect(template!.pages[0]!.examNumber).toMatchObject({ kind: 'bubbles', length: 'leftAligned' });
    expect(examOf(draftFromTemplate(template as CardTemplate))).toMatchObject({ length: 'leftAligned' });
  });

  it('names the problems of an unfinished draft', () => {
    const { template, problems } = assembleTemplate([emptyPage(0), emptyPage(1)], META, 't');
    expect(template).toBeNull();
    expect(problems).toEqual(['第 1 页还没有上传模板图像', '第 2 页还没有上传模板图像']);
  });

  it('keeps one exam number per page and drops a removed region from the selection', () => {
    let s: BuilderState = { pages: [uploaded()], selected: null };
    const page = s.pages[0]!;
    const code = regionFromDrag(3, { x: 10, y: 10, w: 300, h: 80 }, page, s.pages, null, {
      ...DEFAULT_SETTINGS,
      examKind: 'code128',
    });
    const bubbles = regionFromDrag(
      3,
      { x: 230, y: 410, w: 440, h: 330 },
      page,
      s.pages,
      null,
      DEFAULT_SETTINGS,
    );
    s = builderReducer(s, { type: 'add', page: 0, region: code! });
    s = builderReducer(s, { type: 'add', page: 0, region: bubbles! });
    expect(s.pages[0]!.regions.map((r) => r.kind)).toEqual(['examNumber']);
    s = builderReducer(s, { type: 'remove', page: 0, id: bubbles!.id });
    expect(s.selected).toBeNull();
    expect(s.pages[0]!.regions).toEqual([]);
  });

  it('numbers a dragged objective group after the boxed ones and snaps it to the detected lattice', () => {
    const pages = acceptAll([uploaded()], 0, 4, null);
    const drag = { x: 240, y: 1060, w: 240, h: 200 };
    const g = regionFromDrag(4, drag, pages[0]!, pages, null, DEFAULT_SETTINGS);
    expect(g).toMatchObject({ kind: 'objective', firstQuestion: 16 });
  });
});

describe('an exam number with lettered characters (OMRChecker sample6)', () => {
  const page = (): PageDraft => ({
    ...uploaded(),
    detected: { ...DETECTED, grids: [lattice(300, 400, 10, 3, 40, 32), lattice(250, 400, 4, 1, 40, 32)] },
  });

  it('puts a lettered column before the digits by its place on the page', () => {
    let p = page();
    const digits = regionFromDrag(3, { x: 295, y: 395, w: 120, h: 320 }, p, [p], null, DEFAULT_SETTINGS);
    p = { ...p, regions: [digits!] };
    const letters = examColumn({ x: 245, y: 395, w: 44, h: 130 }, p, 'U, A，HT NT');
    expect(letters?.bubbles.map((b) => b.label)).toEqual(['U', 'A', 'HT', 'NT']);
    const exam = withExamColumn(p, letters);
    expect(exam?.kind).toBe('examNumber');
    if (exam?.kind !== 'examNumber' || !('fields' in exam.block)) throw new Error('fields expected');
    expect(exam.block.fields.map((f) => f.bubbles[0]!.label)).toEqual(['U', '0', '0', '0']);
    expect(exam.block.fields[1]!.bubbles).toHaveLength(10);
  });

  it('divides the drag when nothing was detected there, and needs two labels at least', () => {
    const p = { ...page(), detected: null };
    const f = examColumn({ x: 0, y: 0, w: 30, h: 300 }, p, 'A,B,C');
    expect(f?.bubbles.map((b) => b.rect.y)).toEqual([0, 115, 231]);
    expect(examColumn({ x: 0, y: 0, w: 30, h: 300 }, p, 'A')).toBeNull();
  });

  it('counts objective questions done when the structure has only subjective ones', () => {
    const cover: Structure = { ...STRUCTURE, objective: [] };
    expect(builderFacts([uploaded()], cover, { viewed: true, saved: false }).objectiveDone).toBe(true);
    expect(builderFacts([uploaded()], null, { viewed: true, saved: false }).objectiveDone).toBe(false);
  });
});
