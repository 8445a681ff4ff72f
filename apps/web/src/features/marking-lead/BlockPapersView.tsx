import type { BlockPaperItem, BlockPaperState } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Flex, Input, InputNumber, Result, Select, Space, Table, Tag, Typography } from 'antd';
import { serverPages } from '../../components/paging';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { BlockBundle } from '../exam-admin/SubjectLoader';
import type { BlockPapersFilter } from './lead.api';
import { blockPapersQuery, infoQuery, progressQuery } from './lead.queries';
import { OverviewNav } from './OverviewNav';
import { SLOT_LABELS, SOURCE_LABELS, STATUS_LABELS } from './PaperMarksModal';
import { TaskImage } from './TaskImage';

const SIZE = 20;
const STATES: Array<{ value: BlockPaperState; label: string }> = [
  { value: 'all', label: '全部试卷' },
  { value: 'decided', label: '已出分' },
  { value: 'undecided', label: '未出分' },
  { value: 'arbitration', label: '待仲裁' },
  { value: 'problem', label: '问题卷未处理' },
];

/** check/block/{blockId}: the block's papers with each mark and its marker, by state, marker, score and 考号. */
export function BlockPapersView({ subject, exam, blockId }: BlockBundle) {
  const s = subject.subjectInfo;
  const info = useQuery(infoQuery(blockId));
  const progress = useQuery(progressQuery(blockId));
  const empty: BlockPapersFilter = { state: 'all' };
  const [draft, setDraft] = useState<BlockPapersFilter>(empty);
  const [filter, setFilter] = useState<BlockPapersFilter>(empty);
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<number | null>(null);
  const q = useQuery({ ...blockPapersQuery(blockId, filter, page, SIZE), placeholderData: keepPreviousData });
  const stu = (paperId: number) => `/book/subject/${s.id}/overview/check/checkStuPaper?paperId=${paperId}`;
  const crumbs = subjectCrumbs(
    exam,
    s,
    { title: '阅卷总览', to: `/book/subject/${s.id}/overview/blockOrStudent` },
    { title: info.data?.blockName ?? '题块' },
  );
  if (info.data && info.data.subjectId !== s.id) return <Result status="404" title="题块不属于这个科目" />;
  const full = info.data?.fullScore ?? 1000;
  return (
    <PageFrame
      crumbs={crumbs}
      title={`${s.name} · ${info.data?.blockName ?? ''} · 评阅明细`}
      testId="check-block"
      extra={<OverviewNav subjectId={s.id} here="other" />}
    >
      <Card size="small">
        <Flex gap={8} align="center" wrap style={{ marginBottom: 12 }}>
          <Select<BlockPaperState>
            aria-label="试卷状态"
            style={{ width: 140 }}
            value={draft.state}
            options={STATES}
            onChange={(state) => setDraft({ ...draft, state })}
          />
          <Select<number>
            aria-label="阅卷老师"
            allowClear
            placeholder="全部阅卷老师"
            style={{ width: 180 }}
            value={draft.markerId}
            onChange={(markerId?: number) => setDraft({ ...draft, markerId })}
            options={(progress.data?.markers ?? []).map((m) => ({ value: m.userId, label: m.name }))}
          />
          <span>最终分</span>
          <InputNumber
            aria-label="最低分"
            min={0}
            max={full}
            value={draft.minScore ?? null}
            onChange={(v) => setDraft({ ...draft, minScore: v ?? undefined })}
          />
          <span>至</span>
          <InputNumber
            aria-label="最高分"
            min={0}
            max={full}
            value={draft.maxScore ?? null}
            onChange={(v) => setDraft({ ...draft, maxScore: v ?? undefined })}
          />
          <Input
            aria-label="考号"
            placeholder="考号"
            allowClear
            maxLength={50}
            style={{ width: 160 }}
            value={draft.kaohao ?? ''}
            onChange={(e) => setDraft({ ...draft, kaohao: e.target.value.trim() || undefined })}
          />
          <Button
            type="primary"
            onClick={() => {
              setFilter(draft);
              setPage(1);
            }}
          >
            查询
          </Button>
        </Flex>
        {q.isError ? (
          <QueryFailed title="评阅明细加载失败" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <Table<BlockPaperItem>
            size="small"
            rowKey="paperId"
            loading={q.isFetching}
            dataSource={q.data?.items ?? []}
            locale={{ emptyText: '没有符合条件的试卷' }}
            expandable={{
              expandedRowKeys: shown === null ? [] : [shown],
              onExpand: (open, r) => setShown(open ? r.paperId : null),
              rowExpandable: (r) => r.imageUrl !== null,
              expandedRowRender: (r) => r.imageUrl && <TaskImage src={r.imageUrl} alt="题块图像" />,
            }}
            pagination={serverPages(page, SIZE, q.data?.total, setPage, { showTotal: (n) => `共 ${n} 份` })}
            columns={[
              { title: '考号', dataIndex: 'kaohao', render: (v: string | null) => v ?? '—' },
              { title: '姓名', dataIndex: 'name', render: (v: string | null) => v ?? '—' },
              { title: '班级', dataIndex: 'className', render: (v: string | null) => v ?? '—' },
              {
                title: '最终分',
                render: (_, r) =>
                  r.final ? (
                    <Space size={4}>
                      <b>{r.final.score}</b>
                      <Tag>{SOURCE_LABELS[r.final.source]}</Tag>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">未出分</Typography.Text>
                  ),
              },
              {
                title: '各评（阅卷老师：得分）',
                render: (_, r) => (
                  <Space size={4} wrap>
                    {r.slots.map((t) => (
                      <Tag key={t.taskId} color={t.status === 'problem' ? 'error' : undefined}>
                        {SLOT_LABELS[t.slot] ?? t.slot} {t.markerName ?? '—'}：
                        {t.status === 'submitted' ? `${t.score} 分` : STATUS_LABELS[t.status]}
                      </Tag>
                    ))}
                  </Space>
                ),
              },
              {
                title: '操作',
                render: (_, r) => (
                  <Link to={stu(r.paperId)} data-testid={`paper-${r.paperId}`}>
                    试卷详情
                  </Link>
                ),
              },
            ]}
          />
        )}
      </Card>
    </PageFrame>
  );
}
