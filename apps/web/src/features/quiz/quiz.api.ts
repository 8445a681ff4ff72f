import { examineeContract, quizContract as c, type QuizCreateInput, type QuizListQuery } from '@yj/contracts';
import { queryOptions, keepPreviousData } from '@tanstack/react-query';
import { callRoute } from '../../api/contract';

/** Every /filter call of the 课堂小测 screens (issue 33). */
export const quizApi = {
  options: () => callRoute(c.options, {}),
  create: (body: QuizCreateInput) => callRoute(c.create, { body }),
  list: (body: Partial<QuizListQuery>) => callRoute(c.list, { body }),
  detail: (examId: number) => callRoute(c.detail, { params: { examId } }),
  markers: (examId: number, userIds: number[]) =>
    callRoute(c.markers, { params: { examId }, body: { userIds } }),
  removeMarker: (examId: number, userId: number) =>
    callRoute(c.removeMarker, { params: { examId }, body: { userId } }),
  result: (examId: number) => callRoute(c.result, { params: { examId } }),
  trend: (classId: number | undefined) =>
    callRoute(c.trend, { query: classId === undefined ? {} : { classId } }),
  /** 学情趋势's students as an Excel file (a GET under /filter) */
  trendExportPath: (classId: number) => `/api/quiz/trend/export?classId=${classId}`,
  /** 登记缺考 of students without a sheet (the examinee module's route) */
  absent: (subjectId: number, ids: number[]) =>
    callRoute(examineeContract.absent, { params: { id: subjectId }, body: { ids, absent: true } }),
};

export const quizKeys = {
  all: ['quiz'] as const,
  quiz: (examId: number) => ['quiz', examId] as const,
};

export const quizOptionsQuery = () =>
  queryOptions({ queryKey: ['quiz', 'options'], queryFn: quizApi.options, staleTime: 60_000 });

export const quizListQuery = (page: number, size: number, keyword: string) =>
  queryOptions({
    queryKey: ['quiz', 'list', page, size, keyword],
    queryFn: () => quizApi.list({ page, size, ...(keyword ? { keyword } : {}) }),
    placeholderData: keepPreviousData,
  });

export const quizDetailQuery = (examId: number) =>
  queryOptions({ queryKey: [...quizKeys.quiz(examId), 'detail'], queryFn: () => quizApi.detail(examId) });

export const quizResultQuery = (examId: number) =>
  queryOptions({ queryKey: [...quizKeys.quiz(examId), 'result'], queryFn: () => quizApi.result(examId) });

export const quizTrendQuery = (classId: number | undefined) =>
  queryOptions({
    queryKey: ['quiz', 'trend', classId ?? null],
    queryFn: () => quizApi.trend(classId),
    placeholderData: keepPreviousData,
  });
