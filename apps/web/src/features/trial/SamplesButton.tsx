import type { SamplePaper } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Drawer, Empty, Flex, Spin, Typography } from 'antd';
import { useState } from 'react';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { samplesQuery } from './trial.api';

function SampleCard({ s, index }: { s: SamplePaper; index: number }) {
  return (
    <Card size="small" title={`样卷 ${index + 1}`} extra={`参考分 ${s.score} 分`} data-testid="sample-card">
      <img src={s.imageUrl} alt={`样卷 ${index + 1}`} style={{ width: '100%', display: 'block' }} />
      <Descriptions
        size="small"
        column={1}
        style={{ marginTop: 8 }}
        items={Object.entries(s.questionScores).map(([no, score]) => ({
          key: no,
          label: `第 ${no} 题`,
          children: `${score} 分${s.pointScores?.[no] ? `（给分点 ${s.pointScores[no].join(' + ')}）` : ''}`,
        }))}
      />
      {s.comment && <Typography.Paragraph style={{ margin: 0 }}>评语：{s.comment}</Typography.Paragraph>}
    </Card>
  );
}

/** 样卷 beside the marking standard: papers with the leaders' reference scores, opened from the marking screen. */
export function SamplesButton({ blockId }: { blockId: number }) {
  const [open, setOpen] = useState(false);
  const q = useQuery({ ...samplesQuery(blockId), enabled: open });
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)} data-testid="samples-open">
        样卷
      </Button>
      <Drawer title="样卷（题组长给出的参考分）" open={open} onClose={() => setOpen(false)} size={560}>
        {q.isPending && <Spin />}
        {q.isError && <QueryFailed title="样卷加载失败" error={q.error} onRetry={() => void q.refetch()} />}
        {q.data && !q.data.length && <Empty description="本题块暂无样卷" />}
        {q.data && q.data.length > 0 && (
          <Flex vertical gap={12}>
            {q.data.map((s, i) => (
              <SampleCard key={s.sampleId} s={s} index={i} />
            ))}
          </Flex>
        )}
      </Drawer>
    </>
  );
}
