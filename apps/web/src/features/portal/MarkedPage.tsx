import type { MarkAnnotation, PortalPage } from '@yj/contracts';
import { Image } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AnnotationLayer } from '../marking/AnnotationLayer';
import { pageImageUrl } from './portal.api';

/**
 * The marking as drawn over one whole page (in fractions of its natural size, as AnnotationLayer takes them):
 * the markers' annotations, and each 题块's final score left of its region's top right corner.
 */
export function pageMarks(page: PortalPage, w: number, h: number): MarkAnnotation[] {
  const u = Math.max(12, w * 0.025);
  return [
    ...page.marks.map((m) =>
      m.kind === 'circle' ? { ...m, x: m.x / w, y: m.y / h, r: m.r / w } : { ...m, x: m.x / w, y: m.y / h },
    ),
    ...page.scores.map((s) => ({
      kind: 'text' as const,
      x: Math.max(0, s.x - u * 4.5) / w,
      y: (s.y + u) / h,
      text: `${s.score ?? '—'}/${s.fullScore}分`,
    })),
  ];
}

function loaded(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new window.Image();
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`图像加载失败：${src}`));
    img.src = src;
  });
}

/**
 * 原卷 with the marking (学生端): the scanned page and the marking drawn on it by the staff's AnnotationLayer, baked
 * into one picture so that tapping it zooms and pans the marking with the page on a phone. Until it is baked (or
 * when it cannot be) the plain page is shown.
 */
export function MarkedPage({
  subjectId,
  page,
  studentId,
  index,
}: {
  subjectId: number;
  page: PortalPage;
  studentId?: number;
  index: number;
}) {
  const url = pageImageUrl(subjectId, page.pageId, studentId);
  const [size, setSize] = useState<{ img: HTMLImageElement; w: number; h: number } | null>(null);
  const [baked, setBaked] = useState<string | null>(null);
  const layer = useRef<HTMLDivElement>(null);
  const drawn = page.marks.length + page.scores.length > 0;

  useEffect(() => {
    if (!drawn) return;
    let live = true;
    loaded(url).then(
      (img) => live && setSize({ img, w: img.naturalWidth, h: img.naturalHeight }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [url, drawn]);

  useEffect(() => {
    const svg = layer.current?.querySelector('svg');
    if (!size || !svg) return;
    let live = true;
    let made: string | null = null;
    const copy = svg.cloneNode(true) as SVGSVGElement;
    copy.removeAttribute('style');
    copy.setAttribute('width', String(size.w));
    copy.setAttribute('height', String(size.h));
    const svgUrl = URL.createObjectURL(
      new Blob([new XMLSerializer().serializeToString(copy)], { type: 'image/svg+xml' }),
    );
    void loaded(svgUrl)
      .then((over) => {
        const canvas = document.createElement('canvas');
        canvas.width = size.w;
        canvas.height = size.h;
        const g = canvas.getContext('2d');
        if (!g) return;
        g.drawImage(size.img, 0, 0);
        g.drawImage(over, 0, 0, size.w, size.h);
        canvas.toBlob(
          (blob) => {
            if (!blob || !live) return;
            made = URL.createObjectURL(blob);
            setBaked(made);
          },
          'image/jpeg',
          0.9,
        );
      })
      .catch(() => undefined)
      .finally(() => URL.revokeObjectURL(svgUrl));
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [size]);

  return (
    <>
      {size && (
        <div ref={layer} style={{ display: 'none' }} aria-hidden>
          <AnnotationLayer marks={pageMarks(page, size.w, size.h)} w={size.w} h={size.h} drawing={false} />
        </div>
      )}
      <Image
        src={baked ?? url}
        alt={`第 ${index + 1} 页${baked ? '（含批改）' : ''}`}
        width="100%"
        data-testid="portal-page"
        data-marked={baked ? 'true' : 'false'}
      />
    </>
  );
}
