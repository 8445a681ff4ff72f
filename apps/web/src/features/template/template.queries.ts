import { queryOptions } from '@tanstack/react-query';
import { templateApi } from './template.api';

export const templateKeys = {
  subject: (subjectId: number) => ['template', 'subject', subjectId] as const,
};

export const templateListQuery = (subjectId: number) =>
  queryOptions({
    queryKey: [...templateKeys.subject(subjectId), 'list'],
    queryFn: () => templateApi.list(subjectId),
    meta: { silent: true },
  });

export const templateCheckQuery = (subjectId: number, templateId: number, updatedAt: string) =>
  queryOptions({
    queryKey: [...templateKeys.subject(subjectId), 'check', templateId, updatedAt],
    queryFn: () => templateApi.validate(subjectId, templateId),
    meta: { silent: true },
    staleTime: 60_000,
  });

export const structureQuery = (subjectId: number) =>
  queryOptions({
    queryKey: ['question', 'structure', subjectId],
    queryFn: () => templateApi.structure(subjectId),
    meta: { silent: true },
  });
