import { ReloadOutlined } from '@ant-design/icons';
import type { ScanBatchProgress } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Progress, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useOneAtATime } from '../../app/useOneAtATime';
import { scanApi } from './scan.api';
import { scanKeys } from './scan.queries';
import { batchPercent } from './scan-logic';

/**
 * The subject's batches on 扫描与识别: recognition progress and what each batch's pages hold; for whom may scan,
 * 重新识别 (after a template fix) and 作废 (a pile scanned wrong, set aside whole to be scanned again).
 * `batches` undefined while loading.
 */
export function ScanBatchTable({
  subjectId,
  batches,
  canScan,
}: {
  subjectId: number;
  batches: ScanBatchProgress[] | undefined;
  canScan: boolean;
}) {
  const { message, modal } = App.useApp();
  const qc = useQueryClient();
  const again = useOneAtATime({
    mutationFn: (batchId: number) => scanApi.rerecognise(subjectId, batchId),
    onSuccess: async (r) => {
      message.success(`已重新排队识别 ${r.queued ?? 0} 张答题卡`);
      await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    },
  });
  const voiding = useOneAtATime({
    mutationFn: (batchId: number) => scanApi.voidBatch(subjectId, batchId),
    onSuccess: async (r, batchId) => {
      message.success(`已作废批次 #${batchId}：移出 ${r.papers.length} 份答题卡，请重新扫描这批答题卡`);
      await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    },
  });
  const askVoid = (b: ScanBatchProgress) =>
    modal.confirm({
      title: `作废批次 #${b.batchId}（${b.pages} 页）？`,
      content:
        '本批次的答题卡全部移出，不再参与识别、匹配和阅卷（图像仍保留在记录中），已匹配的考生回到缺扫名单；本批次不能再继续上传。适用于整批扫错（单面扫了双面卡、扫错科目、颜色太浅）后整批重扫。',
      okText: '作废本批次',
      okButtonProps: { danger: true },
      cancelText: '返回',
      onOk: () => voiding.mutateAsync(b.batchId).catch(() => undefined),
    });
  return (
    <Table<ScanBatchProgress>
      rowKey="batchId"
      size="small"
      loading={batches === undefined}
      dataSource={batches ?? []}
      pagination={false}
      locale={{ emptyText: '还没有上传答题卡' }}
      columns={[
        { title: '批次', dataIndex: 'batchId', render: (v: number) => `#${v}` },
        { title: '学校', dataIndex: 'schoolName' },
        { title: '上传人', dataIndex: 'uploader', render: (v: string | null) => v ?? '—' },
        { title: '页数', dataIndex: 'pages' },
        {
          title: '识别进度',
          key: 'p',
          width: 220,
          render: (_: unknown, b) =>
            b.voidedAt ? (
              <Tag data-testid={`batch-voided-${b.batchId}`}>
                已作废 {dayjs(b.voidedAt).format('MM-DD HH:mm')}
              </Tag>
            ) : (
              <Progress
                percent={batchPercent(b)}
                size="small"
                status={b.queued > 0 ? 'active' : 'normal'}
                format={() => `${b.pages - b.queued}/${b.pages}`}
              />
            ),
        },
        {
          title: '异常页',
          dataIndex: 'exception',
          render: (v: number) => (v > 0 ? <Tag color="error">{v}</Tag> : <Tag color="success">0</Tag>),
        },
        { title: '重复页', dataIndex: 'duplicates' },
        ...(batches?.some((b) => b.streaked > 0)
          ? [
              {
                title: '竖线页',
                dataIndex: 'streaked',
                render: (v: number) => (v > 0 ? <Tag color="warning">{v}</Tag> : 0),
              },
            ]
          : []),
        ...(batches?.some((b) => b.thresholded > 0)
          ? [
              {
                title: '黑白扫描页',
                dataIndex: 'thresholded',
                render: (v: number) => (v > 0 ? <Tag color="warning">{v}</Tag> : 0),
              },
            ]
          : []),
        {
          title: '上传时间',
          dataIndex: 'createdAt',
          render: (v: string) => dayjs(v).format('MM-DD HH:mm'),
        },
        ...(canScan
          ? [
              {
                title: '操作',
                key: 'op',
                render: (_: unknown, b: ScanBatchProgress) =>
                  b.voidedAt ? null : (
                    <Space size={4}>
                      <Button
                        size="small"
                        icon={<ReloadOutlined />}
                        disabled={b.queued > 0}
                        loading={again.isPending && again.variables === b.batchId}
                        onClick={() => again.mutate(b.batchId)}
                      >
                        重新识别
                      </Button>
                      <Button
                        size="small"
                        danger
                        disabled={b.queued > 0}
                        loading={voiding.isPending && voiding.variables === b.batchId}
                        onClick={() => askVoid(b)}
                        data-testid={`void-batch-${b.batchId}`}
                      >
                        作废
                      </Button>
                    </Space>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
