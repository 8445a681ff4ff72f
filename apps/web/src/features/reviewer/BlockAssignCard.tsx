import {
  ASSIGN_MODE_LABELS,
  MARK_SCALE_LABELS,
  type BlockAssignment,
  type ReviewerItem,
  type SubjectAssignment,
} from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Empty, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useDialogGuard } from '../../app/useDialogGuard';
import { useOneAtATime } from '../../app/useOneAtATime';
import { BlockReviewerModal, savedText, type BlockModalProps } from './BlockReviewerModal';
import { reviewerApi, reviewerKeys } from './reviewer.api';

/** 复制到其他题块: the chosen blocks get this block's markers and leaders (theirs are replaced). */
function CopyModal({ data, block, onClose }: BlockModalProps) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [to, setTo] = useState<number[]>([]);
  const copy = useOneAtATime({
    mutationFn: (ids: number[]) => reviewerApi.copy(data.subjectId, block.blockId, ids),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: reviewerKeys.subject(data.subjectId) });
      message.success(
        `已复制到 ${r.copied} 个题块${r.released ? `，${r.released} 份未提交的试卷已退回任务池` : ''}`,
      );
      onClose();
    },
  });
  const guard = useDialogGuard({ open: true, dirty: to.length > 0, saving: copy.isPending, onClose });
  return (
    <Modal
      open
      title={`把“${block.name}”的阅卷老师和题组长复制到`}
      okText="复制"
      okButtonProps={{ disabled: !to.length, loading: copy.isPending }}
      onOk={() => copy.mutate(to)}
      onCancel={guard.close}
      destroyOnHidden
    >
      {guard.leaveGuard}
      <Checkbox.Group
        value={to}
        onChange={(v) => setTo(v)}
        options={data.blocks
          .filter((b) => b.blockId !== block.blockId)
          .map((b) => ({ value: b.blockId, label: `${b.name}（现有 ${b.markers.length} 位阅卷老师）` }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        所选题块原有的阅卷老师和题组长将被替换。
      </Typography.Paragraph>
    </Modal>
  );
}

/** One block of setting/task: who marks and leads it, with the controls the capability allows. */
export function BlockAssignCard({
  data,
  block,
  canEdit,
}: {
  data: SubjectAssignment;
  block: BlockAssignment;
  canEdit: boolean;
}) {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [open, setOpen] = useState<'edit' | 'copy' | null>(null);
  const remove = useOneAtATime({
    mutationFn: (userId: number) =>
      reviewerApi.save(data.subjectId, block.blockId, {
        markers: block.markers
          .filter((m) => m.userId !== userId)
          .map((m) => ({ userId: m.userId, quota: m.quota })),
        leaders: block.leaders.map((m) => m.userId),
      }),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: reviewerKeys.subject(data.subjectId) });
      message.success(savedText(r.released));
    },
  });
  const quota = (m: ReviewerItem) =>
    block.assignMode === 'class'
      ? `${m.classIds.length} 个班级`
      : (m.quota ?? (block.quota ? `${block.quota}（题块默认）` : '不限'));
  return (
    <Card
      data-testid={`block-${block.name}`}
      title={
        <Space size={8}>
          {block.name}
          <Tag>{block.markCount === 2 ? '双评' : '单评'}</Tag>
          <Tag color="blue">{ASSIGN_MODE_LABELS[block.assignMode]}</Tag>
          {block.scale && <Tag color="cyan">{MARK_SCALE_LABELS[block.scale]}</Tag>}
          {!block.markers.length && <Tag color="error">未分配阅卷老师</Tag>}
        </Space>
      }
      extra={
        canEdit && (
          <Space size={4}>
            {block.assignMode === 'class' && (
              <Link to={`/book/subject/${data.subjectId}/setting/divide?blockId=${block.blockId}`}>
                <Button type="link">按班级分配</Button>
              </Link>
            )}
            <Button
              type="link"
              disabled={!block.markers.length && !block.leaders.length}
              onClick={() => setOpen('copy')}
            >
              复制到其他题块
            </Button>
            <Button type="primary" ghost onClick={() => setOpen('edit')}>
              设置阅卷老师
            </Button>
          </Space>
        )
      }
    >
      {block.markers.length ? (
        <Table<ReviewerItem>
          size="small"
          rowKey="userId"
          pagination={false}
          dataSource={block.markers}
          columns={[
            { title: '阅卷老师', dataIndex: 'name' },
            { title: '手机号', dataIndex: 'phone', render: (p: string | null) => p ?? '未登记' },
            // in a joint exam: the school a marker marks for (none: 混合阅卷, any school's papers)
            ...(data.joint
              ? [
                  {
                    title: '阅卷学校',
                    dataIndex: 'schoolName',
                    render: (s: string | null) => s ?? '全部学校',
                  },
                ]
              : []),
            {
              title: block.assignMode === 'class' ? '负责班级' : '任务量',
              key: 'q',
              render: (_: unknown, m) => quota(m),
            },
            ...(canEdit
              ? [
                  {
                    title: '操作',
                    key: 'op',
                    render: (_: unknown, m: ReviewerItem) => (
                      <Popconfirm
                        title={`移除阅卷老师“${m.name}”？`}
                        description="其已领取未提交的试卷会退回任务池，已提交的评分保留。"
                        okText="移除"
                        cancelText="取消"
                        onConfirm={() => remove.mutateAsync(m.userId)}
                      >
                        <Button type="link" danger size="small">
                          移除
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有阅卷老师" />
      )}
      <div style={{ marginTop: 12 }} data-testid="leaders">
        <Typography.Text type="secondary">题组长：</Typography.Text>
        {block.leaders.length ? (
          block.leaders.map((l) => <Tag key={l.userId}>{l.name}</Tag>)
        ) : (
          <Typography.Text type="secondary">未设置</Typography.Text>
        )}
      </div>
      {open === 'edit' && <BlockReviewerModal data={data} block={block} onClose={() => setOpen(null)} />}
      {open === 'copy' && <CopyModal data={data} block={block} onClose={() => setOpen(null)} />}
    </Card>
  );
}
