import type {
  BlockMonitor,
  BlockMonitorDetail,
  DoubleFigures,
  ExamMonitor,
  MarkerProgress,
  Principal,
  ProgressFigures,
  SchoolProgress,
  SubjectMonitor,
  UniteProgress,
} from '@yj/contracts';
import { arbitrationRate, doneShare, estimatedFinish, perHour } from '@yj/quality';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import { qualityAccess, type SubjectRow, type Watch } from './quality-access';
import type { BlockRow, MonitorSchool, QualityRepoOf } from './quality.repo';

const RECENT_MINUTES = 10;
const RECENT_MS = RECENT_MINUTES * 60_000;
// the overall speed spans the first to the last submit: a span shorter than a minute (a marker's first few
// papers) would give thousands of papers an hour, so it counts as one minute
const MIN_SPAN_MS = 60_000;
const ms = (v: Date | string) => new Date(v).getTime();

/** What progress sums from: marks given and to give, recent marks, the span of submits. */
interface Tally {
  done: number;
  total: number;
  recent: number | null;
  first: number | null;
  last: number | null;
}
const empty = (): Tally => ({ done: 0, total: 0, recent: 0, first: null, last: null });

function add(a: Tally, b: Partial<Tally>): Tally {
  return {
    done: a.done + (b.done ?? 0),
    total: a.total + (b.total ?? 0),
    recent: a.recent === null || b.recent === null ? null : a.recent + (b.recent ?? 0),
    first: b.first == null ? a.first : a.first === null ? b.first : Math.min(a.first, b.first),
    last: b.last == null ? a.last : a.last === null ? b.last : Math.max(a.last, b.last),
  };
}

function figures(t: Tally, now: number): ProgressFigures {
  const recentPerHour = t.recent === null ? null : perHour(t.recent, RECENT_MS);
  const overallPerHour =
    t.first !== null && t.last !== null ? perHour(t.done, Math.max(t.last - t.first, MIN_SPAN_MS)) : null;
  const eta = estimatedFinish(t.total - t.done, recentPerHour, overallPerHour, now);
  return {
    done: t.done,
    total: t.total,
    share: doneShare(t.done, t.total),
    recentPerHour: recentPerHour ?? 0,
    overallPerHour,
    estimatedFinish: eta === null ? null : new Date(eta).toISOString(),
  };
}

/**
 * The one progress of blocks (the marking module's port, marking-progress.repo): papers with a final score out
 * of papers to mark, narrowed to a school (null: all).
 */
export type PaperProgress = (
  blockIds: readonly number[],
  school: MonitorSchool,
) => Promise<Array<{ blockId: number; papers: number; decided: number }>>;

/** A block's, subject's or exam's done / total as papers (issue 29): the figures every progress screen shows. */
const paperFigures = (decided: number, papers: number) => ({
  done: decided,
  total: papers,
  share: doneShare(decided, papers),
});

/**
 * Progress of review/progress/all, all_review_progress_all, uniteProgress and overview/block/{blockId}. A block's,
 * subject's and exam's done / total are papers with a final score / papers to mark (`papers`, the marking
 * module's one definition); the speeds and the estimated finish count marks, as the markers give them.
 */
export function qualityProgress(d: { db: Db; repo: QualityRepoOf; papers: PaperProgress }) {
  const access = qualityAccess(d.repo(d.db));
  const repo = () => d.repo(d.db);

  /** Counters of the watched blocks, grouped by the school each is narrowed to (one read per school). */
  async function load(blocks: BlockRow[], watch: Watch) {
    const bySchool = new Map<MonitorSchool, number[]>();
    for (const b of blocks)
      if (watch.has(b.id)) bySchool.set(watch.get(b.id)!, [...(bySchool.get(watch.get(b.id)!) ?? []), b.id]);
    const ids = [...watch.keys()];
    const [parts, recent, pairs, flags] = await Promise.all([
      Promise.all(
        [...bySchool].map(async ([s, bs]) => ({
          t: await repo().totals(bs, s),
          m: await repo().marks(bs, s),
          p: await d.papers(bs, s),
        })),
      ),
      ids.length ? repo().recent(ids, RECENT_MINUTES) : [],
      ids.length ? repo().pairs(ids) : [],
      ids.length ? repo().flags(ids) : [],
    ]);
    return {
      totals: parts.flatMap((p) => p.t),
      marks: parts.flatMap((p) => p.m),
      papers: parts.flatMap((p) => p.p),
      recent,
      pairs,
      flags,
      narrowed: [...bySchool.keys()].some((s) => s !== null),
    };
  }
  type Loaded = Awaited<ReturnType<typeof load>>;

  function blockMonitor(
    b: BlockRow,
    l: Loaded,
    now: number,
  ): BlockMonitor & { marks: { done: number; total: number } } {
    const tot = l.totals.filter((t) => t.block_id === b.id);
    let t = empty();
    t.total = tot.reduce((a, x) => a + x.tasks, 0);
    for (const m of l.marks.filter((x) => x.block_id === b.id))
      t = add(t, { done: m.done, first: ms(m.first_at), last: ms(m.last_at) });
    // the minute counters are per marker, not per school: a narrowed watcher gets no recent speed
    t.recent = l.narrowed ? null : l.recent.filter((r) => r.block_id === b.id).reduce((a, r) => a + r.n, 0);
    let double: DoubleFigures | null = null;
    if (b.mark_count === 2) {
      const ps = l.pairs.filter((p) => p.block_id === b.id);
      // each pair is counted in both markers' rows
      const pairs = ps.reduce((a, p) => a + p.pairs, 0) / 2;
      const agree = ps.reduce((a, p) => a + p.agree, 0) / 2;
      double = {
        pairs,
        agreement: pairs > 0 ? Math.round((agree / pairs) * 10000) / 10000 : null,
        arbitrationRate: arbitrationRate(pairs, pairs - agree),
        arbitrationDone: l.marks.filter((m) => m.block_id === b.id).reduce((a, m) => a + m.arb_done, 0),
        arbitrationTotal: tot.reduce((a, x) => a + x.arb, 0),
      };
    }
    const pp = l.papers.find((x) => x.blockId === b.id);
    return {
      blockId: b.id,
      blockName: b.name,
      subjectId: b.subject_id,
      markCount: b.mark_count,
      papers: pp?.papers ?? 0,
      double,
      flagged: l.flags.filter((f) => f.block_id === b.id && f.state === 1).length,
      ...figures(t, now),
      ...paperFigures(pp?.decided ?? 0, pp?.papers ?? 0),
      marks: { done: t.done, total: t.total },
    };
  }

  /** The subject's watched blocks and their progress. */
  async function subjectBlocks(p: Principal, s: SubjectRow, now: number) {
    const blocks = await repo().blocksOf([s.id]);
    const watch = await access.watch(
      p,
      s,
      blocks.map((b) => b.id),
    );
    const watched = blocks.filter((b) => watch.has(b.id));
    const l = await load(watched, watch);
    const out = watched.map((b) => blockMonitor(b, l, now));
    let t = empty();
    // marks for the speeds and the finish; papers for done / total
    for (const b of out) t = add(t, b.marks);
    const papers = { decided: 0, papers: 0 };
    for (const b of out) {
      papers.decided += b.done;
      papers.papers += b.total;
    }
    for (const m of l.marks) t = add(t, { first: ms(m.first_at), last: ms(m.last_at) });
    t.recent = l.narrowed ? null : l.recent.reduce((a, r) => a + r.n, 0);
    return {
      blocks: out.map(({ marks: _, ...b }) => b),
      watched: watch.size > 0,
      tally: t,
      papers,
      l,
      watchedBlocks: watched,
    };
  }

  /** One subject's blocks as the user watches them now; refused when the user watches none of them. */
  async function watchedSubject(subjectId: number, p: Principal) {
    const now = Date.now();
    const s = await access.subject(subjectId);
    const r = await subjectBlocks(p, s, now);
    if (!r.watched) throw fail('forbidden');
    return { now, s, r };
  }

  return {
    async subject(subjectId: number, p: Principal): Promise<SubjectMonitor> {
      const { now, s, r } = await watchedSubject(subjectId, p);
      return {
        subjectId: s.id,
        subjectName: s.name,
        examId: s.exam_id,
        blocks: r.blocks,
        ...figures(r.tally, now),
        ...paperFigures(r.papers.decided, r.papers.papers),
        at: new Date(now).toISOString(),
      };
    },

    async exam(examId: number, p: Principal): Promise<ExamMonitor> {
      const now = Date.now();
      const subjects = await repo().subjectsOfExam(examId);
      const out: ExamMonitor['subjects'] = [];
      let total = empty();
      const papers = { decided: 0, papers: 0 };
      for (const s of subjects) {
        const r = await subjectBlocks(p, s, now);
        if (!r.watched) continue;
        out.push({
          subjectId: s.id,
          subjectName: s.name,
          status: s.status,
          blocks: r.blocks.length,
          ...figures(r.tally, now),
          ...paperFigures(r.papers.decided, r.papers.papers),
        });
        total = add(total, r.tally);
        papers.decided += r.papers.decided;
        papers.papers += r.papers.papers;
      }
      if (!out.length && subjects.length) throw fail('forbidden');
      return {
        examId,
        examName: subjects[0]?.exam_name ?? '',
        subjects: out,
        ...figures(total, now),
        ...paperFigures(papers.decided, papers.papers),
        at: new Date(now).toISOString(),
      };
    },

    async unite(subjectId: number, p: Principal): Promise<UniteProgress> {
      const { now, s, r } = await watchedSubject(subjectId, p);
      return {
        subjectId: s.id,
        subjectName: s.name,
        schools: await schools(r.l, null, now),
        at: new Date(now).toISOString(),
      };
    },

    async block(blockId: number, p: Principal): Promise<BlockMonitorDetail> {
      const now = Date.now();
      const { s, school } = await access.block(p, blockId);
      const b = (await repo().blocksOf([s.id])).find((x) => x.id === blockId)!;
      const watch: Watch = new Map([[blockId, school]]);
      const [l, reviewers, series] = await Promise.all([
        load([b], watch),
        repo().reviewers([blockId], school),
        repo().speedSeries(blockId),
      ]);
      const { marks, ...bm } = blockMonitor(b, l, now);
      const markers = await markersOf(b, l, reviewers, marks, bm.recentPerHour, now);
      const start = Math.floor((now - 2 * 3_600_000) / 300_000) * 300_000;
      const speed: BlockMonitorDetail['speed'] = [];
      for (let at = start + 300_000; at <= now; at += 300_000)
        speed.push({ at: new Date(at).toISOString(), marks: series.find((x) => ms(x.at) === at)?.n ?? 0 });
      return {
        ...bm,
        markers,
        schools: await schools(l, blockId, now),
        speed,
        at: new Date(now).toISOString(),
      };
    },
  };

  async function schools(l: Loaded, blockId: number | null, now: number): Promise<SchoolProgress[]> {
    const by = new Map<number, Tally & { papers: number }>();
    const of = (id: number) => by.get(id) ?? { ...empty(), recent: null, papers: 0 };
    for (const t of l.totals.filter((x) => blockId === null || x.block_id === blockId))
      by.set(t.school_id, {
        ...of(t.school_id),
        total: of(t.school_id).total + t.tasks,
        papers: of(t.school_id).papers + t.papers,
      });
    for (const m of l.marks.filter((x) => blockId === null || x.block_id === blockId)) {
      const was = of(m.school_id);
      by.set(m.school_id, {
        ...add(was, { done: m.done, first: ms(m.first_at), last: ms(m.last_at), recent: null }),
        papers: was.papers,
      });
    }
    const names = new Map((await repo().schoolNames([...by.keys()])).map((x) => [x.id, x.name]));
    return [...by]
      .map(([id, t]) => ({
        schoolId: id,
        schoolName: names.get(id) ?? '',
        papers: t.papers,
        ...figures(t, now),
      }))
      .sort((a, b) => a.schoolId - b.schoolId);
  }

  async function markersOf(
    b: BlockRow,
    l: Loaded,
    reviewers: Array<{ user_id: number; name: string; quota: number | null }>,
    blockMarks: { done: number; total: number },
    blockRecent: number,
    now: number,
  ): Promise<MarkerProgress[]> {
    const by = new Map<number, Tally>();
    for (const m of l.marks) {
      const was = by.get(m.user_id) ?? empty();
      by.set(m.user_id, add(was, { done: m.done, first: ms(m.first_at), last: ms(m.last_at) }));
    }
    for (const r of l.recent) if (by.has(r.user_id)) by.get(r.user_id)!.recent = r.n;
    const quota = new Map(reviewers.map((r) => [r.user_id, r.quota]));
    const ids = [...new Set([...reviewers.map((r) => r.user_id), ...by.keys()])];
    const names = new Map((await repo().names(ids)).map((u) => [u.id, u.name]));
    // a marker's share of what is left is counted in marks, as their speed is
    const left = blockMarks.total - blockMarks.done;
    return ids
      .map((id) => {
        const t = by.get(id) ?? empty();
        const q = quota.get(id) ?? null;
        // without a quota a marker's remaining share is the block's remaining at their share of the speed
        const f = figures(t, now);
        const remaining =
          q !== null
            ? Math.max(0, q - t.done)
            : blockRecent > 0
              ? Math.round((left * f.recentPerHour) / blockRecent)
              : null;
        const eta = estimatedFinish(remaining ?? 0, f.recentPerHour, f.overallPerHour, now);
        return {
          userId: id,
          name: names.get(id) ?? '',
          quota: q,
          remaining,
          flagged: l.flags.some((x) => x.user_id === id && x.block_id === b.id && x.state === 1),
          ...f,
          // a marker's total is what they have done plus what is left for them
          total: remaining === null ? t.done : t.done + remaining,
          share: remaining === null ? null : doneShare(t.done, t.done + remaining),
          estimatedFinish: remaining === null || eta === null ? null : new Date(eta).toISOString(),
        };
      })
      .sort((a, b2) => b2.done - a.done || a.userId - b2.userId);
  }
}
export type QualityProgress = ReturnType<typeof qualityProgress>;
