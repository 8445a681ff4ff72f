import type { SitView } from '@yj/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { failureOf } from '../../api/errors';
import { AnswerQueue, localAnswerStore, type QueueStatus, type SendOutcome } from './answer-queue';
import { onlineApi } from './online.api';

const CLOSED = new Set(['onlineTimeUp', 'onlineNotFound', 'onlineNotStarted', 'onlineNotExaminee']);
/** Typing waits this long after the last key before it is sent (a choice goes at once). */
const TYPING_MS = 800;
/** Held answers are tried again this often while the network is down. */
const RETRY_MS = 5000;

/**
 * A student's answers while sitting (issue 34): held on the device at every change, sent by question as
 * they change, resent on reconnection; the page shows the status the queue reports.
 */
export function useSitting(view: SitView | undefined, userKey: string) {
  const subjectId = view?.subjectId ?? 0;
  const [values, setValues] = useState<Record<string, string>>({});
  const [status, setStatus] = useState<{ s: QueueStatus; unsent: number }>({ s: 'saved', unsent: 0 });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const queue = useMemo(() => {
    if (!subjectId) return null;
    const send = async (no: string, a: { value: string; rev: number }): Promise<SendOutcome> => {
      try {
        const r = await onlineApi.answer(subjectId, { no, value: a.value, rev: a.rev });
        return { kind: 'saved', rev: r.rev };
      } catch (e) {
        const kind = failureOf(e);
        if (kind && CLOSED.has(kind)) return { kind: 'closed' };
        // a refusal of this one answer (never sent by this screen) must not hold up the others
        if (kind) return { kind: 'saved', rev: a.rev };
        return { kind: 'retry' };
      }
    };
    return new AnswerQueue(localAnswerStore(`online:${userKey}:${subjectId}`), send, (s, unsent) =>
      setStatus({ s, unsent }),
    );
  }, [subjectId, userKey]);

  const inProgress = view?.state === 'inProgress';
  // the server's answers with the unsent ones held on this device, once per opened attempt (resume is
  // idempotent: a second render merges the same answers again)
  const attemptKey = view ? `${subjectId}:${view.state}:${view.deadline}` : '';
  const [resumed, setResumed] = useState('');
  if (queue && view && resumed !== attemptKey) {
    setResumed(attemptKey);
    setValues(queue.resume(view.answers));
  }
  useEffect(() => {
    if (queue && inProgress && resumed) void queue.flush();
  }, [queue, inProgress, resumed]);

  useEffect(() => {
    if (!queue || !inProgress) return;
    const again = () => void queue.flush();
    window.addEventListener('online', again);
    const every = setInterval(() => {
      if (queue.unsent()) again();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', again);
      clearInterval(every);
    };
  }, [queue, inProgress]);

  const change = useCallback(
    (no: string, value: string, typed: boolean) => {
      if (!queue) return;
      setValues((v) => ({ ...v, [no]: value }));
      queue.set(no, value);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void queue.flush(), typed ? TYPING_MS : 0);
    },
    [queue],
  );

  /** Everything held sent before 交卷 (what cannot be sent stays on the device). */
  const flushNow = useCallback(async () => {
    clearTimeout(timer.current);
    return queue ? queue.flush() : 'saved';
  }, [queue]);

  return { values, change, status, flushNow };
}
