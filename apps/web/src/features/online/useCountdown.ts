import { useEffect, useState } from 'react';

/** Milliseconds left until `deadline` by the server's clock (`serverNow` when read), ticking each second. */
export function useCountdown(deadline: string | null, serverNow: string | undefined): number | null {
  const [now, setNow] = useState(() => Date.now());
  const [offset] = useState(() => (serverNow ? new Date(serverNow).getTime() - Date.now() : 0));
  useEffect(() => {
    if (!deadline) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [deadline]);
  if (!deadline) return null;
  return Math.max(0, new Date(deadline).getTime() - (now + offset));
}

/** 12:05 or 1:02:05. */
export function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${pad(m)}:${pad(s % 60)}`;
}
