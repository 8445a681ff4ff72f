import { redirect, type LoaderFunctionArgs } from 'react-router';
import { DtkView } from '../../features/acard/DtkView';
import { parseId } from '../../features/exam-admin/route-id';

/** /book/dtk: the answer-card tool; `?subjectId=` opens that subject's designer directly. */
export function Component() {
  return <DtkView />;
}

export function loader({ request }: LoaderFunctionArgs) {
  const subjectId = parseId(new URL(request.url).searchParams.get('subjectId') ?? undefined);
  return subjectId === null ? null : redirect(`/book/subject/${subjectId}/acard/template/create`);
}
