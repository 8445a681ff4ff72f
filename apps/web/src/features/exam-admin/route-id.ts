import { useParams } from 'react-router';

/** A positive integer route parameter, or null when the address is malformed. */
export function parseId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

export function useRouteId(name: 'examId' | 'subjectId'): number | null {
  return parseId(useParams()[name]);
}
