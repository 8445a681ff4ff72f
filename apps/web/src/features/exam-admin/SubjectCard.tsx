import { ExamRole, type StaffItem, type SubjectItem } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { permissionQuery } from './exam-admin.queries';
import { abilities, stateHint, subjectStatusColor, subjectStatusLabel } from './exam-state';

/** Short names of the abilities, for the tags on a card (the subject screen spells them out). */
const SHORT: Record<string, string> = {
  manageExam: '管理考试',
  editSetting: '科目设置',
  scan: '扫描',
  mark: '阅卷',
  lead: '仲裁质检',
  downloadScores: '下载成绩',
};

/** One subject on the exam screen: its state, what that allows next, who runs it and what I may do. */
export function SubjectCard({ subject, staff }: { subject: SubjectItem; staff: StaffItem[] | undefined }) {
  const permission = useQuery({ ...permissionQuery(subject.id), meta: { silent: true } });
  const mine = permission.data ? abilities(permission.data).filter((a) => a.allowed && SHORT[a.key]) : [];
  const managers =
    staff?.filter((s) => s.subjectId === subject.id && s.role === ExamRole.subjectManager) ?? [];
  const reviewers = staff?.filter((s) => s.subjectId === subject.id && s.role === ExamRole.reviewers) ?? [];

  return (
    <Card
      size="small"
      data-testid={`subject-card-${subject.name}`}
      title={
        <Space size={8}>
          <Link to={`/book/subject/${subject.id}`}>{subject.name}</Link>
          <Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>
            满分 {subject.fullScore} 分
          </Typography.Text>
        </Space>
      }
      extra={<Tag color={subjectStatusColor(subject.status)}>{subjectStatusLabel(subject.status)}</Tag>}
    >
      <Typography.Paragraph type="secondary" style={{ minHeight: 44, marginBottom: 8 }}>
        {stateHint(subject.status)}
      </Typography.Paragraph>
      {staff && (
        <div style={{ marginBottom: 8 }}>
          <Typography.Text>学科负责人：</Typography.Text>
          <Typography.Text type={managers.length ? undefined : 'warning'}>
            {managers.length ? managers.map((m) => m.name).join('、') : '未指定'}
          </Typography.Text>
          <br />
          <Typography.Text>阅卷老师：</Typography.Text>
          <Typography.Text type={reviewers.length ? undefined : 'warning'}>
            {reviewers.length ? `${reviewers.length} 人` : '未指定'}
          </Typography.Text>
        </div>
      )}
      <div>
        <Typography.Text type="secondary">我的权限：</Typography.Text>
        {permission.isPending ? (
          <Typography.Text type="secondary">…</Typography.Text>
        ) : mine.length ? (
          <Space size={[4, 4]} wrap data-testid="my-abilities">
            {mine.map((a) => (
              <Tag key={a.key} color="blue" variant="filled">
                {SHORT[a.key]}
              </Tag>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">仅查看</Typography.Text>
        )}
      </div>
    </Card>
  );
}
