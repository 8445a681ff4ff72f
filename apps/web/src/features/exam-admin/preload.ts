import type { LoaderFunctionArgs } from 'react-router';
import { softLoad } from '../../app/progress/loader-signal';
import { queryClient } from '../../app/query-client';
import { examDetailQuery, permissionQuery, subjectDetailQuery } from './exam-admin.queries';
import { parseId } from './route-id';

async function loadExam(examId: number | null): Promise<null> {
  if (examId !== null) await softLoad(queryClient.ensureQueryData(examDetailQuery(examId)));
  return null;
}

/** Route loader of the exam screens: the exam arrives while the progress bar runs (spec §4). */
export function preloadExam({ params }: LoaderFunctionArgs): Promise<null> {
  return loadExam(parseId(params.examId));
}

/** The same for screens that take the exam as `?examId=` (exam/permission/setting). */
export function preloadExamFromQuery({ request }: LoaderFunctionArgs): Promise<null> {
  return loadExam(parseId(new URL(request.url).searchParams.get('examId') ?? undefined));
}

/** Route loader of the subject screens: the subject, the user's permission on it, then its exam. */
export async function preloadSubject({ params }: LoaderFunctionArgs): Promise<null> {
  const subjectId = parseId(params.subjectId);
  if (subjectId === null) return null;
  await softLoad(
    Promise.all([
      queryClient
        .ensureQueryData(subjectDetailQuery(subjectId))
        .then((s) => queryClient.ensureQueryData(examDetailQuery(s.subjectInfo.examId))),
      queryClient.ensureQueryData(permissionQuery(subjectId)),
    ]),
  );
  return null;
}
