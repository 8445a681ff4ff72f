import { BlockScoreSource, type BlockScoreSourceValue, type PaperBlockMarks } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Card, Descriptions, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { failureText } from '../exam-admin/QueryFailed';
import { paperQuery } from './lead.queries';
import { TaskImage } from './TaskImage';
import { timeText as time } from './time';

export const SOURCE_LABELS: Record<BlockScoreSourceValue, string> = {
  [BlockScoreSource.single]: '单评',
  [BlockScoreSource.double]: '双评',
  [BlockScoreSource.third]: '三评',
  [BlockScoreSource.arbitration]: '仲裁',
  [BlockScoreSource.leader]: '题组长给分',
  [BlockScoreSource.xianyue]: '先阅后扫',
};
export const SLOT_LABELS: Record<number, string> = { 1: '一评', 2: '二评', 3: '三评', 9: '仲裁' };
export const STATUS_LABELS: Record<string, string> = {
  pending: '未评',
  leased: '评阅中',
  submitted: '已评',
  problem: '问题卷',
};

/** 打回 of one submitted mark (a marker's, not an arbitration): check/checkStuPaper offers it to leaders. */
export type RemarkSlot = (blockId: number, taskId: number, markerName: string | null) => ReactNode;

export function BlockCard({ b, remark }: { b: PaperBlockMarks; remark?: RemarkSlot }) {
  return (
    <Card
      size="small"
      title={`${b.blockName}（满分 ${b.fullScore} 分）`}
      extra={
        b.final ? (
          <Tag color="success">
            最终 {b.final.score} 分 · {SOURCE_LABELS[b.final.source]}
          </Tag>
        ) : (
          <Tag>未出分</Tag>
        )
      }
    >
      <Table
        rowKey="taskId"
        size="small"
        pagination={false}
        dataSource={b.slots}
        columns={[
          { title: '评次', dataIndex: 'slot', render: (v: number) => SLOT_LABELS[v] ?? v },
          { title: '状态', dataIndex: 'status', render: (v: string) => STATUS_LABELS[v] ?? v },
          { title: '阅卷老师', dataIndex: 'markerName', render: (v: string | null) => v ?? '—' },
          { title: '得分', dataIndex: 'score', render: (v: number | null) => v ?? '—' },
          {
            title: '小题分',
            dataIndex: 'questionScores',
            render: (v: Record<string, number> | null) =>
              v
                ? Object.entries(v)
                    .map(([no, s]) => `${no}：${s}`)
                    .join('，')
                : '—',
          },
          { title: '提交时间', dataIndex: 'submittedAt', render: time },
          ...(remark
            ? [
                {
                  title: '操作',
                  key: 'remark',
                  render: (_: unknown, t: PaperBlockMarks['slots'][number]) =>
                    t.status === 'submitted' && t.slot !== 9
                      ? remark(b.blockId, t.taskId, t.markerName)
                      : null,
                },
              ]
            : []),
        ]}
      />
      {b.imageUrl && (
        <div style={{ marginTop: 8 }}>
          <TaskImage src={b.imageUrl} alt={`${b.blockName}图像`} />
        </div>
      )}
    </Card>
  );
}

/** A student's paper with every block's marks and markers (leaders and managers only). */
export function PaperMarksModal({ paperId, onClose }: { paperId: number | null; onClose: () => void }) {
  return (
    <Modal open={paperId !== null} title="学生试卷评阅详情" footer={null} onCancel={onClose} width={900}>
      {paperId !== null && <PaperMarksDetail paperId={paperId} />}
    </Modal>
  );
}

/** The student, then every block's final score and each mark with its marker (and 打回 where offered). */
export function PaperMarksDetail({ paperId, remark }: { paperId: number; remark?: RemarkSlot }) {
  const q = useQuery(paperQuery(paperId));
  const p = q.data;
  return (
    <>
      {q.isError ? (
        <Typography.Text type="danger">{failureText(q.error)}</Typography.Text>
      ) : !p ? (
        <Skeleton active />
      ) : (
        <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="paper-marks">
          <Descriptions size="small" column={4}>
            <Descriptions.Item label="姓名">{p.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="考号">{p.kaohao ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="班级">{p.className ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="学校">{p.schoolName}</Descriptions.Item>
          </Descriptions>
          {p.blocks.map((b) => (
            <BlockCard key={b.blockId} b={b} {...(remark ? { remark } : {})} />
          ))}
        </Space>
      )}
    </>
  );
}
