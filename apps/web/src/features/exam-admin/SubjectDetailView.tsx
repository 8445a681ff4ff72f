import { CheckCircleFilled, ScanOutlined, UserOutlined } from '@ant-design/icons';
import { SubjectStatus } from '@yj/contracts';
import { Alert, Button, Card, Descriptions, Space, Steps, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { abilities, stateHint, subjectStatusColor, subjectStatusLabel } from './exam-state';
import { examCrumbs } from './ExamLoader';
import { PageFrame } from './PageFrame';
import { StaffPanel } from './staff/StaffPanel';
import { ReviewButtons } from '../review-lifecycle/ReviewButtons';
import { StartRefusalModal } from '../review-lifecycle/StartRefusalModal';
import { useReviewAction } from '../review-lifecycle/useReviewAction';
import type { SubjectBundle } from './SubjectLoader';

/** The lifecycle as a line of steps (DESIGN.md §3); trial and pause sit inside their stage. */
function stageOf(status: number): number {
  if (status === SubjectStatus.setting) return 0;
  if (status <= SubjectStatus.paused) return 1;
  if (status === SubjectStatus.done) return 2;
  return 3;
}

/** subject/{subjectId}: the subject's state, what it allows next, and what the user may do on it. */
export function SubjectDetailView({ subject, permission, exam }: SubjectBundle) {
  const info = subject.subjectInfo;
  const manage = permission.manageExam;
  const review = useReviewAction();
  return (
    <PageFrame
      crumbs={examCrumbs(exam, info.name)}
      testId="subject-detail"
      title={
        <Space size={8}>
          {exam.name} · {info.name}
          <Tag color={subjectStatusColor(info.status)}>{subjectStatusLabel(info.status)}</Tag>
        </Space>
      }
      extra={
        <Space wrap>
          {/* only what the capability table grants: the server refuses the rest anyway */}
          {permission.editSetting && (
            <>
              <Link to={`/book/subject/${info.id}/setting/question`}>
                <Button>题目设置</Button>
              </Link>
              <Link to={`/book/subject/${info.id}/setting/block`}>
                <Button>题块设置</Button>
              </Link>
              <Link to={`/book/subject/${info.id}/setting/task`} data-testid="to-task-setting">
                <Button>阅卷分配</Button>
              </Link>
              <Link to={`/book/subject/${info.id}/acard/template/home`}>
                <Button>在线答题卡</Button>
              </Link>
              <Link to={`/book/subject/${info.id}/template/home`}>
                <Button icon={<ScanOutlined />}>答题卡模板</Button>
              </Link>
            </>
          )}
          {permission.scanRead && (
            <Link to={`/book/subject/${info.id}/answerCard`}>
              <Button data-testid="to-scan">扫描与识别</Button>
            </Link>
          )}
          {permission.lead && (
            <Link to={`/book/review/progress/all?subjectId=${info.id}`}>
              <Button data-testid="to-lead">阅卷进度</Button>
            </Link>
          )}
          {permission.lead && (
            <Link to={`/book/subject/${info.id}/setting/intelligent`}>
              <Button data-testid="to-intelligent">智能辅助</Button>
            </Link>
          )}
          {permission.scoreRead && (
            <Link to={`/book/subject/${info.id}/score`}>
              <Button data-testid="to-score">成绩</Button>
            </Link>
          )}
          {permission.roster && (
            <Link to={`/book/subject/${info.id}/studentManagement`}>
              <Button icon={<UserOutlined />}>{manage || permission.scan ? '考生与缺考' : '考生名单'}</Button>
            </Link>
          )}
        </Space>
      }
    >
      <Card
        title="科目进度"
        extra={
          // the marking transitions this state allows, for whoever may change the subject's settings
          permission.editSetting && (
            <ReviewButtons
              subject={{ subjectId: info.id, name: info.name }}
              status={info.status}
              action={review}
            />
          )
        }
      >
        <Steps
          current={stageOf(info.status)}
          size="small"
          items={[
            { title: '设置中' },
            {
              title: '阅卷中',
              content:
                info.status === SubjectStatus.trial || info.status === SubjectStatus.trialPaused
                  ? '试评'
                  : undefined,
            },
            { title: '阅卷完成' },
            { title: '已发布' },
          ]}
          style={{ maxWidth: 760, marginBottom: 16 }}
        />
        <Alert
          type={
            info.status === SubjectStatus.paused || info.status === SubjectStatus.trialPaused
              ? 'warning'
              : 'info'
          }
          showIcon
          title={`当前状态：${subjectStatusLabel(info.status)}`}
          description={stateHint(info.status)}
        />
        <Descriptions column={3} style={{ marginTop: 16 }}>
          <Descriptions.Item label="满分">{info.fullScore} 分</Descriptions.Item>
          <Descriptions.Item label="考生">{subject.examinees} 人</Descriptions.Item>
          <Descriptions.Item label="所属考试">
            <Link to={`/book/exam/${exam.id}`}>{exam.name}</Link>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="我在本科目可以做的事">
        {/* what this person may do, nothing else (issue 31, point 11: all 13 were listed to everyone) */}
        <div
          style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(300px, 1fr))', gap: 8 }}
          data-testid="subject-abilities"
        >
          {abilities(permission)
            .filter((a) => a.allowed)
            .map((a) => (
              <Space key={a.key} size={8}>
                <CheckCircleFilled style={{ color: '#00b42a' }} />
                <Typography.Text>{a.label}</Typography.Text>
              </Space>
            ))}
        </div>
      </Card>
      <StartRefusalModal action={review} />
      {manage && <StaffPanel exam={exam} subjectId={info.id} title={`${info.name} · 人员分工`} />}
    </PageFrame>
  );
}
