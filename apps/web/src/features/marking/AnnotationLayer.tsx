import type { MarkAnnotation } from '@yj/contracts';
import type { MouseEvent } from 'react';

const RED = '#e53935';

/** One annotation drawn in image pixels (w × h); sizes follow the image width so they zoom with it. */
function Shape({ a, w, h }: { a: MarkAnnotation; w: number; h: number }) {
  const x = a.x * w;
  const y = a.y * h;
  const u = Math.max(12, w * 0.025);
  const stroke = {
    stroke: RED,
    strokeWidth: Math.max(2, u / 6),
    fill: 'none',
    strokeLinecap: 'round' as const,
  };
  switch (a.kind) {
    case 'tick':
      return <polyline points={`${x - u},${y} ${x - u / 3},${y + u * 0.7} ${x + u},${y - u}`} {...stroke} />;
    case 'cross':
      return (
        <path d={`M${x - u},${y - u} L${x + u},${y + u} M${x + u},${y - u} L${x - u},${y + u}`} {...stroke} />
      );
    case 'circle':
      return <circle cx={x} cy={y} r={a.r * w} {...stroke} />;
    case 'text':
      return (
        <text x={x} y={y} fill={RED} fontSize={u * 1.4} dominantBaseline="middle">
          {a.text}
        </text>
      );
  }
}

/**
 * The SVG over the cut image in its own pixels (viewBox w × h), so a click maps to the image through
 * getScreenCTM even when the picture is zoomed or turned. Right click removes an annotation.
 */
export function AnnotationLayer(props: {
  marks: readonly MarkAnnotation[];
  w: number;
  h: number;
  drawing: boolean;
  onPoint?: (x: number, y: number) => void;
  onRemove?: (index: number) => void;
}) {
  const { marks, w, h, drawing, onPoint, onRemove } = props;
  const click = (e: MouseEvent<SVGSVGElement>) => {
    if (!drawing || !onPoint) return;
    const svg = e.currentTarget;
    const m = svg.getScreenCTM();
    if (!m) return;
    const p = new DOMPoint(e.clientX, e.clientY).matrixTransform(m.inverse());
    onPoint(p.x, p.y);
  };
  return (
    <svg
      viewBox={`0 0 ${w} ${h}`}
      preserveAspectRatio="none"
      style={{
        position: 'absolute',
        inset: 0,
        width: '100%',
        height: '100%',
        cursor: drawing ? 'crosshair' : 'default',
      }}
      onClick={click}
      data-testid="annotations"
    >
      {marks.map((a, i) => (
        <g
          key={i}
          data-testid={`annotation-${a.kind}`}
          onContextMenu={(e) => {
            if (!onRemove) return;
            e.preventDefault();
            onRemove(i);
          }}
        >
          <Shape a={a} w={w} h={h} />
        </g>
      ))}
    </svg>
  );
}
