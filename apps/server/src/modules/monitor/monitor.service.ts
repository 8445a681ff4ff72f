import {
  MONITOR_KEEP_DAYS,
  MONITOR_KEYS_PER_DAY,
  type MonitorBatch,
  type MonitorSummary,
  type MonitorSummaryQuery,
} from '@yj/contracts';
import type { Db } from '../../infra/db';
import type { MonitorRepo, StatKey } from './monitor.repo';

/** Pages the summary lists at most, most viewed first; controls likewise. */
const TOP_PAGES = 50;
const TOP_CONTROLS = 20;
/** School types remembered per school (a school's type is edited rarely); past this many schools, forgotten. */
const SCHOOL_CACHE = 5_000;

const keyOf = (k: StatKey) => `${k.kind}|${k.page}|${k.control}|${k.schoolType}`;

/**
 * The page-static monitor (spec §9): page views and clicks on marked controls, counted per day, page, control
 * and school type. The school type is the signed-in person's school's, stamped here (the web cannot claim
 * another); nobody is stored. A day holds at most MONITOR_KEYS_PER_DAY counters: past it only the counters the
 * day already has still count, so a client inventing pages cannot grow the table.
 */
export function monitorService(d: { db: Db; repo: (db: Db) => MonitorRepo }) {
  const repo = d.repo(d.db);
  const types = new Map<number, number>();
  let prunedOn = '';

  async function schoolTypeOf(schoolId: number | null): Promise<number> {
    if (schoolId === null) return -1;
    const known = types.get(schoolId);
    if (known !== undefined) return known;
    const t = (await repo.schoolType(schoolId)) ?? -1;
    if (types.size >= SCHOOL_CACHE) types.clear();
    types.set(schoolId, t);
    return t;
  }

  return {
    /** Counts a batch of events for the person's current school; answers how many were kept. */
    async collect(batch: MonitorBatch, schoolId: number | null): Promise<{ accepted: number }> {
      const schoolType = await schoolTypeOf(schoolId);
      const counts = new Map<string, StatKey & { count: number }>();
      for (const e of batch.events) {
        const k: StatKey = {
          kind: e.kind,
          page: e.page,
          control: e.kind === 'click' ? e.control : '',
          schoolType,
        };
        const c = counts.get(keyOf(k));
        if (c) c.count++;
        else counts.set(keyOf(k), { ...k, count: 1 });
      }
      const accepted = await d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const { known, total } = await r.today([...counts.values()]);
        let room = MONITOR_KEYS_PER_DAY - total;
        const kept = [...counts.values()].filter((c) => known.has(keyOf(c)) || room-- > 0);
        await r.add(kept);
        return kept.reduce((n, c) => n + c.count, 0);
      });
      // the old days go once a day per process
      const today = new Date().toISOString().slice(0, 10);
      if (prunedOn !== today) {
        prunedOn = today;
        await repo.prune(MONITOR_KEEP_DAYS);
      }
      return { accepted };
    },

    /** Page views per page and day, the most clicked controls, and both per school type. */
    async summary(q: MonitorSummaryQuery): Promise<MonitorSummary> {
      const days = await repo.days(q.days);
      const from = days[0]!;
      const type = q.schoolType ?? null;
      const [views, clicks, schoolTypes] = await Promise.all([
        repo.views(from, type),
        repo.clicks(from, type, TOP_CONTROLS),
        repo.schoolTypes(from),
      ]);
      const index = new Map(days.map((day, i) => [day, i]));
      const pages = new Map<string, { page: string; total: number; perDay: number[] }>();
      for (const v of views) {
        let p = pages.get(v.page);
        if (!p) pages.set(v.page, (p = { page: v.page, total: 0, perDay: days.map(() => 0) }));
        const i = index.get(v.day);
        if (i === undefined) continue;
        p.perDay[i]! += v.n;
        p.total += v.n;
      }
      return {
        days,
        views: [...pages.values()]
          .sort((a, b) => b.total - a.total || a.page.localeCompare(b.page))
          .slice(0, TOP_PAGES),
        clicks,
        schoolTypes: schoolTypes.map((s) => ({ ...s, schoolType: Number(s.schoolType) })),
      };
    },
  };
}
export type MonitorService = ReturnType<typeof monitorService>;
