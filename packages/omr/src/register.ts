import type { TemplatePage } from '@yj/contracts';
import { findAnchor } from './anchors';
import { rectCentre } from './fields';
import { applyH, fitAffine, fitHomography, localScale, rmsError, type Matrix3, type Point } from './geometry';
import type { GreyImage } from './image';
import { matchLocationArea } from './location';
import type { Registration } from './types';

export type Rotation = 0 | 90 | 180 | 270;

/** Rough template → image transform for a feed rotation: centres aligned, uniform scale from the sizes. */
export function coarseTransform(img: GreyImage, page: TemplatePage, rot: Rotation): Matrix3 {
  const swap = rot === 90 || rot === 270;
  const s = Math.sqrt(
    swap
      ? (img.width / page.height) * (img.height / page.width)
      : (img.width / page.width) * (img.height / page.height),
  );
  const [c, n] = rot === 0 ? [1, 0] : rot === 90 ? [0, 1] : rot === 180 ? [-1, 0] : [0, -1];
  // Image y points down, so a clockwise feed rotation is [c −n; n c].
  const a = s * c;
  const b = -s * n;
  const d = s * n;
  const e = s * c;
  const cx = page.width / 2;
  const cy = page.height / 2;
  return [a, b, img.width / 2 - (a * cx + b * cy), d, e, img.height / 2 - (d * cx + e * cy), 0, 0, 1];
}

/** Rotations worth trying: the page's aspect tells portrait from landscape feeds. */
export function candidateRotations(img: GreyImage, page: TemplatePage): Rotation[] {
  const same = img.width >= img.height === page.width >= page.height;
  return same ? [0, 180] : [90, 270];
}

/** Registration attempt: the fit, or why it failed. */
export type RegisterOutcome = { ok: true; reg: Registration } | { ok: false; reason: string };

function plausible(h: Matrix3, page: TemplatePage, coarse: Matrix3): string | null {
  const centre = { x: page.width / 2, y: page.height / 2 };
  const s0 = localScale(coarse, centre);
  const s = localScale(h, centre);
  if (!(s > s0 * 0.85 && s < s0 * 1.15)) return `比例异常 (${(s / s0).toFixed(2)})`;
  // Each page corner should scale alike; a wildly different one means a wrong point pair.
  for (const p of [
    { x: 0, y: 0 },
    { x: page.width, y: 0 },
    { x: 0, y: page.height },
    { x: page.width, y: page.height },
  ]) {
    const k = localScale(h, p) / s;
    if (!(k > 0.85 && k < 1.15)) return '透视变形过大';
  }
  return null;
}

function fitPoints(tp: Point[], ip: Point[], preferAffine: boolean): { h: Matrix3; err: number } | null {
  const useH = tp.length >= (preferAffine ? 6 : 4);
  const h = useH ? fitHomography(tp, ip) : fitAffine(tp, ip);
  if (!h) return null;
  // With exactly 4 anchors a homography is exact; the affine residual then shows how far the points disagree.
  const errModel = tp.length === 4 && useH ? fitAffine(tp, ip) : h;
  return { h, err: errModel ? rmsError(errModel, tp, ip) : 0 };
}

type Pair = Registration['points'][number];

// Fits, then while the fit disagrees with its points drops the pair whose removal helps most
// (a mark mistaken for an anchor, a patch matched on a reflowed line), keeping at least 3.
function robustFit(
  pts: Pair[],
  preferAffine: boolean,
  tolerance: number,
): { h: Matrix3; err: number; pts: Pair[] } | null {
  let cur = pts;
  let fit = fitPoints(
    cur.map((p) => p.template),
    cur.map((p) => p.image),
    preferAffine,
  );
  while (fit && fit.err > tolerance && cur.length > 3) {
    let best: { fit: { h: Matrix3; err: number }; pts: Pair[] } | null = null;
    for (let drop = 0; drop < cur.length; drop++) {
      const rest = cur.filter((_, i) => i !== drop);
      const f = fitPoints(
        rest.map((p) => p.template),
        rest.map((p) => p.image),
        preferAffine,
      );
      if (f && (!best || f.err < best.fit.err)) best = { fit: f, pts: rest };
    }
    if (!best) break;
    // With 4 anchors the remaining 3 fit exactly: only accept that when the dropped one was far off.
    if (best.pts.length === 3 && fit.err < tolerance * 3) break;
    cur = best.pts;
    fit = best.fit;
  }
  return fit ? { ...fit, pts: cur } : null;
}

/** Registers by the template's anchor blocks for one feed rotation. */
export function registerByAnchors(img: GreyImage, page: TemplatePage, rot: Rotation): RegisterOutcome {
  const coarse = coarseTransform(img, page, rot);
  const s = localScale(coarse, { x: page.width / 2, y: page.height / 2 });
  const radius = 0.1 * Math.max(img.width, img.height);
  const pts: Registration['points'] = [];
  for (const a of page.anchors) {
    const t = rectCentre(a.rect);
    const swap = rot === 90 || rot === 270;
    const size = { w: (swap ? a.rect.h : a.rect.w) * s, h: (swap ? a.rect.w : a.rect.h) * s };
    const hit = findAnchor(img, applyH(coarse, t), size, radius);
    if (hit) pts.push({ name: a.name, template: t, image: hit.centre });
  }
  if (pts.length < 3) return { ok: false, reason: `只找到 ${pts.length} 个定位点` };
  const tolerance = Math.max(3, 0.004 * Math.max(img.width, img.height));
  const fit = robustFit(pts, false, tolerance);
  if (!fit) return { ok: false, reason: '定位点共线，无法求解变换' };
  if (fit.err > tolerance) return { ok: false, reason: `定位点拟合误差过大 (${fit.err.toFixed(1)}px)` };
  const why = plausible(fit.h, page, coarse);
  if (why) return { ok: false, reason: why };
  return {
    ok: true,
    reg: { method: 'anchors', rotation: rot, matrix: fit.h, fitError: fit.err, points: fit.pts },
  };
}

/** The least normalised cross-correlation a location area counts as found at. */
export const MIN_NCC = 0.45;

/** Registers by location areas (printed patches) for one feed rotation: coarse match, fit, then a refining match. */
export function registerByLocationAreas(
  img: GreyImage,
  page: TemplatePage,
  rot: Rotation,
): RegisterOutcome & { score?: number } {
  let h = coarseTransform(img, page, rot);
  let pts: Registration['points'] = [];
  let score = 0;
  let err = 0;
  const tolerance = Math.max(4, 0.005 * Math.max(img.width, img.height));
  for (const pass of [0, 1]) {
    const next: Registration['points'] = [];
    let sum = 0;
    for (const area of page.locationAreas) {
      const radius = pass === 0 ? (area.searchRadius ?? 0.06 * page.width) : 6;
      // the second pass, through the first pass's fit, matches the patch as printed (turned, scaled)
      const hit = matchLocationArea(img, h, area, radius);
      if (!hit || hit.score < MIN_NCC) continue;
      const t = rectCentre(area.rect);
      next.push({
        name: area.name,
        template: t,
        image: applyH(h, { x: t.x + hit.offset.x, y: t.y + hit.offset.y }),
      });
      sum += hit.score;
    }
    if (next.length < 3) return { ok: false, reason: `定位区匹配不足 (${next.length})`, score: sum };
    const fit = robustFit(next, true, tolerance);
    if (!fit) return { ok: false, reason: '定位区共线，无法求解变换' };
    h = fit.h;
    pts = fit.pts;
    err = fit.err;
    score = sum / next.length;
  }
  if (err > tolerance) return { ok: false, reason: `定位区拟合误差过大 (${err.toFixed(1)}px)` };
  const why = plausible(h, page, coarseTransform(img, page, rot));
  if (why) return { ok: false, reason: why };
  return {
    ok: true,
    reg: { method: 'locationAreas', rotation: rot, matrix: h, fitError: err, points: pts },
    score,
  };
}
