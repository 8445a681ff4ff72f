import { Alert, Button, List, Modal, Space, Typography } from 'antd';
import type { ReviewAction } from './useReviewAction';

/** Why 开始阅卷 was refused: each reason with its count; 仍然开始 when only scanning is unfinished. */
export function StartRefusalModal({ action }: { action: ReviewAction }) {
  const r = action.refusal;
  return (
    <Modal
      open={r !== null}
      title={r ? `${r.subject.name}暂不能开始阅卷` : ''}
      onCancel={action.dismiss}
      width={560}
      footer={
        <Space>
          <Button onClick={action.dismiss}>知道了</Button>
          {r?.overridable && (
            <Button
              type="primary"
              danger
              loading={action.pending}
              data-testid="review-force-start"
              onClick={() => void action.force(r.subject)}
            >
              仍然开始
            </Button>
          )}
        </Space>
      }
    >
      {r && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="review-start-refusal">
          <Typography.Text>请先处理以下问题：</Typography.Text>
          <List
            size="small"
            bordered
            dataSource={r.problems}
            renderItem={(p) => (
              // the message carries the count (3 所学校…, 2 个题块…)
              <List.Item>
                <Typography.Text>{p.message}</Typography.Text>
              </List.Item>
            )}
          />
          {r.overridable && (
            <Alert
              type="warning"
              showIcon
              title="仍然开始阅卷？"
              description="未确认扫描完成的学校之后补扫的答题卡会自动进入阅卷任务；已扫描的答题卡现在就可以开始阅卷。"
            />
          )}
        </Space>
      )}
    </Modal>
  );
}
