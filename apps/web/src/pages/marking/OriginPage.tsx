import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { OriginView } from '../../features/marking/OriginView';

export const handle = { wide: true };

/** /book/originPicAndAnswer?taskId=[&kind=trial] (opened in a tab of its own from the marking screen) */
export function Component() {
  const [query] = useSearchParams();
  const taskId = parseId(query.get('taskId') ?? undefined);
  const trial = query.get('kind') === 'trial';
  if (!taskId)
    return <Result status="warning" title="地址无效" subTitle="请从阅卷界面的“查看原卷及答案”进入。" />;
  return <OriginView key={`${trial}-${taskId}`} taskId={taskId} trial={trial} />;
}
