import { allows } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Result } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { subjectCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import type { SubjectBundle } from '../exam-admin/SubjectLoader';
import { leadApi } from './lead.api';
import { leadKeys, paperQuery } from './lead.queries';
import { OverviewNav } from './OverviewNav';
import { PaperMarksDetail } from './PaperMarksModal';

/**
 * check/checkStuPaper?paperId=: a student's paper with every block's marks and markers; a leader sends a mark
 * back (打回) from here — the block score is dropped and the paper is marked again by someone else.
 */
export function StuPaperView({
  subject,
  exam,
  permission,
  paperId,
}: SubjectBundle & { paperId: number | null }) {
  const s = subject.subjectInfo;
  const qc = useQueryClient();
  const { message } = App.useApp();
  const remark = useOneAtATime({
    mutationFn: (v: { blockId: number; taskId: number }) => leadApi.remark(v.blockId, [v.taskId]),
    onSuccess: async (r, v) => {
      message.success(`已打回 ${r.remarked} 份，将由其他老师重新评阅`);
      await Promise.all([
        qc.invalidateQueries({ queryKey: paperQuery(paperId ?? 0).queryKey }),
        qc.invalidateQueries({ queryKey: leadKeys.block(v.blockId) }),
      ]);
    },
  });
  const crumbs = subjectCrumbs(
    exam,
    s,
    { title: '阅卷总览', to: `/book/subject/${s.id}/overview/blockOrStudent` },
    { title: '学生试卷' },
  );
  // 打回 is a change of marks: while marking runs or is paused, for those who lead (the server checks again)
  const canRemark = permission.lead && allows(s.status, 'changeMarks');
  return (
    <PageFrame
      crumbs={crumbs}
      title={`${s.name} · 学生试卷评阅详情`}
      testId="stu-paper"
      extra={<OverviewNav subjectId={s.id} here="other" />}
    >
      {paperId === null ? (
        <Result status="404" title="试卷地址不正确" subTitle="请在阅卷总览中按考号或姓名查找。" />
      ) : (
        <Card>
          <PaperMarksDetail
            paperId={paperId}
            {...(canRemark
              ? {
                  remark: (blockId: number, taskId: number, markerName: string | null) => (
                    <Popconfirm
                      title={`打回${markerName ?? ''}的这次评分？`}
                      description="原评分作废，试卷回到任务池由其他老师重新评阅，最终分将重新计算。"
                      okText="打回"
                      cancelText="取消"
                      onConfirm={() => remark.mutateAsync({ blockId, taskId })}
                    >
                      <Button size="small" danger type="link" data-testid={`remark-${taskId}`}>
                        打回
                      </Button>
                    </Popconfirm>
                  ),
                }
              : {})}
          />
        </Card>
      )}
    </PageFrame>
  );
}
