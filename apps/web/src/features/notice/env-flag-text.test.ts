import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { envFlagText } from './env-flag-text';

const now = dayjs('2026-11-29T10:00:00');
const flag = (until: string | null, readOnly = true) => ({
  message: '系统升级维护中',
  readOnly,
  since: dayjs('2026-11-29T09:30:00').toISOString(),
  until: until ? dayjs(until).toISOString() : null,
});

describe('系统维护 banner text', () => {
  it('says what is paused, since when and the end announced', () => {
    expect(envFlagText(flag('2026-11-29T12:00:00'), now)).toEqual({
      what: '维护期间可以查看，暂不能保存或提交',
      time: '09:30 开始，预计 12:00 结束',
    });
    expect(envFlagText(flag(null, false), now)).toEqual({ what: '维护期间暂停使用', time: '09:30 开始' });
  });
  it('names the day when it is not today, and says so when the end announced has passed', () => {
    expect(envFlagText(flag('2026-11-30T08:00:00'), now).time).toBe('09:30 开始，预计 11月30日 08:00 结束');
    expect(envFlagText(flag('2026-11-29T09:45:00'), now).time).toBe(
      '09:30 开始，原定 09:45 结束，仍在进行，请稍候',
    );
  });
});
