import { allows, type ExamDetail, type ReviewManageSubject } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { subjectStatusColor, subjectStatusLabel } from '../exam-admin/exam-state';
import { examCrumbs } from '../exam-admin/ExamLoader';
import { PageFrame } from '../exam-admin/PageFrame';
import { QueryFailed } from '../exam-admin/QueryFailed';
import { reviewSubjectsQuery } from './review-lifecycle.api';
import { ReviewButtons } from './ReviewButtons';
import { ScheduleModal } from './ScheduleModal';
import { StartRefusalModal } from './StartRefusalModal';
import { useReviewAction } from './useReviewAction';

const time = (iso: string | null) =>
  iso
    ? new Date(iso).toLocaleString('zh-CN', { hour12: false, dateStyle: 'short', timeStyle: 'short' })
    : null;

/** exam/{examId}/startReviewManage: every subject's marking state with the transitions it allows. */
export function StartReviewManageView({ exam }: { exam: ExamDetail }) {
  const subjects = useQuery(reviewSubjectsQuery(exam.id));
  const action = useReviewAction();
  const [scheduling, setScheduling] = useState<ReviewManageSubject | null>(null);
  return (
    <PageFrame crumbs={examCrumbs(exam, '阅卷管理')} title={`${exam.name} · 阅卷管理`} testId="review-manage">
      <Alert
        type="info"
        showIcon
        title="开始阅卷前请确认：各校扫描完成、主观题均已划入题块、题块已框选切割区域并设置阅卷老师。"
        description="开始后题目、答题卡模板和题块将锁定；阅卷中仍可继续扫描，新扫描的答题卡会自动进入阅卷任务。"
      />
      <Card title="科目阅卷状态">
        {subjects.isError ? (
          <QueryFailed title="科目加载失败" error={subjects.error} onRetry={() => void subjects.refetch()} />
        ) : (
          <Table<ReviewManageSubject>
            rowKey="subjectId"
            loading={subjects.isLoading}
            pagination={false}
            dataSource={subjects.data ?? []}
            columns={[
              {
                title: '科目',
                dataIndex: 'name',
                render: (name: string, s) => <Link to={`/book/subject/${s.subjectId}`}>{name}</Link>,
              },
              {
                title: '状态',
                dataIndex: 'status',
                render: (status: number) => (
                  <Tag color={subjectStatusColor(status)} data-testid="review-status">
                    {subjectStatusLabel(status)}
                  </Tag>
                ),
              },
              {
                title: '定时',
                render: (_, s) => {
                  const parts = [
                    time(s.reviewStartAt) && `${time(s.reviewStartAt)} 开始`,
                    time(s.reviewEndAt) && `${time(s.reviewEndAt)} 结束`,
                  ].filter(Boolean);
                  const mayEnd = allows(s.status, 'reviewStart') || allows(s.status, 'reviewDone');
                  return (
                    <Space size={4} wrap>
                      {parts.length ? (
                        parts.join('，')
                      ) : (
                        <Typography.Text type="secondary">未设置</Typography.Text>
                      )}
                      {s.canManage && mayEnd && (
                        <Button
                          type="link"
                          size="small"
                          data-testid="review-schedule"
                          onClick={() => setScheduling(s)}
                        >
                          设置
                        </Button>
                      )}
                    </Space>
                  );
                },
              },
              {
                title: '操作',
                render: (_, s) =>
                  s.canManage ? (
                    <Space size={8} wrap>
                      <ReviewButtons subject={s} status={s.status} action={action} size="small" />
                      {/* 试评 before the real marking: papers, start, pause, resume and rollback */}
                      <Link
                        to={`/book/subject/${s.subjectId}/trial`}
                        data-testid={`trial-link-${s.subjectId}`}
                      >
                        试评
                      </Link>
                    </Space>
                  ) : (
                    <Typography.Text type="secondary">无操作权限</Typography.Text>
                  ),
              },
            ]}
          />
        )}
      </Card>
      <StartRefusalModal action={action} />
      {scheduling && <ScheduleModal subject={scheduling} onClose={() => setScheduling(null)} />}
    </PageFrame>
  );
}
