import type { ExamBlockSubject, ExamDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { ExamSubjectsPage } from '../exam-admin/ExamSubjectsPage';
import { examBlocksQuery } from './question.queries';

/** exam/{examId}/setting/block: every subject's blocks at a glance, with what is still to do. */
export function ExamBlockView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examBlocksQuery(exam.id));
  return (
    <ExamSubjectsPage<ExamBlockSubject>
      exam={exam}
      title="题块设置"
      testId="exam-blocks"
      failedTitle="题块加载失败"
      q={q}
      columns={[
        { title: '科目', dataIndex: 'name' },
        { title: '主观题', dataIndex: 'subjective', render: (n: number) => `${n} 道` },
        {
          title: '题块',
          key: 'blocks',
          render: (_: unknown, s) =>
            s.blocks ? (
              <Space size={4}>
                <span>{s.blocks} 个</span>
                {s.framed < s.blocks ? (
                  <Tag color="warning">{s.blocks - s.framed} 个未框选区域</Tag>
                ) : (
                  <Tag color="success">均已框选</Tag>
                )}
              </Space>
            ) : (
              <Tag>未设置</Tag>
            ),
        },
        {
          title: '未分到题块的主观题',
          key: 'unassigned',
          render: (_: unknown, s) =>
            s.unassigned.length ? (
              <Tag color="error">{s.unassigned.map((n) => `第${n}题`).join('、')}</Tag>
            ) : s.subjective ? (
              <Tag color="success">无</Tag>
            ) : (
              <Tag>还没有主观题</Tag>
            ),
        },
        {
          title: '操作',
          key: 'go',
          render: (_: unknown, s) => (
            <Space size={0}>
              <Link to={`/book/subject/${s.subjectId}/setting/block`}>
                <Button type="link">题块设置</Button>
              </Link>
              <Link to={`/book/subject/${s.subjectId}/setting/block/style`}>
                <Button type="link">题块框选</Button>
              </Link>
            </Space>
          ),
        },
      ]}
    />
  );
}
