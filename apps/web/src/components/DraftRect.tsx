import { BoxRect } from './BoxRect';

/** The rectangle being dragged out on a drawing canvas (template builder, 题块框选), in picture pixels. */
export function DraftRect({ r }: { r: { x: number; y: number; w: number; h: number } }) {
  return (
    <BoxRect
      box={r}
      fill="rgba(22,119,255,0.08)"
      stroke="#1677ff"
      strokeWidth={2}
      strokeDasharray="8 4"
      vectorEffect="non-scaling-stroke"
      pointerEvents="none"
    />
  );
}
