import { useSearchParams } from 'react-router';
import { parseId, useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TemplateEditLoader } from '../../features/template/TemplateEditLoader';

/** /book/subject/:subjectId/template/edit?templateId= */
export function Component() {
  const templateId = parseId(useSearchParams()[0].get('templateId') ?? undefined);
  return (
    <SubjectLoader
      subjectId={useRouteId('subjectId')}
      need={{ flag: 'editSetting', refused: '你没有修改本科目设置的权限，不能制作或修改答题卡模板' }}
    >
      {(b) => <TemplateEditLoader bundle={b} templateId={templateId} />}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
