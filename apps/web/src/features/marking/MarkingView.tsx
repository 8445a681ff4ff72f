import type { MarkBlockInfo, ProblemReason } from '@yj/contracts';
import type { MarkRouteType } from './mark-route';
import { App, Button, Flex, Result, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useBoxWidth } from './useBoxWidth';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { GivenMarks } from './GivenMarks';
import { ImageToolbar, useViewPrefs } from './ImageToolbar';
import { MarkEmpty } from './MarkEmpty';
import { MarkHeader, useModes } from './MarkHeader';
import { MarkImage } from './MarkImage';
import { markingApi } from './marking.api';
import { ProblemDialog } from './ProblemDialog';
import { ScoreBoard } from './ScoreBoard';
import { SendingNotice } from './SendingNotice';
import { ShortcutHelp } from './ShortcutHelp';
import { StandardAnswers } from './StandardAnswers';
import { TextPrompt } from './TextPrompt';
import { useAnnotations } from './useAnnotations';
import { useMarkBoard } from './useMarkBoard';
import { useMarkSession } from './useMarkSession';
import { quickAllowed } from './score-keys';
import { originHref } from './mark-route';
import { paperCode } from './paper-code';
import { scoreFields, toQuestionScores, totalOf } from './score-fields';

/** Time spent on the papers, as the submit sends it (at most a day). */
const msSince = (t: number) => Math.min(86_400_000, Date.now() - t);

/**
 * The marking screen: `display` papers side by side (1–4), each with its boxes on one 给分板; Enter past the
 * last box submits them all and the spare papers show at once.
 */
export function MarkingView({
  info,
  type,
  display,
  onDisplay,
}: {
  info: MarkBlockInfo;
  type: MarkRouteType;
  display: number;
  onDisplay?: (n: number) => void;
}) {
  const { message } = App.useApp();
  const trial = type === 'trial';
  const { session, view } = useMarkSession(info.blockId, trial ? 'normal' : type, display, trial);
  const fields = useMemo(() => scoreFields(info.questions), [info.questions]);
  // Several papers side by side wait until all of them are here (or no more are coming): a board that grew
  // from one paper to two after the marker began would start again empty.
  const coming = view.claiming || view.sending.some((o) => o.next);
  const onScreen = view.queue.length >= display || !coming ? view.queue.slice(0, display) : [];
  const papers = onScreen.length;
  const allFields = Array.from({ length: papers }, () => fields).flat();
  const screenKey = onScreen.map((t) => t.taskId).join(',');
  // when the papers on screen came, for spentMs
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, [screenKey]);
  const [startedAt] = useState(() => Date.now());
  const [help, setHelp] = useState(false);
  const [problemOpen, setProblemOpen] = useState(false);
  const modes = useModes(info.blockId);
  const prefs = useViewPrefs(info.blockId);
  const notes = useAnnotations();
  const quickOffered = display === 1 && quickAllowed(fields);
  const [boxRef, boxWidth] = useBoxWidth();

  const submit = (values: number[]) => {
    if (!onScreen.length) return;
    const spentMs = msSince(shownAt.current);
    session.submit(
      onScreen.map((task, p) => {
        const mine = values.slice(p * fields.length, (p + 1) * fields.length);
        return {
          task,
          scores: toQuestionScores(fields, mine),
          total: totalOf(mine),
          marks: notes.of(task.taskId),
          spentMs,
        };
      }),
    );
    notes.keep(view.queue.slice(display).map((t) => t.taskId));
  };
  const board = useMarkBoard({
    key: screenKey,
    fields: allFields,
    paperSize: fields.length,
    quick: quickOffered && modes.modes.quick,
    enabled: onScreen.length > 0 && !help && !problemOpen && !notes.pending,
    onSubmit: submit,
    onHelp: () => setHelp(true),
  });
  const current = onScreen[Math.floor(board.board.cursor / Math.max(1, fields.length))] ?? onScreen[0];
  const filled = board.board.values.every((v) => v !== null);
  // a score typed or a submit still on its way would be lost by leaving
  useUnsavedGuard(board.board.values.some((v) => v !== null) || view.sending.length > 0);

  const flagProblem = async (reason: ProblemReason, note: string) => {
    if (!current) return;
    await markingApi.problem(current.taskId, { leaseToken: current.leaseToken, reason, note });
    setProblemOpen(false);
    session.remove(current.taskId, false);
    message.success('已标记为问题卷，交由题组长处理');
  };

  // a trial counts its own marks: none before the first submit of this sitting
  const done = view.done ?? (trial ? 0 : info.mine.done);
  const header = (
    <MarkHeader
      info={info}
      type={type}
      done={done}
      submittedAt={view.submittedAt}
      startedAt={startedAt}
      modes={modes}
      quickOffered={quickOffered}
      display={display}
      onHelp={() => setHelp(true)}
      onDisplay={onDisplay}
    />
  );
  const paperWidth = (boxWidth - 8 * (onScreen.length - 1)) / Math.max(1, onScreen.length);
  return (
    <Flex vertical gap={8} style={{ padding: 12 }} data-testid="marking-screen">
      {header}
      <SendingNotice view={view} onDismiss={(id) => session.dismissFailure(id)} />
      {!onScreen.length && view.empty && (
        <MarkEmpty info={info} done={done} trial={trial} onRetry={() => void session.refresh()} />
      )}
      {!onScreen.length && !view.empty && view.claimError && (
        <Result
          status="warning"
          title={`领取试卷失败：${view.claimError}`}
          extra={<Button onClick={() => void session.refresh()}>重试</Button>}
        />
      )}
      {!onScreen.length && !view.empty && !view.claimError && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin />
        </Flex>
      )}
      {onScreen.length > 0 && (
        <Flex gap={12} align="flex-start">
          <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }}>
            <ImageToolbar
              view={prefs}
              tool={notes.tool}
              onTool={notes.setTool}
              onUndo={() => current && notes.undo(current.taskId)}
            />
            <Flex gap={8} ref={boxRef}>
              {onScreen.map((t) => (
                <div key={t.taskId} style={{ flex: 1, minWidth: 0 }} data-testid="paper">
                  {/* the 密号 finds this paper again in 我的阅卷记录 for 回评 */}
                  <Typography.Text type="secondary" data-testid="paper-code">
                    密号 {paperCode(t.taskId)}
                  </Typography.Text>
                  <MarkImage
                    url={t.imageUrl}
                    prefs={prefs.prefs}
                    boxWidth={paperWidth}
                    marks={notes.of(t.taskId)}
                    tool={notes.tool}
                    onAdd={(a, ask) => notes.add(t.taskId, a, ask)}
                    onRemove={(i) => notes.remove(t.taskId, i)}
                  />
                </div>
              ))}
            </Flex>
          </Flex>
          {modes.modes.standard && <StandardAnswers questions={info.questions} />}
          {/* the 给分板 stays in view while a tall answer image scrolls */}
          <Flex
            vertical
            gap={8}
            style={{
              width: 320,
              flex: 'none',
              position: 'sticky',
              top: 12,
              maxHeight: 'calc(100vh - 24px)',
              overflowY: 'auto',
            }}
          >
            {current && (current.marks?.length || current.problem) ? (
              <GivenMarks marks={current.marks} problem={current.problem} />
            ) : null}
            <ScoreBoard
              fields={fields}
              papers={onScreen.length}
              board={board.board}
              onPick={board.pick}
              onAll={board.all}
              onFocus={board.focus}
            />
            <Button
              type="primary"
              disabled={!filled}
              onClick={() => submit(board.board.values.map((v) => v ?? 0))}
            >
              提交（Enter）
            </Button>
            <Flex gap={8}>
              <Button style={{ flex: 1 }} onClick={() => current && session.remove(current.taskId, true)}>
                跳过
              </Button>
              {type === 'normal' && (
                <Button style={{ flex: 1 }} danger onClick={() => setProblemOpen(true)}>
                  问题卷
                </Button>
              )}
            </Flex>
            {/* the whole page and the answers in a tab of their own: the marking here goes on */}
            {current && (
              <a
                href={originHref(current.taskId, trial)}
                target="_blank"
                rel="noopener"
                data-testid="origin-open"
              >
                查看原卷及答案（新窗口）
              </a>
            )}
          </Flex>
        </Flex>
      )}
      <ShortcutHelp open={help} onClose={() => setHelp(false)} />
      <ProblemDialog open={problemOpen} onCancel={() => setProblemOpen(false)} onOk={flagProblem} />
      <TextPrompt
        open={!!notes.pending}
        onOk={(text) => notes.finishText(text)}
        onCancel={() => notes.finishText(null)}
      />
    </Flex>
  );
}
