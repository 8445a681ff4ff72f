import type { TemplatePage } from '@yj/contracts';
import { findAnchor } from './anchors';
import { rectCentre, type Field } from './fields';
import { applyH, multiplyH, type Matrix3, type Point } from './geometry';
import type { GreyImage } from './image';
import { allFields, layoutScore, outlineScore, pageFields } from './layout';
import { matchLocationArea } from './location';
import { MIN_NCC } from './register';
import type { Registration } from './types';

// The registration-trust gate (issue 28): whatever registered a page (anchors, location areas), its
// answers are read only when the registration is proven. Otherwise the page is a 定位异常 and nothing is
// read from it: a page is either read with confidence or raised.

/** The fewest points whose fit says something: an affine map passes exactly through any three. */
const MIN_POINTS = 4;

/**
 * How much darker the printed bubble rings must lie under the chosen registration than under another
 * (turned or mirrored, which its marks fit as well; or shifted half a bubble, when three marks leave the
 * fit unchecked): rings on printed outlines against rings on paper, text or pencil elsewhere. Both must
 * hold: so many grey levels (0–255) more, and half as dark again.
 */
const LAYOUT_MARGIN = 12;
const LAYOUT_RATIO = 1.5;

const clearlyDarker = (l: number, other: number) => l - other >= LAYOUT_MARGIN && l >= LAYOUT_RATIO * other;

/**
 * How the printed bubbles show through a transform (layout.ts): the ring at half a bubble, steady on grainy scans,
 * decides first; where it cannot tell, each ray's darkest print across the outline, which sees brackets ([A]) the
 * ring meets at two points of twelve. On bracket-printed backs the ring alone raised 11 of 20 pages; the rays alone
 * raised 11 more of 300 hard scans, and cost five times the ring (0.87 against 0.17 ms a transform), so they are
 * asked only when the ring is unsure.
 */
type Measure = (img: GreyImage, h: Matrix3, fields: Field[]) => number;

/** The turns and mirrors that map a page's rectangle onto itself, in template pixels. */
function symmetries(page: TemplatePage): { name: string; turn: boolean; m: Matrix3 }[] {
  const { width: W, height: H } = page;
  return [
    { name: '倒置', turn: true, m: [-1, 0, W, 0, -1, H, 0, 0, 1] },
    { name: '左右镜像', turn: false, m: [-1, 0, W, 0, 1, 0, 0, 0, 1] },
    { name: '上下镜像', turn: false, m: [1, 0, 0, 0, -1, H, 0, 0, 1] },
  ];
}

/** The image size of a template rectangle's box through h (its corners' extent). */
function mappedSize(h: Matrix3, r: { x: number; y: number; w: number; h: number }): { w: number; h: number } {
  const c = [
    applyH(h, { x: r.x, y: r.y }),
    applyH(h, { x: r.x + r.w, y: r.y }),
    applyH(h, { x: r.x, y: r.y + r.h }),
    applyH(h, { x: r.x + r.w, y: r.y + r.h }),
  ];
  const xs = c.map((p) => p.x);
  const ys = c.map((p) => p.y);
  return { w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/**
 * Whether at least `need` of the registration's own marks are found again through `h`, searched as
 * closely as the fit itself tolerates: what the registration's evidence says of another transform. Stops
 * searching as soon as the answer is known (the search is most of the gate's cost).
 */
function marksFoundAt(
  img: GreyImage,
  page: TemplatePage,
  reg: Registration,
  h: Matrix3,
  need: number,
): boolean {
  let found = 0;
  let left = reg.points.length;
  const tolerance = Math.max(4, 0.005 * Math.max(img.width, img.height));
  for (const p of cheapestFirst(page, reg)) {
    if (found >= need) return true;
    if (found + left < need) return false;
    left--;
    if (reg.method === 'anchors') {
      const a = page.anchors.find((x) => x.name === p.name);
      const hit = a && findAnchor(img, applyH(h, rectCentre(a.rect)), mappedSize(h, a.rect), 2 * tolerance);
      if (hit && hit.distance <= 2 * tolerance) found++;
    } else {
      const area = page.locationAreas.find((x) => x.name === p.name);
      const hit = area && matchLocationArea(img, h, area, 6);
      if (hit && hit.score >= MIN_NCC) found++;
    }
  }
  return found >= need;
}

/**
 * The registration's points, the cheapest to search again first: the answer (at least `need` found) does
 * not depend on the order, and the search stops as soon as it is known, so small location patches (a
 * match costs as many samples as its patch has) decide most pages before a large one is sampled.
 */
function cheapestFirst(page: TemplatePage, reg: Registration): Registration['points'] {
  if (reg.method === 'anchors') return reg.points;
  const cost = new Map(page.locationAreas.map((a) => [a.name, a.patch.width * a.patch.height]));
  return [...reg.points].sort((a, b) => (cost.get(a.name) ?? 0) - (cost.get(b.name) ?? 0));
}

/** The name of the mark (anchor or location area) whose centre lies nearest a template point. */
function nearestMark(page: TemplatePage, method: Registration['method'], t: Point): string {
  const marks = method === 'anchors' ? page.anchors : page.locationAreas;
  let best = { name: '', d: Infinity };
  for (const m of marks) {
    const c = rectCentre(m.rect);
    const d = Math.hypot(c.x - t.x, c.y - t.y);
    if (d < best.d) best = { name: m.name, d };
  }
  return best.name;
}

/** The registration through h·S: the same image points, each now the mark S puts there. */
function turned(page: TemplatePage, reg: Registration, s: Matrix3): Registration {
  return {
    ...reg,
    rotation: ((reg.rotation + 180) % 360) as Registration['rotation'],
    matrix: multiplyH(reg.matrix, s),
    points: reg.points.map((p) => {
      const template = applyH(s, p.template);
      return { ...p, name: nearestMark(page, reg.method, template), template };
    }),
  };
}

/** The gate's verdict: the registration to read through (maybe turned upside down), or why not to read. */
export type Trust = { ok: true; reg: Registration } | { ok: false; reason: string };

/** What the page QR settled before the gate: the way up it was fed, and that the picture is not mirrored. */
export interface Settled {
  wayUp: boolean;
  side: boolean;
}

/**
 * Decides whether a page may be read through `reg`. A fit through three points (an affine map passes
 * exactly through any three: a zero error proves nothing) is read only when the printed bubbles sit where
 * it puts them, clearly more than half a bubble away. When the registration's marks also fit the page
 * turned upside down or mirrored (corner blocks, symmetric patches), the printed bubbles must tell which:
 * the way up whose bubble rings lie clearly darker is read (upside down when that is the one), else the
 * page is raised. What the page QR settled is not asked again: the way up it was fed (`wayUp`), and that the
 * picture is not mirrored (`side`: the QR read as printed), for a fit that is not itself mirrored.
 */
export function trustRegistration(
  img: GreyImage,
  page: TemplatePage,
  reg: Registration,
  settled: Settled = { wayUp: false, side: false },
): Trust {
  if (reg.points.length < MIN_POINTS) {
    // no point checks the others: the printed bubbles must show the page sits where the fit puts it
    const fits = halfBubbleOff(page, reg.matrix);
    const ring = againstShifts(img, fits, layoutScore);
    const proven = (m: { l: number; shifted: number }) => clearlyDarker(m.l, m.shifted);
    if (!proven(ring) && !proven(againstShifts(img, fits, outlineScore)))
      return {
        ok: false,
        reason: `只有 ${reg.points.length} 个定位${reg.method === 'anchors' ? '点' : '区'}吻合，定位无从核验：气泡印刷吻合度 ${ring.l.toFixed(0)}，错开半个气泡 ${ring.shifted.toFixed(0)}`,
      };
  }
  // a photo of a mirrored picture still fits the corner marks without a mirror (they are symmetric); the QR has
  // none of that symmetry, so one read as printed rules every mirror out, and with it most pages' ring measures
  const side = settled.side && reg.matrix[0] * reg.matrix[4] - reg.matrix[1] * reg.matrix[3] > 0;
  const alike = symmetries(page)
    .filter((s) => (s.turn ? !settled.wayUp : !side))
    .map((s) => ({ ...s, h: multiplyH(reg.matrix, s.m) }))
    .filter((s) => marksFoundAt(img, page, reg, s.h, 3));
  if (alike.length === 0) return { ok: true, reg };
  const fields = allFields(pageFields(page));
  const options = [
    { name: '当前方向', reg, h: reg.matrix },
    ...alike.map((s) => ({ name: s.name, reg: s.turn ? turned(page, reg, s.m) : null, h: s.h })),
  ];
  // only a way up a scanner can produce is read: a mirrored page is never chosen, only ruled out
  const verdict = (measure: Measure) => {
    const l = options.map((o) => measure(img, o.h, fields));
    const best = options.reduce((a, o, i) => (o.reg !== null && (a < 0 || l[i]! > l[a]!) ? i : a), -1);
    const rival = options.reduce((a, _, i) => (i !== best && (a < 0 || l[i]! > l[a]!) ? i : a), -1);
    return { best, rival, l, clear: clearlyDarker(l[best]!, l[rival]!) };
  };
  const ring = verdict(layoutScore);
  if (ring.clear) return { ok: true, reg: options[ring.best]!.reg! };
  // the rays may tell what the ring could not, for the way up the ring leans to
  const rays = verdict(outlineScore);
  if (rays.clear && rays.best === ring.best) return { ok: true, reg: options[ring.best]!.reg! };
  const rival = options[ring.rival]!;
  const marks = `定位${reg.method === 'anchors' ? '点' : '区'}对称`;
  const why =
    rival.reg === null && ring.l[ring.rival]! > ring.l[ring.best]!
      ? `页面疑为镜像扫描（${rival.name}）`
      : `${rival.reg === null ? '是否镜像' : '页面方向'}无法确定`;
  return {
    ok: false,
    reason: `${marks}，${why}：气泡印刷吻合度 ${ring.l[ring.best]!.toFixed(0)} 对 ${ring.l[ring.rival]!.toFixed(0)}`,
  };
}

/** The page's fields, the fit h, and h shifted by half a bubble each way (template px): made once for every measure. */
function halfBubbleOff(page: TemplatePage, h: Matrix3): { fields: Field[]; h: Matrix3; shifts: Matrix3[] } {
  const fields = allFields(pageFields(page));
  const bubbles = fields.flatMap((f) => f.bubbles).map((b) => b.rect);
  const mid = (v: number[]) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)] ?? 0;
  const dx = mid(bubbles.map((r) => r.w)) / 2;
  const dy = mid(bubbles.map((r) => r.h)) / 2;
  const shifts = [
    [dx, 0],
    [-dx, 0],
    [0, dy],
    [0, -dy],
  ].map(([x, y]) => multiplyH(h, [1, 0, x!, 0, 1, y!, 0, 0, 1]));
  return { fields, h, shifts };
}

/** The measure through the fit, and the best of it through the shifted fits. */
function againstShifts(
  img: GreyImage,
  fits: ReturnType<typeof halfBubbleOff>,
  measure: Measure,
): { l: number; shifted: number } {
  const shifted = fits.shifts.map((s) => measure(img, s, fits.fields));
  return { l: measure(img, fits.h, fits.fields), shifted: Math.max(...shifted) };
}
