import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useOneAtATime } from '../../app/useOneAtATime';
import { leadKeys } from './lead.queries';

/** A leader's write: one call at a time, a success note, then the block's lists and counts read again. */
export function useLeadAction<V, R>(blockId: number, run: (v: V) => Promise<R>, done: (r: R) => string) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  return useOneAtATime({
    mutationFn: run,
    onSuccess: async (r: R) => {
      message.success(done(r));
      await qc.invalidateQueries({ queryKey: leadKeys.block(blockId) });
    },
  });
}
