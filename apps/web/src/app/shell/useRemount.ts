import { useCallback, useEffect, useState } from 'react';

/**
 * [mounted, remount]: remount() takes the view out and puts it back on the next frame, so React
 * drops its state and its queries run again (spec §2 "reload by briefly removing and re-adding").
 */
export function useRemount(): [boolean, () => void] {
  const [mounted, setMounted] = useState(true);
  const remount = useCallback(() => setMounted(false), []);
  useEffect(() => {
    if (mounted) return;
    const id = requestAnimationFrame(() => setMounted(true));
    return () => cancelAnimationFrame(id);
  }, [mounted]);
  return [mounted, remount];
}
