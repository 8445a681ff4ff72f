import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { isRectRegion, moveRegion, regionBounds, type Region } from './draft';
import { clampRect, rectFromPoints, type Point, type Rect } from './geometry';
import { blockCells } from './lattice';
import type { Proposal } from './proposals';
import { DraftRect } from '../../components/DraftRect';
import { CellRects } from './CellRects';
import { BoxRect } from '../../components/BoxRect';

// The picture with everything on it: plain SVG in picture pixels, scaled by `zoom` inside a scrolling
// box (panning = scrolling; drag with the middle button or while holding the space bar).

const COLOURS: Record<Region['kind'], string> = {
  anchor: '#f53f3f',
  horizontalLine: '#722ed1',
  location: '#eb2f96',
  examNumber: '#1677ff',
  examCode: '#1677ff',
  objective: '#00a870',
  ab: '#fa8c16',
  optional: '#13c2c2',
  subjective: '#2f54eb',
  absent: '#d4380d',
};

type Drag =
  | { mode: 'draw'; start: Point; now: Point; proposal?: string }
  | { mode: 'move' | 'resize'; region: Region; start: Point; now: Point }
  | { mode: 'pan'; client: Point; scroll: Point };

export interface CanvasProps {
  imageUrl: string | null;
  width: number;
  height: number;
  zoom: number;
  regions: Region[];
  proposals: Proposal[];
  selectedId: string | null;
  selectedProposal: string | null;
  canDraw: boolean;
  onDraw: (rect: Rect) => void;
  onSelect: (id: string | null) => void;
  onSelectProposal: (key: string | null) => void;
  onChange: (region: Region) => void;
}

function cellsOf(r: Region): Rect[] {
  if (r.kind === 'objective' || r.kind === 'examNumber') return blockCells(r.block).map((c) => c.rect);
  if (r.kind === 'ab' || r.kind === 'optional') return r.bubbles.map((b) => b.rect);
  return [];
}

/** The picture canvas of the template builder. */
export function BuilderCanvas(p: CanvasProps) {
  const svgRef = useRef<SVGSVGElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [drag, setDrag] = useState<Drag | null>(null);
  const space = useRef(false);

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setDrag(null);
      if (e.code === 'Space' && !(e.target instanceof HTMLInputElement)) space.current = true;
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') space.current = false;
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const toImage = (e: { clientX: number; clientY: number }): Point => {
    const r = svgRef.current?.getBoundingClientRect();
    if (!r || r.width === 0) return { x: 0, y: 0 };
    return { x: ((e.clientX - r.left) / r.width) * p.width, y: ((e.clientY - r.top) / r.height) * p.height };
  };

  const begin = (e: ReactPointerEvent, d: Drag) => {
    svgRef.current?.setPointerCapture(e.pointerId);
    setDrag(d);
  };

  const onBackgroundDown = (e: ReactPointerEvent) => {
    const box = boxRef.current;
    if (e.button === 1 || space.current || (!p.canDraw && e.button === 0)) {
      if (box)
        begin(e, {
          mode: 'pan',
          client: { x: e.clientX, y: e.clientY },
          scroll: { x: box.scrollLeft, y: box.scrollTop },
        });
      if (!p.canDraw) {
        p.onSelect(null);
        p.onSelectProposal(null);
      }
      return;
    }
    if (e.button !== 0) return;
    const at = toImage(e);
    begin(e, { mode: 'draw', start: at, now: at });
  };

  const onMove = (e: ReactPointerEvent) => {
    if (!drag) return;
    if (drag.mode === 'pan') {
      const box = boxRef.current;
      if (box) {
        box.scrollLeft = drag.scroll.x - (e.clientX - drag.client.x);
        box.scrollTop = drag.scroll.y - (e.clientY - drag.client.y);
      }
      return;
    }
    setDrag({ ...drag, now: toImage(e) });
  };

  const onUp = () => {
    const d = drag;
    setDrag(null);
    if (!d || d.mode === 'pan') return;
    const dx = d.now.x - d.start.x;
    const dy = d.now.y - d.start.y;
    const moved = Math.abs(dx) * p.zoom > 3 || Math.abs(dy) * p.zoom > 3;
    if (d.mode === 'draw') {
      if (!moved) {
        // a click: on a proposal it selects it, elsewhere it lets go of the selection
        p.onSelect(null);
        p.onSelectProposal(d.proposal ?? null);
        return;
      }
      p.onDraw(clampRect(rectFromPoints(d.start, d.now), p.width, p.height));
      return;
    }
    if (!moved) return;
    if (d.mode === 'move') p.onChange(moveRegion(d.region, dx, dy));
    else if (isRectRegion(d.region)) {
      const r = d.region.rect;
      p.onChange({ ...d.region, rect: clampRect({ ...r, w: r.w + dx, h: r.h + dy }, p.width, p.height) });
    }
  };

  const shown = (r: Region): Region => {
    if (!drag || drag.mode === 'pan' || drag.mode === 'draw' || drag.region.id !== r.id) return r;
    const dx = drag.now.x - drag.start.x;
    const dy = drag.now.y - drag.start.y;
    if (drag.mode === 'move') return moveRegion(r, dx, dy);
    if (isRectRegion(r))
      return { ...r, rect: { ...r.rect, w: Math.max(1, r.rect.w + dx), h: Math.max(1, r.rect.h + dy) } };
    return r;
  };

  const px = 1 / p.zoom;
  const font = 13 * px;
  const preview = drag?.mode === 'draw' ? rectFromPoints(drag.start, drag.now) : null;

  return (
    <div
      ref={boxRef}
      style={{
        overflow: 'auto',
        height: '70vh',
        minHeight: 420,
        background: '#e5e6eb',
        borderRadius: 8,
        position: 'relative',
      }}
      data-testid="canvas-box"
    >
      <svg
        ref={svgRef}
        data-testid="builder-canvas"
        width={p.width * p.zoom}
        height={p.height * p.zoom}
        viewBox={`0 0 ${p.width} ${p.height}`}
        style={{
          display: 'block',
          cursor: p.canDraw ? 'crosshair' : 'grab',
          touchAction: 'none',
          userSelect: 'none',
        }}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={() => setDrag(null)}
      >
        <rect x={0} y={0} width={p.width} height={p.height} fill="#fff" onPointerDown={onBackgroundDown} />
        {p.imageUrl && (
          <image
            href={p.imageUrl}
            x={0}
            y={0}
            width={p.width}
            height={p.height}
            onPointerDown={onBackgroundDown}
          />
        )}
        {p.proposals.map((q) => {
          const on = q.key === p.selectedProposal;
          const cells = q.grid?.cells.flat() ?? [];
          return (
            <g
              key={q.key}
              data-proposal={q.key}
              style={{ cursor: 'pointer' }}
              onPointerDown={(e) => {
                // a proposal is selected by a click, but a drag across it still draws
                e.stopPropagation();
                if (e.button !== 0 || space.current || !p.canDraw) {
                  p.onSelect(null);
                  p.onSelectProposal(q.key);
                  return;
                }
                const at = toImage(e);
                begin(e, { mode: 'draw', start: at, now: at, proposal: q.key });
              }}
            >
              <BoxRect
                box={q.rect}
                fill="rgba(250,140,22,0.12)"
                stroke={on ? '#d46b08' : '#fa8c16'}
                strokeWidth={on ? 3 : 1.5}
                strokeDasharray="6 4"
                vectorEffect="non-scaling-stroke"
              />
              <CellRects cells={cells} fill="none" stroke="#fa8c16" />
            </g>
          );
        })}
        {p.regions.map((raw) => {
          const r = shown(raw);
          const b = regionBounds(r);
          const colour = COLOURS[r.kind];
          const selected = r.id === p.selectedId;
          // labels of regions at the right edge run leftwards so they stay on the page
          const nearRight = b.x + b.w > p.width * 0.9;
          return (
            <g
              key={r.id}
              data-region={r.kind}
              style={{ cursor: 'move' }}
              onPointerDown={(e) => {
                if (e.button !== 0 || space.current) return;
                e.stopPropagation();
                p.onSelectProposal(null);
                p.onSelect(r.id);
                const at = toImage(e);
                begin(e, { mode: 'move', region: raw, start: at, now: at });
              }}
            >
              <BoxRect
                box={b}
                fill={selected ? 'rgba(22,119,255,0.12)' : 'rgba(255,255,255,0.01)'}
                stroke={selected ? '#1677ff' : colour}
                strokeWidth={selected ? 3 : 2}
                vectorEffect="non-scaling-stroke"
              />
              <CellRects cells={cellsOf(r)} fill={`${colour}22`} stroke={colour} />
              <text
                x={nearRight ? b.x + b.w : b.x + 2 * px}
                textAnchor={nearRight ? 'end' : 'start'}
                y={b.y - 4 * px}
                fontSize={font}
                fill={selected ? '#1677ff' : colour}
                style={{ fontWeight: 600 }}
              >
                {r.name}
              </text>
              {selected && isRectRegion(r) && (
                <rect
                  data-testid="resize-handle"
                  x={b.x + b.w - 6 * px}
                  y={b.y + b.h - 6 * px}
                  width={12 * px}
                  height={12 * px}
                  fill="#1677ff"
                  style={{ cursor: 'nwse-resize' }}
                  onPointerDown={(e) => {
                    e.stopPropagation();
                    const at = toImage(e);
                    begin(e, { mode: 'resize', region: raw, start: at, now: at });
                  }}
                />
              )}
            </g>
          );
        })}
        {preview && <DraftRect r={preview} />}
      </svg>
    </div>
  );
}
