import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * useMutation where a call made while the same call (same variables) is running joins it instead of sending
 * again: a double click on 保存 or 新建 sends one request; a different call (another row) still goes. The Button's `loading` is not enough: the pending state reaches React only on the next render,
 * and a fast second click lands before it.
 */
export function useOneAtATime<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const m = useMutation(options);
  const running = useRef(new Map<string, Promise<TData>>());
  const { mutateAsync: inner } = m;
  const mutateAsync = useCallback(
    async (variables: TVariables, opts?: Parameters<typeof inner>[1]): Promise<TData> => {
      // A second call waits for the running one's answer instead of sending its own request.
      const key = JSON.stringify(variables) ?? '';
      const same = running.current.get(key);
      if (same) return same;
      const call = inner(variables, opts);
      running.current.set(key, call);
      try {
        return await call;
      } finally {
        running.current.delete(key);
      }
    },
    [inner],
  );
  const mutate = useCallback(
    (variables: TVariables, opts?: Parameters<typeof inner>[1]) => {
      // errors reach onError and the global handler; the floating promise must not reject unhandled
      mutateAsync(variables, opts).catch(() => undefined);
    },
    [mutateAsync],
  );
  return { ...m, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TContext>;
}
