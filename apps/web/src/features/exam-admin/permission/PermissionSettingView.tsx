import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import type { ExamDetail, UserProfile } from '@yj/contracts';
import { Alert, Button, Card, Empty, Skeleton, Space, Typography } from 'antd';
import { Link } from 'react-router';
import { examCrumbs } from '../ExamLoader';
import { homeCrumbs, PageFrame } from '../PageFrame';
import { QueryFailed } from '../QueryFailed';
import { ExamPicker, useManagedExams } from './ExamPicker';
import { PermissionTable } from './PermissionTable';

const CRUMBS = homeCrumbs({ title: '考试管理', to: '/book/inSchool' });

/** 权限设置 of one exam: a switcher to other exams, what permissions are, and the role table. */
export function PermissionSettingView({
  exam,
  onPick,
}: {
  exam: ExamDetail;
  onPick: (examId: number) => void;
}) {
  return (
    <PageFrame
      crumbs={examCrumbs(exam, '权限设置')}
      title={`${exam.name} · 权限设置`}
      testId="exam-permission"
      extra={
        <Space wrap>
          <ExamPicker value={exam.id} valueName={exam.name} onChange={onPick} width={280} />
          <Link to={`/book/exam/${exam.id}`}>
            <Button icon={<ArrowLeftOutlined />}>返回考试详情</Button>
          </Link>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        title="考试中的权限按角色分配"
        description={
          exam.can.manage
            ? '为老师分配角色后，他就可以做该角色允许的事；一位老师可以同时担任多个角色。学校管理员对本校考试拥有全部管理权限，无需另行分配。移除角色不会删除已完成的阅卷记录。'
            : '你可以查看各角色能做什么；人员名单和调整只对考试管理员开放。'
        }
      />
      <PermissionTable exam={exam} />
    </PageFrame>
  );
}

/** 权限设置 without an exam in the address: choose one of the exams the user manages. */
export function PermissionExamChooser({
  user,
  onPick,
}: {
  user: UserProfile;
  onPick: (examId: number) => void;
}) {
  const list = useManagedExams('');
  const canCreate = user.isSchoolAdmin && user.schoolId !== null;
  let body;
  if (list.pending) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (list.error && !list.exams.length)
    body = <QueryFailed title="考试列表加载失败" error={list.error} onRetry={list.retry} />;
  else if (!list.exams.length)
    body = (
      <Empty data-testid="permission-no-exams" description="还没有可以设置权限的考试">
        {canCreate && (
          <Link to="/book/singleCreateExam">
            <Button type="primary" icon={<PlusOutlined />}>
              创建考试
            </Button>
          </Link>
        )}
      </Empty>
    );
  else
    body = (
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          选择一场考试，查看各角色能做什么、由谁担任，并添加或移除人员。
        </Typography.Text>
        <ExamPicker onChange={onPick} width="min(520px, 100%)" />
      </Space>
    );
  return (
    <PageFrame crumbs={[...CRUMBS, { title: '权限设置' }]} title="权限设置" testId="exam-permission-chooser">
      <Card title="选择考试">{body}</Card>
    </PageFrame>
  );
}
