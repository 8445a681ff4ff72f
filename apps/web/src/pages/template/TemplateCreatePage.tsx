import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TemplateBuilder } from '../../features/template/TemplateBuilder';

/** /book/subject/:subjectId/template/create */
export function Component() {
  return (
    <SubjectLoader subjectId={useRouteId('subjectId')}>
      {(b) => <TemplateBuilder bundle={b} existing={null} />}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
