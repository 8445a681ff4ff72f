import { allows, type BatchReleaseItem, type ExamDetail, type ExamReleaseRow } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, List, Modal, Space, Table, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectStatusColor, subjectStatusLabel } from '../exam-admin/exam-state';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { PublishSettingCard } from '../portal/PublishSettingCard';
import { publishApi } from './score.api';
import { examReleaseQuery } from './score.queries';

/** A subject may be chosen when it waits for 发布 and the user may publish it. */
const choosable = (r: ExamReleaseRow) => r.canPublish && allows(r.status, 'publish');

function Blockers({ row }: { row: ExamReleaseRow }) {
  if (!allows(row.status, 'publish') && !allows(row.status, 'reviewDone'))
    return <Typography.Text type="secondary">—</Typography.Text>;
  if (!row.blockers.length) return <Tag color="green">核查通过</Tag>;
  return (
    <Space size={4} wrap>
      {row.blockers.map((b) => (
        <Tag color="orange" key={b.kind}>
          {b.label} {b.count}
        </Tag>
      ))}
      <Link to={`/book/subject/${row.subjectId}/score/scoreCheck`}>去处理</Link>
    </Space>
  );
}

/** 成绩发布 of an exam: every subject with its state and checks; several chosen subjects released at once. */
export function ScoreReleaseView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examReleaseQuery(exam.id));
  const qc = useQueryClient();
  const { modal } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const [result, setResult] = useState<BatchReleaseItem[] | null>(null);
  const release = useOneAtATime({
    mutationFn: (ids: number[]) => publishApi.batch(exam.id, ids),
    onSuccess: async (items) => {
      setResult(items);
      setChosen([]);
      await qc.invalidateQueries({ queryKey: ['score-publish'] });
      await qc.invalidateQueries({ queryKey: ['exam-admin'] });
    },
  });
  const rows = q.data ?? [];
  // Whoever may publish no subject here (a 学校负责人 who only reads) sees the states without the controls.
  const mayPublish = rows.some((r) => r.canPublish);
  const ask = () =>
    modal.confirm({
      title: `发布所选 ${chosen.length} 个科目的成绩？`,
      content: '核查未通过的科目不会发布，结果会逐科列出。发布后教师即可查看成绩。',
      okText: '发布',
      cancelText: '返回',
      onOk: () => release.mutateAsync(chosen).catch(() => undefined),
    });
  return (
    <PageFrame crumbs={examCrumbs(exam, '成绩发布')} title={`${exam.name} · 成绩发布`} testId="score-release">
      <Alert
        type="info"
        showIcon
        title="阅卷完成且成绩核查通过的科目可以发布；发布后教师即可查看成绩，取消发布前成绩不能再修改。"
      />
      <Card
        title="科目成绩发布状态"
        extra={
          mayPublish && (
            <Button
              type="primary"
              disabled={!chosen.length}
              loading={release.isPending}
              onClick={ask}
              data-testid="batch-release"
            >
              发布所选科目{chosen.length ? `（${chosen.length}）` : ''}
            </Button>
          )
        }
      >
        {q.isError ? (
          <QueryFailed title="科目加载失败" error={q.error} onRetry={() => void q.refetch()} />
        ) : (
          <Table<ExamReleaseRow>
            rowKey="subjectId"
            loading={q.isLoading}
            pagination={false}
            dataSource={rows}
            locale={{ emptyText: '本考试还没有科目' }}
            rowSelection={
              mayPublish
                ? {
                    selectedRowKeys: chosen,
                    onChange: (keys) => setChosen(keys.map(Number)),
                    getCheckboxProps: (r) => ({ disabled: !choosable(r), 'aria-label': `选择${r.name}` }),
                  }
                : undefined
            }
            columns={[
              {
                title: '科目',
                dataIndex: 'name',
                render: (name: string, r) => <Link to={`/book/subject/${r.subjectId}/score`}>{name}</Link>,
              },
              {
                title: '阅卷状态',
                dataIndex: 'status',
                render: (s: number) => <Tag color={subjectStatusColor(s)}>{subjectStatusLabel(s)}</Tag>,
              },
              {
                title: '发布',
                render: (_, r) =>
                  r.status === 6 ? (
                    <Tag color="green">{r.tongfen ? '已发布（统分）' : '已发布'}</Tag>
                  ) : r.publishAt ? (
                    <Tag color="blue">定时 {dayjs(r.publishAt).format('YYYY-MM-DD HH:mm')}</Tag>
                  ) : (
                    <Typography.Text type="secondary">未发布</Typography.Text>
                  ),
              },
              { title: '成绩核查', render: (_, r) => <Blockers row={r} /> },
            ]}
          />
        )}
      </Card>
      {exam.can.publish && <PublishSettingCard examId={exam.id} />}
      <Modal
        open={result !== null}
        title="发布结果"
        onCancel={() => setResult(null)}
        footer={<Button onClick={() => setResult(null)}>知道了</Button>}
      >
        <List<BatchReleaseItem>
          size="small"
          bordered
          dataSource={result ?? []}
          data-testid="batch-result"
          renderItem={(x) => (
            <List.Item>
              <Space orientation="vertical" size={0}>
                <Space>
                  <Tag color={x.ok ? 'green' : 'red'}>{x.ok ? '已发布' : '未发布'}</Tag>
                  <Typography.Text strong>{x.name || `科目 ${x.subjectId}`}</Typography.Text>
                </Space>
                {!x.ok && <Typography.Text type="secondary">{x.message}</Typography.Text>}
              </Space>
            </List.Item>
          )}
        />
      </Modal>
    </PageFrame>
  );
}
