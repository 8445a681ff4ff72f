import type { SVGProps } from 'react';

/** A box on a page picture ({x, y, w, h} in picture pixels) drawn as an SVG rect; `look` is the rect's styling. */
export function BoxRect({
  box,
  ...look
}: { box: { x: number; y: number; w: number; h: number } } & Omit<
  SVGProps<SVGRectElement>,
  'x' | 'y' | 'width' | 'height'
>) {
  return <rect x={box.x} y={box.y} width={box.w} height={box.h} {...look} />;
}
