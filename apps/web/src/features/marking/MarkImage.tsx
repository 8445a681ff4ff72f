import type { MarkAnnotation } from '@yj/contracts';
import { Button, Result, Spin } from 'antd';
import { useState } from 'react';
import { AnnotationLayer } from './AnnotationLayer';
import { annotationAt, type AnnotTool } from './annotations';
import { fitZoom, turnedLayout, type ViewPrefs } from './view-prefs';

/**
 * The cut image of a paper at the remembered zoom (times the fit-width size) and turn, with its annotations over it. The image is
 * drawn at zoom × natural size; a turned picture takes its turned size in the page.
 */
export function MarkImage(props: {
  url: string;
  prefs: ViewPrefs;
  boxWidth: number;
  marks: readonly MarkAnnotation[];
  tool?: AnnotTool | null;
  onAdd?: (a: MarkAnnotation, askText: boolean) => void;
  onRemove?: (index: number) => void;
}) {
  const { url, prefs, boxWidth, marks, tool, onAdd, onRemove } = props;
  const [size, setSize] = useState<{ url: string; w: number; h: number } | null>(null);
  // a failed load is shown (never an endless spinner); 重新加载 asks again past the browser's cache
  const [failed, setFailed] = useState<{ url: string; tries: number } | null>(null);
  const [tries, setTries] = useState(0);
  const src = tries ? `${url}${url.includes('?') ? '&' : '?'}retry=${tries}` : url;
  const known = size?.url === url ? size : null;
  const zoom = known ? fitZoom(boxWidth, known.w, known.h, prefs.rotation) * (prefs.zoom ?? 1) : 1;
  const w = known ? known.w * zoom : 0;
  const h = known ? known.h * zoom : 0;
  const layout = turnedLayout(w, h, prefs.rotation);
  return (
    <div style={{ overflow: 'auto', maxWidth: '100%' }}>
      {!known && failed?.url === url && failed.tries === tries ? (
        <Result
          status="warning"
          title="答题图像加载失败"
          subTitle="可重新加载；图像本身有问题时请标记问题卷。"
          extra={<Button onClick={() => setTries(tries + 1)}>重新加载</Button>}
        />
      ) : (
        !known && <Spin style={{ margin: 24 }} />
      )}
      <div style={{ position: 'relative', width: layout.boxWidth, height: layout.boxHeight }}>
        <div
          style={{
            position: 'absolute',
            left: 0,
            top: 0,
            width: w,
            height: h,
            transformOrigin: '0 0',
            transform: layout.transform,
          }}
        >
          <img
            src={src}
            alt="答题图像"
            draggable={false}
            data-testid="mark-image"
            onLoad={(e) =>
              setSize({ url, w: e.currentTarget.naturalWidth, h: e.currentTarget.naturalHeight })
            }
            onError={() => setFailed({ url, tries })}
            style={
              known
                ? { width: w, height: h, display: 'block' }
                : { position: 'absolute', visibility: 'hidden' }
            }
          />
          {known && (
            <AnnotationLayer
              marks={marks}
              w={known.w}
              h={known.h}
              drawing={!!tool}
              onPoint={(x, y) => tool && onAdd?.(annotationAt(tool, x, y, known.w, known.h), tool === 'text')}
              {...(onRemove ? { onRemove } : {})}
            />
          )}
        </div>
      </div>
    </div>
  );
}
