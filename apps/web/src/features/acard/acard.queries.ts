import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CardOptionsInput } from '@yj/contracts';
import { acardApi, acardKeys } from './acard.api';

export const cardDesignQuery = (subjectId: number, templateId: number | null) =>
  queryOptions({
    queryKey: acardKeys.design(subjectId, templateId),
    queryFn: () => acardApi.design(subjectId, templateId),
    // the screen shows its own failure (无权限, 题目未录入…)
    meta: { silent: true },
    staleTime: 0,
  });

export const cardListQuery = (subjectId: number) =>
  queryOptions({
    queryKey: acardKeys.list(subjectId),
    queryFn: () => acardApi.list(subjectId),
    meta: { silent: true },
  });

/** The preview of one set of options; the last pages stay on screen while the next ones are laid out. */
export const cardPreviewQuery = (subjectId: number, key: string, body: CardOptionsInput) =>
  queryOptions({
    queryKey: acardKeys.preview(subjectId, key),
    queryFn: ({ signal }) => acardApi.preview(subjectId, body, signal),
    placeholderData: keepPreviousData,
    meta: { silent: true },
    staleTime: 5 * 60_000,
    retry: false,
  });
