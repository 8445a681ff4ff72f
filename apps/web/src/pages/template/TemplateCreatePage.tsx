import { useRouteId } from '../../features/exam-admin/route-id';
import { SubjectLoader } from '../../features/exam-admin/SubjectLoader';
import { TemplateBuilder } from '../../features/template/TemplateBuilder';

/** /book/subject/:subjectId/template/create */
export function Component() {
  return (
    <SubjectLoader
      subjectId={useRouteId('subjectId')}
      need={{ flag: 'editSetting', refused: '你没有修改本科目设置的权限，不能制作或修改答题卡模板' }}
    >
      {(b) => <TemplateBuilder bundle={b} existing={null} />}
    </SubjectLoader>
  );
}

export { preloadSubject as loader } from '../../features/exam-admin/preload';
