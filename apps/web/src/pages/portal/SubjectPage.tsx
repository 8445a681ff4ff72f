import { QUESTION_KIND_LABELS, type PortalQuestion } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Image, Skeleton, Table, Tabs } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { MarkedBlock } from '../../features/portal/MarkedBlock';
import { MarkedPage } from '../../features/portal/MarkedPage';
import { PortalFailed } from '../../features/portal/PortalFailed';
import { usePortalWho } from '../../features/portal/portal-child';
import { portalSubjectQuery } from '../../features/portal/portal.queries';

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)}%`);
const kindLabel = (k: string) => QUESTION_KIND_LABELS[k as keyof typeof QUESTION_KIND_LABELS] ?? k;

function QuestionTable({ rows, lost }: { rows: Array<PortalQuestion & { lost?: number }>; lost?: boolean }) {
  const answers = rows.some((q) => q.key !== undefined);
  return (
    <Table
      size="small"
      rowKey="no"
      pagination={false}
      dataSource={rows}
      scroll={{ x: 'max-content' }}
      columns={[
        { title: '题号', dataIndex: 'no', width: 56 },
        ...(lost
          ? [
              {
                title: '失分',
                dataIndex: 'lost',
                width: 56,
                render: (v: number) => <b style={{ color: '#f53f3f' }}>{v}</b>,
              },
            ]
          : []),
        {
          title: '得分',
          key: 'score',
          width: 76,
          render: (_: unknown, q: PortalQuestion) => (
            <span style={{ color: q.score !== null && q.score < q.fullScore ? '#f53f3f' : undefined }}>
              {q.score ?? '—'} / {q.fullScore}
            </span>
          ),
        },
        ...(answers
          ? [
              {
                title: '作答 / 答案',
                key: 'answer',
                render: (_: unknown, q: PortalQuestion) =>
                  q.key === undefined ? kindLabel(q.kind) : `${q.answer || '未作答'} / ${q.key ?? '—'}`,
              },
            ]
          : [{ title: '题型', key: 'kind', render: (_: unknown, q: PortalQuestion) => kindLabel(q.kind) }]),
        { title: '班级得分率', dataIndex: 'classRate', width: 86, render: pct },
      ]}
    />
  );
}

/** /portal/subject/:subjectId: every question, the marked paper (zoomable) and the 错题 by points lost. */
export function SubjectPage() {
  const who = usePortalWho();
  const subjectId = Number(useParams().subjectId);
  const [params, setParams] = useSearchParams();
  const q = useQuery(portalSubjectQuery(subjectId, who.studentId));
  if (q.isPending) return <Skeleton active />;
  if (q.isError)
    return <PortalFailed error={q.error} onRetry={() => void q.refetch()} title="成绩加载失败" />;
  const d = q.data;
  const tab = params.get('tab') ?? 'questions';
  const paper = !d.showPaper ? (
    <Empty description="学校未开放原卷查看" />
  ) : !d.blocks.length && !d.pages.length ? (
    <Empty description="没有答题卡图像" />
  ) : (
    <div style={{ display: 'grid', gap: 10 }}>
      {d.blocks.map((b) => (
        <MarkedBlock key={b.blockId} subjectId={subjectId} block={b} studentId={who.studentId} />
      ))}
      {d.pages.length > 0 && (
        <Card size="small" title="原卷（含批改痕迹，点击放大）">
          <Image.PreviewGroup>
            <div style={{ display: 'grid', gap: 8 }}>
              {d.pages.map((p, i) => (
                <MarkedPage
                  key={p.pageId}
                  subjectId={subjectId}
                  page={p}
                  index={i}
                  studentId={who.studentId}
                />
              ))}
            </div>
          </Image.PreviewGroup>
        </Card>
      )}
    </div>
  );
  return (
    <div data-testid="portal-subject">
      <Card size="small" style={{ marginBottom: 10 }}>
        <div style={{ color: '#86909c', fontSize: 13 }}>{d.examName}</div>
        <div style={{ display: 'flex', alignItems: 'baseline', gap: 8 }}>
          <span style={{ fontWeight: 600, fontSize: 16, flex: 1 }}>{d.name}</span>
          <b style={{ fontSize: 26, color: '#1f6feb' }}>{d.absent ? '缺考' : (d.score ?? '—')}</b>
          {!d.absent && <span style={{ color: '#86909c' }}>/ {d.fullScore}</span>}
        </div>
      </Card>
      <Tabs
        activeKey={tab}
        onChange={(k) => {
          const next = new URLSearchParams(params);
          next.set('tab', k);
          setParams(next, { replace: true });
        }}
        items={[
          { key: 'questions', label: '小题得分', children: <QuestionTable rows={d.questions} /> },
          { key: 'paper', label: '答题卡', children: paper },
          {
            key: 'lost',
            label: `错题（${d.lost.length}）`,
            children: d.lost.length ? (
              <div data-testid="portal-lost">
                <QuestionTable rows={d.lost} lost />
              </div>
            ) : (
              <Empty description="本科没有失分的题目" />
            ),
          },
        ]}
      />
    </div>
  );
}
