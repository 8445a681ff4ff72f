import type { ExamDetail, OperationPermission } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import type { SubjectDetail } from './exam-admin.api';
import { examDetailQuery, permissionQuery, subjectDetailQuery } from './exam-admin.queries';
import { QueryFailed } from './QueryFailed';

export interface SubjectBundle {
  subject: SubjectDetail;
  permission: OperationPermission;
  exam: ExamDetail;
}

/** A page of one block of the subject (问题卷, 质检, 抽查 …). */
export type BlockBundle = SubjectBundle & { blockId: number };

/** The yes/no flags of OperationPermission: what a screen may need. */
export type PermissionFlag = {
  [K in keyof OperationPermission]: OperationPermission[K] extends boolean ? K : never;
}[keyof OperationPermission];

/**
 * Loads a subject, the user's permission on it and its exam, with the shared loading and failure states. A screen
 * that `need`s a permission (reached by an address kept or typed) is a 403 saying what is `refused` to whom lacks
 * it, before the screen loads anything of its own.
 */
export function SubjectLoader({
  subjectId,
  need,
  children,
}: {
  subjectId: number | null;
  need?: { flag: PermissionFlag; refused: string };
  children: (b: SubjectBundle) => ReactNode;
}) {
  const enabled = subjectId !== null;
  const subject = useQuery({ ...subjectDetailQuery(subjectId ?? 0), enabled, meta: { silent: true } });
  const permission = useQuery({ ...permissionQuery(subjectId ?? 0), enabled, meta: { silent: true } });
  const examId = subject.data?.subjectInfo.examId;
  const exam = useQuery({
    ...examDetailQuery(examId ?? 0),
    enabled: examId !== undefined,
    meta: { silent: true },
  });
  if (subjectId === null)
    return <Result status="404" title="科目地址不正确" subTitle="请从考试详情重新进入。" />;
  const failed = [subject, permission, exam].find((q) => q.isError);
  if (failed) {
    return (
      <QueryFailed
        title="科目加载失败"
        error={failed.error}
        onRetry={() => {
          void subject.refetch();
          void permission.refetch();
          if (examId !== undefined) void exam.refetch();
        }}
      />
    );
  }
  if (!subject.data || !permission.data || !exam.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (need && !permission.data[need.flag])
    return (
      <Card>
        <Result status="403" title={need.refused} data-testid="no-access" />
      </Card>
    );
  return <>{children({ subject: subject.data, permission: permission.data, exam: exam.data })}</>;
}
