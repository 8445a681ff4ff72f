import type { MarkAnnotation } from '@yj/contracts';

/** The drawing tools over the cut image; null: clicks do nothing. */
export type AnnotTool = 'tick' | 'cross' | 'circle' | 'text';
export const TOOL_LABELS: Record<AnnotTool, string> = { tick: '√', cross: '×', circle: '○', text: '文字' };
/** A new circle's radius, as a fraction of the image width. */
export const CIRCLE_R = 0.04;

const frac = (v: number) => Math.min(1, Math.max(0, Math.round(v * 10_000) / 10_000));

/** The annotation a click at (x, y) in image pixels (w × h) makes with a tool. */
export function annotationAt(
  tool: AnnotTool,
  x: number,
  y: number,
  w: number,
  h: number,
  text = '',
): MarkAnnotation {
  const at = { x: frac(x / w), y: frac(y / h) };
  if (tool === 'circle') return { kind: 'circle', ...at, r: CIRCLE_R };
  if (tool === 'text') return { kind: 'text', ...at, text: text.trim().slice(0, 50) };
  return { kind: tool, ...at };
}
