import type { BlockRegion, TemplatePage } from '@yj/contracts';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { rectFromPoints, type Point } from '../template/geometry';
import { fitRegion } from './block-style';
import { DraftRect } from '../../components/DraftRect';
import { BoxRect } from '../../components/BoxRect';

// One template page of 题块框选: the page picture in template pixels (SVG scaled by `zoom` in a scrolling
// box), the template's subjective boxes as a faint guide, every block's regions in its colour. The
// selected block's regions move and resize; a drag elsewhere draws a new one for it.

/** A region of some block as drawn: `index` is its place in that block's list. */
export interface ShownRegion {
  blockKey: string;
  index: number;
  region: BlockRegion;
  colour: string;
  label: string;
  proposed: boolean;
}

type Drag =
  | { mode: 'draw'; start: Point; now: Point }
  | { mode: 'move' | 'resize'; index: number; start: Point; now: Point };

export interface BlockCanvasProps {
  page: TemplatePage;
  imageUrl: string | null;
  zoom: number;
  regions: ShownRegion[];
  selectedKey: string | null;
  editable: boolean;
  onSelectBlock: (key: string) => void;
  onDraw: (r: BlockRegion) => void;
  onChange: (index: number, r: BlockRegion) => void;
}

export function BlockCanvas(p: BlockCanvasProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const { width, height } = p.page;
  const canDraw = p.editable && p.selectedKey !== null;

  const toPage = (e: { clientX: number; clientY: number }): Point => {
    const r = svgRef.current?.getBoundingClientRect();
    if (!r || r.width === 0) return { x: 0, y: 0 };
    return { x: ((e.clientX - r.left) / r.width) * width, y: ((e.clientY - r.top) / r.height) * height };
  };
  const begin = (e: ReactPointerEvent, d: Drag) => {
    if (e.button !== 0) return;
    e.stopPropagation();
    svgRef.current?.setPointerCapture(e.pointerId);
    setDrag(d);
  };

  /** The region as it looks while being dragged. */
  const shown = (s: ShownRegion): BlockRegion => {
    if (!drag || drag.mode === 'draw' || s.blockKey !== p.selectedKey || s.index !== drag.index || s.proposed)
      return s.region;
    const dx = drag.now.x - drag.start.x;
    const dy = drag.now.y - drag.start.y;
    const r = s.region;
    return drag.mode === 'move'
      ? fitRegion({ ...r, x: r.x + dx, y: r.y + dy }, width, height)
      : fitRegion({ ...r, w: r.w + dx, h: r.h + dy }, width, height);
  };

  const onUp = () => {
    const d = drag;
    setDrag(null);
    if (!d) return;
    const moved = Math.abs(d.now.x - d.start.x) * p.zoom > 3 || Math.abs(d.now.y - d.start.y) * p.zoom > 3;
    if (!moved) return;
    if (d.mode === 'draw') {
      const r = rectFromPoints(d.start, d.now);
      p.onDraw(fitRegion({ page: p.page.index, ...r }, width, height));
      return;
    }
    const own = p.regions.find((s) => s.blockKey === p.selectedKey && s.index === d.index && !s.proposed);
    if (own) p.onChange(d.index, shown(own));
  };

  const px = 1 / p.zoom;
  const drawing = drag?.mode === 'draw' ? rectFromPoints(drag.start, drag.now) : null;
  return (
    <div
      style={{ overflow: 'auto', maxHeight: '72vh', background: '#e5e6eb', borderRadius: 8 }}
      data-testid="block-canvas-box"
    >
      <svg
        ref={svgRef}
        data-testid="block-canvas"
        width={width * p.zoom}
        height={height * p.zoom}
        viewBox={`0 0 ${width} ${height}`}
        style={{
          display: 'block',
          cursor: canDraw ? 'crosshair' : 'default',
          touchAction: 'none',
          userSelect: 'none',
        }}
        onPointerDown={(e) => {
          if (!canDraw) return;
          const at = toPage(e);
          begin(e, { mode: 'draw', start: at, now: at });
        }}
        onPointerMove={(e) => drag && setDrag({ ...drag, now: toPage(e) })}
        onPointerUp={onUp}
        onPointerCancel={() => setDrag(null)}
      >
        <rect x={0} y={0} width={width} height={height} fill="#fff" />
        {p.imageUrl && <image href={p.imageUrl} x={0} y={0} width={width} height={height} />}
        {p.page.subjective.map((b) => (
          <g key={b.name} pointerEvents="none">
            <BoxRect
              box={b.rect}
              fill="none"
              stroke="#86909c"
              strokeWidth={1}
              strokeDasharray="4 4"
              vectorEffect="non-scaling-stroke"
            />
            <text x={b.rect.x + 6 * px} y={b.rect.y + b.rect.h - 6 * px} fontSize={12 * px} fill="#86909c">
              模板框 {b.name}
            </text>
          </g>
        ))}
        {p.regions.map((s) => {
          const r = shown(s);
          const selected = s.blockKey === p.selectedKey;
          const own = selected && !s.proposed && p.editable;
          return (
            <g
              key={`${s.blockKey}-${s.index}-${s.proposed}`}
              data-block-region={s.label}
              // the selected block's proposal is only a guide: drawing over it frames the block anew
              pointerEvents={selected && s.proposed ? 'none' : undefined}
              style={{ cursor: own ? 'move' : 'pointer' }}
              onPointerDown={(e) => {
                if (!own) {
                  e.stopPropagation();
                  p.onSelectBlock(s.blockKey);
                  return;
                }
                const at = toPage(e);
                begin(e, { mode: 'move', index: s.index, start: at, now: at });
              }}
            >
              <BoxRect
                box={r}
                fill={selected ? `${s.colour}22` : `${s.colour}0d`}
                stroke={s.colour}
                strokeWidth={selected ? 3 : 2}
                strokeDasharray={s.proposed ? '10 6' : undefined}
                vectorEffect="non-scaling-stroke"
              />
              {/* top right: the card prints the question's own label (11.(6分)) at the top left */}
              <text
                x={r.x + r.w - 6 * px}
                y={r.y + 18 * px}
                textAnchor="end"
                fontSize={15 * px}
                fill={s.colour}
                stroke="#fff"
                strokeWidth={3 * px}
                paintOrder="stroke"
                style={{ fontWeight: 600 }}
                data-testid="region-label"
              >
                {s.label}
                {s.proposed ? '（建议）' : ''}
              </text>
              {own && (
                <rect
                  data-testid="region-resize"
                  x={r.x + r.w - 7 * px}
                  y={r.y + r.h - 7 * px}
                  width={14 * px}
                  height={14 * px}
                  fill={s.colour}
                  style={{ cursor: 'nwse-resize' }}
                  onPointerDown={(e) => {
                    const at = toPage(e);
                    begin(e, { mode: 'resize', index: s.index, start: at, now: at });
                  }}
                />
              )}
            </g>
          );
        })}
        {drawing && <DraftRect r={drawing} />}
      </svg>
    </div>
  );
}
