import { createContext, useContext } from 'react';

/** Reloads the routed view by unmounting and remounting it (spec §2); its queries refetch on mount. */
export const ReloadViewContext = createContext<() => void>(() => undefined);

export function useReloadView(): () => void {
  return useContext(ReloadViewContext);
}
