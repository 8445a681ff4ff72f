import type { SitterState } from '@yj/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { onlineApi } from './online.api';

const SIZE = 20;

/**
 * A page of a subject's sitters as a card lists them (考生作答情况, 补考): the card's filter, the 姓名或考号
 * search and the page, read again every 30 s. `key` tells the cards' lists apart in the cache; a write of one
 * invalidates ['online', 'sitters', subjectId], both.
 */
export function useSitters(
  subjectId: number,
  key: string[],
  filter: { state?: SitterState; makeup?: '1'; unscanned?: '1' },
) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = { ...filter, ...(q ? { q } : {}), page, size: SIZE };
  const list = useQuery({
    queryKey: ['online', 'sitters', subjectId, ...key, query],
    queryFn: () => onlineApi.sitters(subjectId, query),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  return {
    list,
    page,
    size: SIZE,
    setPage,
    /** a new search starts at page 1 */
    search: (v: string) => {
      setQ(v);
      setPage(1);
    },
  };
}
export type Sitters = ReturnType<typeof useSitters>;
