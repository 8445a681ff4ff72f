import { allows, operationLabel, REVIEW_OPERATIONS, type ReviewOperation } from '@yj/contracts';
import { Button, Space } from 'antd';
import type { ReviewAction, ReviewSubject } from './useReviewAction';

const PRIMARY = new Set<ReviewOperation>(['reviewStart', 'reviewResume', 'reviewDone']);

/** Only the marking transitions the subject's state allows (the lifecycle table of packages/contracts). */
export function ReviewButtons({
  subject,
  status,
  action,
  size,
}: {
  subject: ReviewSubject;
  status: number;
  action: ReviewAction;
  size?: 'small' | 'middle';
}) {
  const ops = REVIEW_OPERATIONS.filter((op) => allows(status, op));
  if (!ops.length) return null;
  return (
    <Space size={8}>
      {ops.map((op) => (
        <Button
          key={op}
          size={size}
          type={PRIMARY.has(op) ? 'primary' : 'default'}
          data-testid={`review-${op}`}
          onClick={() => action.ask(subject, op, operationLabel(op))}
        >
          {operationLabel(op)}
        </Button>
      ))}
    </Space>
  );
}
