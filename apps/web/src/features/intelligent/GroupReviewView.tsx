import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerGroupView, IntelligentReviewView } from '@yj/contracts';
import { App, Button, Card, Col, Empty, InputNumber, Popconfirm, Row, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { TaskImage } from '../marking-lead/TaskImage';
import { intelligentApi, intelligentKeys } from './intelligent.api';
import { PendingPage } from './PendingPage';

type Scores = Record<string, number | null>;

/** One group: its papers' cuts (each may be taken out), the score of each question, 整组给分. */
function GroupCard({
  g,
  index,
  questions,
  scores,
  onScores,
  onScore,
  onSplit,
  busy,
}: {
  g: AnswerGroupView;
  index: number;
  questions: IntelligentReviewView['questions'];
  scores: Scores;
  onScores: (s: Scores) => void;
  onScore: () => Promise<unknown>;
  onSplit: (paperId: number) => void;
  busy: boolean;
}) {
  const ready = questions.every((q) => typeof scores[q.no] === 'number');
  const total = questions.reduce((a, q) => a + (scores[q.no] ?? 0), 0);
  return (
    <Card
      data-testid="answer-group"
      title={
        <Space>
          第 {index + 1} 组<Tag color="blue">{g.size} 份</Tag>
        </Space>
      }
      extra={
        <Space>
          {questions.map((q) => (
            <Space key={q.no} size={4}>
              <Typography.Text>第{q.no}题</Typography.Text>
              <InputNumber
                min={0}
                max={q.fullScore}
                step={q.step}
                value={scores[q.no] ?? null}
                onChange={(v) => onScores({ ...scores, [q.no]: v })}
                placeholder={`满分 ${q.fullScore}`}
                style={{ width: 110 }}
                data-testid={`group-score-${q.no}`}
              />
            </Space>
          ))}
          <Popconfirm
            title={`给本组显示的 ${g.papers.length} 份答卷都记 ${total} 分？`}
            description="只给下面并排显示的答卷记分，每份记为您的一次评分；已被其他老师领取或评过的答卷留在正常阅卷。"
            okText="确定"
            cancelText="取消"
            onConfirm={onScore}
            disabled={!ready}
          >
            <Button type="primary" disabled={!ready} loading={busy} data-testid="group-score-submit">
              整组给分
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Row gutter={[12, 12]}>
        {g.papers.map((p) => (
          <Col span={6} key={p.paperId}>
            <Card
              size="small"
              data-testid="group-paper"
              title={<Typography.Text type="secondary">差异 {p.distance.toFixed(2)}</Typography.Text>}
              extra={
                <Button size="small" onClick={() => onSplit(p.paperId)} data-testid="group-split">
                  移出
                </Button>
              }
            >
              <TaskImage src={p.imageUrl} alt="作答区" />
            </Card>
          </Col>
        ))}
      </Row>
      {g.size > g.papers.length && (
        <Typography.Text type="secondary">
          本组另有 {g.size - g.papers.length} 份答卷未显示：这次不给分，给分后刷新再逐份查看。
        </Typography.Text>
      )}
    </Card>
  );
}

/**
 * subject/{subjectId}/setting/intelligent/intelligentReview (归组评阅): groups of alike answers of a block; the
 * marker scores a whole group at once (one mark of theirs on each paper) or takes a paper out of its group.
 */
export function GroupReviewView({ bundle, blockId }: { bundle: SubjectBundle; blockId: number }) {
  const s = bundle.subject.subjectInfo;
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [scores, setScores] = useState<Record<number, Scores>>({});
  useUnsavedGuard(
    Object.values(scores).some((x) => Object.values(x).some((v) => v !== null && v !== undefined)),
  );
  const view = useQuery({
    queryKey: intelligentKeys.groups(s.id, blockId),
    queryFn: () => intelligentApi.groups(s.id, blockId),
  });
  const refresh = () => qc.invalidateQueries({ queryKey: intelligentKeys.groups(s.id, blockId) });
  const score = useOneAtATime({
    mutationFn: (v: { groupId: number; paperIds: number[]; scores: Array<{ no: string; score: number }> }) =>
      intelligentApi.scoreGroup(s.id, blockId, v.groupId, v.paperIds, v.scores),
    onSuccess: async (r, v) => {
      message.success(`已给分 ${r.scored} 份${r.skipped ? `，${r.skipped} 份留在正常阅卷` : ''}`);
      setScores(({ [v.groupId]: _, ...rest }) => rest);
      await refresh();
    },
  });
  const split = useOneAtATime({
    mutationFn: (v: { groupId: number; paperId: number }) =>
      intelligentApi.split(s.id, blockId, v.groupId, v.paperId),
    onSuccess: async () => {
      message.success('已移出分组，这份答卷将在正常阅卷中单独评阅');
      await refresh();
    },
  });
  const crumbs = subjectCrumbs(bundle.exam, s, {
    title: view.data ? `${view.data.blockName} · 归组评阅` : '归组评阅',
  });
  if (!view.data) return <PendingPage query={view} crumbs={crumbs} title="归组评阅" failed="分组加载失败" />;
  const v = view.data;
  return (
    <PageFrame
      crumbs={crumbs}
      testId="group-review"
      title={`${bundle.exam.name} · ${s.name} · ${v.blockName} · 归组评阅`}
    >
      {v.groups.length === 0 ? (
        <Card>
          <Empty
            description={v.run ? '没有待评的相同答案分组：都已给分或移出' : '题组长还没有为这个题块归组'}
          />
        </Card>
      ) : (
        v.groups.map((g, i) => (
          <GroupCard
            key={g.id}
            g={g}
            index={i}
            questions={v.questions}
            scores={scores[g.id] ?? {}}
            onScores={(x) => setScores((all) => ({ ...all, [g.id]: x }))}
            busy={score.isPending && score.variables?.groupId === g.id}
            onScore={() =>
              score.mutateAsync({
                groupId: g.id,
                // the papers shown side by side: the only ones the score is given to
                paperIds: g.papers.map((p) => p.paperId),
                scores: v.questions.map((q) => ({ no: q.no, score: scores[g.id]![q.no]! })),
              })
            }
            onSplit={(paperId) => split.mutate({ groupId: g.id, paperId })}
          />
        ))
      )}
    </PageFrame>
  );
}
