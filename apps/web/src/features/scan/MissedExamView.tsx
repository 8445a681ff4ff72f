import { useOneAtATime } from '../../app/useOneAtATime';
import { allows, type MissedExaminee } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { scanApi, type MissedStatus } from './scan.api';
import { missedQuery, scanKeys } from './scan.queries';
import { scanCrumbs, scanPagination } from './scan-pages';
import { ScanFinishCard } from './ScanFinishCard';
import { handleApiError } from '../../api/handle-error';

const TITLES: Record<MissedStatus, string> = {
  missing: '未扫描到答题卡的考生',
  absent: '登记缺考的考生',
  all: '未扫描或缺考的考生',
};

/** The most examinees one 标记缺考 call takes (the server's limit). */
const ABSENCE_BATCH = 500;

/**
 * missedExamDetail?subjectId=: examinees without a sheet (未扫) and those absent (缺考); 标记缺考 by hand
 * for students whose sheet never came, and its undo — for whom may scan; the list alone for whom may see it.
 */
export function MissedExamView({ subject, exam, permission }: SubjectBundle) {
  const info = subject.subjectInfo;
  const subjectId = info.id;
  // 缺考 moves the figures: not on a published subject (取消发布 first)
  const writable = permission.scan && allows(info.status, 'registerAbsence');
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [status, setStatus] = useState<MissedStatus>('missing');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const q = useQuery(missedQuery(subjectId, { page, status }));
  const mark = useOneAtATime({
    mutationFn: async (v: { ids: number[]; absent: boolean }) => {
      // a selection over every page may pass what one call takes (500)
      for (let i = 0; i < v.ids.length; i += ABSENCE_BATCH)
        await scanApi.absence(subjectId, v.ids.slice(i, i + ABSENCE_BATCH), v.absent);
    },
    onSuccess: async (_r, v) => {
      message.success(v.absent ? '已标记缺考' : '已撤销缺考');
      setSelected([]);
      await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
      await qc.invalidateQueries({ queryKey: ['scan', 'exam'] });
    },
  });

  const markSelected = () =>
    modal.confirm({
      title: `将选中的 ${selected.length} 名考生标记为缺考？`,
      content: '标记后这些考生计为缺考，不再算作未扫；答题卡如果后来找到，先撤销缺考再上传。',
      okText: '标记缺考',
      cancelText: '取消',
      onOk: () => mark.mutateAsync({ ids: selected, absent: true }),
    });
  const undo = (x: MissedExaminee) =>
    modal.confirm({
      title: `撤销 ${x.name}（${x.kaohao}）的缺考？`,
      content: x.scanned
        ? '该考生的答题卡上填涂了缺考标记并已确认；撤销后按实考计算。'
        : '撤销后该考生重新计为未扫。',
      okText: '撤销缺考',
      cancelText: '取消',
      onOk: () => mark.mutateAsync({ ids: [x.examineeId], absent: false }),
    });

  /** Every examinee still without a sheet, over all pages (the header checkbox takes one page). */
  const selectAllPages = async () => {
    const ids: number[] = [];
    for (let p = 1; ; p++) {
      const r = await scanApi.missed(subjectId, { page: p, status: 'missing', size: 200 });
      ids.push(...r.items.filter((x) => !x.absent && !x.scanned).map((x) => x.examineeId));
      if (p * 200 >= r.total) break;
    }
    setSelected(ids);
  };

  const sum = q.data?.summary;
  return (
    <PageFrame
      crumbs={scanCrumbs(exam, info, '缺扫名单')}
      title={`${exam.name} · ${info.name} · 缺扫名单`}
      extra={
        <Space>
          {permission.scan && (
            <Link to={`/book/uploadorigin?subjectId=${subjectId}`}>
              <Button>上传原卷</Button>
            </Link>
          )}
          <Link to={`/book/scan/scanException?subjectId=${subjectId}`}>
            <Button>识别异常</Button>
          </Link>
        </Space>
      }
      testId="missed-exam"
    >
      {q.isError ? (
        <QueryFailed title="缺扫名单加载失败" error={q.error} onRetry={() => void q.refetch()} />
      ) : (
        <Card
          title={q.data ? `${TITLES[status]}：${q.data.total} 人` : TITLES[status]}
          extra={
            <Segmented<MissedStatus>
              value={status}
              onChange={(v) => {
                setStatus(v);
                setPage(1);
                setSelected([]);
              }}
              options={[
                { value: 'missing', label: '未扫' },
                { value: 'absent', label: '缺考' },
                { value: 'all', label: '全部' },
              ]}
              data-testid="missed-status"
            />
          }
        >
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            {sum && (
              <Descriptions size="small" column={4} data-testid="missed-summary">
                <Descriptions.Item label="考生">{sum.examinees}</Descriptions.Item>
                <Descriptions.Item label="实考">{sum.present}</Descriptions.Item>
                <Descriptions.Item label="缺考">{sum.absent}</Descriptions.Item>
                <Descriptions.Item label="未扫">{sum.missing}</Descriptions.Item>
              </Descriptions>
            )}
            {status !== 'absent' && writable && (
              <Space>
                <Button
                  danger
                  disabled={!selected.length}
                  loading={mark.isPending && mark.variables?.absent}
                  onClick={markSelected}
                  data-testid="mark-absent"
                >
                  标记缺考{selected.length ? `（${selected.length}）` : ''}
                </Button>
                <span>勾选答题卡确实没有交来的考生，登记为缺考。</span>
              </Space>
            )}
            <Table<MissedExaminee>
              rowKey="examineeId"
              size="small"
              loading={q.isPending}
              dataSource={q.data?.items ?? []}
              locale={{
                emptyText: status === 'absent' ? '没有登记缺考的考生' : '每名考生都已扫描或登记缺考',
              }}
              pagination={scanPagination(page, q.data?.total ?? 0, setPage)}
              rowSelection={
                status === 'absent' || !writable
                  ? undefined
                  : {
                      selectedRowKeys: selected,
                      onChange: (keys) => setSelected(keys.map(Number)),
                      getCheckboxProps: (x) => ({ disabled: x.absent || x.scanned }),
                      selections: [
                        Table.SELECTION_INVERT,
                        Table.SELECTION_NONE,
                        {
                          key: 'all-pages',
                          text: `选择全部未扫考生（共 ${sum?.missing ?? q.data?.total ?? 0} 人，含其他页）`,
                          onSelect: () => void selectAllPages().catch(handleApiError),
                        },
                      ],
                    }
              }
              columns={[
                { title: '考号', dataIndex: 'kaohao' },
                { title: '姓名', dataIndex: 'name' },
                { title: '班级', dataIndex: 'className' },
                { title: '学校', dataIndex: 'schoolName' },
                { title: '考场', dataIndex: 'kaochang', render: (v: string | null) => v ?? '—' },
                {
                  title: '状态',
                  key: 'state',
                  render: (_: unknown, x) =>
                    x.absent ? (
                      <Tag color="default">{x.scanned ? '缺考（答题卡填涂）' : '缺考（手动登记）'}</Tag>
                    ) : (
                      <Tag color="warning">未扫描</Tag>
                    ),
                },
                ...(writable
                  ? [
                      {
                        title: '操作',
                        key: 'op',
                        render: (_: unknown, x: MissedExaminee) =>
                          x.absent ? (
                            <Button
                              size="small"
                              onClick={() => undo(x)}
                              data-testid={`undo-absent-${x.kaohao}`}
                            >
                              撤销缺考
                            </Button>
                          ) : null,
                      },
                    ]
                  : []),
              ]}
            />
          </Space>
        </Card>
      )}
      {permission.scan && <ScanFinishCard subjectId={subjectId} />}
    </PageFrame>
  );
}
