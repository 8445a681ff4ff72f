import type { CardPreview } from '@yj/contracts';
import { Alert, Card, Empty, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { failureText } from '../exam-admin/QueryFailed';

/** An SVG page as an image: the browser draws it with its own CJK font and no script can run in it. */
const svgSrc = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** The live preview: every page of the card as laid out by the server, with what is worth knowing. */
export function CardPreviewPane({
  preview,
  error,
  loading,
  actions,
}: {
  preview: CardPreview | undefined;
  error: unknown;
  loading: boolean;
  actions: ReactNode;
}) {
  const pages = preview?.pages ?? [];
  return (
    <Card
      size="small"
      title={pages.length ? `预览 · 共 ${pages.length} 页` : '预览'}
      extra={actions}
      data-testid="card-preview"
    >
      {error ? (
        <Alert
          type="error"
          showIcon
          title="答题卡无法生成"
          description={failureText(error)}
          style={{ marginBottom: 12 }}
          data-testid="card-preview-error"
        />
      ) : null}
      {!error && preview && preview.problems.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title="请留意"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }}>
              {preview.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
          style={{ marginBottom: 12 }}
          data-testid="card-preview-problems"
        />
      )}
      <Spin spinning={loading} description="正在排版…">
        {pages.length === 0 && !loading ? (
          <Empty description={error ? '修改后将重新预览' : '暂无预览'} />
        ) : (
          <div style={{ display: 'flex', flexDirection: 'column', gap: 16, minHeight: 200 }}>
            {pages.map((p, i) => (
              <figure key={`${preview?.cardId}-${i}`} style={{ margin: 0 }}>
                <img
                  src={svgSrc(p.svg)}
                  alt={`答题卡第 ${i + 1} 页`}
                  data-testid="card-page"
                  style={{
                    width: '100%',
                    display: 'block',
                    background: '#fff',
                    boxShadow: '0 1px 6px rgba(0,0,0,0.15)',
                    opacity: error ? 0.4 : 1,
                  }}
                />
                <Typography.Text
                  type="secondary"
                  style={{ display: 'block', textAlign: 'center', marginTop: 4 }}
                >
                  第 {i + 1} 页 / 共 {pages.length} 页
                </Typography.Text>
              </figure>
            ))}
          </div>
        )}
      </Spin>
    </Card>
  );
}
