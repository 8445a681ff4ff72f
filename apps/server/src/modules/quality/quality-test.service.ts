import {
  qualityTestReportTable,
  type Principal,
  type QualityTestBlockSetting,
  type QualityTestProgress,
  type QualityTestReport,
  type QualityTestSetting,
  type QualityTestSettingInput,
} from '@yj/contracts';
import {
  arbitrationRate,
  deviationFigures,
  drift,
  extremes,
  LIMIT_DEFAULTS,
  moments,
  othersSpread,
  overLimit,
  spotDue,
  spread,
  type DeviationSums,
} from '@yj/quality';
import { fail } from '../../errors';
import type { Actor } from '../../lib/actor';
import { writeSheet } from '../../lib/excel';
import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import { assertAllows } from '../../lib/subject-state';
import type { StandardRates } from '../trial/standard.service';
import { qualityAccess } from './quality-access';
import { biasOf, sumsOf } from './quality-evidence';
import type { QualityRepo, QualityRepoOf } from './quality.repo';
import type { QualityTestRepo, QualityTestRepoOf, QualityTestRow } from './quality-test.repo';

/** the drift chart reads each marker's latest deviations: recent behaviour, a bounded read */
const DRIFT_WINDOW = 200;
const r4 = (v: number) => Math.round(v * 10000) / 10000 + 0;

/** The block's limit in points: the 标准卷 limit of its quality limits (the setting writes all three alike). */
const maxDeviationOf = (q: QualityTestRow | undefined) =>
  Number(q?.limits.maxStandardDev ?? LIMIT_DEFAULTS.maxStandardDev);

type Kind = 'standard' | 'self' | 'spot' | 'pair';
/** The standing figures of a kind per block and marker, and those a reset voided (`voided`). */
function sumsByMarker(rows: Awaited<ReturnType<QualityTestRepo['sums']>>) {
  const out = new Map<string, DeviationSums>();
  for (const r of rows) out.set(`${r.blockId}:${r.userId}:${r.kind}:${r.voided}`, r.sums);
  return (blockId: number, userId: number, kind: Kind, voided = false) =>
    deviationFigures(out.get(`${blockId}:${userId}:${kind}:${voided}`));
}

type FlagRow = Awaited<ReturnType<QualityRepo['flags']>>[number];
const iso = (v: Date | string) => new Date(v).toISOString();
/** A flag a reset let go and nobody flagged since: only a voided record now. */
const onlyVoided = (f: FlagRow) =>
  f.state === 0 && f.voided !== null && iso(f.voided.flaggedAt) === iso(f.flagged_at);

/** What a reset voided of a marker's records: the deviations of each kind and the flag it let go. */
function voidedOf(
  fig: ReturnType<typeof sumsByMarker>,
  blockId: number,
  userId: number,
  f: FlagRow | undefined,
) {
  return {
    standard: fig(blockId, userId, 'standard', true),
    self: fig(blockId, userId, 'self', true),
    spot: fig(blockId, userId, 'spot', true),
    pair: fig(blockId, userId, 'pair', true),
    flag: f?.voided
      ? {
          reasons: f.voided.reasons,
          atDone: f.voided.atDone,
          atEvidence: f.voided.atEvidence ?? null,
          flaggedAt: iso(f.voided.flaggedAt),
          voidedAt: iso(f.voided.voidedAt),
        }
      : null,
  };
}

/**
 * 质检 (spec §2 setting/qualitytest, quality-test/progress2, quality-test/report): the rates of the hidden papers
 * and spot checks per block, what each marker has had of them, and the per-marker report with its Excel.
 */
export function qualityTestService(d: {
  db: Db;
  audit: AuditService;
  rates: StandardRates;
  repo: QualityRepoOf;
  testRepo: QualityTestRepoOf;
}) {
  const access = qualityAccess(d.repo(d.db));

  /** The watched blocks of a subject; refused when the user watches none. */
  async function watched(subjectId: number, p: Principal) {
    const s = await access.subject(subjectId);
    const blocks = await d.repo(d.db).blocksOf([s.id]);
    const w = await access.watch(
      p,
      s,
      blocks.map((b) => b.id),
    );
    if (!w.size) throw fail('forbidden');
    return { s, blocks: blocks.filter((b) => w.has(b.id)), watch: w };
  }

  return {
    /** setting/qualitytest: every watched block's rates and limit. */
    async setting(subjectId: number, p: Principal): Promise<QualityTestSetting> {
      const { s, blocks } = await watched(subjectId, p);
      const ids = blocks.map((b) => b.id);
      const repo = d.testRepo(d.db);
      const [settings, standards] = await Promise.all([repo.settings(ids), repo.standards(ids)]);
      return {
        subjectId: s.id,
        subjectName: s.name,
        examName: s.exam_name,
        blocks: blocks.map((b): QualityTestBlockSetting => {
          const q = settings.find((x) => x.block_id === b.id);
          return {
            blockId: b.id,
            blockName: b.name,
            fullScore: b.full_score,
            standardEvery: q?.standard_every ?? null,
            standards: standards.find((x) => x.block_id === b.id)?.n ?? 0,
            selfEvery: q?.self_every ?? null,
            spotPercent: q?.spot_percent ?? 0,
            maxDeviation: maxDeviationOf(q),
            pause: q?.pause ?? false,
          };
        }),
      };
    },

    /** A block's 质检 setting; until the marks are final. The limit applies to standard, self and spot alike. */
    async setSetting(blockId: number, input: QualityTestSettingInput, p: Principal, actor: Actor) {
      const { s } = await access.block(p, blockId);
      assertAllows(s.status, 'assignMarkers');
      const limits = {
        maxStandardDev: input.maxDeviation,
        maxSelfDiff: input.maxDeviation,
      };
      await d.db.transaction(async (tx) => {
        await d.testRepo(tx).saveSetting(blockId, input, limits, actor.userId);
        await d.audit.record(tx as unknown as Db, {
          action: 'quality.test.setting',
          examId: s.exam_id,
          ...actor,
          target: `block:${blockId}`,
          detail: { blockId, ...input },
        });
      });
      // the claims of this process read the new rates and pause at once
      d.rates.forget(blockId);
    },

    /** quality-test/progress2: per watched block and marker, the hidden papers and spot checks so far. */
    async progress(subjectId: number, p: Principal): Promise<QualityTestProgress> {
      const { s, blocks, watch } = await watched(subjectId, p);
      const ids = blocks.map((b) => b.id);
      const repo = d.testRepo(d.db);
      // the markers of each block, narrowed to the school a leader's grant names
      const schools = [...new Set(watch.values())];
      const [settings, sums, done, flags, reviewers] = await Promise.all([
        repo.settings(ids),
        repo.sums(ids),
        repo.done(ids),
        d.repo(d.db).flags(ids),
        Promise.all(
          schools.map((sc) =>
            d.repo(d.db).reviewers(
              ids.filter((id) => watch.get(id) === sc),
              sc,
            ),
          ),
        ).then((x) => x.flat()),
      ]);
      const fig = sumsByMarker(sums);
      return {
        subjectId: s.id,
        at: new Date().toISOString(),
        blocks: blocks.map((b) => {
          const q = settings.find((x) => x.block_id === b.id);
          const setting = {
            standardEvery: q?.standard_every ?? null,
            selfEvery: q?.self_every ?? null,
            spotPercent: q?.spot_percent ?? 0,
            maxDeviation: maxDeviationOf(q),
            pause: q?.pause ?? false,
          };
          const markers = reviewers
            .filter((r) => r.block_id === b.id)
            .map((r) => {
              const n = done.find((x) => x.block_id === b.id && x.user_id === r.user_id)?.done ?? 0;
              const standard = fig(b.id, r.user_id, 'standard');
              const self = fig(b.id, r.user_id, 'self');
              const spot = fig(b.id, r.user_id, 'spot');
              const f = flags.find((x) => x.block_id === b.id && x.user_id === r.user_id);
              return {
                userId: r.user_id,
                name: r.name,
                done: n,
                standard,
                self,
                spot,
                spotDue: spotDue(n, spot.n, setting.spotPercent),
                over: overLimit([standard, self, spot], setting.maxDeviation),
                flagState: f && !onlyVoided(f) ? f.state : null,
                voided: voidedOf(fig, b.id, r.user_id, f),
              };
            });
          return { blockId: b.id, blockName: b.name, setting, markers };
        }),
      };
    },

    report,

    /** The report table as an Excel sheet: the rows the screen shows. */
    async exportReport(blockId: number, p: Principal) {
      const r = await report(blockId, p);
      const t = qualityTestReportTable(r);
      return {
        buffer: await writeSheet('质检报告', t.headers, t.rows),
        filename: `${r.examName}-${r.subjectName}-${t.title}.xlsx`,
      };
    },
  };

  /** quality-test/report: per marker of the block, every 质检 figure and the drift of their deviations. */
  async function report(blockId: number, p: Principal): Promise<QualityTestReport> {
    const { s, school } = await access.block(p, blockId);
    if (school !== null) throw fail('qualityReportAllSchools');
    const b = (await d.repo(d.db).blocksOf([s.id])).find((x) => x.id === blockId);
    if (!b) throw fail('blockNotFound');
    const q = d.repo(d.db);
    const t = d.testRepo(d.db);
    const [hist, pairs, sums, evidence, evidenceSums, flags, settings, quality] = await Promise.all([
      q.histograms(blockId),
      q.pairs([blockId]),
      t.sums([blockId]),
      q.evidence(blockId, DRIFT_WINDOW),
      q.evidenceSums(blockId),
      q.flags([blockId]),
      t.settings([blockId]),
      q.setting(blockId),
    ]);
    const fig = sumsByMarker(sums);
    const byUser = new Map<number, { name: string; h: Map<number, number> }>();
    for (const x of hist) {
      const u = byUser.get(x.user_id) ?? { name: x.name, h: new Map<number, number>() };
      u.h.set(Number(x.score), x.n);
      byUser.set(x.user_id, u);
    }
    // a marker whose marks a reset discarded has no histogram left, but keeps their records (voided) and flag
    const others = [...new Set([...sums.map((x) => x.userId), ...flags.map((f) => f.user_id)])].filter(
      (id) => !byUser.has(id),
    );
    for (const u of await q.names(others)) byUser.set(u.id, { name: u.name, h: new Map() });
    const ev = new Map(evidence.map((x) => [x.user_id, x]));
    const { total, own } = sumsOf(evidenceSums);
    const biasEvidence = Number(quality?.limits.biasEvidence ?? LIMIT_DEFAULTS.biasEvidence);
    // the chart's scale: the spread of every marker's evidence (a marker in control differs this much)
    const scale = spread(evidence.flatMap((x) => x.diffs)) ?? Math.max(b.threshold ?? 1, 1);
    const markers = [...byUser].map(([userId, u]) => {
      const m = moments(u.h);
      const ex = extremes(u.h, b.full_score);
      const pr = pairs.find((x) => x.user_id === userId);
      const pn = pr?.pairs ?? 0;
      const dr = drift(ev.get(userId)?.diffs ?? [], scale);
      const f = flags.find((x) => x.user_id === userId);
      return {
        userId,
        name: u.name,
        n: m.n,
        mean: m.mean,
        sd: m.sd,
        zeroShare: ex.zero,
        fullShare: ex.full,
        standard: fig(blockId, userId, 'standard'),
        self: fig(blockId, userId, 'self'),
        spot: fig(blockId, userId, 'spot'),
        agreement: { n: pn, within: pn ? r4(pr!.agree / pn) : null },
        arbitrationRate: arbitrationRate(pn, pn - (pr?.agree ?? 0)),
        drift: dr.points.map((x) => ({ t: x.t, ewma: x.ewma, limit: x.limit })),
        driftSignal: dr.signal,
        bias: biasOf(ev.get(userId), f, b.step, othersSpread(total, own.get(userId)), biasEvidence),
        flag:
          f && !onlyVoided(f)
            ? {
                state: f.state,
                reasons: f.reasons,
                at: iso(f.flagged_at),
                atDone: f.at_done,
                atEvidence: f.at_evidence,
              }
            : null,
        voided: voidedOf(fig, blockId, userId, f),
      };
    });
    markers.sort((a, c) => c.n - a.n || a.userId - c.userId);
    return {
      blockId,
      blockName: b.name,
      subjectId: s.id,
      subjectName: s.name,
      examName: s.exam_name,
      maxDeviation: maxDeviationOf(settings[0]),
      markers,
      at: new Date().toISOString(),
    };
  }
}
export type QualityTestService = ReturnType<typeof qualityTestService>;
