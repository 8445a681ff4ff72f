import type { ImageBox } from '@yj/contracts';
import { Skeleton } from 'antd';
import { useEffect, useState, type MouseEvent } from 'react';
import { pageImageUrl, type Point } from './scan.api';
import { BoxRect } from '../../components/BoxRect';

/** The natural size of an image, once loaded (null while loading, 'error' when it failed). */
function useNaturalSize(url: string) {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | 'error' | null>(null);
  useEffect(() => {
    const img = new Image();
    img.onload = () => setSize({ url, width: img.naturalWidth, height: img.naturalHeight });
    img.onerror = () => setSize('error');
    img.src = url;
    return () => {
      img.onload = null;
      img.onerror = null;
    };
  }, [url]);
  return size !== 'error' && size?.url !== url ? null : size;
}

export interface Mark {
  box: ImageBox;
  label?: string;
  color?: string;
}

/**
 * A stored page image with boxes drawn over it (image pixels), optionally cut to one region, optionally
 * taking clicks as image points (定位异常: mark the anchors).
 */
export function PageImage({
  pageId,
  marks = [],
  region,
  margin = 0.7,
  points = [],
  onPoint,
  height = 560,
  testId,
}: {
  pageId: number;
  marks?: Mark[];
  /** show only this region (with a margin) */
  region?: ImageBox;
  /** the margin around `region`, as a share of its height */
  margin?: number;
  points?: { point: Point; label: string }[];
  onPoint?: (p: Point) => void;
  height?: number;
  testId?: string;
}) {
  const url = pageImageUrl(pageId);
  const size = useNaturalSize(url);
  if (size === null) return <Skeleton.Image active style={{ width: 320, height: Math.min(height, 240) }} />;
  if (size === 'error') return <div style={{ color: '#cf1322' }}>答题卡图像加载失败</div>;
  const pad = region ? Math.max(24, region.h * margin) : 0;
  const view = region
    ? `${region.x - pad} ${region.y - pad} ${region.w + pad * 2} ${region.h + pad * 2}`
    : `0 0 ${size.width} ${size.height}`;
  const stroke = Math.max(2, (region ? region.w : size.width) / 300);
  const click = (e: MouseEvent<SVGSVGElement>) => {
    if (!onPoint) return;
    const svg = e.currentTarget;
    const ctm = svg.getScreenCTM();
    if (!ctm) return;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    onPoint({ x: Math.round(pt.x), y: Math.round(pt.y) });
  };
  return (
    <svg
      viewBox={view}
      style={{
        width: '100%',
        maxHeight: height,
        background: '#fafafa',
        border: '1px solid #f0f0f0',
        cursor: onPoint ? 'crosshair' : 'default',
        display: 'block',
      }}
      preserveAspectRatio="xMidYMid meet"
      onClick={click}
      data-testid={testId}
      data-width={size.width}
      data-height={size.height}
      role="img"
      aria-label="答题卡图像"
    >
      <image href={url} width={size.width} height={size.height} />
      {marks.map((m, i) => (
        <g key={i}>
          <BoxRect box={m.box} fill="none" stroke={m.color ?? '#f5222d'} strokeWidth={stroke} />
          {m.label && (
            <text x={m.box.x} y={m.box.y - stroke * 2} fill={m.color ?? '#f5222d'} fontSize={stroke * 8}>
              {m.label}
            </text>
          )}
        </g>
      ))}
      {points.map((p, i) => (
        <g key={i}>
          <circle
            cx={p.point.x}
            cy={p.point.y}
            r={stroke * 6}
            fill="none"
            stroke="#1677ff"
            strokeWidth={stroke}
          />
          {/* the cross through the point: one stroke across, one down */}
          <path
            d={`M ${p.point.x - stroke * 9} ${p.point.y} h ${stroke * 18} M ${p.point.x} ${p.point.y - stroke * 9} v ${stroke * 18}`}
            fill="none"
            stroke="#1677ff"
            strokeWidth={stroke / 2}
          />
          {/* the label sits towards the page centre so it never leaves the image */}
          <text
            x={p.point.x + (p.point.x > size.width / 2 ? -stroke * 8 : stroke * 8)}
            y={p.point.y + (p.point.y > size.height / 2 ? -stroke * 8 : stroke * 14)}
            textAnchor={p.point.x > size.width / 2 ? 'end' : 'start'}
            fill="#1677ff"
            fontSize={stroke * 8}
          >
            {p.label}
          </text>
        </g>
      ))}
    </svg>
  );
}
