import { isRecord } from '../../api/errors';
import { failureText } from '../exam-admin/QueryFailed';

/** The server's reasons a save failed, in its own Chinese words (field errors joined). */
export function saveErrorText(error: unknown): string {
  const env = isRecord(error) && isRecord(error.data) && !('message' in error) ? error.data : error;
  if (isRecord(env) && Array.isArray(env.data)) {
    const texts = env.data
      .map((x: unknown) => (isRecord(x) && typeof x.message === 'string' ? x.message : null))
      .filter((x): x is string => !!x);
    if (texts.length) return texts.join('；');
  }
  return failureText(error);
}
