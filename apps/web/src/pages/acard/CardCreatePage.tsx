import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../app/query-client';
import { prefetchCardDesigner } from '../../features/acard/acard.queries';
import { CardDesigner } from '../../features/acard/CardDesigner';
import { preloadSubject } from '../../features/exam-admin/preload';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';

/** /book/subject/:subjectId/acard/template/create (?templateId= edits a saved card) */
export function Component() {
  return <SubjectLoader subjectId={useRouteId('subjectId')}>{(b) => <CardDesigner {...b} />}</SubjectLoader>;
}

/** The subject as on every subject screen; the card's design and first preview start at once beside it. */
export function loader(args: LoaderFunctionArgs): Promise<null> {
  const subjectId = parseId(args.params.subjectId);
  const templateId = parseId(new URL(args.request.url).searchParams.get('templateId') ?? undefined);
  if (subjectId !== null) prefetchCardDesigner(queryClient, subjectId, templateId);
  return preloadSubject(args);
}
