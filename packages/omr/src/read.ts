import type { TemplatePage } from '@yj/contracts';
import type { BarcodeReader } from './barcode';
import { measureField, type BubbleMeasure } from './bubbles';
import { calibrateToSheet } from './calibrate';
import { decideField, pageThresholds } from './decide';
import type { Field } from './fields';
import { applyH, type Matrix3 } from './geometry';
import { clipRect, crop, type GreyImage } from './image';
import { allFields, type PageFields } from './layout';
import { printedLift, withoutPrint } from './printed';
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
 * Reads every bubble field of a registered page and raises the exceptions a person must settle. Under `wide`
 * (scanner streaks too wide to paint over, streaks.ts) nothing is read: each bubble is measured beside the line,
 * and a field with a bubble mostly under it is raised (…扫描竖线经过) instead of read, since the line could hide
 * a mark or look like one; its fills stay out of the sheet's calibration.
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
  const covered = new Set(fields.filter((field) => measures.get(field)!.some((m) => m.seen < MIN_SEEN)));
  // crossed by a line, read or not: an exception raised on it says so
  const crossed = new Set(fields.filter((field) => measures.get(field)!.some((m) => m.seen < 1)));
  const crossedNames = new Set([...crossed].map((field) => field.name));
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
    return covered.has(field) ? { ...r, value: null, states: r.states.map(() => 'uncertain') } : r;
  };
  const ex: OmrException[] = [];
  const STREAK = '（扫描竖线经过，请核对原图）';
  const raise = (type: OmrException['type'], r: FieldReading, reason: string) =>
    ex.push({
      type,
      region: r.name,
      reason: crossedNames.has(r.name) ? reason + STREAK : reason,
      fills: r.fills.map((v) => Math.round(v * 1000) / 1000),
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
          (unclear ? '打分栏填涂不清或多涂' : '打分栏未填涂完整') +
          (s.fields.some((d) => crossed.has(d)) ? STREAK : ''),
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
