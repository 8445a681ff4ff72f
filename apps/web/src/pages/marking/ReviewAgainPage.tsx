import { Result } from 'antd';
import { useParams } from 'react-router';
import { parseId } from '../../features/exam-admin/route-id';
import { ReviewAgainView } from '../../features/marking/ReviewAgainView';

/** /book/review/again/:blockId */
export function Component() {
  const blockId = parseId(useParams().blockId);
  if (!blockId) return <Result status="warning" title="地址无效" />;
  return <ReviewAgainView key={blockId} blockId={blockId} />;
}
