import type { EnvFlag } from '@yj/contracts';
import dayjs from 'dayjs';

const when = (iso: string, now: dayjs.Dayjs): string => {
  const t = dayjs(iso);
  return t.isSame(now, 'day') ? t.format('HH:mm') : t.format('M月D日 HH:mm');
};

/** What the banner says of 系统维护: what is paused, and since / until when. */
export function envFlagText(flag: EnvFlag, now = dayjs()): { what: string; time: string } {
  const what = flag.readOnly ? '维护期间可以查看，暂不能保存或提交' : '维护期间暂停使用';
  const since = `${when(flag.since, now)} 开始`;
  if (!flag.until) return { what, time: since };
  const overrun = dayjs(flag.until).isBefore(now);
  return {
    what,
    time: overrun
      ? `${since}，原定 ${when(flag.until, now)} 结束，仍在进行，请稍候`
      : `${since}，预计 ${when(flag.until, now)} 结束`,
  };
}
