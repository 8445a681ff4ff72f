import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Result, Segmented, Spin, Typography } from 'antd';
import { useState } from 'react';
import { classifyError } from '../../api/classify-error';
import { originQuery } from './marking.queries';
import { StandardAnswers } from './StandardAnswers';

const ZOOMS = [
  { value: 0, label: '适应宽度' },
  { value: 1, label: '原始大小' },
  { value: 1.5, label: '放大 150%' },
];

/** One page of the original: the head with the student's name and exam number comes painted over. */
function OriginPage({ url, page, zoom }: { url: string; page: number; zoom: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <Result status="warning" title={`第 ${page + 1} 页图像加载失败`} />;
  return (
    <div style={{ overflow: 'auto', maxWidth: '100%' }}>
      <img
        src={url}
        alt={`原卷第 ${page + 1} 页`}
        data-testid="origin-page"
        onError={() => setFailed(true)}
        style={zoom ? { zoom } : { width: '100%' }}
      />
    </div>
  );
}

/**
 * originPicAndAnswer: the whole original page(s) of the paper being marked — the regions that would name the
 * student masked by the server — beside the block's answers and marking standard. Opened in its own tab from
 * the marking screen, so the marking there goes on.
 */
export function OriginView({ taskId, trial = false }: { taskId: number; trial?: boolean }) {
  const q = useQuery(originQuery(taskId, trial));
  const [zoom, setZoom] = useState(0);
  if (q.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (q.isError && !q.data) {
    const c = classifyError(q.error);
    return (
      <Result
        status="warning"
        title={c.kind === 'alert' ? c.text : '原卷加载失败'}
        subTitle="原卷只对正在阅这份试卷或已阅过它的老师显示。"
        extra={<Button onClick={() => void q.refetch()}>重试</Button>}
      />
    );
  }
  const o = q.data;
  return (
    <Flex vertical gap={12} style={{ padding: 16 }} data-testid="origin">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          原卷及答案 · {o.subjectName} · {o.blockName}
        </Typography.Title>
        <Segmented aria-label="缩放" options={ZOOMS} value={zoom} onChange={(v) => setZoom(Number(v))} />
      </Flex>
      <Typography.Text type="secondary">考生姓名、考号和条形码区域已遮挡。</Typography.Text>
      <Flex gap={12} align="flex-start">
        <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
          {o.pages.length ? (
            o.pages.map((p) => (
              <Card key={p.page} size="small" title={`第 ${p.page + 1} 页`}>
                <OriginPage url={p.imageUrl} page={p.page} zoom={zoom} />
              </Card>
            ))
          ) : (
            <Empty description="这份试卷没有可显示的原卷图像" />
          )}
        </Flex>
        <div style={{ position: 'sticky', top: 12 }}>
          <StandardAnswers questions={o.questions} />
        </div>
      </Flex>
    </Flex>
  );
}
