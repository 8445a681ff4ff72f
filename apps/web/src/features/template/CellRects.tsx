import type { Rect } from './geometry';
import { BoxRect } from '../../components/BoxRect';

/** The cells of a region on the builder's canvas (a bubble grid's bubbles, a barcode's box), one outline each. */
export function CellRects(p: { cells: Rect[]; fill: string; stroke: string }) {
  return (
    <>
      {p.cells.map((c, i) => (
        <BoxRect
          key={i}
          box={c}
          fill={p.fill}
          stroke={p.stroke}
          strokeWidth={1}
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </>
  );
}
