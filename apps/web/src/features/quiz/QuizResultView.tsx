import { SUBJECT_STATUS_LABELS, SubjectStatus, type QuizResult } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Empty,
  Progress,
  Segmented,
  Space,
  Spin,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { handleApiError } from '../../api/handle-error';
import { useExclusive } from '../../app/useExclusive';
import { usePublishAction } from '../score/usePublishAction';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { quizApi, quizDetailQuery, quizKeys, quizResultQuery } from './quiz.api';

type Question = QuizResult['questions'][number];
type Student = QuizResult['students'][number];

const percent = (rate: number | null) => (rate === null ? 0 : Math.round(rate * 1000) / 10);
const choiceLabel = (a: string) => (a === '' ? '未作答' : a);

function Summary({ r }: { r: QuizResult }) {
  const most = Math.max(1, ...r.distribution.map((b) => b.count));
  return (
    <Card>
      <Space size={48} wrap>
        <Statistic title="平均分" value={r.average ?? '—'} data-testid="quiz-average" />
        <Statistic title="最高分" value={r.max ?? '—'} />
        <Statistic title="最低分" value={r.min ?? '—'} />
        <Statistic title="实考 / 缺考" value={`${r.sat} / ${r.absent}`} />
        <Statistic title="满分" value={r.fullScore} />
      </Space>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        分数段
      </Typography.Title>
      <div
        style={{ display: 'flex', alignItems: 'flex-end', gap: 8, height: 120 }}
        data-testid="quiz-distribution"
      >
        {r.distribution.map((b) => (
          <div key={b.label} style={{ flex: 1, textAlign: 'center' }}>
            <div>{b.count}</div>
            <div style={{ height: (b.count / most) * 80, background: '#1677ff', borderRadius: 2 }} />
            <div style={{ fontSize: 12, color: '#666' }}>{b.label}</div>
          </div>
        ))}
      </div>
    </Card>
  );
}

function Choices({ q, names }: { q: Question; names: boolean }) {
  return (
    <Space wrap size={4}>
      {q.choices.map((c) => (
        <Tag
          key={c.answer}
          color={c.answer === q.answer ? 'green' : c.answer === '' ? 'default' : 'red'}
          title={c.names.join('、')}
        >
          {choiceLabel(c.answer)} {c.count} 人
          {names && c.answer !== q.answer ? `：${c.names.join('、')}` : ''}
        </Tag>
      ))}
    </Space>
  );
}

function QuestionTable({ r }: { r: QuizResult }) {
  return (
    <Card title="每题得分率">
      <Table<Question>
        rowKey="no"
        size="small"
        pagination={false}
        data-testid="quiz-questions"
        dataSource={r.questions}
        columns={[
          { title: '题号', dataIndex: 'no', width: 64 },
          { title: '满分', dataIndex: 'full', width: 64 },
          { title: '答案', key: 'answer', width: 72, render: (_, q) => q.answer ?? '主观题' },
          {
            title: '得分率',
            key: 'rate',
            width: 180,
            render: (_, q) => <Progress percent={percent(q.rate)} size="small" />,
          },
          { title: '选项分布', key: 'choices', render: (_, q) => <Choices q={q} names={false} /> },
          {
            title: '未得满分的学生',
            key: 'wrong',
            render: (_, q) =>
              q.wrong.length ? q.wrong.join('、') : <Typography.Text type="success">全对</Typography.Text>,
          },
        ]}
      />
    </Card>
  );
}

function StudentTable({ r }: { r: QuizResult }) {
  const objective = r.questions.filter((q) => q.answer !== null);
  const subjective = r.questions.filter((q) => q.answer === null);
  return (
    <Card title="学生作答">
      <Table<Student>
        rowKey="examineeId"
        size="small"
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: 60, hideOnSinglePage: true }}
        dataSource={r.students}
        columns={[
          { title: '姓名', dataIndex: 'name', fixed: 'left' },
          { title: '班级', dataIndex: 'className' },
          { title: '学号', dataIndex: 'xuehao' },
          { title: '总分', key: 'total', render: (_, s) => s.total ?? (s.absent ? '缺考' : '未扫描') },
          ...objective.map((q) => ({
            title: q.no,
            key: `o${q.no}`,
            render: (_: unknown, s: Student) => {
              const c = s.chosen[q.no];
              if (s.total === null || c === undefined) return '';
              return (
                <span style={{ color: c === q.answer ? undefined : '#cf1322' }}>
                  {c === null ? '?' : choiceLabel(c)}
                </span>
              );
            },
          })),
          ...subjective.map((q) => ({
            title: `${q.no}（${q.full}分）`,
            key: `s${q.no}`,
            render: (_: unknown, s: Student) => (s.total === null ? '' : (s.scores[q.no] ?? 0)),
          })),
        ]}
      />
    </Card>
  );
}

/** 讲评 on the projector: large figures a question at a time, the options chosen, no names. */
function ProjectorView({ r }: { r: QuizResult }) {
  const [i, setI] = useState(0);
  const q = r.questions[i];
  if (!q) return <Empty description="没有题目" />;
  return (
    <Card data-testid="quiz-projector" style={{ fontSize: 28 }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Button size="large" disabled={i === 0} onClick={() => setI(i - 1)} data-repeat>
          上一题
        </Button>
        <Typography.Title level={2} style={{ margin: 0 }}>
          第 {q.no} 题 · 得分率 {percent(q.rate)}%
        </Typography.Title>
        <Button size="large" disabled={i === r.questions.length - 1} onClick={() => setI(i + 1)} data-repeat>
          下一题
        </Button>
      </Space>
      <div style={{ marginTop: 32 }}>
        {q.answer !== null ? (
          q.choices.map((c) => (
            <div key={c.answer} style={{ display: 'flex', alignItems: 'center', gap: 16, margin: '12px 0' }}>
              <span style={{ width: 120, fontWeight: c.answer === q.answer ? 700 : 400 }}>
                {choiceLabel(c.answer)}
                {c.answer === q.answer ? ' ✓' : ''}
              </span>
              <Progress
                percent={r.sat ? Math.round((c.count / r.sat) * 100) : 0}
                strokeColor={c.answer === q.answer ? '#52c41a' : '#ff4d4f'}
                format={() => `${c.count} 人`}
                style={{ flex: 1 }}
              />
            </div>
          ))
        ) : (
          <Typography.Paragraph style={{ fontSize: 28 }}>
            主观题，满分 {q.full} 分；{q.wrong.length} 人未得满分。
          </Typography.Paragraph>
        )}
      </div>
      <Typography.Paragraph type="secondary" style={{ fontSize: 20 }}>
        全班平均分 {r.average ?? '—'} / {r.fullScore}
      </Typography.Paragraph>
    </Card>
  );
}

/** Students without a sheet registered 缺考 in one click: publishing waits for every student to be one or the other. */
function AbsentButton({ subjectId, examId, ids }: { subjectId: number; examId: number; ids: number[] }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const { busy, run } = useExclusive();
  if (!ids.length) return null;
  const register = () =>
    run(async () => {
      try {
        await quizApi.absent(subjectId, ids);
        await qc.invalidateQueries({ queryKey: quizKeys.quiz(examId) });
        message.success(`已为 ${ids.length} 名未扫描的学生登记缺考`);
      } catch (e) {
        handleApiError(e);
      }
    });
  return (
    <Button loading={busy} onClick={() => void register()} data-testid="quiz-absent">
      未扫描的 {ids.length} 人登记缺考
    </Button>
  );
}

/** /book/quiz/:examId/result: the class result on one screen, the 讲评 view, and publishing by the teacher. */
export function QuizResultView({ examId }: { examId: number }) {
  const qc = useQueryClient();
  const result = useQuery(quizResultQuery(examId));
  const quiz = useQuery(quizDetailQuery(examId));
  const [view, setView] = useState<'teacher' | 'projector'>('teacher');
  const publish = usePublishAction(quiz.data?.subjectId ?? 0);
  if (result.isError)
    return (
      <QueryFailed title="班级结果加载失败" error={result.error} onRetry={() => void result.refetch()} />
    );
  if (!result.data || !quiz.data) return <Spin />;
  const r = result.data;
  const q = quiz.data;
  const publishButton =
    q.can.publish && r.status === SubjectStatus.done ? (
      <Button
        type="primary"
        loading={publish.isPending}
        data-testid="quiz-publish"
        onClick={() =>
          void publish
            .mutateAsync('release')
            .then(() => qc.invalidateQueries({ queryKey: quizKeys.quiz(examId) }))
            .catch(() => undefined)
        }
      >
        发布成绩给学生
      </Button>
    ) : null;
  return (
    <PageFrame
      crumbs={homeCrumbs(
        { title: '课堂小测', to: '/book/quiz' },
        { title: q.name, to: `/book/quiz/${examId}` },
        { title: '班级结果' },
      )}
      title={`${r.name} · 班级结果`}
      extra={
        <Space>
          <Tag data-testid="quiz-result-status">{SUBJECT_STATUS_LABELS[r.status]}</Tag>
          <Segmented
            value={view}
            onChange={(v) => setView(v as 'teacher' | 'projector')}
            options={[
              { value: 'teacher', label: '教师视图' },
              { value: 'projector', label: '讲评视图' },
            ]}
          />
          {q.can.manage && r.status < SubjectStatus.published && (
            <AbsentButton
              subjectId={q.subjectId}
              examId={examId}
              ids={r.students.filter((x) => !x.sheet && !x.absent).map((x) => x.examineeId)}
            />
          )}
          {publishButton}
        </Space>
      }
      testId="quiz-result-page"
    >
      {r.status < SubjectStatus.done && (
        <Typography.Text type="secondary">
          阅卷尚未完成，以下为当前已出的成绩；阅卷完成后可发布给学生和家长。
        </Typography.Text>
      )}
      {view === 'projector' ? (
        <ProjectorView r={r} />
      ) : (
        <>
          <Summary r={r} />
          <QuestionTable r={r} />
          <StudentTable r={r} />
        </>
      )}
    </PageFrame>
  );
}
