import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { scanLogin } from '../../db/schema';

export type ScanLoginRow = typeof scanLogin.$inferSelect;

/** 扫码登录 requests: each state change is one conditional update, so two phones or two polls cannot both win. */
export function scanLoginRepo(db: Db) {
  const open = (id: number) =>
    and(
      eq(scanLogin.id, id),
      isNull(scanLogin.confirmedAt),
      isNull(scanLogin.cancelledAt),
      isNull(scanLogin.usedAt),
      gt(scanLogin.expiresAt, new Date()),
    );
  return {
    async insert(row: typeof scanLogin.$inferInsert): Promise<void> {
      await db.insert(scanLogin).values(row);
    },
    async findByCode(codeHash: string): Promise<ScanLoginRow | null> {
      const [row] = await db.select().from(scanLogin).where(eq(scanLogin.codeHash, codeHash));
      return row ?? null;
    },
    async findByTicket(ticketHash: string): Promise<ScanLoginRow | null> {
      const [row] = await db.select().from(scanLogin).where(eq(scanLogin.ticketHash, ticketHash));
      return row ?? null;
    },
    /** Confirmed by `userId` if still open; whether it was. */
    async confirm(id: number, userId: number): Promise<boolean> {
      const rows = await db
        .update(scanLogin)
        .set({ confirmedBy: userId, confirmedAt: new Date() })
        .where(open(id))
        .returning({ id: scanLogin.id });
      return rows.length > 0;
    },
    /** Turned down if still open; whether it was. */
    async cancel(id: number): Promise<boolean> {
      const rows = await db
        .update(scanLogin)
        .set({ cancelledAt: new Date() })
        .where(open(id))
        .returning({ id: scanLogin.id });
      return rows.length > 0;
    },
    /** The confirmed request used up (once, before it expires); the account that confirmed, else null. */
    async take(id: number): Promise<number | null> {
      const [row] = await db
        .update(scanLogin)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(scanLogin.id, id),
            isNotNull(scanLogin.confirmedAt),
            isNull(scanLogin.usedAt),
            gt(scanLogin.expiresAt, new Date()),
          ),
        )
        .returning({ userId: scanLogin.confirmedBy });
      return row?.userId ?? null;
    },
  };
}
export type ScanLoginRepo = ReturnType<typeof scanLoginRepo>;
