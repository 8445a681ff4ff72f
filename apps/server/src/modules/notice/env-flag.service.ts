import type { EnvFlag, EnvFlagAnswer, EnvFlagUpdate } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { noticeRepo } from './notice.repo';

/** How often a server reads the flag again: another instance (or a restore) may have changed it. */
export const ENV_FLAG_REFRESH_MS = 5_000;

type Row = NonNullable<Awaited<ReturnType<ReturnType<typeof noticeRepo>['latestEnvFlag']>>>;

const toFlag = (row: Row | null): EnvFlag | null =>
  row && !row.clearedAt
    ? {
        message: row.message,
        until: row.until ? row.until.toISOString() : null,
        readOnly: row.readOnly,
        since: row.setAt.toISOString(),
      }
    : null;

/**
 * 系统维护 (packages/contracts env-flag.ts): the flag the system administrator sets, kept in memory so that the
 * check on every request costs no statement. It is read at start, again every few seconds in the background
 * (`refresh`), and at once after this server sets or clears it.
 */
export function envFlagService(d: { db: Db; repo: typeof noticeRepo; audit: AuditService }) {
  let current: EnvFlag | null = null;
  const answer = (f: EnvFlag | null): EnvFlagAnswer => f ?? {};
  return {
    /** The flag in force as this server last read it (null: none). */
    current: (): EnvFlag | null => current,
    answer: (): EnvFlagAnswer => answer(current),
    async refresh(): Promise<EnvFlag | null> {
      current = toFlag(await d.repo(d.db).latestEnvFlag());
      return current;
    },
    async set(input: EnvFlagUpdate, userId: number): Promise<EnvFlagAnswer> {
      const until = input.until ? new Date(input.until) : null;
      if (until && until.getTime() <= Date.now()) throw fail('envFlagUntilPast');
      const row = await d.db.transaction(async (tx) => {
        const before = toFlag(await d.repo(tx).latestEnvFlag());
        // the one in force is closed first: the newest row is then the only one without cleared_at
        await d.repo(tx).clearEnvFlag(userId);
        const inserted = await d.repo(tx).insertEnvFlag({ ...input, until, setBy: userId });
        await d.audit.record(tx, {
          action: 'envFlag.set',
          userId,
          detail: { before, after: { message: input.message, until: input.until, readOnly: input.readOnly } },
        });
        return inserted;
      });
      current = toFlag(row);
      return answer(current);
    },
    async clear(userId: number): Promise<EnvFlagAnswer> {
      await d.db.transaction(async (tx) => {
        const before = toFlag(await d.repo(tx).latestEnvFlag());
        if ((await d.repo(tx).clearEnvFlag(userId)) === 0) return;
        await d.audit.record(tx, { action: 'envFlag.clear', userId, detail: { before, after: null } });
      });
      current = null;
      return answer(current);
    },
  };
}
export type EnvFlagService = ReturnType<typeof envFlagService>;
