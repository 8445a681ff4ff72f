import { Alert } from 'antd';
import { isRecord } from '../../api/errors';
import { failureText } from '../exam-admin/QueryFailed';

/** The field messages of a refused save (参数错误 lists), if any. */
function fieldMessages(error: unknown): string[] {
  if (!isRecord(error) || !Array.isArray(error.data)) return [];
  return error.data.flatMap((x) => (isRecord(x) && typeof x.message === 'string' ? [x.message] : []));
}

/** A refused save, in the server's own Chinese words, shown where the user pressed 保存. */
export function SaveFailed({ error, title = '保存未成功' }: { error: unknown; title?: string }) {
  if (!error) return null;
  const fields = [...new Set(fieldMessages(error))];
  return (
    <Alert
      type="error"
      showIcon
      data-testid="save-error"
      title={`${title}：${failureText(error)}`}
      description={fields.length > 1 ? fields.join('；') : undefined}
    />
  );
}
