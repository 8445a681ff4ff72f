import { allows, SUBJECT_STATUS_LABELS, SubjectStatus, type QuizDetail } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { handleApiError } from '../../api/handle-error';
import { useExclusive } from '../../app/useExclusive';
import { ButtonChoice, type Choice } from '../../components/ButtonChoice';
import { acardApi } from '../acard/acard.api';
import { homeCrumbs, PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { PhoneScanPanel } from './PhoneScanPanel';
import { quizApi, quizKeys, quizDetailQuery, quizOptionsQuery } from './quiz.api';

/**
 * The online card of a quiz: A4, or A5 printed two on an A4 sheet; one column; the students' 学号 as bubbles, or
 * 个性化 — one copy a student with
 * their name and 考号 barcode printed, so nobody fills an id.
 */
const QUIZ_CARD = { columns: 1, mainTemplateName: '小测答题卡' };
type QuizPaper = 'A4' | 'A5';
type IdKind = 'bubbles' | 'barcode';
const PAPER_CHOICES: Choice<QuizPaper>[] = [
  { value: 'A4', label: 'A4' },
  { value: 'A5', label: 'A5（一张 A4 印两份，裁开）' },
];
const KIND_CHOICES: Choice<IdKind>[] = [
  { value: 'bubbles', label: '学生填涂学号' },
  { value: 'barcode', label: '个性化（每人一张，印姓名和条码）' },
];

function CardPanel({ q }: { q: QuizDetail }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const { busy, run } = useExclusive();
  const download = useExclusive();
  const editable = q.status === SubjectStatus.setting && q.can.manage;
  const [kind, setKind] = useState<IdKind>(q.card?.barcode ? 'barcode' : 'bubbles');
  const [paper, setPaper] = useState<QuizPaper>(q.card?.paper === 'A5' ? 'A5' : 'A4');
  const make = () =>
    run(async () => {
      try {
        const card = { ...QUIZ_CARD, paper, ...(kind === 'barcode' ? { examNumber: { kind } } : {}) };
        await acardApi.save(q.subjectId, q.card ? { ...card, templateId: q.card.templateId } : card);
        await qc.invalidateQueries({ queryKey: quizKeys.quiz(q.examId) });
        message.success('答题卡已生成');
      } catch (e) {
        handleApiError(e);
      }
    });
  return (
    <Card title="答题卡" data-testid="quiz-card">
      <Space wrap>
        {q.card ? (
          <>
            <Tag color={q.card.current ? 'green' : 'orange'}>
              {q.card.current
                ? `${q.card.paper} 答题卡已生成（${q.card.barcode ? '个性化：每人一张' : '学号填涂'}）`
                : '题目已改动，请重新生成'}
            </Tag>
            {q.card.barcode ? (
              <Button
                loading={download.busy}
                disabled={!q.card.current}
                onClick={() =>
                  void download.run(async () => {
                    await acardApi.personalPdf(q.subjectId, q.card!.templateId, `${q.name}-个性化答题卡.pdf`);
                  })
                }
                data-testid="quiz-personal-pdf"
              >
                下载个性化答题卡 PDF（{q.students} 份）
              </Button>
            ) : (
              <Button
                onClick={() =>
                  void acardApi.savedPdf(q.subjectId, q.card!.templateId, `${q.name}-答题卡.pdf`)
                }
              >
                下载答题卡 PDF
              </Button>
            )}
          </>
        ) : (
          <Typography.Text type="secondary">
            还没有答题卡：生成后即可打印。学生填涂学号，或选“个性化”每人一张、印好姓名和条码。
          </Typography.Text>
        )}
        {editable && (
          <ButtonChoice
            value={paper}
            onChange={setPaper}
            options={PAPER_CHOICES}
            data-testid="quiz-card-paper"
          />
        )}
        {editable && (
          <ButtonChoice value={kind} onChange={setKind} options={KIND_CHOICES} data-testid="quiz-card-kind" />
        )}
        {editable && (
          <Button type="primary" loading={busy} onClick={() => void make()} data-testid="quiz-make-card">
            {q.card ? `重新生成 ${paper} 答题卡` : `生成 ${paper} 答题卡`}
          </Button>
        )}
      </Space>
    </Card>
  );
}

function MarkersPanel({ q }: { q: QuizDetail }) {
  const qc = useQueryClient();
  const { message, modal } = App.useApp();
  const [picked, setPicked] = useState<number[]>([]);
  const { busy, run } = useExclusive();
  const colleagues = useQuery({ ...quizOptionsQuery(), enabled: q.can.manage, meta: { silent: true } });
  const have = new Set(q.markers.map((m) => m.userId));
  const changeable = q.can.manage && allows(q.status, 'assignMarkers');
  const remove = (m: QuizDetail['markers'][number]) =>
    modal.confirm({
      title: `不再请${m.name}阅这份小测？`,
      content: '已给出的分数保留；正在阅的卷子回到待阅，由其他阅卷老师继续。',
      okText: '移出',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: async () => {
        try {
          await quizApi.removeMarker(q.examId, m.userId);
          await qc.invalidateQueries({ queryKey: quizKeys.quiz(q.examId) });
          message.success(`已移出${m.name}`);
        } catch (e) {
          handleApiError(e);
        }
      },
    });
  const add = () =>
    run(async () => {
      try {
        await quizApi.markers(q.examId, picked);
        setPicked([]);
        await qc.invalidateQueries({ queryKey: quizKeys.quiz(q.examId) });
        message.success('已添加阅卷老师');
      } catch (e) {
        handleApiError(e);
      }
    });
  return (
    <Card title="阅卷老师">
      <Space wrap>
        {q.markers.map((m) => (
          <Tag
            key={m.userId}
            closable={changeable && !m.creator}
            onClose={(e) => {
              // the tag stays until the server says it is gone
              e.preventDefault();
              remove(m);
            }}
            data-testid={`quiz-marker-${m.userId}`}
          >
            {m.name}
            {m.creator ? '（出题老师）' : ''}
          </Tag>
        ))}
        {q.can.manage && q.subjective.length > 0 && (
          <>
            <Select
              mode="multiple"
              style={{ minWidth: 240 }}
              placeholder="添加同事一起阅卷"
              data-testid="quiz-marker-pick"
              optionFilterProp="label"
              value={picked}
              onChange={setPicked}
              options={(colleagues.data?.colleagues ?? [])
                .filter((c) => !have.has(c.userId))
                .map((c) => ({ value: c.userId, label: c.name }))}
            />
            <Button
              disabled={!picked.length}
              loading={busy}
              onClick={() => void add()}
              data-testid="quiz-marker-add"
            >
              添加
            </Button>
          </>
        )}
      </Space>
    </Card>
  );
}

/** /book/quiz/:examId: a quiz's questions, card, markers, and the ways to scan, mark, see and publish the result. */
export function QuizPageView({ examId }: { examId: number }) {
  const quiz = useQuery(quizDetailQuery(examId));
  if (quiz.isError)
    return <QueryFailed title="小测加载失败" error={quiz.error} onRetry={() => void quiz.refetch()} />;
  if (!quiz.data) return <Spin />;
  const q = quiz.data;
  const objective = q.objective.map((x) => x.answer).join('');
  return (
    <PageFrame
      crumbs={homeCrumbs({ title: '课堂小测', to: '/book/quiz' }, { title: q.name })}
      title={q.name}
      extra={<Tag data-testid="quiz-status">{SUBJECT_STATUS_LABELS[q.status]}</Tag>}
      testId="quiz-page"
    >
      <Card>
        <Descriptions column={2} size="small">
          <Descriptions.Item label="学科">{q.course}</Descriptions.Item>
          <Descriptions.Item label="班级">
            {q.classNames.join('、')}（{q.students} 人）
          </Descriptions.Item>
          <Descriptions.Item label="总分">{q.fullScore} 分</Descriptions.Item>
          <Descriptions.Item label="已扫描">{q.scanned} 份</Descriptions.Item>
          <Descriptions.Item label="客观题">
            {q.objective.length ? `第 1-${q.objective.length} 题，答案 ${objective}` : '无'}
          </Descriptions.Item>
          <Descriptions.Item label="主观题">
            {q.subjective.length ? q.subjective.map((s) => `第${s.no}题 ${s.score} 分`).join('，') : '无'}
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <CardPanel q={q} />
      {q.card && q.can.manage && <PhoneScanPanel examId={q.examId} />}
      <MarkersPanel q={q} />
      <Card title="扫描、阅卷与结果">
        <Space wrap data-testid="quiz-steps">
          <Link to={`/book/subject/${q.subjectId}/answerCard`}>
            <Button disabled={!q.card}>扫描答题卡</Button>
          </Link>
          {q.can.manage && (
            <Link to={`/book/exam/${q.examId}/startReviewManage`}>
              <Button>开始 / 完成阅卷</Button>
            </Link>
          )}
          {q.subjective.length > 0 && (
            <Link to="/book/review/task">
              <Button>去阅卷</Button>
            </Link>
          )}
          <Link to={`/book/quiz/${q.examId}/result`}>
            <Button type="primary" data-testid="quiz-result-link">
              班级结果
            </Button>
          </Link>
          {q.can.publish && (
            <Link to={`/book/exam/${q.examId}/scoreRelease`}>
              <Button>发布成绩</Button>
            </Link>
          )}
        </Space>
      </Card>
    </PageFrame>
  );
}
