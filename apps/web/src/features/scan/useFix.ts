import { useOneAtATime } from '../../app/useOneAtATime';
import type { ScanFixResult } from '@yj/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { scanKeys } from './scan.queries';

/** A fix call: on success the counts, lists and details of the subject are read again. */
export function useFix<V>(
  subjectId: number,
  run: (v: V) => Promise<ScanFixResult>,
  /** what the person is told once it is done (from the answer, where it counts something) */
  done: string | ((r: ScanFixResult) => string) = '已处理',
  /** the caller shows the failure itself */
  silent = false,
) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useOneAtATime({
    mutationFn: run,
    meta: { silent },
    onSuccess: async (r) => {
      const said = typeof done === 'string' ? done : done(r);
      message.success(r.queued ? `${said}，正在重新识别` : said);
      await qc.invalidateQueries({ queryKey: scanKeys.subject(subjectId) });
    },
  });
}
