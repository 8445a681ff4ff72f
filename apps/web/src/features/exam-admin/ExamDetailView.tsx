import {
  BarChartOutlined,
  DownOutlined,
  EditOutlined,
  HistoryOutlined,
  TableOutlined,
  PlayCircleOutlined,
  SendOutlined,
  SafetyCertificateOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { EXAM_TYPE_LABELS, ExamType, SubjectStatus, type ExamDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Dropdown, Space, Table, Tag } from 'antd';
import { Link, useNavigate } from 'react-router';
import { dateRange } from './exam-columns';
import { staffQuery } from './exam-admin.queries';
import { examStateLabel, examStateOf } from './exam-state';
import { examCrumbs } from './ExamLoader';
import { PageFrame } from './PageFrame';
import { SubjectCard } from './SubjectCard';
import { useExamActions } from './useExamActions';

const WIZARD_STEPS = 4;

/** exam/{examId}: the exam at a glance, each subject's state, and the ways to what the user may do. */
export function ExamDetailView({ exam }: { exam: ExamDetail }) {
  const navigate = useNavigate();
  const joint = exam.type === ExamType.joint;
  const manage = exam.can.manage;
  const staff = useQuery({ ...staffQuery(exam.id), enabled: manage, meta: { silent: true } });
  // The wizard is unfinished only while something is really missing (exams made elsewhere keep an old step).
  const onlyCreator = staff.data !== undefined && staff.data.every((s) => s.role === 0);
  const actions = useExamActions(
    () => void navigate(joint ? '/book/jointExam/home' : '/book/inSchool', { replace: true }),
  );

  const extra = manage ? (
    <Space>
      <Link to={`/book/exam/${exam.id}/edit`}>
        <Button icon={<EditOutlined />}>编辑考试</Button>
      </Link>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'copy', label: '复制考试', onClick: () => actions.copy(exam) },
            {
              key: 'hide',
              label: <Link to={`/book/exam/${exam.id}/hide`}>{exam.hidden ? '恢复显示' : '隐藏考试'}</Link>,
            },
            { type: 'divider' },
            { key: 'delete', label: '删除考试', danger: true, onClick: () => actions.remove(exam) },
          ],
        }}
      >
        <Button>
          更多 <DownOutlined />
        </Button>
      </Dropdown>
    </Space>
  ) : null;

  const links = [
    // the roster: not for the exam's markers (exam.roster.read)
    ...(exam.can.roster
      ? [
          {
            to: `/book/exam/${exam.id}/studentManagement`,
            icon: <UserOutlined />,
            label: manage ? '考生管理' : '考生名单',
          },
        ]
      : []),
    ...(manage
      ? [
          { to: `/book/staffInformation/${exam.id}`, icon: <TeamOutlined />, label: '人员分工' },
          { to: `/book/exam/${exam.id}/startReviewManage`, icon: <PlayCircleOutlined />, label: '阅卷管理' },
          { to: `/book/exam/${exam.id}/scoreRelease`, icon: <SendOutlined />, label: '成绩发布' },
          {
            to: `/book/exam/permission/setting?examId=${exam.id}`,
            icon: <SafetyCertificateOutlined />,
            label: '权限设置',
          },
          { to: `/book/exam/${exam.id}/dynamicLog`, icon: <HistoryOutlined />, label: '动态日志' },
        ]
      : []),
    // every subject side by side: for those who see the exam's scores as a whole (score.download at exam scope)
    ...(exam.can.downloadScores
      ? [{ to: `/book/exam/${exam.id}/all_score`, icon: <TableOutlined />, label: '全科成绩' }]
      : []),
    // reports read published scores; whoever may download scores may read them (report.read covers more)
    ...(exam.can.downloadScores && exam.subjects.some((s) => s.status === SubjectStatus.published)
      ? [{ to: `/book/report_forms/${exam.id}`, icon: <BarChartOutlined />, label: '成绩报表' }]
      : []),
  ];

  return (
    <PageFrame
      crumbs={examCrumbs(exam)}
      testId="exam-detail"
      title={
        <Space size={8} wrap>
          {exam.name}
          <Tag color={joint ? 'purple' : 'blue'}>{EXAM_TYPE_LABELS[exam.type] ?? '考试'}</Tag>
          {exam.hidden && manage && (
            <Link to={`/book/exam/${exam.id}/hide`} title="已隐藏，点击查看或恢复">
              <Tag>已隐藏</Tag>
            </Link>
          )}
          {exam.hidden && !manage && <Tag>已隐藏</Tag>}
        </Space>
      }
      extra={extra}
    >
      {manage && !joint && exam.step < WIZARD_STEPS && (exam.examinees === 0 || onlyCreator) && (
        <Alert
          type="info"
          showIcon
          title="考试创建向导尚未完成"
          description={
            exam.examinees === 0 ? '还没有添加考生和阅卷人员。' : '还没有为科目分配学科负责人和阅卷老师。'
          }
          action={
            <Link to={`/book/singleCreateExam?examId=${exam.id}`}>
              <Button size="small" type="primary">
                继续设置
              </Button>
            </Link>
          }
        />
      )}
      <Card title="基本信息">
        <Descriptions column={3} size="middle">
          <Descriptions.Item label="年级">{exam.gradeName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="考试日期">{dateRange(exam.startDate, exam.endDate)}</Descriptions.Item>
          <Descriptions.Item label="状态">{examStateLabel(examStateOf(exam.subjects))}</Descriptions.Item>
          <Descriptions.Item label={joint ? '参加学校' : '学校'}>
            {joint ? `${exam.schools} 所` : (exam.schoolName ?? '—')}
          </Descriptions.Item>
          <Descriptions.Item label="考生">{exam.examinees} 人</Descriptions.Item>
          <Descriptions.Item label="创建人">{exam.creatorName ?? '—'}</Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 8 }} data-testid="exam-quick-links">
          {links.map((l) => (
            <Link key={l.to} to={l.to}>
              <Button icon={l.icon}>{l.label}</Button>
            </Link>
          ))}
        </Space>
      </Card>
      <Card title={`科目（${exam.subjects.length}）`}>
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(330px, 1fr))', gap: 16 }}
        >
          {exam.subjects.map((s) => (
            <SubjectCard key={s.id} subject={s} staff={manage ? staff.data : undefined} />
          ))}
        </div>
      </Card>
      {joint && (
        <Card title="参加学校">
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={exam.schoolList}
            columns={[
              { title: '学校', dataIndex: 'name' },
              {
                title: '考生',
                dataIndex: 'examinees',
                width: 120,
                align: 'right',
                render: (n: number) => `${n} 人`,
              },
            ]}
          />
        </Card>
      )}
    </PageFrame>
  );
}
