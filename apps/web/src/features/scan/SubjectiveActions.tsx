import type { ScanExceptionDetail } from '@yj/contracts';
import { Alert, Button, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { PageImage, type Mark } from './PageImage';
import { scanApi } from './scan.api';
import { typedScoreProblem } from './scan-logic';
import { useFix } from './useFix';

/**
 * 主观题异常. On a 打分栏: the strip enlarged with each bubble's fill, the score typed and confirmed with
 * Enter. On an answer box the image does not show whole: 图像可用 keeps the page (删除并重扫 is in the
 * panel's header).
 */
export function SubjectiveActions({
  subjectId,
  d,
  marks,
}: {
  subjectId: number;
  d: ScanExceptionDetail;
  /** the strip's box and its bubbles with their fills */
  marks: Mark[];
}) {
  const id = d.exception.id;
  const [value, setValue] = useState<number | null>(null);
  const [tried, setTried] = useState(false);
  const score = useFix(subjectId, (v: number) => scanApi.score(subjectId, id, v), '分数已录入');
  const accept = useFix(subjectId, () => scanApi.accept(subjectId, id), '已确认图像可用');
  const rule = d.score;
  if (!rule)
    return (
      <Space orientation="vertical">
        <Typography.Text type="secondary">
          请查看下图中标出的答题区域：作答完整可见时点“图像可用”，否则删除并重扫该考生的答题卡。
        </Typography.Text>
        <Button
          type="primary"
          onClick={() => accept.mutate(undefined)}
          loading={accept.isPending}
          data-testid="subjective-accept"
        >
          图像可用，确认无误
        </Button>
      </Space>
    );
  const problem = typedScoreProblem(value, rule);
  const submit = () => {
    setTried(true);
    if (!problem && value !== null && !score.isPending) score.mutate(value);
  };
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="score-entry">
      {d.highlight && (
        <PageImage
          pageId={d.highlight.pageId}
          region={d.highlight.box}
          // each bubble's printed label shows through: only its fill is written above it
          marks={marks.map((m, i) =>
            i === 0 ? { ...m, label: undefined } : { ...m, label: m.label?.split(' ')[1] ?? m.label },
          )}
          height={200}
          testId="score-strip"
        />
      )}
      <Typography.Text>
        第{rule.question.replaceAll('|', '、')}题，满分 {rule.max} 分
        {rule.step === 0.5 ? '，可给 0.5 分' : '，只能给整数分'}。请按打分栏上老师所填的分数录入。
      </Typography.Text>
      <Space>
        <InputNumber
          autoFocus
          step={rule.step}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          onPressEnter={submit}
          placeholder="分数"
          suffix="分"
          data-testid="score-input"
        />
        <Button type="primary" onClick={submit} loading={score.isPending} data-testid="score-confirm">
          确认分数（Enter）
        </Button>
      </Space>
      {tried && problem && <Alert type="error" showIcon title={problem} data-testid="score-problem" />}
    </Space>
  );
}
