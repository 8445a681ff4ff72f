import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Empty, Result, Segmented, Space, Tabs, Typography } from 'antd';
import { failureOf } from '../../api/errors';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/current-user-context';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { CommentaryTab } from './CommentaryTab';
import { GroupsTab } from './GroupsTab';
import { sectionTabs } from './report-tabs';
import { reportQuery, reportSettingsQuery, reportSubjectsQuery } from './report.api';
import { ReportSettingsDialog } from './ReportSettingsDialog';
import { HiddenConfigButton } from './HiddenConfigButton';
import { StudentsTab } from './StudentsTab';
import { ProgressTab } from './ProgressTab';

/** 报表设置 for those allowed (the server says who), with the dialog. */
function SettingsButton({ examId }: { examId: number }) {
  const q = useQuery(reportSettingsQuery(examId));
  const [open, setOpen] = useState(false);
  if (!q.data?.mayEdit) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="report-settings-open">
        报表设置
      </Button>
      {open && (
        <ReportSettingsDialog
          examId={examId}
          open={open}
          settings={q.data.settings}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}

/** report_forms: the reports of an exam, the total or one published subject. */
export function ReportView({ examId }: { examId: number }) {
  const user = useCurrentUser();
  const subjects = useQuery(reportSubjectsQuery(examId));
  const [subjectId, setSubjectId] = useState<number | null>(null);
  // the open tab stays when another subject is chosen
  const [tab, setTab] = useState('overview');
  const report = useQuery({
    ...reportQuery(examId, subjectId),
    enabled: subjects.isSuccess && subjects.data.subjects.some((s) => s.published),
  });
  if (subjects.isError && !subjects.data)
    // not allowed is said as such, with nothing to retry (issue 31, point 10: 加载失败 / 无权限 with 重新加载)
    return failureOf(subjects.error) === 'forbidden' ? (
      <Result
        status="403"
        title="不能查看本次考试的成绩报表"
        subTitle="成绩报表只对考试管理员、学校管理员和任教本次考试班级的老师开放；如需查看，请联系考试管理员。"
        extra={<Link to="/book/home">返回首页</Link>}
        data-testid="report-forbidden"
      />
    ) : (
      <QueryFailed title="成绩报表加载失败" error={subjects.error} onRetry={() => void subjects.refetch()} />
    );
  if (!subjects.data) return <Card loading />;
  const published = subjects.data.subjects.filter((s) => s.published);
  const r = report.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="report-forms">
      {/* the way back to the exam (issue 31, point 6): its screens are the administrators'; others go home */}
      <Breadcrumb
        data-testid="report-crumbs"
        items={[
          { title: <Link to="/book/home">首页</Link> },
          ...(user.isSchoolAdmin || user.isAdmin
            ? [{ title: <Link to={`/book/exam/${examId}`}>{subjects.data.examName}</Link> }]
            : [{ title: subjects.data.examName }]),
          { title: '成绩报表' },
        ]}
      />
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {subjects.data.examName} · 成绩报表
        </Typography.Title>
        <Space>
          {/* a 联考: its schools compared (issue 35) */}
          {subjects.data.joint && (
            <Link to={`/book/bureau/exam/${examId}/compare`} data-testid="report-compare-link">
              <Button>跨校对比</Button>
            </Link>
          )}
          <SettingsButton examId={examId} />
          <HiddenConfigButton examId={examId} />
        </Space>
      </Space>
      {!published.length ? (
        <Card>
          <Empty description="本次考试还没有发布成绩的科目：科目发布成绩后即可查看报表" />
        </Card>
      ) : (
        <>
          <Segmented
            value={subjectId ?? 0}
            onChange={(v) => setSubjectId(v === 0 ? null : Number(v))}
            options={[{ label: '总分', value: 0 }, ...published.map((s) => ({ label: s.name, value: s.id }))]}
          />
          {r && !r.complete && (
            <Alert
              type="info"
              showIcon
              message="按您的权限只显示您所在学校或任教班级的数据；全体数据为整场考试的统计。"
            />
          )}
          {report.isError ? (
            <QueryFailed title="报表加载失败" error={report.error} onRetry={() => void report.refetch()} />
          ) : !r ? (
            <Card loading />
          ) : (
            <Tabs
              activeKey={tab}
              onChange={setTab}
              items={[
                ...sectionTabs(r),
                {
                  key: 'commentary',
                  label: '试卷讲评',
                  children:
                    r.subjectId === null ? (
                      <Empty description="试卷讲评按科目查看：请在上方选择一个科目" />
                    ) : (
                      <CommentaryTab key={r.subjectId} examId={r.examId} subjectId={r.subjectId} />
                    ),
                },
                {
                  key: 'students',
                  label: '学生成绩',
                  children: <StudentsTab key={r.subjectId ?? 0} r={r} />,
                },
                { key: 'progress', label: '进退步', children: <ProgressTab r={r} /> },
                { key: 'groups', label: '分析组', children: <GroupsTab r={r} /> },
              ]}
            />
          )}
        </>
      )}
    </Space>
  );
}
