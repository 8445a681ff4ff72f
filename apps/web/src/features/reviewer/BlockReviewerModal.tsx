import {
  ASSIGN_MODE_LABELS,
  MARK_SCALE_LABELS,
  type BlockAssignment,
  type MarkScale,
  type SubjectAssignment,
} from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, InputNumber, Modal, Radio, Table, Typography } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import { useOneAtATime } from '../../app/useOneAtATime';
import { useDialogGuard } from '../../app/useDialogGuard';
import { MarkerPicker, type Person } from './MarkerPicker';
import { reviewerApi, reviewerKeys } from './reviewer.api';

type Mode = BlockAssignment['assignMode'];
interface Draft {
  markers: Array<{ userId: number; quota: number | null }>;
  leaders: number[];
  assignMode: Mode;
  scale: MarkScale | null;
}

const draftOf = (b: BlockAssignment): Draft => ({
  markers: b.markers.map((m) => ({ userId: m.userId, quota: m.quota })),
  leaders: b.leaders.map((m) => m.userId),
  assignMode: b.assignMode,
  scale: b.scale,
});

/** A dialog about one block of the subject's assignment. */
export interface BlockModalProps {
  data: SubjectAssignment;
  block: BlockAssignment;
  onClose: () => void;
}

/** Words shown after a save: removed markers' claimed papers went back to the pool. */
export function savedText(released: number): string {
  return released ? `已保存，${released} 份已领取未提交的试卷已退回任务池` : '已保存';
}

/** 设置阅卷老师: a block's markers with their quota, its leaders, the distribution and, in a joint exam, the scale. */
export function BlockReviewerModal({ data, block, onClose }: BlockModalProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(block));
  const [known, setKnown] = useState(
    () => new Map<number, Person>([...block.markers, ...block.leaders].map((p) => [p.userId, p])),
  );
  const addKnown = useCallback(
    (people: Person[]) =>
      setKnown((k) => {
        const n = new Map(k);
        for (const p of people) n.set(p.userId, p);
        return n;
      }),
    [],
  );
  // both pickers search the subject's teachers and share the names already seen
  const people = { subjectId: data.subjectId, known, onKnown: addKnown };
  const dirty = useMemo(() => JSON.stringify(draft) !== JSON.stringify(draftOf(block)), [draft, block]);
  const save = useOneAtATime({
    mutationFn: (d: Draft) =>
      reviewerApi.save(data.subjectId, block.blockId, {
        markers: d.markers.map((m) => ({ userId: m.userId, quota: m.quota })),
        leaders: d.leaders,
        assignMode: d.assignMode,
        ...(data.joint && d.scale ? { scale: d.scale } : {}),
      }),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: reviewerKeys.subject(data.subjectId) });
      message.success(savedText(r.released));
      onClose();
    },
  });
  const guard = useDialogGuard({ open: true, dirty, saving: save.isPending, onClose });
  const removed = block.markers.filter((m) => !draft.markers.some((x) => x.userId === m.userId));
  const share =
    draft.assignMode === 'average' && draft.markers.length && data.papers
      ? Math.ceil((block.markCount * data.papers) / draft.markers.length)
      : null;

  return (
    <Modal
      open
      width={760}
      title={`设置阅卷老师 · ${block.name}`}
      onCancel={guard.close}
      maskClosable={false}
      destroyOnHidden
      footer={[
        <Button key="c" onClick={guard.close} disabled={save.isPending}>
          取消
        </Button>,
        <Button key="s" type="primary" loading={save.isPending} onClick={() => save.mutate(draft)}>
          保存
        </Button>,
      ]}
    >
      {guard.leaveGuard}
      <Form layout="vertical">
        <Form.Item label="分配方式">
          <Radio.Group
            value={draft.assignMode}
            onChange={(e) => setDraft({ ...draft, assignMode: e.target.value as Mode })}
            options={(Object.keys(ASSIGN_MODE_LABELS) as Mode[]).map((m) => ({
              value: m,
              label: ASSIGN_MODE_LABELS[m],
            }))}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '6px 0 0' }}>
            {draft.assignMode === 'free' &&
              `阅卷老师自由领取试卷，可为每人设置任务量上限（不填：${block.quota ? `按题块默认 ${block.quota} 份` : '不限'}）。`}
            {draft.assignMode === 'average' &&
              `按有效答卷 ${data.papers} 份平均分配${block.markCount === 2 ? '（双评按两倍计）' : ''}，每人 ${share ?? '—'} 份；移除老师后自动重新分配。`}
            {draft.assignMode === 'class' && '保存后在“按班级分配”中把班级分给各组阅卷老师。'}
          </Typography.Paragraph>
        </Form.Item>
        {data.joint && (
          <Form.Item label="阅卷范围">
            <Radio.Group
              value={draft.scale ?? 'school'}
              onChange={(e) => setDraft({ ...draft, scale: e.target.value as MarkScale })}
              options={(['school', 'mixed'] as const).map((s) => ({ value: s, label: MARK_SCALE_LABELS[s] }))}
            />
          </Form.Item>
        )}
        <Form.Item label={`阅卷老师（${draft.markers.length} 人）`}>
          <MarkerPicker
            {...people}
            label="选择阅卷老师"
            testId="pick-markers"
            value={draft.markers.map((m) => m.userId)}
            onChange={(ids) =>
              setDraft({
                ...draft,
                markers: ids.map(
                  (id) => draft.markers.find((m) => m.userId === id) ?? { userId: id, quota: null },
                ),
              })
            }
          />
        </Form.Item>
        {draft.markers.length > 0 && (
          <Table
            size="small"
            rowKey="userId"
            pagination={false}
            style={{ marginBottom: 16 }}
            dataSource={draft.markers}
            columns={[
              { title: '姓名', key: 'n', render: (_: unknown, m) => known.get(m.userId)?.name ?? '' },
              ...(data.joint
                ? [
                    {
                      title: '学校',
                      key: 's',
                      render: (_: unknown, m: { userId: number }) => known.get(m.userId)?.schoolName ?? '',
                    },
                  ]
                : []),
              {
                title: '任务量',
                key: 'q',
                render: (_: unknown, m) =>
                  draft.assignMode === 'free' ? (
                    <InputNumber
                      aria-label={`${known.get(m.userId)?.name ?? ''}的任务量`}
                      min={1}
                      max={1_000_000}
                      precision={0}
                      placeholder={block.quota ? `默认 ${block.quota}` : '不限'}
                      value={m.quota}
                      onChange={(v) =>
                        setDraft({
                          ...draft,
                          markers: draft.markers.map((x) =>
                            x.userId === m.userId ? { ...x, quota: v ?? null } : x,
                          ),
                        })
                      }
                    />
                  ) : draft.assignMode === 'average' ? (
                    (share ?? '—')
                  ) : (
                    '按班级'
                  ),
              },
            ]}
          />
        )}
        <Form.Item label={`题组长（${draft.leaders.length} 人）`}>
          <MarkerPicker
            {...people}
            label="选择题组长"
            testId="pick-leaders"
            value={draft.leaders}
            onChange={(ids) => setDraft({ ...draft, leaders: ids })}
          />
        </Form.Item>
        {removed.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={`将移除 ${removed.map((m) => m.name).join('、')}：其已领取未提交的试卷会退回任务池，已提交的评分保留。`}
          />
        )}
      </Form>
    </Modal>
  );
}
