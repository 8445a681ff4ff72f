import type { StandardMarkItem } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { Deviation } from './Deviation';
import { standardMarksQuery, trialApi, trialKeys } from './trial.api';

const time = (iso: string) => new Date(iso).toLocaleString('zh-CN', { hour12: false });

/**
 * 质检 with 标准卷: the block's rate (one 标准卷 after every n real marks of a marker) and every mark given to
 * a 标准卷 with its reference. Markers cannot tell a 标准卷 from another paper; its mark never counts.
 */
export function StandardCard({
  blockId,
  every,
  standards,
  editable,
}: {
  blockId: number;
  every: number | null;
  /** 标准卷 kept in the block */
  standards: number;
  editable: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [value, setValue] = useState<number | null>(every ?? 20);
  const marks = useQuery(standardMarksQuery(blockId));
  const save = useOneAtATime({
    mutationFn: (n: number) => trialApi.standardRate(blockId, n),
    onSuccess: async (r) => {
      message.success(
        r.standardEvery ? `已设置：每阅 ${r.standardEvery} 份插入 1 份标准卷` : '已关闭标准卷质检',
      );
      await qc.invalidateQueries({ queryKey: trialKeys.all });
    },
  });
  return (
    <Card title="标准卷质检" data-testid="standard-card">
      <Flex vertical gap={12}>
        <Typography.Text>
          当前：{every ? `每阅 ${every} 份插入 1 份标准卷` : '未开启'}；已设标准卷 {standards} 份。
          标准卷在正式阅卷中混入阅卷老师的任务，老师无法分辨，其给分单独保存、不计入成绩。
        </Typography.Text>
        {editable && (
          <Flex gap={8} align="center" wrap>
            每阅
            <InputNumber
              min={1}
              max={1000}
              precision={0}
              value={value}
              onChange={setValue}
              aria-label="标准卷间隔份数"
              style={{ width: 96 }}
            />
            份插入 1 份标准卷
            <Button
              type="primary"
              disabled={!value}
              loading={save.isPending}
              onClick={() => value && save.mutate(value)}
            >
              保存
            </Button>
            {every !== null && <Button onClick={() => save.mutate(0)}>关闭</Button>}
          </Flex>
        )}
        <Table<StandardMarkItem>
          size="small"
          rowKey={(m) => `${m.userId}-${m.samplePaperId}`}
          loading={marks.isLoading}
          dataSource={marks.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          data-testid="standard-marks"
          locale={{ emptyText: marks.isError ? '标准卷给分加载失败' : '还没有老师批阅标准卷' }}
          columns={[
            { title: '阅卷老师', dataIndex: 'markerName' },
            { title: '标准卷', dataIndex: 'samplePaperId', render: (id: number) => `#${id}` },
            { title: '给分', dataIndex: 'score' },
            { title: '参考分', dataIndex: 'refScore' },
            { title: '偏差', dataIndex: 'deviation', render: (d: number) => <Deviation value={d} /> },
            { title: '提交时间', dataIndex: 'submittedAt', render: time },
          ]}
        />
      </Flex>
    </Card>
  );
}
