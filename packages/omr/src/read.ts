import type { TemplatePage } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import { measureField, OUTLINE_RAYS, type BubbleMeasure } from './bubbles';
import { calibrateToSheet } from './calibrate';
import { decideField, pageThresholds } from './decide';
import { rectCentre, type Field } from './fields';
import { applyH, type Matrix3 } from './geometry';
import { clipRect, crop, type GreyImage } from './image';
import { allFields, type PageFields } from './layout';
import { printedLift, withoutPrint } from './printed';
import { marksRoundBubbles } from './rings';
import type { Streak } from './streaks';
import type { FieldReading, MappedBox, OmrException, PageResult, Thresholds } from './types';

const IDENTITY: Matrix3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

type Readings = Pick<PageResult, 'examNumber' | 'objective' | 'ab' | 'absent' | 'optional' | 'scores'>;

/**
 * Share of a bubble's inner area that must be seen beside a wide streak for it to be read: the pixels under the
 * line are left out (bubbles.ts), and a fill is judged on what remains only while that is most of the bubble.
 */
const MIN_SEEN = 0.75;

/**
 * Share of the print its bubble size shows along the same rays on this page, below which paper lies over a bubble:
 * a folded corner (its flap, or the scanner's background where the corner left), a torn-off corner, a sticker or
 * correction tape. A covered bubble shows the paper's noise (0.02–0.07 under the simulator's folds), one the flap's
 * edge cuts some of it (0.3–0.5). Visible bubbles show 0.67 or more on every simulated set, but on real scans of a
 * third-party sheet whose template is a pixel or two off down to 0.46: a bubble cut by the edge is told from those
 * by the covered ones beside it (NEAR), or by the shape of what it lacks (EDGE_ARC).
 */
const COVERED_SHARE = 0.2;
const CUT_SHARE = 0.6;
/** How near a covered bubble (centre to centre, in the larger side of the bubble) a cut one lies. */
const NEAR = 3;
/** A ray showing less than this share of its expected print sees paper where the outline should be. */
const BARE_RAY = 0.25;
/**
 * Rays in a row seeing paper (of OUTLINE_RAYS) that make a bubble cut even with no covered bubble beside it: a
 * straight edge (a flap's, a tape's) across a bubble hides one side of its outline whole, where a template a pixel
 * or two off thins the print here and there. A marked option a narrow flap's edge cut, with no bubble beside it
 * under the flap whole, showed 12 of 16 rays bare and read as empty (a silent error, fold.test.ts); bubbles on the
 * real sample6 scans show at most 6 bare in a row, on bench:omr's 1,300 unfolded pages at most 4.
 */
const EDGE_ARC = 8;
/** The expected print along each ray: this quantile over the empty-looking bubbles, so a fold over all but a twentieth still leaves it. */
const PRINT_LEVEL_AT = 0.95;
/** Bubbles lighter than this look empty (a mark shows from 0.3 up): their rays show the print alone. */
const EMPTY_FILL = 0.25;
/** A bubble size with fewer empty-looking bubbles than this takes the whole page's expected print. */
const MIN_GROUP = 8;
/** Below this mean expected print the page shows no outlines to compare (printed in a colour the scanner drops). */
const MIN_PRINT_LEVEL = 0.15;

/** Per ray, the PRINT_LEVEL_AT quantile of the given rays (NaN ones left out); null when there are none. */
function expectedPrint(outlines: Float32Array[]): Float32Array | null {
  if (outlines.length === 0) return null;
  const out = new Float32Array(OUTLINE_RAYS);
  const v = new Float32Array(outlines.length);
  for (let k = 0; k < OUTLINE_RAYS; k++) {
    let n = 0;
    for (const o of outlines) if (!Number.isNaN(o[k]!)) v[n++] = o[k]!;
    // a typed array sorts by value, without a comparator
    const seen = v.subarray(0, n).sort();
    out[k] = n ? seen[Math.min(n - 1, Math.floor(n * PRINT_LEVEL_AT))]! : 0;
  }
  return out;
}

/** Share of the expected print a bubble shows along the rays it was seen on (1 when nothing is expected). */
function printShown(outline: Float32Array, expected: Float32Array): number {
  let shown = 0;
  let want = 0;
  for (let k = 0; k < OUTLINE_RAYS; k++) {
    const d = outline[k]!;
    if (Number.isNaN(d)) continue;
    shown += Math.min(d, expected[k]!);
    want += expected[k]!;
  }
  return want > 0 ? shown / want : 1;
}

/** The most rays in a row (round the outline) showing less than `share` of their expected print. */
function longestBareArc(outline: Float32Array, expected: Float32Array, share: number): number {
  let best = 0;
  let run = 0;
  // twice round, so an arc across ray 0 counts whole
  for (let i = 0; i < 2 * OUTLINE_RAYS; i++) {
    const k = i % OUTLINE_RAYS;
    const d = outline[k]!;
    run = !Number.isNaN(d) && d < share * expected[k]! ? run + 1 : 0;
    best = Math.max(best, Math.min(run, OUTLINE_RAYS));
  }
  return best;
}

/**
 * Fields with a bubble under paper: showing less than COVERED_SHARE of what bubbles of its size show on this page,
 * or less than CUT_SHARE beside such a bubble or with half its outline bare in a row (an edge across it). The
 * fields under wide streaks are left aside.
 */
function printMissing(measures: Map<Field, BubbleMeasure[]>, covered: Set<Field>): Set<Field> {
  const sizeOf = (r: { w: number; h: number }) => `${Math.round(r.w)}x${Math.round(r.h)}`;
  const bySize = new Map<string, Float32Array[]>();
  const all: Float32Array[] = [];
  for (const [field, m] of measures) {
    if (covered.has(field)) continue;
    field.bubbles.forEach((b, i) => {
      const x = m[i]!;
      // a mark covers the outline: the expected print comes from the bubbles that look empty
      if (!x.outline || x.fill >= EMPTY_FILL) return;
      all.push(x.outline);
      const key = sizeOf(b.rect);
      const group = bySize.get(key);
      if (group) group.push(x.outline);
      else bySize.set(key, [x.outline]);
    });
  }
  const page = expectedPrint(all);
  const expected = new Map<string, Float32Array | null>();
  const expectedFor = (key: string) => {
    if (!expected.has(key)) {
      const group = bySize.get(key) ?? [];
      // one size on the page (the usual card): its bubbles are the page's
      const e = group.length >= MIN_GROUP && group.length < all.length ? expectedPrint(group) : page;
      const mean = e ? e.reduce((s, v) => s + v, 0) / OUTLINE_RAYS : 0;
      expected.set(key, mean >= MIN_PRINT_LEVEL ? e : null);
    }
    return expected.get(key)!;
  };
  const shown: { field: Field; x: number; y: number; size: number; share: number; arc: number }[] = [];
  for (const [field, m] of measures) {
    if (covered.has(field)) continue;
    field.bubbles.forEach((b, i) => {
      const e = expectedFor(sizeOf(b.rect));
      const o = m[i]!.outline;
      if (e === null || o === null) return;
      const { x, y } = rectCentre(b.rect);
      const size = Math.max(b.rect.w, b.rect.h);
      shown.push({ field, x, y, size, share: printShown(o, e), arc: longestBareArc(o, e, BARE_RAY) });
    });
  }
  const under = shown.filter((b) => b.share < COVERED_SHARE);
  const missing = new Set(under.map((b) => b.field));
  for (const b of shown)
    if (
      b.share < CUT_SHARE &&
      (b.arc >= EDGE_ARC ||
        under.some((u) => Math.hypot(u.x - b.x, u.y - b.y) <= NEAR * Math.max(u.size, b.size)))
    )
      missing.add(b.field);
  return missing;
}

/**
 * Reads every bubble field of a registered page and raises the exceptions a person must settle. Under `wide`
 * (scanner streaks too wide to paint over, streaks.ts) nothing is read: each bubble is measured beside the line,
 * and a field with a bubble mostly under it is raised (…扫描竖线经过) instead of read, since the line could hide
 * a mark or look like one; its fills stay out of the sheet's calibration. A field with paper over its print (a
 * folded corner, printMissing) is raised the same way (…选项框被遮住或缺角).
 */
export function readFields(
  img: GreyImage,
  h: Matrix3,
  f: PageFields,
  blank?: GreyImage,
  wide: readonly Streak[] = [],
): { readings: Readings; thresholds: Thresholds; exceptions: OmrException[] } {
  const fields = allFields(f);
  const measures = new Map<Field, BubbleMeasure[]>();
  for (const field of fields) measures.set(field, measureField(img, h, field, wide));
  const streaked = new Set(fields.filter((field) => measures.get(field)!.some((m) => m.seen < MIN_SEEN)));
  // paper over the print: what lies under it cannot be seen, so the field is raised, never read as empty
  const unprinted = printMissing(measures, streaked);
  const covered = new Set([...streaked, ...unprinted]);
  // crossed by a line, read or not: an exception raised on it says so
  const crossed = new Set(fields.filter((field) => measures.get(field)!.some((m) => m.seen < 1)));
  // an option ringed, or a choice ticked after it, instead of filled: never read as empty (rings.ts)
  const choices = new Set(f.objective.map((o) => o.field));
  const { ringed, ticked } = marksRoundBubbles(img, h, fields, covered, wide, choices, blank);
  // what an exception raised on a field adds to its reason
  const STREAK = '（扫描竖线经过，请核对原图）';
  const UNPRINTED = '（选项框被遮住或缺角，请核对纸质原卷）';
  const RINGED = '（有选项被圈画而未涂黑，请核对原图）';
  const TICKED = '（有选项旁打了勾而未涂黑，请核对原图）';
  const note = (field: Field) =>
    unprinted.has(field) ? UNPRINTED : crossed.has(field) ? STREAK : ringed.has(field) ? RINGED : '';
  const notes = new Map(fields.map((field) => [field.name, note(field)]));
  // the options a ring or a tick put in doubt, by field name: said with the exception raised on the field
  const doubts = new Map<string, number[]>();
  // Letters printed inside the bubbles: read the pencil on top of them (printed.ts).
  const blankFills = blank
    ? new Map(fields.map((field) => [field, measureField(blank, IDENTITY, field).map((m) => m.fill)]))
    : undefined;
  const printed = printedLift(fields, measures, blankFills);
  if (printed)
    for (const [field, m] of measures) {
      const lift = printed.lift.get(field)!;
      measures.set(
        field,
        m.map((x, i) => ({ ...x, fill: withoutPrint(x.fill, lift[i]!, printed.base) })),
      );
    }
  const fills = [...measures].filter(([field]) => !covered.has(field)).map(([, m]) => m.map((x) => x.fill));
  // Marks lighter than typical (a light pencil) are judged against the sheet's own marks and paper.
  const t = calibrateToSheet(pageThresholds(fills.flat()), fills);
  const read = (field: Field, mode: 'single' | 'multi'): FieldReading => {
    const m = measures.get(field) ?? [];
    const r = decideField(
      field.name,
      field.bubbles.map((b) => b.label),
      m.map((x) => x.fill),
      t,
      mode,
      m.map((x) => x.core),
    );
    if (covered.has(field)) return { ...r, value: null, states: r.states.map(() => 'uncertain') };
    // A tick after a filled option is the student pointing at the answer given: nothing to say. Ink before a
    // ringed option may be the ring's left side: the ring speaks for it.
    const ticks =
      ticked.get(field)?.filter((i) => r.states[i] !== 'filled' && !ringed.get(field)?.includes(i + 1)) ?? [];
    if (ticks.length > 0 && !notes.get(field.name)) notes.set(field.name, TICKED);
    const rings = ringed.get(field)?.filter((i) => r.states[i] !== 'filled') ?? [];
    const doubted = [...new Set([...rings, ...ticks])].sort((a, b) => a - b);
    if (doubted.length === 0) return r;
    doubts.set(field.name, doubted);
    return { ...r, value: null, states: r.states.map((s, i) => (doubted.includes(i) ? 'uncertain' : s)) };
  };
  const ex: OmrException[] = [];
  const raise = (type: OmrException['type'], r: FieldReading, reason: string) =>
    ex.push({
      type,
      region: r.name,
      reason: reason + (notes.get(r.name) ?? ''),
      fills: r.fills.map((v) => Math.round(v * 1000) / 1000),
      ...(doubts.has(r.name) ? { doubted: doubts.get(r.name) } : {}),
    });

  const digits = f.examNumber.map((d) => read(d, 'single'));
  let examValue: string | null = null;
  if (digits.length > 0) {
    // Left-aligned numbers end at the first empty digit (never the first one); every digit after it must be
    // empty too: a gap or a stray digit is a person's call, not a shorter number.
    const firstEmpty = digits.findIndex((d) => d.value?.length === 0);
    const used = f.examNumberLength === 'leftAligned' && firstEmpty > 0 ? firstEmpty : digits.length;
    const bad = digits.find((d, i) =>
      i < used ? d.value === null || d.value.length !== 1 : d.value === null || d.value.length !== 0,
    );
    if (bad) raise('examNumber', bad, bad.value === null ? '考号填涂不清或多涂' : '考号未填涂完整');
    else
      examValue = digits
        .slice(0, used)
        .map((d) => d.value![0])
        .join('');
  }

  const objective = f.objective.map((o) => {
    const reading = read(o.field, o.kind === 'multi' ? 'multi' : 'single');
    if (reading.value === null) {
      const many =
        reading.states.filter((s) => s === 'filled').length > 1 && !reading.states.includes('uncertain');
      raise('objective', reading, many ? '单选题多涂' : '填涂不清');
    }
    return { question: o.field.name, group: o.group, kind: o.kind, reading };
  });

  const ab = f.ab ? read(f.ab, 'single') : null;
  if (ab && (ab.value === null || ab.value.length !== 1))
    raise('ab', ab, ab.value === null ? 'AB卷标记不清或多涂' : 'AB卷未填涂');

  const absent = f.absent ? read(f.absent, 'single') : null;
  if (absent && absent.value === null) raise('absent', absent, '缺考标记不清');
  else if (absent && absent.value?.length === 1) raise('absent', absent, '缺考已填涂');

  const optional = f.optional.map((o) => {
    const r = read(o, 'single');
    if (r.value === null || r.value.length !== 1)
      raise('option', r, r.value === null ? '选做标记不清或多涂' : '选做未填涂');
    return r;
  });

  const scores = f.scores.map((s) => {
    const rs = s.fields.map((d) => read(d, 'single'));
    const unclear = rs.find((r) => r.value === null);
    const marked = rs.some((r) => r.value?.length);
    // A digit that offers a 0 must carry a mark once the box is used: left empty it is never read as 0.
    const missing = marked ? rs.find((r) => r.value?.length === 0 && r.labels.includes('0')) : undefined;
    // Raised on the whole strip (its name, every digit's fills in order): the person reads the score off
    // the strip and types it, instead of choosing a digit.
    if (unclear || missing)
      ex.push({
        type: 'subjective',
        region: s.name,
        reason:
          (unclear ? '打分栏填涂不清或多涂' : '打分栏未填涂完整') + (s.fields.map(note).find((n) => n) ?? ''),
        fills: rs.flatMap((r) => r.fills.map((v) => Math.round(v * 1000) / 1000)),
      });
    // No mark at all: not scored yet (null), which marking then asks for.
    const value =
      unclear || missing || !marked
        ? null
        : rs.reduce((acc, r) => acc + (r.value?.[0] ? Number(r.value[0]) || 0 : 0), 0);
    return { name: s.name, question: s.question, value, fields: rs };
  });

  return {
    readings: {
      examNumber: { value: examValue, source: examValue ? 'bubbles' : null, digits },
      objective,
      ab,
      absent,
      optional,
      scores,
    },
    thresholds: t,
    exceptions: ex,
  };
}

/** Reads a barcode / QR exam number inside its template rectangle. */
export async function readExamBarcode(
  img: GreyImage,
  h: Matrix3,
  page: TemplatePage,
  reader: BarcodeReader,
): Promise<{ value: string | null; source: 'code128' | 'qr' }> {
  const en = page.examNumber;
  if (!en || en.kind === 'bubbles') return { value: null, source: 'qr' };
  const box = mapRect(h, en.rect, 0.15);
  const r = clipRect(img, box.bbox);
  if (!r) return { value: null, source: en.kind };
  const hits = await reader.read(crop(img, r), [en.kind === 'qr' ? 'QRCode' : 'Code128']);
  return { value: hits[0]?.text ?? null, source: en.kind };
}

/** Maps a template rectangle (grown by `grow` of its size each side) to image corners and bounding box. */
export function mapRect(
  h: Matrix3,
  r: { x: number; y: number; w: number; h: number },
  grow = 0,
): Omit<MappedBox, 'name' | 'question'> {
  const gx = r.w * grow;
  const gy = r.h * grow;
  const c = [
    applyH(h, { x: r.x - gx, y: r.y - gy }),
    applyH(h, { x: r.x + r.w + gx, y: r.y - gy }),
    applyH(h, { x: r.x + r.w + gx, y: r.y + r.h + gy }),
    applyH(h, { x: r.x - gx, y: r.y + r.h + gy }),
  ] as MappedBox['corners'];
  const xs = c.map((p) => p.x);
  const ys = c.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { corners: c, bbox: { x, y, w: Math.max(...xs) - x, h: Math.max(...ys) - y } };
}
