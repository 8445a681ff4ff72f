import type { LoaderFunctionArgs } from 'react-router';
import { softLoad } from '../../app/progress/loader-signal';
import { queryClient } from '../../app/query-client';
import { parseId } from '../../features/exam-admin/route-id';
import { reportQuery, reportSettingsQuery, reportSubjectsQuery } from '../../features/report/report.api';

/**
 * Route loader of report_forms/:examId, run beside the page's code being fetched: the subjects and the settings,
 * then the total's report when a subject is published. Opened the ordinary way, the subjects waited for the page's
 * code and a first render, and the report for the subjects after that (issue 31, point 12). The page's queries
 * pick up the same entries; a failure is the page's to show, from its own query.
 */
export async function preloadReport({ params }: LoaderFunctionArgs): Promise<null> {
  const examId = parseId(params.examId);
  if (examId === null) return null;
  await softLoad(
    Promise.all([
      queryClient
        .ensureQueryData(reportSubjectsQuery(examId))
        .then((s) =>
          s.subjects.some((x) => x.published) ? queryClient.ensureQueryData(reportQuery(examId, null)) : null,
        ),
      queryClient.ensureQueryData(reportSettingsQuery(examId)),
    ]),
  );
  return null;
}
