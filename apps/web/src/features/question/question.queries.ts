import { queryOptions } from '@tanstack/react-query';
import { questionApi, questionKeys } from './question.api';

export const structureInfoQuery = (subjectId: number) =>
  queryOptions({
    queryKey: questionKeys.info(subjectId),
    queryFn: () => questionApi.info(subjectId),
    // the screen shows its own failure
    meta: { silent: true },
    staleTime: 0,
  });

export const blockListQuery = (subjectId: number) =>
  queryOptions({
    queryKey: questionKeys.blocks(subjectId),
    queryFn: () => questionApi.blocks(subjectId),
    meta: { silent: true },
    staleTime: 0,
  });

export const examBlocksQuery = (examId: number) =>
  queryOptions({
    queryKey: questionKeys.examBlocks(examId),
    queryFn: () => questionApi.examBlocks(examId),
    meta: { silent: true },
    staleTime: 0,
  });
