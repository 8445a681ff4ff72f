import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Card, Progress, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { Link } from 'react-router';
import type { BureauProgress } from '@yj/contracts';
import { handleApiError } from '../../api/handle-error';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { bureauApi, bureauOverviewQuery, bureauProgressQuery } from './bureau.api';

type SchoolRow = BureauProgress['schools'][number];
const percent = (done: number, total: number) => (total ? Math.floor((done / total) * 100) : 0);

/** 允许各校查看其他学校名称: the bureau's choice for the comparison (off: 学校甲, 学校乙 …). */
function NamesShared({ examId }: { examId: number }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const overview = useQuery(bureauOverviewQuery());
  const shared = overview.data?.exams.find((e) => e.id === examId)?.namesShared ?? false;
  const m = useMutation({
    mutationFn: (v: boolean) => bureauApi.namesShared(examId, v),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: ['bureau'] });
      message.success('已保存');
    },
    onError: (e) => handleApiError(e),
  });
  return (
    <Space>
      <Switch
        checked={shared}
        loading={m.isPending || overview.isLoading}
        onChange={(v) => m.mutate(v)}
        data-testid="names-shared"
      />
      <span>允许各校在对比报表中看到其他学校的名称</span>
    </Space>
  );
}

/** One screen for every school of a 联考: scanning (扫描完成 confirmed) and marking per subject and block. */
export function BureauProgressView({ examId }: { examId: number }) {
  const q = useQuery(bureauProgressQuery(examId));
  if (q.isError && !q.data)
    return <QueryFailed title="各校进度加载失败" error={q.error} onRetry={() => void q.refetch()} />;
  const d = q.data;
  const blockColumns: ColumnsType<SchoolRow> = (d?.subjects ?? []).map((s, si) => ({
    title: s.name,
    children: s.blocks.length
      ? s.blocks.map((b, bi) => ({
          title: b.name,
          key: `b${b.id}`,
          width: 120,
          render: (_: unknown, r: SchoolRow) => {
            const c = r.marking[si]![bi]!;
            return (
              <Tooltip
                title={`已出分 ${c.decided} / 应阅 ${c.papers}，待仲裁 ${c.arbitration}，问题卷 ${c.problems}`}
              >
                <Progress
                  percent={percent(c.decided, c.papers)}
                  size="small"
                  format={() => `${c.decided}/${c.papers}`}
                />
              </Tooltip>
            );
          },
        }))
      : [
          {
            title: '未设题块',
            key: `s${s.id}`,
            width: 100,
            render: () => <Typography.Text type="secondary">—</Typography.Text>,
          },
        ],
  }));
  const columns: ColumnsType<SchoolRow> = [
    { title: '学校', fixed: 'left', width: 120, render: (_: unknown, r) => r.scan.schoolName },
    { title: '考生', width: 70, align: 'right', render: (_: unknown, r) => r.scan.examinees },
    {
      title: '扫描',
      children: [
        {
          title: '已扫 / 应扫',
          width: 130,
          render: (_: unknown, r) => (
            // 缺考 sheets are not to be scanned: the bar is of the sheets expected
            <Progress
              percent={percent(r.scan.scanned, r.scan.sheets - r.scan.absent)}
              size="small"
              format={() => `${r.scan.scanned}/${r.scan.sheets - r.scan.absent}`}
            />
          ),
        },
        { title: '缺考', width: 60, align: 'right', render: (_: unknown, r) => r.scan.absent },
        { title: '识别异常', width: 80, align: 'right', render: (_: unknown, r) => r.scan.exceptions },
        {
          title: '扫描完成',
          width: 90,
          render: (_: unknown, r) =>
            r.scan.scanFinished ? <Tag color="success">已确认</Tag> : <Tag>未确认</Tag>,
        },
      ],
    },
    { title: '阅卷（已出分 / 应阅）', children: blockColumns },
    {
      title: '问题卷 / 待仲裁',
      width: 110,
      align: 'right',
      fixed: 'right',
      render: (_: unknown, r) => (r.problems ? <Tag color="warning">{r.problems}</Tag> : 0),
    },
  ];
  return (
    <PageFrame
      crumbs={homeCrumbs(
        { title: '教育局', to: '/book/bureau' },
        { title: d?.exam.name ?? '联考' },
        { title: '各校进度' },
      )}
      title={`${d?.exam.name ?? ''} · 各校进度`}
      extra={
        <Space>
          <Link to={`/book/bureau/exam/${examId}/compare`}>跨校对比报表</Link>
          <Link to={`/book/exam/${examId}`}>考试详情</Link>
        </Space>
      }
      testId="bureau-progress"
    >
      <Card size="small">
        <NamesShared examId={examId} />
      </Card>
      <Card loading={!d}>
        <Table<SchoolRow>
          rowKey={(r) => r.scan.schoolId}
          size="small"
          bordered
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={d?.schools ?? []}
          columns={columns}
          data-testid="bureau-progress-table"
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          每 30 秒自动刷新。扫描完成由各校扫描员确认；阅卷进度为已出最终分的试卷数 / 应阅试卷数。
        </Typography.Paragraph>
      </Card>
    </PageFrame>
  );
}
