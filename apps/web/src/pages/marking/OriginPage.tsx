import { Result } from 'antd';
import { useSearchParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { OriginView } from '../../features/marking/OriginView';

export const handle = { wide: true };

/** /book/originPicAndAnswer?taskId= (opened in a tab of its own from the marking screen) */
export function Component() {
  const taskId = parseId(useSearchParams()[0].get('taskId') ?? undefined);
  if (!taskId)
    return <Result status="warning" title="地址无效" subTitle="请从阅卷界面的“查看原卷及答案”进入。" />;
  return <OriginView key={taskId} taskId={taskId} />;
}
