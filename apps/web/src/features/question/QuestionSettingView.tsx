import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { allows, type Structure, type StructureInfo } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Badge, Button, Card, Skeleton, Space, Switch, Tabs, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { AbMappingTable } from './AbMappingTable';
import { AnswerTab } from './AnswerTab';
import { ObjectiveTab } from './ObjectiveTab';
import { OptionalTab } from './OptionalTab';
import { questionApi, questionKeys, type StructureTag } from './question.api';
import { structureInfoQuery } from './question.queries';
import { ReadOnly } from './ReadOnly';
import { SaveBar } from './SaveBar';
import { answersBody, bNosOf, byNo, nextNo, savePlan, withBNos } from './structure-edit';
import { SpecialQuestions } from './SpecialQuestions';
import { StandardTab } from './StandardTab';
import { SubjectiveTab } from './SubjectiveTab';
import { TotalsBar } from './TotalsBar';
import { templateKeys } from '../template/template.queries';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
/** The 评分标准 tab's part of the subjective questions; the 主观题 tab owns the rest of them. */
const standardsOf = (s: Structure) => s.subjective.map((q) => ({ no: q.no, answer: q.answer ?? '' }));
/** A 评分标准 typed or changed; a question added without one is the 主观题 tab's change alone. */
const standardsDiffer = (draft: Structure, saved: Structure) => {
  const was = new Map(standardsOf(saved).map((q) => [q.no, q.answer]));
  return standardsOf(draft).some((q) => (was.get(q.no) ?? '') !== q.answer);
};
const shapeOf = (s: Structure) => s.subjective.map(({ answer: _a, ...q }) => q);
/** `list` with the 评分标准 of `from` (by number): one tab's save must not drop the other's unsaved text. */
const withStandards = (list: Structure['subjective'], from: Structure['subjective']) => {
  const text = new Map(from.map((q) => [q.no, q.answer]));
  return list.map((q) => (text.has(q.no) ? { ...q, answer: text.get(q.no) } : q));
};

/** The request body of one tab, and the part of the structure the tab owns. */
function bodyOf(tag: StructureTag, s: Structure): Record<string, unknown> {
  if (tag === 'objective') return { questions: s.objective };
  if (tag === 'subjective') return { questions: s.subjective };
  if (tag === 'optional') return { groups: s.optionalGroups };
  if (tag === 'ab') return { abEnabled: s.abEnabled, objective: bNosOf(s.objective) };
  if (tag === 'standard') return { standards: standardsOf(s) };
  return answersBody(s.objective, s.abEnabled);
}
/** What each tab saves, as the messages name it. */
const PART_NAME: Record<StructureTag, string> = {
  objective: '客观题',
  subjective: '主观题',
  optional: '选做题',
  ab: 'AB 卷设置',
  answer: '答案',
  standard: '评分标准',
};

/** The part of a saved structure one tab's save answered for; `x` is the local structure it goes into. */
function savedPart(tag: StructureTag, s: Structure, x: Structure): Partial<Structure> {
  if (tag === 'objective' || tag === 'answer') return { objective: s.objective };
  if (tag === 'subjective') return { subjective: withStandards(s.subjective, x.subjective) };
  if (tag === 'standard') return { subjective: withStandards(x.subjective, s.subjective) };
  if (tag === 'optional') return { optionalGroups: s.optionalGroups };
  return { abEnabled: s.abEnabled, objective: withBNos(x.objective, s.objective) };
}

function StructureEditor({
  info,
  subjectId,
  readOnly,
}: {
  info: StructureInfo;
  subjectId: number;
  readOnly: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  // ?tab=answer: 成绩核查's 录入答案 opens the 答案 tab
  const [params] = useSearchParams();
  const tab = params.get('tab');
  const [saved, setSaved] = useState<Structure>(info.structure);
  const [draft, setDraft] = useState<Structure>(info.structure);
  const set = (patch: Partial<Structure>) => setDraft((x) => ({ ...x, ...patch }));
  const keysOf = (s: Structure) =>
    s.objective.map((q) => [q.no, q.answer, q.answerB, q.partialScore, q.partialRule ?? 'fixed']);
  const dirty: Record<StructureTag, boolean> = {
    objective: !same(draft.objective, saved.objective),
    subjective: !same(shapeOf(draft), shapeOf(saved)),
    standard: standardsDiffer(draft, saved),
    optional: !same(draft.optionalGroups, saved.optionalGroups),
    ab: draft.abEnabled !== saved.abEnabled || !same(bNosOf(draft.objective), bNosOf(saved.objective)),
    answer: !same(keysOf(draft), keysOf(saved)),
  };
  /** The part whose save failed last (it may be one saved first for another tab). */
  const [failedPart, setFailedPart] = useState<StructureTag | null>(null);
  const save = useOneAtATime({
    meta: { silent: true },
    // The unsaved parts a tab refers to are saved first (answers of questions the server does not have yet
    // were refused); each step keeps what it saved, so a later refusal leaves only its own part unsaved.
    mutationFn: async (tag: StructureTag) => {
      const plan = savePlan(tag, dirty);
      for (const part of plan) {
        setFailedPart(part);
        const res = await questionApi.save(subjectId, part, bodyOf(part, draft));
        setSaved((x) => ({ ...x, ...savedPart(part, res.structure, x) }));
        setDraft((x) => ({ ...x, ...savedPart(part, res.structure, x) }));
        qc.setQueryData(questionKeys.info(subjectId), res);
      }
      setFailedPart(null);
      return plan;
    },
    onSuccess: (plan) => {
      message.success(`${plan.map((t) => PART_NAME[t]).join('、')}已保存`);
      void qc.invalidateQueries({ queryKey: ['acard', subjectId] });
      // the templates' checks hold the structure against them (kinds, options): checked again
      void qc.invalidateQueries({ queryKey: templateKeys.subject(subjectId) });
    },
  });
  // Each tab saves its part: the others' unsaved edits are named at every tab's foot.
  const othersUnsaved = (tag: StructureTag) => {
    const plan = savePlan(tag, dirty);
    return (Object.keys(dirty) as StructureTag[])
      .filter((t) => !plan.includes(t) && dirty[t])
      .map((t) => PART_NAME[t]);
  };
  const alsoSaves = (tag: StructureTag) =>
    savePlan(tag, dirty)
      .filter((t) => t !== tag)
      .map((t) => PART_NAME[t]);
  const bar = (tag: StructureTag, isDirty: boolean) =>
    !readOnly && (
      <SaveBar
        label={tag === 'answer' ? '保存答案' : tag === 'standard' ? '保存评分标准' : '保存'}
        dirty={isDirty}
        othersUnsaved={othersUnsaved(tag)}
        alsoSaves={alsoSaves(tag)}
        saving={save.isPending && save.variables === tag}
        error={save.variables === tag ? save.error : null}
        errorTitle={failedPart && failedPart !== tag ? `${PART_NAME[failedPart]}保存未成功` : undefined}
        onSave={() => save.mutate(tag)}
        testId={`save-${tag}`}
      />
    );
  // Each tab saves on its own: leaving with any tab unsaved asks first.
  useUnsavedGuard(Object.values(dirty).some(Boolean));
  /** A tab's title, marked while it holds unsaved edits (another tab's 保存 does not save them). */
  const label = (tag: StructureTag, text: string) => (
    <Badge dot={dirty[tag]} offset={[6, 0]} data-testid={dirty[tag] ? `unsaved-${tag}` : undefined}>
      {text}
    </Badge>
  );
  /** A tab: its marked title over its editor and save bar. */
  const pane = (tag: StructureTag, title: string, children: ReactNode) => ({
    key: tag,
    label: label(tag, title),
    children: (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {children}
      </Space>
    ),
  });
  const nos = byNo([...draft.objective, ...draft.subjective]).map((q) => q.no);

  const items = [
    pane(
      'objective',
      `客观题（${draft.objective.length}）`,
      <>
        <ObjectiveTab questions={draft.objective} onChange={(objective) => set({ objective })} />
        {bar('objective', dirty.objective)}
      </>,
    ),
    pane(
      'subjective',
      `主观题（${draft.subjective.length}）`,
      <>
        <SubjectiveTab
          questions={draft.subjective}
          nextNo={nextNo(draft)}
          ab={draft.abEnabled}
          onChange={(subjective) => set({ subjective })}
        />
        {bar('subjective', dirty.subjective)}
      </>,
    ),
    pane(
      'optional',
      `选做题（${draft.optionalGroups.length}）`,
      <>
        <OptionalTab
          groups={draft.optionalGroups}
          nos={nos}
          onChange={(optionalGroups) => set({ optionalGroups })}
        />
        {bar('optional', dirty.optional)}
      </>,
    ),
    pane(
      'ab',
      'AB卷',
      <>
        <Space>
          <Switch
            checked={draft.abEnabled}
            onChange={(abEnabled) => set({ abEnabled })}
            aria-label="启用 AB 卷"
            data-testid="ab-switch"
          />
          <span>启用 AB 卷</span>
        </Space>
        <Typography.Text type="secondary">
          启用后，客观题须在“答案”中另录 B 卷答案，主观题可在“主观题”中填 B 卷题号；答题卡上会印 A/B 卷标记。
        </Typography.Text>
        {draft.abEnabled && draft.objective.length > 0 && (
          <AbMappingTable structure={draft} onChange={(objective) => set({ objective })} />
        )}
        {bar('ab', dirty.ab)}
      </>,
    ),
    pane(
      'answer',
      '答案',
      <>
        <AnswerTab
          questions={draft.objective}
          ab={draft.abEnabled}
          onChange={(objective) => set({ objective })}
        />
        {draft.objective.length > 0 && bar('answer', dirty.answer)}
        {saved.objective.length > 0 && (
          <SpecialQuestions
            subjectId={subjectId}
            questions={saved.objective}
            canEdit={!readOnly && allows(info.status, 'editAnswers')}
            onSaved={(res) => {
              // only 送分 / 取消 is taken from the server: unsaved key edits stay in the draft
              const special = new Map(res.structure.objective.map((q) => [q.no, q]));
              const merge = (list: Structure['objective']) =>
                list.map((q) => ({
                  ...q,
                  special: special.get(q.no)?.special ?? null,
                  specialReason: special.get(q.no)?.specialReason ?? null,
                }));
              setSaved((x) => ({ ...x, objective: merge(x.objective) }));
              setDraft((x) => ({ ...x, objective: merge(x.objective) }));
              qc.setQueryData(questionKeys.info(subjectId), res);
            }}
          />
        )}
      </>,
    ),
    pane(
      'standard',
      '评分标准',
      <>
        <StandardTab
          questions={draft.subjective}
          readOnly={readOnly || !allows(info.status, 'editAnswers')}
          onChange={(subjective) => set({ subjective })}
        />
        {draft.subjective.length > 0 && allows(info.status, 'editAnswers') && bar('standard', dirty.standard)}
      </>,
    ),
  ];

  return (
    <>
      <TotalsBar structure={draft} fullScore={info.fullScore} />
      <Card>
        <Tabs items={items} defaultActiveKey={tab ?? undefined} data-testid="question-tabs" />
      </Card>
    </>
  );
}

/** subject/{subjectId}/setting/question (题目设置): the structure, tab by tab, with its totals. */
export function QuestionSettingView({ subject, exam, permission }: SubjectBundle) {
  const sInfo = subject.subjectInfo;
  const info = useQuery(structureInfoQuery(sInfo.id));
  return (
    <PageFrame
      crumbs={subjectCrumbs(exam, sInfo, { title: '题目设置' })}
      title={`${exam.name} · ${sInfo.name} · 题目设置`}
      extra={
        <Space>
          <Link to={`/book/subject/${sInfo.id}/setting/online`}>
            <Button>在线考试 / 补考</Button>
          </Link>
          <Link to={`/book/subject/${sInfo.id}/setting/block`}>
            <Button>题块设置</Button>
          </Link>
        </Space>
      }
      testId="question-setting"
    >
      {info.isError ? (
        <QueryFailed title="题目结构加载失败" error={info.error} onRetry={() => void info.refetch()} />
      ) : !info.data ? (
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      ) : (
        <>
          {!info.data.editable && (
            <Alert
              type="warning"
              showIcon
              data-testid="not-editable"
              title={
                !allows(info.data.status, 'editAnswers')
                  ? '科目已发布成绩，题目结构和答案都不能再修改'
                  : '科目已不在“设置中”，题目结构不能再修改；答案仍可修改，保存后会重新计分'
              }
            />
          )}
          <ReadOnly readOnly={!permission.editSetting}>
            <StructureEditor info={info.data} subjectId={sInfo.id} readOnly={!permission.editSetting} />
          </ReadOnly>
        </>
      )}
    </PageFrame>
  );
}
