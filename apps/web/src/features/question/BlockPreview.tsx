import { Alert, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { FILTER_BASE } from '../../api/constants';

type Loaded = { url: string; source: string } | { error: string };

/** Where a preview was cut from, in words (the server's x-cut-source header). */
const sourceText = (source: string): string =>
  source.startsWith('paper:')
    ? `切自已扫描的答题卡（编号 ${source.slice(6)}），已按定位点校正倾斜`
    : '还没有扫描的答题卡：切自模板图片';

/**
 * The block's cut image on a sample scan, fetched rather than linked so a refusal (an envelope instead of
 * a picture) shows its Chinese message.
 */
export function BlockPreview({
  subjectId,
  blockId,
  name,
  onClose,
}: {
  subjectId: number;
  blockId: number;
  name: string;
  onClose: () => void;
}) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  useEffect(() => {
    let url: string | null = null;
    let live = true;
    void (async () => {
      try {
        const res = await fetch(`${FILTER_BASE}/api/subject/${subjectId}/block/${blockId}/preview`, {
          credentials: 'same-origin',
        });
        const type = res.headers.get('content-type') ?? '';
        if (!res.ok || !type.startsWith('image/')) {
          const body = (await res.json().catch(() => null)) as { message?: string } | null;
          if (live) setLoaded({ error: body?.message ?? `预览失败（${res.status}）` });
          return;
        }
        url = URL.createObjectURL(await res.blob());
        if (live) setLoaded({ url, source: res.headers.get('x-cut-source') ?? '' });
      } catch {
        if (live) setLoaded({ error: '网络连接异常，请检查网络后重试' });
      }
    })();
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [subjectId, blockId]);

  return (
    <Modal open title={`切割图预览 · ${name}`} footer={null} onCancel={onClose} width={760}>
      {!loaded ? (
        <div style={{ textAlign: 'center', padding: 48 }}>
          <Spin description="正在切割…" />
        </div>
      ) : 'error' in loaded ? (
        <Alert type="error" showIcon title={loaded.error} data-testid="preview-error" />
      ) : (
        <>
          <Typography.Paragraph type="secondary" data-testid="preview-source">
            {sourceText(loaded.source)}
          </Typography.Paragraph>
          <div style={{ maxHeight: '65vh', overflow: 'auto', border: '1px solid #e5e6eb' }}>
            <img
              src={loaded.url}
              alt={`${name}切割图`}
              style={{ width: '100%', display: 'block' }}
              data-testid="preview-image"
            />
          </div>
        </>
      )}
    </Modal>
  );
}
