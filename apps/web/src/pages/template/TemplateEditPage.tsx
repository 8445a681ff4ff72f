import { useSearchParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TemplateEditLoader } from '../../features/template/TemplateEditLoader';

/** /book/subject/:subjectId/template/edit?templateId= */
export function Component() {
  const templateId = parseId(useSearchParams()[0].get('templateId') ?? undefined);
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>
      {(b) => <TemplateEditLoader bundle={b} templateId={templateId} />}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
