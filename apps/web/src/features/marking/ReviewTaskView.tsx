import { SUBJECT_STATUS_LABELS, SubjectStatus, type ReviewTaskItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { markPath } from './mark-route';
import { reviewTasksQuery } from './marking.queries';
import { groupTasks, markableBlocks, markAction } from './review-groups';
import { BlockProgressBar } from '../../components/BlockProgressBar';
import { TasksFailed } from './TasksFailed';

const LEADER = 6;

function BlockActions({ it }: { it: ReviewTaskItem }) {
  const leader = it.role === LEADER;
  // a leader's row counts arbitration tasks: they claim them through 仲裁, never on the normal screen
  const action = leader ? null : markAction(it);
  const marking = it.subjectStatus === SubjectStatus.reviewing;
  const trial = it.subjectStatus === SubjectStatus.trial;
  // the trial's results stay for the leader while the trial is paused and through real marking
  const trialResults =
    leader && it.subjectStatus >= SubjectStatus.trial && it.subjectStatus <= SubjectStatus.paused;
  return (
    <Flex gap={8} wrap align="center">
      {trial && !leader && (
        <Link to={markPath(it.subjectId, it.blockId, 'trial')}>
          <Button type="primary" size="small" data-testid={`trial-mark-${it.blockId}`}>
            试评
          </Button>
        </Link>
      )}
      {trialResults && (
        <Link
          to={`/book/subject/${it.subjectId}/trial/block/${it.blockId}`}
          data-testid={`trial-lead-${it.blockId}`}
        >
          试评结果
        </Link>
      )}
      {marking && action && (
        <Link to={markPath(it.subjectId, it.blockId)}>
          <Button type="primary" size="small">
            {action}
          </Button>
        </Link>
      )}
      {marking && !leader && !action && <Typography.Text type="secondary">暂无可阅试卷</Typography.Text>}
      {it.done > 0 && <Link to={`/book/review/again/${it.blockId}`}>回评</Link>}
      {!!it.blanks && (
        <Link
          to={`/book/subject/${it.subjectId}/setting/intelligent/intelligentReview/blank?blockId=${it.blockId}`}
          data-testid={`marker-blanks-${it.blockId}`}
        >
          智能判空（{it.blanks}）
        </Link>
      )}
      {!!it.groups && (
        <Link
          to={`/book/subject/${it.subjectId}/setting/intelligent/intelligentReview?blockId=${it.blockId}`}
        >
          归组评阅（{it.groups}）
        </Link>
      )}
      {leader && marking && (
        <>
          <Link to={markPath(it.subjectId, it.blockId, 'arbitration')}>仲裁（{it.arbitration ?? 0}）</Link>
          {/* problem papers, recall and 打回 live on the leaders' block page: this row is their only way in */}
          <Link
            to={`/book/subject/${it.subjectId}/overview/block/${it.blockId}`}
            data-testid={`lead-block-${it.blockId}`}
          >
            题块管理（问题卷 {it.problems ?? 0} 份）
          </Link>
          <Link to={`/book/subject/${it.subjectId}/overview`} data-testid={`overview-${it.blockId}`}>
            阅卷总览
          </Link>
        </>
      )}
    </Flex>
  );
}

const columns = [
  {
    title: '题块',
    key: 'block',
    render: (_: unknown, it: ReviewTaskItem) => (
      <>
        {it.blockName} {it.role === LEADER && <Tag color="gold">题组长</Tag>}
      </>
    ),
  },
  {
    title: '我已阅 / 任务量',
    key: 'mine',
    render: (_: unknown, it: ReviewTaskItem) => `${it.done} / ${it.quota ?? '不限'}`,
  },
  { title: '可领取', dataIndex: 'left', key: 'left' },
  {
    title: '题块进度',
    key: 'block-progress',
    width: 200,
    render: (_: unknown, it: ReviewTaskItem) => (
      <BlockProgressBar
        size="small"
        done={it.blockDone}
        total={it.blockTotal}
        parts={it.blockParts}
        testId={`task-progress-${it.blockId}`}
      />
    ),
  },
  { title: '操作', key: 'actions', render: (_: unknown, it: ReviewTaskItem) => <BlockActions it={it} /> },
];

/** review/task: every block the user marks or leads, by exam and subject. */
export function ReviewTaskView() {
  const q = useQuery(reviewTasksQuery());
  if (q.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (q.isError && !q.data) return <TasksFailed onRetry={() => void q.refetch()} />;
  const groups = groupTasks(q.data);
  const markable = markableBlocks(q.data).length;
  return (
    <Flex vertical gap={12} style={{ padding: 16 }}>
      <Flex justify="space-between" align="center">
        <Typography.Title level={4} style={{ margin: 0 }}>
          阅卷任务
        </Typography.Title>
        <Flex gap={8}>
          {markable > 1 && (
            <Link to="/book/multi" data-testid="to-multi">
              <Button type="primary">多题块阅卷（{markable} 个题块）</Button>
            </Link>
          )}
          <Link to="/book/history" data-testid="to-history">
            <Button>我的阅卷记录</Button>
          </Link>
        </Flex>
      </Flex>
      {!groups.length && <Empty description="您当前没有阅卷任务；考试管理员分配阅卷任务后会显示在这里" />}
      {groups.map((exam) => (
        <Card key={exam.examId} title={exam.examName} size="small" data-testid="review-exam">
          {exam.subjects.map((s) => (
            <div key={s.subjectId} style={{ marginBottom: 12 }}>
              <Flex gap={8} align="center" style={{ marginBottom: 6 }}>
                <Typography.Text strong>{s.subjectName}</Typography.Text>
                <Tag color={s.subjectStatus === SubjectStatus.reviewing ? 'processing' : 'default'}>
                  {SUBJECT_STATUS_LABELS[s.subjectStatus] ?? '未知'}
                </Tag>
              </Flex>
              <Table
                size="small"
                rowKey="blockId"
                pagination={false}
                dataSource={s.blocks}
                columns={columns}
              />
            </div>
          ))}
        </Card>
      ))}
    </Flex>
  );
}
