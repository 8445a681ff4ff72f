import { useOneAtATime } from '../../app/useOneAtATime';
import type { ScanSchoolStatus } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { scanApi } from './scan.api';
import { scanKeys, schoolsQuery } from './scan.queries';

/** The rule of 扫描完成 as the server applies it (scan-finish.service.ts). */
export const FINISH_RULE =
  '确认扫描完成需要：没有正在识别的答题卡，识别异常全部处理完，每名考生都已扫描（实考）或已登记缺考。确认后该校本科目不能再上传答题卡，需要补扫时先“重新打开扫描”。';

/** 扫描完成 per school of a subject: 实考 / 缺考 / 未扫, what still stands in the way, confirm and reopen. */
export function ScanFinishCard({ subjectId }: { subjectId: number }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery(schoolsQuery(subjectId));
  const refresh = async () => {
    await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    await qc.invalidateQueries({ queryKey: ['scan', 'exam'] });
  };
  const finish = useOneAtATime({
    mutationFn: (schoolId: number) => scanApi.finish(subjectId, schoolId),
    onSuccess: async () => {
      message.success('已确认扫描完成');
      await refresh();
    },
  });
  const reopen = useOneAtATime({
    mutationFn: (schoolId: number) => scanApi.reopen(subjectId, schoolId),
    onSuccess: async () => {
      message.success('已重新打开扫描');
      await refresh();
    },
  });

  const confirmFinish = (s: ScanSchoolStatus) =>
    modal.confirm({
      title: `确认${s.schoolName}扫描完成？`,
      content: `实考 ${s.present} 人，缺考 ${s.absent} 人，共 ${s.examinees} 人。确认后该校本科目不能再上传答题卡。`,
      okText: '确认扫描完成',
      cancelText: '取消',
      onOk: () => finish.mutateAsync(s.schoolId),
    });
  const confirmReopen = (s: ScanSchoolStatus) =>
    modal.confirm({
      title: `重新打开${s.schoolName}的扫描？`,
      content: '重新打开后可以继续上传和修改，完成后需要再次确认扫描完成。',
      okText: '重新打开扫描',
      cancelText: '取消',
      onOk: () => reopen.mutateAsync(s.schoolId),
    });

  return (
    <Card title="扫描完成确认" data-testid="scan-finish">
      {q.isError ? (
        <QueryFailed title="学校扫描情况加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          <Alert type="info" showIcon title={FINISH_RULE} />
          <Table<ScanSchoolStatus>
            rowKey="schoolId"
            size="small"
            loading={q.isPending}
            dataSource={q.data ?? []}
            pagination={false}
            locale={{ emptyText: '没有可扫描的学校' }}
            columns={[
              { title: '学校', dataIndex: 'schoolName' },
              { title: '考生', dataIndex: 'examinees' },
              { title: '实考', dataIndex: 'present' },
              { title: '缺考', dataIndex: 'absent' },
              {
                title: '未扫',
                dataIndex: 'missing',
                render: (v: number) => (v > 0 ? <Tag color="warning">{v}</Tag> : 0),
              },
              {
                title: '状态',
                key: 'state',
                render: (_: unknown, s) =>
                  s.finished ? (
                    <Space orientation="vertical" size={0}>
                      <Tag color="success" data-testid={`finished-${s.schoolId}`}>
                        已确认扫描完成
                      </Tag>
                      <Typography.Text type="secondary">
                        {s.finished.finishedBy ?? '—'} · {dayjs(s.finished.finishedAt).format('MM-DD HH:mm')}
                      </Typography.Text>
                    </Space>
                  ) : s.blockers.length ? (
                    <Space orientation="vertical" size={0} data-testid={`blockers-${s.schoolId}`}>
                      {s.blockers.map((b) => (
                        <Typography.Text key={b} type="warning">
                          {b}
                        </Typography.Text>
                      ))}
                    </Space>
                  ) : (
                    <Tag color="processing">可以确认扫描完成</Tag>
                  ),
              },
              {
                title: '操作',
                key: 'op',
                render: (_: unknown, s) =>
                  s.finished ? (
                    <Button
                      size="small"
                      onClick={() => confirmReopen(s)}
                      data-testid={`reopen-${s.schoolId}`}
                    >
                      重新打开扫描
                    </Button>
                  ) : (
                    <Button
                      size="small"
                      type="primary"
                      disabled={s.blockers.length > 0}
                      onClick={() => confirmFinish(s)}
                      data-testid={`finish-${s.schoolId}`}
                    >
                      确认扫描完成
                    </Button>
                  ),
              },
            ]}
          />
        </Space>
      )}
    </Card>
  );
}
