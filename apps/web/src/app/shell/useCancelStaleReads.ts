import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

const IN_PATH = /\/(exam|subject|report_forms|staffInformation|schoolExamineeProgress|jointExam)\/(\d+)/;

/** The exam or subject a page is about (`subject:3`), from its path or its ?examId= / ?subjectId=; '' for none. */
export function scopeOf(pathname: string, search: string): string {
  const q = new URLSearchParams(search);
  const id = q.get('subjectId') ?? q.get('examId');
  if (id) return `${q.get('subjectId') ? 'subject' : 'exam'}:${id}`;
  const m = IN_PATH.exec(pathname);
  return m ? `${m[1] === 'subject' ? 'subject' : 'exam'}:${m[2]}` : '';
}

/**
 * Cancels the reads still in flight that no screen shows any more (spec §7: switching exam or subject cancels
 * the pending calls). A query's calls are aborted with it (query-client.ts); those of a shown query and every
 * write go on. The new page's own queries are watched by then (its components subscribed before this effect).
 */
export function cancelStaleReads(qc: QueryClient): Promise<void> {
  return qc.cancelQueries({
    predicate: (q) => q.getObserversCount() === 0 && q.state.fetchStatus === 'fetching',
  });
}

/** In the shell: when the page's exam or subject changes, the reads of the one left are cancelled. */
export function useCancelStaleReads(): void {
  const qc = useQueryClient();
  const { pathname, search } = useLocation();
  const scope = scopeOf(pathname, search);
  const last = useRef(scope);
  useEffect(() => {
    if (last.current === scope) return;
    last.current = scope;
    void cancelStaleReads(qc);
  }, [qc, scope]);
}
