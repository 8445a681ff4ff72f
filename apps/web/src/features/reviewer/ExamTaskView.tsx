import { ASSIGN_MODE_LABELS, type ExamAssignmentSubject, type ExamDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { Link } from 'react-router';
import { ExamSubjectsPage } from '../exam-admin/ExamSubjectsPage';
import { examAssignmentQuery } from './reviewer.api';

type Mode = keyof typeof ASSIGN_MODE_LABELS;

/** exam/{examId}/all_setting_task: every subject's blocks with their markers and leaders, and what is missing. */
export function ExamTaskView({ exam }: { exam: ExamDetail }) {
  const q = useQuery(examAssignmentQuery(exam.id));
  return (
    <ExamSubjectsPage<ExamAssignmentSubject>
      exam={exam}
      title="阅卷分配"
      testId="exam-task"
      q={q}
      columns={[
        { title: '科目', dataIndex: 'name', width: 120 },
        {
          title: '题块（阅卷老师 / 题组长）',
          key: 'blocks',
          render: (_: unknown, s) =>
            s.blocks.length ? (
              <Space size={[4, 4]} wrap>
                {s.blocks.map((b) => (
                  <Tag key={b.blockId} color={b.markers ? 'default' : 'error'}>
                    {b.name}：{b.markers} / {b.leaders} 人 · {ASSIGN_MODE_LABELS[b.assignMode as Mode]}
                  </Tag>
                ))}
              </Space>
            ) : (
              <Tag>还没有题块</Tag>
            ),
        },
        {
          title: '待处理',
          key: 'missing',
          render: (_: unknown, s) =>
            s.withoutMarkers.length ? (
              <Tag color="error">{s.withoutMarkers.length} 个题块未分配阅卷老师</Tag>
            ) : s.blocks.length ? (
              <Tag color="success">已分配</Tag>
            ) : (
              <Tag color="warning">先设置题块</Tag>
            ),
        },
        {
          title: '操作',
          key: 'go',
          render: (_: unknown, s) => (
            <Link to={`/book/subject/${s.subjectId}/setting/task`}>
              <Button type="link">阅卷分配</Button>
            </Link>
          ),
        },
      ]}
    />
  );
}
