import { z } from 'zod';
import { int, intParam, text } from './fields';

// The page-static monitor and click tracking (spec §9 "POST page-static monitor", "a click-tracking directive posts
// analytic events with schoolType", and "debounced at 15 ms"): what screens are opened and which marked controls
// are clicked, counted per day, page and school type. No personal content: a page is its route pattern (never an
// id), a control is a key written in the code (never the text on it), and no user is stored.

/** How long the counts are kept (days); older days are removed. */
export const MONITOR_KEEP_DAYS = 180;
/** Events in one POST at most (the web batches them). */
export const MONITOR_BATCH_MAX = 50;
/** Distinct (kind, page, control, school type) counters one day may hold; past it only known ones still count. */
export const MONITOR_KEYS_PER_DAY = 5_000;

/**
 * A route pattern: `/book/subject/:subjectId/answerCard`. A segment all of digits (an id) is refused, so a page
 * path with ids in it never reaches the store.
 */
export const monitorPage = text()
  .max(120)
  .regex(/^(\/(?![0-9]+(?:\/|$))[A-Za-z0-9_:.-]{1,40}){1,12}$/, '页面须是路由模式，不能含编号');

/** The key of a marked control, as the code names it (`export.create`): never its text. */
export const monitorControl = text()
  .max(64)
  .regex(/^[a-z][a-zA-Z0-9_.-]{0,63}$/, '控件标识无效');

export const monitorEvent = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('view'), page: monitorPage }),
  z.object({ kind: z.literal('click'), page: monitorPage, control: monitorControl }),
]);
export type MonitorEvent = z.infer<typeof monitorEvent>;

/** POST /api/monitor/page-static: a batch of events; the server stamps the day and the school type. */
export const monitorBatch = z.object({ events: z.array(monitorEvent).min(1).max(MONITOR_BATCH_MAX) });
export type MonitorBatch = z.infer<typeof monitorBatch>;

/** What the server kept of a batch (events past the day's bound on new counters are dropped). */
export const monitorAccepted = z.object({ accepted: z.number() });

/**
 * The school type (`school.school_type`) events carry, as the system administrator reads it. -1: a person of no
 * school (the system's or a bureau's administrator).
 */
export const SCHOOL_TYPE_LABELS: Record<number, string> = {
  [-1]: '无学校（系统 / 教育局）',
  0: '未设置类型',
  1: '小学',
  2: '初中',
  3: '高中',
  4: '完全中学',
  5: '九年一贯制',
  6: '十二年一贯制',
  7: '职业学校',
};
export const schoolTypeLabel = (t: number): string => SCHOOL_TYPE_LABELS[t] ?? `学校类型 ${t}`;

/** GET /api/monitor/summary */
export const monitorSummaryQuery = z.object({
  days: intParam(1, MONITOR_KEEP_DAYS).default(7),
  /** one school type only (absent: all) */
  schoolType: intParam(-1, 99).optional(),
});
export type MonitorSummaryQuery = z.infer<typeof monitorSummaryQuery>;

export const monitorSummary = z.object({
  /** the days covered, oldest first (YYYY-MM-DD, server time) */
  days: z.array(z.string()),
  /** page views per page: per day (aligned with `days`) and in all, most viewed first */
  views: z.array(z.object({ page: z.string(), total: z.number(), perDay: z.array(z.number()) })),
  /** the most clicked marked controls */
  clicks: z.array(z.object({ control: z.string(), page: z.string(), count: z.number() })),
  /** per school type: views, clicks */
  schoolTypes: z.array(z.object({ schoolType: int(-1, 99), views: z.number(), clicks: z.number() })),
});
export type MonitorSummary = z.infer<typeof monitorSummary>;
