import { allows, SubjectStatus, type OperationPermission } from '@yj/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Space, Tag } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { DelayPublishModal } from './DelayPublishModal';
import { publishApi } from './score.api';
import { publishStateQuery } from './score.queries';
import { afterPublishChange, usePublishAction, type PublishOp } from './usePublishAction';

const time = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm');

/** What each confirmation says before the step is taken. */
const CONFIRM: Record<PublishOp, { title: string; content: string; ok: string; danger?: boolean }> = {
  release: {
    title: '发布成绩？',
    content: '发布后阅卷老师和教师即可查看成绩；取消发布之前，分数、答案和成绩调整都不能再修改。',
    ok: '发布',
  },
  cancel: {
    title: '取消发布？',
    content: '取消后教师将看不到成绩，科目回到阅卷完成，可以调整成绩后再次发布。',
    ok: '取消发布',
    danger: true,
  },
  tongfen: {
    title: '先阅后扫统分？',
    content: '将答题卡上打分栏的分数作为主观题得分，计算全部考生成绩并发布。',
    ok: '统分并发布',
  },
  tongfenCancel: {
    title: '取消统分发布？',
    content: '取消后教师将看不到成绩，科目回到设置中，可以补扫或修正打分栏后重新统分。',
    ok: '取消统分发布',
    danger: true,
  },
};

/**
 * The publish controls of the subject's score page: its publish state (定时 included) for everyone who reads
 * scores; 发布 / 定时发布 / 取消发布 / 统分 for those with score.publish. A waiting time is watched, so the page
 * follows the server's publish without a reload.
 */
export function PublishControls({
  subjectId,
  status,
  permission,
}: {
  subjectId: number;
  status: number;
  permission: OperationPermission;
}) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const q = useQuery(publishStateQuery(subjectId));
  const run = usePublishAction(subjectId);
  const [delaying, setDelaying] = useState(false);
  const clear = useOneAtATime({
    mutationFn: () => publishApi.delay(subjectId, null),
    onSuccess: async () => {
      message.success('已取消定时发布');
      await afterPublishChange(qc, subjectId);
    },
  });
  const s = q.data;
  // the server moved the subject (a time fired, another manager): the page follows
  useEffect(() => {
    if (s && s.status !== status) void afterPublishChange(qc, subjectId);
  }, [s, status, qc, subjectId]);
  if (!s) return null;

  const ask = (op: PublishOp) => {
    const c = CONFIRM[op];
    modal.confirm({
      title: c.title,
      content: c.content,
      okText: c.ok,
      cancelText: '返回',
      okButtonProps: { danger: c.danger ?? false },
      onOk: () => run.mutateAsync(op).catch(() => undefined),
    });
  };
  const published = s.status === SubjectStatus.published;
  const can = permission.scorePublish;
  const maySchedule = allows(s.status, 'publish') || allows(s.status, 'reviewDone');
  const button = (op: PublishOp, label: string, primary = false) => (
    <Button
      key={op}
      type={primary ? 'primary' : 'default'}
      danger={CONFIRM[op].danger ?? false}
      loading={run.isPending && run.variables === op}
      onClick={() => ask(op)}
      data-testid={`publish-${op}`}
    >
      {label}
    </Button>
  );
  return (
    <Space wrap data-testid="publish-controls">
      <Tag color={published ? 'green' : 'default'} data-testid="publish-state">
        {published ? (s.tongfen ? '已发布（统分）' : '已发布') : '未发布'}
      </Tag>
      {s.publishAt && (
        <Tag color="blue" data-testid="publish-at-tag">
          定时发布：{time(s.publishAt)}
        </Tag>
      )}
      {can && allows(s.status, 'publish') && button('release', '发布成绩', true)}
      {can && s.xianyue && allows(s.status, 'xianyueTongfen') && button('tongfen', '先阅后扫统分', true)}
      {can && maySchedule && (
        <Button onClick={() => setDelaying(true)} data-testid="publish-delay">
          {s.publishAt ? '修改定时' : '定时发布'}
        </Button>
      )}
      {can && s.publishAt && (
        <Button loading={clear.isPending} onClick={() => clear.mutate()} data-testid="publish-delay-clear">
          取消定时
        </Button>
      )}
      {can &&
        published &&
        (s.tongfen ? button('tongfenCancel', '取消统分发布') : button('cancel', '取消发布'))}
      {delaying && (
        <DelayPublishModal subjectId={subjectId} name={s.name} onClose={() => setDelaying(false)} />
      )}
    </Space>
  );
}
