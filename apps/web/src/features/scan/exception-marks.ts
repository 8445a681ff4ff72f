import type { ScanExceptionDetail } from '@yj/contracts';
import type { Mark } from './PageImage';

/** Recognition's own names for whole-page regions (no template region has them), in words a teacher reads. */
const PAGE_REGIONS: Record<string, string> = {
  anchors: '定位点',
  identity: '页码标识',
  page: '整页',
};

/** The region of an exception as shown: a template region's own (Chinese) name, or the page part it means. */
export function regionLabel(region: string | null): string {
  if (!region) return '—';
  return PAGE_REGIONS[region] ?? region;
}

/** A bubble's label: recognition calls the lone 缺考 bubble "absent". */
function bubbleLabel(label: string): string {
  return label === 'absent' ? '已涂' : label;
}

const sameBox = (a: { x: number; y: number; w: number; h: number }, b: typeof a) =>
  a.x === b.x && a.y === b.y && a.w === b.w && a.h === b.h;

/**
 * An option in doubt by a ring round it or a tick after it: blue beside the red region and the orange options, so
 * the eye goes to it and to what lies beside it.
 */
const DOUBTED = '#1677ff';
/** Any other option: its fill. */
const OPTION = '#fa8c16';

/** The options recognition put in doubt (`detail.doubted`: indices into the field's bubbles). */
function doubtedOf(d: ScanExceptionDetail): Set<number> {
  const v = d.exception.detail?.doubted;
  return new Set(Array.isArray(v) ? v.filter((i): i is number => typeof i === 'number') : []);
}

/**
 * The region of the exception and, for bubbles, each option with its fill; an option in doubt by what lies outside
 * it (a ring, a tick after it) is drawn in its own colour and says so in place of its fill, which is not why it
 * was raised (and a longer label would run over the next option's).
 */
export function marksOf(d: ScanExceptionDetail): Mark[] {
  if (!d.highlight) return [];
  const { box, bubbles } = d.highlight;
  const doubted = doubtedOf(d);
  const region = d.exception.region ? regionLabel(d.exception.region) : undefined;
  const fillOf = (b: (typeof bubbles)[number]) =>
    b.fill === null ? bubbleLabel(b.label) : `${bubbleLabel(b.label)} ${Math.round(b.fill * 100)}%`;
  // A lone bubble that is the region itself (缺考标记) gets one label, not two drawn over each other.
  const only = bubbles.length === 1 && sameBox(bubbles[0]!.box, box) ? bubbles[0]! : null;
  if (only) return [{ box, label: `${region ?? ''} ${fillOf(only)}`.trim(), color: OPTION }];
  return [
    { box, label: region },
    ...bubbles.map((b, i) =>
      doubted.has(i)
        ? { box: b.box, label: `${bubbleLabel(b.label)} 存疑`, color: DOUBTED }
        : { box: b.box, label: fillOf(b), color: OPTION },
    ),
  ];
}
