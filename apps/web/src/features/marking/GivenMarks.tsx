import type { GivenMark, MarkProblem } from '@yj/contracts';
import { PROBLEM_REASON_LABELS } from '@yj/contracts';
import { Alert, Descriptions, Flex, Typography } from 'antd';

/** Arbitration and problem papers: the marks already given, each marker by name (leaders only). */
export function GivenMarks({
  marks,
  problem,
}: {
  marks?: GivenMark[] | undefined;
  problem?: MarkProblem | undefined;
}) {
  return (
    <Flex vertical gap={8} data-testid="given-marks">
      {problem && (
        <Alert
          type="warning"
          message={`问题卷：${PROBLEM_REASON_LABELS[problem.reason]}`}
          description={problem.note || undefined}
        />
      )}
      {(marks ?? []).map((m) => (
        <Descriptions
          key={m.slot}
          size="small"
          bordered
          column={1}
          title={
            <Typography.Text>
              {m.slot === 3 ? '三评' : m.slot === 2 ? '二评' : '一评'}：{m.markerName}（{m.score} 分）
            </Typography.Text>
          }
          items={Object.entries(m.questionScores).map(([no, s]) => ({
            key: no,
            label: `第 ${no} 题`,
            children: m.pointScores?.[no] ? `${s}（${m.pointScores[no].join(' + ')}）` : s,
          }))}
        />
      ))}
    </Flex>
  );
}
