import type { Principal, ServiceLinks, ServiceLinksUpdate, SysNotice, SysNoticeUpdate } from '@yj/contracts';
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
  const allLinks = async (db: Db): Promise<ServiceLinks> => {
    const rows = await d.repo(db).serviceLinks();
    const of = (kind: string) => rows.find((r) => r.kind === kind)?.url ?? null;
    return { normal: of('normal'), vip: of('vip') };
  };
  return {
    /** 在线客服 as this person sees it: VIP for administrators of a school or a bureau and the system's own. */
    async serviceLinks(p: Principal): Promise<ServiceLinks> {
      const links = await allLinks(d.db);
      const vip = p.isAdmin || p.schoolAdminOf.length > 0 || (p.bureaus?.length ?? 0) > 0;
      return vip ? links : { ...links, vip: null };
    },
    /** Both links, for the system administrator's editor. */
    editServiceLinks: (): Promise<ServiceLinks> => allLinks(d.db),
    async saveServiceLinks(input: ServiceLinksUpdate, userId: number): Promise<ServiceLinks> {
      return d.db.transaction(async (tx) => {
        const before = await allLinks(tx);
        await d.repo(tx).setServiceLink('normal', input.normal, userId);
        await d.repo(tx).setServiceLink('vip', input.vip, userId);
        const after = await allLinks(tx);
        await d.audit.record(tx, { action: 'serviceLinks.update', userId, detail: { before, after } });
        return after;
      });
    },
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
