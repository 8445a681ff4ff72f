import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Breadcrumb, Button, Card, Empty, Result, Segmented, Space, Tabs, Typography } from 'antd';
import { failureOf } from '../../api/errors';
import { Link } from 'react-router';
import { useCurrentUser } from '../auth/current-user-context';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { sectionTabs } from './report-tabs';
import { reportQuery, reportSettingsQuery, reportSubjectsQuery } from './report.api';
import { HiddenConfigButton } from './HiddenConfigButton';

// What 成绩概览 does not show is fetched after it (issue 31, point 12: opening the report fetched, compiled and ran
// every tab's and dialog's code, with the upload and image viewers of 分析组 and 试卷讲评, before its first paint).
// Once the report's figures are in, they are fetched while the browser is idle, so a tab opened later does not
// wait on its code.
const laterParts = {
  commentary: () => import('./CommentaryTab'),
  students: () => import('./StudentsTab'),
  progress: () => import('./ProgressTab'),
  groups: () => import('./GroupsTab'),
  settings: () => import('./ReportSettingsDialog'),
};
const CommentaryTab = lazy(() => laterParts.commentary().then((m) => ({ default: m.CommentaryTab })));
const StudentsTab = lazy(() => laterParts.students().then((m) => ({ default: m.StudentsTab })));
const ProgressTab = lazy(() => laterParts.progress().then((m) => ({ default: m.ProgressTab })));
const GroupsTab = lazy(() => laterParts.groups().then((m) => ({ default: m.GroupsTab })));
const ReportSettingsDialog = lazy(() =>
  laterParts.settings().then((m) => ({ default: m.ReportSettingsDialog })),
);

/** Fetches (and runs) the later parts' code when the browser is next idle; a failure is the tab's to show. */
function usePrefetchLaterParts(ready: boolean) {
  useEffect(() => {
    if (!ready) return;
    const load = () => {
      for (const part of Object.values(laterParts)) part().catch(() => undefined);
    };
    const idle = window.requestIdleCallback?.(load, { timeout: 2_000 });
    const timer = idle === undefined ? setTimeout(load, 300) : undefined;
    return () => {
      if (idle !== undefined) window.cancelIdleCallback(idle);
      clearTimeout(timer);
    };
  }, [ready]);
}

/** A tab whose code may still be on its way: a loading card meanwhile. */
const later = (children: ReactNode) => <Suspense fallback={<Card loading />}>{children}</Suspense>;

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
        <Suspense>
          <ReportSettingsDialog
            examId={examId}
            open={open}
            settings={q.data.settings}
            onClose={() => setOpen(false)}
          />
        </Suspense>
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
  usePrefetchLaterParts(report.isSuccess);
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
          {/* a 联考: its schools compared (issue 35), for whom may see them (not its teachers) */}
          {subjects.data.compare && (
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
                      later(<CommentaryTab key={r.subjectId} examId={r.examId} subjectId={r.subjectId} />)
                    ),
                },
                {
                  key: 'students',
                  label: '学生成绩',
                  children: later(<StudentsTab key={r.subjectId ?? 0} r={r} />),
                },
                { key: 'progress', label: '进退步', children: later(<ProgressTab r={r} />) },
                { key: 'groups', label: '分析组', children: later(<GroupsTab r={r} />) },
              ]}
            />
          )}
        </>
      )}
    </Space>
  );
}
