import type { MarkBlockInfo, MarkHistoryItem } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Alert, Button, Flex, Typography } from 'antd';
import { useMemo } from 'react';
import { useBoxWidth } from './useBoxWidth';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useUnsavedGuard } from '../../app/useUnsavedGuard';
import { ImageToolbar, useViewPrefs } from './ImageToolbar';
import { MarkImage } from './MarkImage';
import { markingApi } from './marking.api';
import { markingKeys } from './marking.queries';
import { ScoreBoard } from './ScoreBoard';
import { fromStored, scoreFields, toQuestionScores } from './score-fields';
import { useMarkBoard } from './useMarkBoard';
import { originHref } from './mark-route';

/** One submitted paper of 回评: the image with my annotations and the scores, changed while the subject marks. */
export function ReviewPaper({ info, item }: { info: MarkBlockInfo; item: MarkHistoryItem }) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const fields = useMemo(() => scoreFields(info.questions), [info.questions]);
  const stored = useMemo(
    () => fromStored(fields, item.questionScores, item.pointScores),
    [fields, item.questionScores, item.pointScores],
  );
  const view = useViewPrefs(info.blockId);
  const [boxRef, width] = useBoxWidth();
  const save = useOneAtATime({
    mutationFn: (values: number[]) =>
      markingApi.modify(item.taskId, {
        version: item.version,
        scores: toQuestionScores(fields, values),
        marks: item.marks,
      }),
    onSuccess: () => message.success('分数已修改'),
    // a conflict (someone changed it meanwhile) is told by the global handler; the list reloads either way
    onSettled: () => void qc.invalidateQueries({ queryKey: markingKeys.all }),
  });
  const board = useMarkBoard({
    key: `${item.taskId}-${item.version}`,
    fields,
    paperSize: fields.length,
    quick: false,
    enabled: item.editable && !save.isPending,
    onSubmit: (values) => save.mutate(values),
    onHelp: () => undefined,
    initial: stored,
  });
  const values = board.board.values;
  const complete = values.every((v) => v !== null);
  const changed = values.some((v, i) => v !== stored[i]);
  useUnsavedGuard(changed && !save.isPending);
  return (
    <Flex gap={12} align="flex-start" data-testid="review-paper">
      <Flex vertical gap={8} style={{ flex: 1, minWidth: 0 }} ref={boxRef}>
        <ImageToolbar view={view} />
        <MarkImage url={item.imageUrl} prefs={view.prefs} boxWidth={width} marks={item.marks} />
      </Flex>
      <Flex vertical gap={8} style={{ width: 300, flex: 'none' }}>
        <Typography.Text type="secondary">
          提交于 {new Date(item.submittedAt).toLocaleString('zh-CN')}
        </Typography.Text>
        {!item.editable && <Alert type="info" showIcon message="本科目阅卷已完成，回评只能查看" />}
        <ScoreBoard
          fields={fields}
          papers={1}
          board={board.board}
          disabled={!item.editable}
          onPick={board.pick}
          onAll={board.all}
          onFocus={board.focus}
        />
        {item.editable && (
          <Button
            type="primary"
            loading={save.isPending}
            disabled={!changed || !complete}
            onClick={() => save.mutate(values.map((v) => v ?? 0))}
          >
            修改分数
          </Button>
        )}
        <a href={originHref(item.taskId)} target="_blank" rel="noopener" data-testid="origin-open">
          查看原卷及答案（新窗口）
        </a>
      </Flex>
    </Flex>
  );
}
