import dayjs from 'dayjs';

/** A moment as the leader screens show it; a dash when there is none. */
export const timeText = (iso: string | null | undefined): string =>
  iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '—';
