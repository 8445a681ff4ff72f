import { useCallback, useRef, useState } from 'react';

/**
 * A busy flag for a hand-written async action (create, add) and a `run` that ignores a call while one is
 * running: a double click creates once. The ref answers at once; the state only shows the spinner.
 */
export function useExclusive(): { busy: boolean; run: (action: () => Promise<void>) => Promise<void> } {
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
