import type { SysNotice, SysNoticeUpdate } from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { noticeRepo } from './notice.repo';

/** The system notice: every edit is a new row (history kept); an empty text means no notice. */
export function noticeService(d: { db: Db; repo: typeof noticeRepo; audit: AuditService }) {
  const toDto = (row: { text: string; maxAge: number; updatedAt: Date }): SysNotice => ({
    text: row.text,
    maxAge: row.maxAge,
    updatedAt: row.updatedAt.toISOString(),
  });
  return {
    async current(): Promise<SysNotice | null> {
      const row = await d.repo(d.db).latest();
      return row && row.text ? toDto(row) : null;
    },
    async update(input: SysNoticeUpdate, userId: number): Promise<SysNotice | null> {
      return d.db.transaction(async (tx) => {
        const before = await d.repo(tx).latest();
        const row = await d.repo(tx).insert(input.text, input.maxAge, userId);
        await d.audit.record(tx, {
          action: 'notice.update',
          userId,
          detail: { before: before ? { text: before.text, maxAge: before.maxAge } : null, after: input },
        });
        return row.text ? toDto(row) : null;
      });
    },
  };
}
export type NoticeService = ReturnType<typeof noticeService>;
