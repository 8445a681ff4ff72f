import { allows, SubjectStatus, type OperationPermission } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Result, Space, Tabs } from 'antd';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { ExportButton } from '../export/ExportButton';
import { ScoreImportButton } from '../export/ScoreImportButton';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { PublishControls } from './PublishControls';
import { scoreApi } from './score.api';
import { scoreKeys } from './score.queries';

/** The tabs, each with the ability it needs beyond score.read (a tab the server would refuse is not shown). */
const TABS: Array<{ key: string; label: string; needs?: keyof OperationPermission }> = [
  { key: 'summary', label: '成绩概览' },
  // students' own scores: a teacher of the exam's classes, the school's and the exam's managers — not every marker
  { key: 'stuScore', label: '学生成绩', needs: 'studentScores' },
  { key: 'scoreCheck', label: '成绩核查' },
  { key: 'adjust/checkdetail', label: '调整记录', needs: 'scoreUnpublishedRead' },
  { key: 'irregular', label: '违纪记录', needs: 'scoreUnpublishedRead' },
  { key: 'adjust/kaohao', label: '考号调整', needs: 'scoreAdjust' },
];

/**
 * subject/{subjectId}/score: the tabs summary (default), stuScore and scoreCheck over one frame, with the publish
 * controls and 重新计算 (refused by the server once published, so hidden then). Before publishing only holders of
 * score.unpublished.read see the scores. The child screens read the bundle from the outlet.
 */
export function ScoreFrame(b: SubjectBundle) {
  const info = b.subject.subjectInfo;
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { message } = App.useApp();
  const qc = useQueryClient();
  const recompute = useOneAtATime({
    mutationFn: () => scoreApi.recompute(info.id),
    onSuccess: async (r) => {
      message.success(`已重新计算 ${r.examinees} 名考生的成绩`);
      await qc.invalidateQueries({ queryKey: scoreKeys.subject(info.id) });
    },
  });
  if (!b.permission.scoreRead)
    return <Result status="403" title="没有查看成绩的权限" subTitle="请联系考试管理员分配职务。" />;
  const tab = TABS.find((t) => pathname.endsWith(`/${t.key}`))?.key ?? 'summary';
  const hidden = info.status !== SubjectStatus.published && !b.permission.scoreUnpublishedRead;
  return (
    <PageFrame
      crumbs={subjectCrumbs(b.exam, { id: info.id, name: info.name }, { title: '成绩' })}
      title={`${b.exam.name} · ${info.name} · 成绩`}
      testId="score-frame"
      extra={
        <Space wrap>
          <PublishControls subjectId={info.id} status={info.status} permission={b.permission} />
          {!hidden && b.permission.downloadScores && (
            <>
              <ExportButton
                request={{ kind: 'questions', subjectId: info.id }}
                label="导出小题分"
                testId="export-questions"
              />
              <ExportButton
                request={{ kind: 'classes', subjectId: info.id }}
                label="导出班级汇总"
                testId="export-classes"
              />
            </>
          )}
          {b.permission.scoreAdjust && allows(info.status, 'adjustScores') && (
            <ScoreImportButton subjectId={info.id} examId={b.exam.id} />
          )}
          {b.permission.scoreUnpublishedRead && allows(info.status, 'adjustScores') && (
            <Button
              loading={recompute.isPending}
              onClick={() => recompute.mutate()}
              data-testid="score-recompute"
            >
              重新计算成绩
            </Button>
          )}
        </Space>
      }
    >
      {hidden ? (
        <Result
          status="info"
          title="成绩尚未发布"
          subTitle="成绩发布后即可在这里查看。"
          data-testid="score-unpublished"
        />
      ) : (
        <>
          <Tabs
            activeKey={tab}
            items={TABS.filter((t) => !t.needs || b.permission[t.needs]).map(({ key, label }) => ({
              key,
              label,
            }))}
            onChange={(k) => void navigate(`/book/subject/${info.id}/score/${k}`)}
            style={{ marginBottom: -16 }}
          />
          <Outlet context={b} />
        </>
      )}
    </PageFrame>
  );
}
