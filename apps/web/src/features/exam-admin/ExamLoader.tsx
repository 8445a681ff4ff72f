import { ExamType, type ExamDetail } from '@yj/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Result, Skeleton } from 'antd';
import { useEffect, type ReactNode } from 'react';
import { examDetailQuery } from './exam-admin.queries';
import { homeCrumbs, type Crumb } from './PageFrame';
import { QueryFailed } from './QueryFailed';

/**
 * Loads an exam for a screen and shows the loading and failure states every exam screen shares. A failed
 * refetch of an exam already shown keeps the screen (react-query keeps the data beside the error): a passing
 * network blip is told in a message, not by replacing a working screen.
 */
export function ExamLoader({
  examId,
  children,
}: {
  examId: number | null;
  children: (exam: ExamDetail) => ReactNode;
}) {
  const exam = useQuery({
    ...examDetailQuery(examId ?? 0),
    enabled: examId !== null,
    meta: { silent: true },
  });
  const { message } = App.useApp();
  const stale = exam.isError && exam.data !== undefined;
  useEffect(() => {
    if (stale) void message.warning('考试信息刷新失败，页面显示的是之前加载的内容');
  }, [stale, message]);
  if (examId === null)
    return <Result status="404" title="考试地址不正确" subTitle="请从考试列表重新进入。" />;
  if (exam.isPending) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  if (exam.isError && !exam.data)
    return <QueryFailed title="考试加载失败" error={exam.error} onRetry={() => void exam.refetch()} />;
  return <>{children(exam.data)}</>;
}

/**
 * Breadcrumb trail of an exam's screens: the list it belongs to, then the exam. A 课堂小测 is under 课堂小测 and
 * links back to its quiz page (its teacher reaches it from there).
 */
export function examCrumbs(exam: ExamDetail, here?: string) {
  const quiz = exam.type === ExamType.quiz;
  const list = quiz
    ? { title: '课堂小测', to: '/book/quiz' }
    : exam.type === ExamType.joint
      ? { title: '联考', to: '/book/jointExam/home' }
      : { title: '校内考试', to: '/book/inSchool' };
  // teachers reach exams from the home page; the management lists are not theirs
  const lists = quiz || exam.can.manage ? [list] : [];
  const page = quiz ? `/book/quiz/${exam.id}` : `/book/exam/${exam.id}`;
  return homeCrumbs(
    ...lists,
    here ? { title: exam.name, to: page } : { title: exam.name },
    ...(here ? [{ title: here }] : []),
  );
}

/** Breadcrumb trail of a subject's screens: the exam's trail, the subject, then `trail`. */
export function subjectCrumbs(
  exam: ExamDetail,
  subject: { id: number; name: string },
  ...trail: Crumb[]
): Crumb[] {
  // a quiz's one subject is the quiz itself: its trail goes straight from the quiz to the screen
  const own = exam.type === ExamType.quiz ? [] : [{ title: subject.name, to: `/book/subject/${subject.id}` }];
  return [...examCrumbs(exam, subject.name).slice(0, -1), ...own, ...trail];
}
