import {
  QUESTION_SPECIAL_LABELS,
  type ObjectiveQuestion,
  type QuestionSpecial,
  type StructureInfo,
} from '@yj/contracts';
import { Alert, App, Button, Input, Modal, Radio, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { questionApi } from './question.api';
import { SaveFailed } from './SaveFailed';
import { byNo } from './structure-edit';

type Choice = QuestionSpecial | 'none';
const DONE_TEXT: Record<QuestionSpecial, string> = { gift: '送分', cancelled: '取消' };
const CHOICE_TEXT: Record<Choice, string> = {
  gift: '送分：每位有答题卡的考生得该题满分',
  cancelled: '取消此题：该题不计入任何考生的成绩',
  none: '恢复：按答案重新计分',
};

/** The tag of a question's 送分 / 取消 state, shown beside its key. */
export function SpecialTag({ q }: { q: ObjectiveQuestion }) {
  if (!q.special) return null;
  return (
    <Tag color={q.special === 'gift' ? 'green' : 'red'} title={q.specialReason ?? undefined}>
      {QUESTION_SPECIAL_LABELS[q.special]}
    </Tag>
  );
}

/**
 * 送分 / 取消此题 on the 答案 tab: one click per question opens the confirmation with its reason; the save is
 * a key change (the subject is re-scored by a job). `canEdit` false: the states are shown, without the button.
 */
export function SpecialQuestions({
  subjectId,
  questions,
  canEdit,
  onSaved,
}: {
  subjectId: number;
  questions: ObjectiveQuestion[];
  canEdit: boolean;
  onSaved: (info: StructureInfo) => void;
}) {
  const { message } = App.useApp();
  const [open, setOpen] = useState<ObjectiveQuestion | null>(null);
  const [choice, setChoice] = useState<Choice>('gift');
  const [reason, setReason] = useState('');
  const save = useOneAtATime({
    meta: { silent: true },
    mutationFn: (b: { no: string; special: QuestionSpecial | null; reason: string }) =>
      questionApi.special(subjectId, b),
    onSuccess: (res, b) => {
      message.success(`第 ${b.no} 题已${b.special ? DONE_TEXT[b.special] : '恢复按答案计分'}，正在重新计分`);
      setOpen(null);
      onSaved(res);
    },
  });
  const start = (q: ObjectiveQuestion) => {
    save.reset();
    setOpen(q);
    setChoice(q.special ? 'none' : 'gift');
    setReason('');
  };
  const guard = useDialogGuard({
    open: !!open,
    dirty: !!open && (reason.trim() !== '' || choice !== (open.special ? 'none' : 'gift')),
    saving: save.isPending,
    onClose: () => setOpen(null),
  });
  const choices = (q: ObjectiveQuestion): Choice[] =>
    (['gift', 'cancelled', 'none'] as Choice[]).filter((c) => (c === 'none' ? !!q.special : c !== q.special));

  const columns = [
    { title: '题号', dataIndex: 'no', width: 70 },
    { title: '分值', dataIndex: 'score', width: 70 },
    {
      title: '答案',
      width: 90,
      render: (_: unknown, q: ObjectiveQuestion) => q.answer || '—',
    },
    {
      title: '状态',
      render: (_: unknown, q: ObjectiveQuestion) =>
        q.special ? (
          <Space size={4}>
            <SpecialTag q={q} />
            <Typography.Text type="secondary">{q.specialReason}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">按答案计分</Typography.Text>
        ),
    },
    ...(canEdit
      ? [
          {
            title: '操作',
            width: 120,
            render: (_: unknown, q: ObjectiveQuestion) => (
              <Button size="small" onClick={() => start(q)} data-testid={`special-${q.no}`}>
                送分 / 取消
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Space orientation="vertical" size={8} style={{ width: '100%' }} data-testid="special-questions">
      <Typography.Text strong>送分与取消此题</Typography.Text>
      <Typography.Text type="secondary">
        题目有误时可整题送分或取消；保存后该科目所有考生重新计分，并记入动态日志。成绩发布后不能修改。
      </Typography.Text>
      <Table<ObjectiveQuestion>
        rowKey="no"
        size="small"
        dataSource={byNo(questions)}
        columns={columns}
        pagination={questions.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        locale={{ emptyText: '还没有客观题' }}
      />
      <Modal
        open={!!open}
        title={open ? `第 ${open.no} 题：送分 / 取消此题` : ''}
        okText="确认并重新计分"
        cancelText="取消"
        okButtonProps={{ disabled: reason.trim().length < 2, 'data-testid': 'special-ok' }}
        confirmLoading={save.isPending}
        onCancel={guard.close}
        cancelButtonProps={{ disabled: save.isPending }}
        onOk={() =>
          open &&
          save.mutate({ no: open.no, special: choice === 'none' ? null : choice, reason: reason.trim() })
        }
        destroyOnHidden
      >
        {guard.leaveGuard}
        {open && (
          <Space orientation="vertical" size={12} style={{ width: '100%' }}>
            <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value as Choice)}>
              <Space orientation="vertical">
                {choices(open).map((c) => (
                  <Radio key={c} value={c} data-testid={`special-choice-${c}`}>
                    {CHOICE_TEXT[c]}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              value={reason}
              placeholder="原因（必填，如：题目印刷有误）"
              onChange={(e) => setReason(e.target.value)}
              data-testid="special-reason"
            />
            <Alert type="warning" showIcon title="确认后该科目所有考生的成绩将重新计算。" />
            <SaveFailed error={save.error} />
          </Space>
        )}
      </Modal>
    </Space>
  );
}
