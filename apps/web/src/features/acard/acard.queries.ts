import { keepPreviousData, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CardOptionsInput } from '@yj/contracts';
import { acardApi, acardKeys } from './acard.api';
import { bodyKey } from './card-form';

export const cardDesignQuery = (subjectId: number, templateId: number | null) =>
  queryOptions({
    queryKey: acardKeys.design(subjectId, templateId),
    queryFn: () => acardApi.design(subjectId, templateId),
    // the screen shows its own failure (无权限, 题目未录入…)
    meta: { silent: true },
    // fresh for the open that fetched it (the route loader starts it); any later visit reads it again
    staleTime: 5_000,
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

/**
 * Starts the designer's two reads as soon as its address is known, beside the subject's: the design, and the
 * preview of its options the moment the design arrives. Opened the ordinary way, the design waited for the
 * subject, its exam and a first render, and the preview for the form's render after that (issue 12: ≈ 3.7 s to
 * open). The screen's own queries pick up the same entries (same keys), so nothing is fetched twice.
 */
export function prefetchCardDesigner(qc: QueryClient, subjectId: number, templateId: number | null): void {
  void qc
    .fetchQuery(cardDesignQuery(subjectId, templateId))
    .then((design) => {
      const key = bodyKey(design.options);
      return qc.prefetchQuery(cardPreviewQuery(subjectId, key, JSON.parse(key) as CardOptionsInput));
    })
    // a failure is the screen's to show, from its own query
    .catch(() => undefined);
}
