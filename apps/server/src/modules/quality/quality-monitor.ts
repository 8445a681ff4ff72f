import type {
  BlockQuality,
  MarkerQuality,
  Principal,
  QualityLimitsInput,
  QualityPapers,
  QualityPapersQuery,
  QualitySettingInput,
} from '@yj/contracts';
import {
  arbitrationRate,
  binShares,
  distance,
  drift,
  extremes,
  flagReasons,
  LIMIT_DEFAULTS,
  merge,
  moments,
  othersSpread,
  spread,
} from '@yj/quality';
import { fail } from '../../errors';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { StandardRates } from '../trial/standard.service';
import { qualityAccess } from './quality-access';
import { biasOf, sumsOf } from './quality-evidence';
import type { BlockRow, QualityRepoOf } from './quality.repo';

const BINS = 10;
/** the drift charts read the latest deviations of each marker: recent behaviour, a bounded read */
export const DRIFT_WINDOW = 200;
/** the check after a submit keeps a block's limits, step and the markers' evidence sums this long */
export const JUDGE_TTL_MS = 30_000;
/**
 * …once the block has this much evidence: before, the other markers' spread moves with every piece (and a
 * spread read on a handful is no spread), so it is read again each time — cheap while there is little of it
 */
export const JUDGE_CACHE_FROM = 200;
const num = (v: string | number | null) => (v === null ? null : Number(v));
const r4 = (v: number) => Math.round(v * 10000) / 10000 + 0;

const limitsOf = (stored: Record<string, number | boolean> | undefined): QualityLimitsInput => ({
  ...LIMIT_DEFAULTS,
  ...(stored ?? {}),
});

/** qualityMonitorBlock, qualityMonitorStudent, the block's limits, flagging and a leader's release. */
export function qualityMonitor(d: {
  db: Db;
  audit: AuditService;
  rates?: StandardRates;
  repo: QualityRepoOf;
}) {
  const access = qualityAccess(d.repo(d.db));

  /** Every marker's figures of a block, from the counters (histograms, pairs) and the latest evidence. */
  async function figuresOf(b: BlockRow, db: Db) {
    const repo = d.repo(db);
    const [hist, pairs, evidence, sums, standard, self, spot, setting, flags] = await Promise.all([
      repo.histograms(b.id),
      repo.pairs([b.id]),
      repo.evidence(b.id, DRIFT_WINDOW),
      repo.evidenceSums(b.id),
      repo.deviationSums(b.id, 'standard'),
      repo.deviationSums(b.id, 'self'),
      repo.deviationSums(b.id, 'spot'),
      repo.setting(b.id),
      repo.flags([b.id]),
    ]);
    const names = new Map(hist.map((h) => [h.user_id, h.name]));
    const limits = limitsOf(setting?.limits);
    const byUser = new Map<number, Map<number, number>>();
    for (const h of hist) {
      const m = byUser.get(h.user_id) ?? new Map<number, number>();
      m.set(Number(h.score), h.n);
      byUser.set(h.user_id, m);
    }
    const blockHist = merge([...byUser.values()]);
    const ev = new Map(evidence.map((x) => [x.user_id, x]));
    const { total, own } = sumsOf(sums);
    // the charts' scale: the spread of all markers' evidence (a marker in control differs this much)
    const scale = spread(evidence.flatMap((x) => x.diffs)) ?? Math.max(b.threshold ?? 1, 1);
    const markers = [...byUser].map(([userId, h]) => {
      const m = moments(h);
      const ex = extremes(h, b.full_score);
      const dist = distance(h, blockHist, b.full_score, BINS);
      const p = pairs.find((x) => x.user_id === userId);
      const pn = p?.pairs ?? 0;
      const st = standard.find((x) => x.user_id === userId);
      const sf = self.find((x) => x.user_id === userId);
      const dr = drift(ev.get(userId)?.diffs ?? [], scale);
      const flag = flags.find((x) => x.user_id === userId);
      const bs = biasOf(
        ev.get(userId),
        flag,
        b.step,
        othersSpread(total, own.get(userId)),
        limits.biasEvidence,
      );
      const figures = {
        userId,
        n: m.n,
        mean: m.mean,
        sd: m.sd,
        zeroShare: ex.zero,
        fullShare: ex.full,
        meanDiffSd: dist.meanDiffSd,
        tvd: dist.tvd,
        bins: binShares(h, b.full_score, BINS),
        agreement: {
          n: pn,
          within: pn ? r4(p!.agree / pn) : null,
          meanDiff: pn ? r4(Number(p!.diff_sum) / pn) : null,
        },
        arbitrationRate: arbitrationRate(pn, pn - (p?.agree ?? 0)),
        standard: {
          n: st?.n ?? 0,
          meanDiff: st ? r4(Number(st.diff) / st.n) : null,
          meanAbsDiff: st ? r4(Number(st.abs) / st.n) : null,
        },
        self: { n: sf?.n ?? 0, meanAbsDiff: sf ? r4(Number(sf.abs) / sf.n) : null },
        drift: {
          n: dr.points.length,
          ewma: dr.last?.ewma ?? null,
          limit: dr.last?.limit ?? null,
          cusumHigh: dr.last?.cusumHigh ?? null,
          cusumLow: dr.last?.cusumLow ?? null,
        },
        bias: bs,
      };
      const reasons = flagReasons(
        {
          n: m.n,
          meanDiffSd: dist.meanDiffSd,
          agreement: { n: pn, within: figures.agreement.within },
          standard: { n: figures.standard.n, meanAbsDiff: figures.standard.meanAbsDiff },
          self: figures.self,
          spot: (() => {
            const x = spot.find((y) => y.user_id === userId);
            return { n: x?.n ?? 0, meanAbsDiff: x ? r4(Number(x.abs) / x.n) : null };
          })(),
          drift: dr.signal ? { chart: dr.signal.chart, direction: dr.signal.direction } : null,
          bias: bs.signal
            ? { direction: bs.signal.direction, mean: bs.signal.mean, evidence: bs.signal.n }
            : null,
        },
        limits,
      );
      return { figures, reasons };
    });
    return { markers, blockHist, limits, pause: setting?.pause ?? false, names, flags };
  }

  /**
   * Flags the markers whose figures pass the block's limits (idempotent: a flagged marker's reasons are
   * brought up to date; a marker a leader released is judged again on evidence after the release, or once they
   * marked minMarks more).
   */
  async function evaluate(b: BlockRow, known?: Awaited<ReturnType<typeof figuresOf>>): Promise<void> {
    const { markers, limits, flags } = known ?? (await figuresOf(b, d.db));
    // only what the upsert below would change is written: a monitoring read of a block whose flags stand writes
    // nothing (a flagged marker with the same reasons; a released one not yet judged again)
    const same = (a: string[], c: string[]) => a.length === c.length && a.every((x, i) => x === c[i]);
    const hits = markers.filter((m) => {
      if (!m.reasons.length) return false;
      const f = flags.find((x) => x.user_id === m.figures.userId);
      if (!f) return true;
      if (f.state === 1) return !same(f.reasons, m.reasons);
      return m.figures.bias.signal !== null || m.figures.n >= f.at_done + limits.minMarks;
    });
    if (!hits.length) return;
    await d.db.transaction(async (tx) => {
      for (const m of hits)
        await d.repo(tx).flag(
          b.id,
          {
            userId: m.figures.userId,
            reasons: m.reasons,
            done: m.figures.n,
            evidence: m.figures.bias.n,
            again: m.figures.bias.signal !== null,
          },
          limits.minMarks,
        );
    });
  }

  // the check after a submit: the block's row, limits and evidence sums, read once per block every 30 s
  const judged = new Map<
    number,
    { at: number; b: BlockRow; limits: QualityLimitsInput; sums: ReturnType<typeof sumsOf> }
  >();
  async function judgeContext(blockId: number) {
    const hit = judged.get(blockId);
    if (hit && Date.now() - hit.at < JUDGE_TTL_MS && hit.sums.total.n >= JUDGE_CACHE_FROM) return hit;
    const repo = d.repo(d.db);
    const [[b], setting, sums] = await Promise.all([
      repo.blockById(blockId),
      repo.setting(blockId),
      repo.evidenceSums(blockId),
    ]);
    if (!b) return null;
    const ctx = { at: Date.now(), b, limits: limitsOf(setting?.limits), sums: sumsOf(sums) };
    if (judged.size >= 10_000) judged.clear();
    judged.set(blockId, ctx);
    return ctx;
  }

  /**
   * The bias rule right after new evidence (a 标准卷 submitted, a double-marking pair completed, a spot check):
   * the markers named are flagged at once — the claim that follows is refused when the block pauses flagged
   * markers — rather than at the next 30 s check. Only the bias reason is written here; the 30 s check brings
   * the other reasons. A marker already flagged is left as is.
   */
  async function judge(blockId: number, userIds: readonly number[]): Promise<void> {
    const ctx = await judgeContext(blockId);
    if (!ctx || !userIds.length) return;
    const repo = d.repo(d.db);
    const [evidence, flags] = await Promise.all([
      repo.evidence(blockId, DRIFT_WINDOW, userIds),
      repo.flags([blockId]),
    ]);
    for (const e of evidence) {
      const flag = flags.find((f) => f.user_id === e.user_id);
      if (flag?.state === 1) continue;
      const bs = biasOf(
        e,
        flag,
        ctx.b.step,
        othersSpread(ctx.sums.total, ctx.sums.own.get(e.user_id)),
        ctx.limits.biasEvidence,
      );
      if (!bs.signal) continue;
      const reasons = flagReasons(
        {
          n: 0,
          meanDiffSd: null,
          agreement: { n: 0, within: null },
          standard: { n: 0, meanAbsDiff: null },
          self: { n: 0, meanAbsDiff: null },
          drift: null,
          bias: { direction: bs.signal.direction, mean: bs.signal.mean, evidence: bs.signal.n },
        },
        ctx.limits,
      );
      await d.db.transaction(async (tx) => {
        const r = d.repo(tx);
        const done = await r.done(blockId, e.user_id);
        await r.flag(
          blockId,
          { userId: e.user_id, reasons, done, evidence: bs.n, again: true },
          ctx.limits.minMarks,
        );
      });
    }
  }

  async function blockRow(subjectId: number, blockId: number): Promise<BlockRow> {
    const b = (await d.repo(d.db).blocksOf([subjectId])).find((x) => x.id === blockId);
    if (!b) throw fail('blockNotFound');
    return b;
  }

  return {
    evaluate,
    judge,

    /** qualityMonitorBlock: each marker's figures against the block, flagged markers first. */
    async block(blockId: number, p: Principal): Promise<BlockQuality> {
      const { s, school } = await access.block(p, blockId);
      if (school !== null) throw fail('qualityMonitorAllSchools');
      const b = await blockRow(s.id, blockId);
      const figures = await figuresOf(b, d.db);
      await evaluate(b, figures);
      const { markers, blockHist, limits, pause, names } = figures;
      // flags read with the figures; a marker flagged just now by evaluate is read again
      const flags = markers.some((m) => m.reasons.length)
        ? await d.repo(d.db).flags([blockId])
        : figures.flags;
      const bm = moments(blockHist);
      const out: MarkerQuality[] = markers.map(({ figures }) => {
        const f = flags.find((x) => x.user_id === figures.userId);
        return {
          ...figures,
          name: names.get(figures.userId) ?? '',
          flag: f
            ? {
                state: f.state,
                reasons: f.reasons,
                at: new Date(f.flagged_at).toISOString(),
                paused: f.state === 1 && pause,
                atDone: f.at_done,
                atEvidence: f.at_evidence,
              }
            : null,
        };
      });
      out.sort((a, c) => (c.flag?.state ?? 0) - (a.flag?.state ?? 0) || c.n - a.n || a.userId - c.userId);
      return {
        blockId,
        blockName: b.name,
        subjectId: s.id,
        fullScore: b.full_score,
        threshold: b.threshold,
        markCount: b.mark_count,
        n: bm.n,
        mean: bm.mean,
        sd: bm.sd,
        bins: binShares(blockHist, b.full_score, BINS),
        limits,
        pause,
        markers: out,
        at: new Date().toISOString(),
      };
    },

    /** qualityMonitorStudent: the papers whose two marks differ most, with both markers. */
    async papers(blockId: number, q: QualityPapersQuery, p: Principal): Promise<QualityPapers> {
      const { school } = await access.block(p, blockId);
      if (school !== null) throw fail('qualityMonitorAllSchools');
      const r = await d.repo(d.db).pairPapers(blockId, q.minDiff, q.userId, q.page, q.size);
      const names = new Map(
        (await d.repo(d.db).names([...new Set(r.items.flatMap((x) => [x.a_user, x.b_user]))])).map((u) => [
          u.id,
          u.name,
        ]),
      );
      return {
        total: r.total,
        items: r.items.map((x) => ({
          paperId: x.paper_id,
          marks: [
            { userId: x.a_user, name: names.get(x.a_user) ?? '', score: num(x.a_mark)! },
            { userId: x.b_user, name: names.get(x.b_user) ?? '', score: num(x.b_mark)! },
          ],
          diff: r4(Math.abs(Number(x.a_mark) - Number(x.b_mark))),
          at: new Date(x.at).toISOString(),
        })),
      };
    },

    /** The block's limits and whether a flagged marker is paused. */
    async setSetting(blockId: number, input: QualitySettingInput, p: Principal, actor: Actor): Promise<void> {
      const { s } = await access.block(p, blockId);
      await d.db.transaction(async (tx) => {
        await d.repo(tx).saveSetting(blockId, input.limits, input.pause, actor.userId);
        await d.audit.record(tx as unknown as Db, {
          action: 'quality.setting',
          examId: s.exam_id,
          ...actor,
          target: `block:${blockId}`,
          detail: input,
        });
      });
      // the claims of this process see the pause at once (one cached read of block_quality per claim), the
      // check after a submit the new limits
      d.rates?.forget(blockId);
      judged.delete(blockId);
    },

    /** A leader lets a flagged marker go on (the flag is kept, released). */
    async release(blockId: number, userId: number, p: Principal, actor: Actor): Promise<void> {
      const { s } = await access.block(p, blockId);
      await d.db.transaction(async (tx) => {
        if (!(await d.repo(tx).release(blockId, userId, actor.userId))) throw fail('markerNotFlagged');
        await d.audit.record(tx as unknown as Db, {
          action: 'quality.release',
          examId: s.exam_id,
          ...actor,
          target: `block:${blockId}`,
          detail: { userId },
        });
      });
    },
  };
}
export type QualityMonitor = ReturnType<typeof qualityMonitor>;
