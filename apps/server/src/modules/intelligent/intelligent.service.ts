import {
  allows,
  SubjectStatus,
  type IntelligentCheckView,
  type IntelligentRunKind,
  type IntelligentRunView,
  type IntelligentSettingInput,
  type IntelligentSettingsView,
  type Principal,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db, Tx } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { blockEntry, type AuditService } from '../audit/audit.service';
import type { Finalizer } from '../marking/final/marking-final';
import { blockRules } from '../marking/rules/mark-rules';
import type { LeadAccess } from '../marking/marking-lead-access';
import type { IntelligentDetect } from './intelligent-detect';
import { runView, type IntelligentRepo, type intelligentRepo } from './intelligent.repo';

const SAMPLE = 12;
const APPLIED_SHOWN = 50;
const leadImage = (taskId: number) => `/filter/api/marking/task/${taskId}/lead/image`;

/** Why the marks of a subject cannot change now (智能判空 scores papers; a run prepares that). */
function assertMarking(status: number): void {
  if (allows(status, 'changeMarks')) return;
  if (status === SubjectStatus.done) throw fail('blankDetectAfterDone');
  if (status === SubjectStatus.published) throw fail('blankDetectAfterPublish');
  throw fail('blankDetectBeforeReview');
}

/** The subject row locked against a state change (as 重置阅卷 locks it), with what the audit names. */
async function lockedBlock(r: IntelligentRepo, blockId: number) {
  const b = await r.lockedBlock(blockId);
  if (!b) throw fail('blockNotFound');
  return b;
}

/**
 * 智能辅助 (issue 14): the per-block settings, detection runs, and the leader's check of 智能判空 — a sample
 * looked at, then every detected blank scored 0 through the marks' own finalize (scores follow), each such
 * mark recognisable in the history ('intelligent-blank') and the 动态日志; any one sent back to marking.
 * Leaders act on the blocks they lead (in their school), the subject's managers on every block.
 */
export function intelligentService(d: {
  db: Db;
  audit: AuditService;
  finalize: Finalizer;
  access: LeadAccess;
  detect: IntelligentDetect;
  /** the subject scores of these papers are out of date (the score queue) */
  onScores: (tx: Tx, paperIds: number[]) => Promise<void>;
  repo: typeof intelligentRepo;
}) {
  const repo = () => d.repo(d.db);

  /** The block, checked to belong to the subject and to be led or managed by the user. */
  async function led(subjectId: number, blockId: number, p: Principal) {
    const { b, school } = await d.access.block(blockId, p);
    if (b.subjectId !== subjectId) throw fail('blockNotInSubject');
    return { b, school };
  }

  const latest = async (blockId: number, kind: IntelligentRunKind): Promise<IntelligentRunView | null> => {
    const r = (await repo().latestRuns([blockId])).find((x) => x.kind === kind);
    return r ? runView(r) : null;
  };

  /**
   * A blank sent back to ordinary marking: before the confirmation it is left out of it; after, its marks of
   * 0 go back to the pool (history 'intelligent-return') and its block score goes. `by` 'marker': one of the
   * block's markers (intelligentReview/blank) sends back only a blank already scored 0.
   */
  async function sendBack(
    input: { blockId: number; paperId: number; reason: string },
    school: number | null,
    actor: Actor,
    by: 'leader' | 'marker',
  ): Promise<{ state: 'returned' }> {
    return d.db.transaction(async (tx) => {
      const b = await lockedBlock(d.repo(tx), input.blockId);
      assertMarking(b.status);
      const r = d.repo(tx);
      const row = await r.blank(input.blockId, input.paperId, true);
      if (!row || !row.blank || (school !== null && row.school_id !== school))
        throw fail('answerNotDetectedBlank');
      if (row.state === 'returned') throw fail('answerAlreadyReturned');
      if (by === 'marker' && row.state !== 'applied') throw fail('answerNotYetBlankZeroed');
      if (row.state === 'applied') {
        await r.lockTasks(input.blockId, [input.paperId]);
        await r.unsubmitBlank(input.blockId, input.paperId, actor.userId, input.reason);
        await d.onScores(tx, [input.paperId]);
      }
      await r.setBlankState(input.blockId, [input.paperId], 'returned', actor.userId);
      await d.audit.record(tx, {
        action: 'marking.intelligent.return',
        examId: b.exam_id,
        ...actor,
        target: `paper:${input.paperId}`,
        detail: {
          blockId: input.blockId,
          blockName: b.name,
          paperId: input.paperId,
          reason: input.reason,
          by,
          before: { state: row.state, score: row.state === 'applied' ? 0 : null },
          after: { state: 'returned' },
        },
      });
      return { state: 'returned' as const };
    });
  }

  return {
    async settings(subjectId: number, p: Principal): Promise<IntelligentSettingsView> {
      const s = await repo().subject(subjectId);
      if (!s) throw fail('subjectNotFound');
      const { blockIds, school } = await d.access.subjectBlocks(subjectId, s.exam_id, p);
      const rows = await repo().settings(blockIds);
      const runs = await repo().latestRuns(blockIds);
      // a leader of one school sees that school's counts; managers' narrowing is one school or none
      const schools = new Set([...school.values()]);
      const counts = await repo().blankCounts(blockIds, schools.size === 1 ? [...schools][0]! : null);
      return {
        subjectStatus: s.status,
        blocks: rows.map((r) => {
          const run = (kind: string) => runs.find((x) => x.block_id === r.block_id && x.kind === kind);
          const c = counts.find((x) => x.block_id === r.block_id);
          const b = run('blank');
          const g = run('group');
          return {
            blockId: r.block_id,
            name: r.name,
            nos: r.nos,
            blank: r.blank,
            grouping: r.grouping,
            blankRun: b ? runView(b) : null,
            groupRun: g ? runView(g) : null,
            blanks: { detected: c?.detected ?? 0, applied: c?.applied ?? 0, returned: c?.returned ?? 0 },
          };
        }),
      };
    },

    async save(subjectId: number, input: IntelligentSettingInput, p: Principal, actor: Actor): Promise<void> {
      const { b } = await led(subjectId, input.blockId, p);
      if (b.subjectStatus === SubjectStatus.done || b.subjectStatus === SubjectStatus.published)
        throw fail('intelligentSettingsAfterDone');
      await d.db.transaction(async (tx) => {
        const before = await d.repo(tx).setting(input.blockId);
        await d.repo(tx).saveSetting(input.blockId, input.blank, input.grouping, actor.userId);
        // grouping off: the waiting groups go, their papers back to ordinary marking (held out while grouped)
        if (!input.grouping) await d.repo(tx).clearWaitingGroups(input.blockId);
        await d.audit.record(
          tx,
          blockEntry(
            'marking.intelligent.setting',
            { examId: b.examId, id: input.blockId, name: b.name },
            actor,
            {
              before: { blank: before?.blank ?? false, grouping: before?.grouping ?? false },
              after: { blank: input.blank, grouping: input.grouping },
            },
          ),
        );
      });
    },

    /** Starts a detection over the block (refused while one runs, or when the part is off). */
    async run(subjectId: number, blockId: number, kind: IntelligentRunKind, p: Principal, actor: Actor) {
      const { b } = await led(subjectId, blockId, p);
      assertMarking(b.subjectStatus);
      const s = await repo().setting(blockId);
      if (kind === 'blank' && !s?.blank) throw fail('blankDetectOff');
      if (kind === 'group' && !s?.grouping) throw fail('sameAnswerGroupingOff');
      const run = await d.db.transaction(async (tx) => {
        // one run per block and kind at a time: the block row serialises two clicks
        await d.repo(tx).lockBlock(blockId);
        if (await d.repo(tx).activeRun(blockId, kind)) throw fail('detectionRunning');
        return d.repo(tx).createRun(blockId, kind, actor.userId);
      });
      await d.detect.start(run.id);
      return runView(run);
    },

    async check(subjectId: number, blockId: number, p: Principal): Promise<IntelligentCheckView> {
      const { b, school } = await led(subjectId, blockId, p);
      const [c] = await repo().blankCounts([blockId], school);
      const item = (r: {
        paper_id: number;
        ink: number;
        state: 'measured' | 'applied';
        task_id: number;
      }) => ({
        paperId: r.paper_id,
        ink: r.ink,
        state: r.state,
        imageUrl: leadImage(r.task_id),
      });
      return {
        blockId,
        blockName: b.name,
        run: await latest(blockId, 'blank'),
        blanks: {
          detected: c?.detected ?? 0,
          applied: c?.applied ?? 0,
          returned: c?.returned ?? 0,
          measured: c?.measured ?? 0,
        },
        sample: (await repo().blanks(blockId, 'measured', school, SAMPLE)).map(item),
        applied: (await repo().blanks(blockId, 'applied', school, APPLIED_SHOWN)).map(item),
      };
    },

    /**
     * The leader's confirmation: every detected blank still wholly in the pool is scored 0 (each mark slot
     * submitted by nobody, history 'intelligent-blank'), its block score decided by finalize. Papers someone
     * claimed or marked meanwhile stay in ordinary marking.
     */
    async confirm(
      subjectId: number,
      input: { blockId: number; runId: number; checked: number[] },
      p: Principal,
      actor: Actor,
    ): Promise<{ applied: number; skipped: number }> {
      const { school } = await led(subjectId, input.blockId, p);
      return d.db.transaction(async (tx) => {
        const b = await lockedBlock(d.repo(tx), input.blockId);
        assertMarking(b.status);
        const r = d.repo(tx);
        const run = (await r.latestRuns([input.blockId])).find((x) => x.kind === 'blank');
        if (!run || run.id !== input.runId) throw fail('detectionChanged');
        if (run.status !== 'done') throw fail('detectionNotFinished');
        const detected = await r.detected(input.blockId, school);
        const ids = new Set(detected.map((x) => x.paper_id));
        if (!detected.length) throw fail('noBlankToConfirm');
        if (input.checked.some((id) => !ids.has(id))) throw fail('sampleChanged');
        const papers = detected.map((x) => x.paper_id);
        const tasks = await r.lockTasks(input.blockId, papers);
        const scored = await r.hasScore(input.blockId, papers);
        const byPaper = new Map<number, typeof tasks>();
        for (const t of tasks) byPaper.set(t.paper_id, [...(byPaper.get(t.paper_id) ?? []), t]);
        // wholly in the pool still: every slot pending (an expired lease is no holder), nothing decided
        const free = (t: (typeof tasks)[number]) =>
          t.status === 'pending' ||
          (t.status === 'leased' && t.lease_until !== null && new Date(t.lease_until).getTime() < Date.now());
        const apply = papers.filter((pid) => {
          const ts = byPaper.get(pid) ?? [];
          return !scored.has(pid) && ts.length === b.mark_count && ts.every((t) => t.slot <= 2 && free(t));
        });
        const rules = (await blockRules(tx, input.blockId))!;
        const zeros = Object.fromEntries(rules.questions.map((q) => [q.no, 0]));
        const ink = new Map(detected.map((x) => [x.paper_id, x.ink]));
        const taskIds = apply.flatMap((pid) => byPaper.get(pid)!.map((t) => t.id));
        await r.submitTasks(
          taskIds,
          { userId: null, score: 0, questionScores: zeros },
          {
            actorId: actor.userId,
            action: 'intelligent-blank',
            after: { status: 'submitted', source: '智能判空', runId: run.id },
          },
        );
        for (const pid of apply) await d.finalize(tx, input.blockId, pid, rules);
        await r.setBlankState(input.blockId, apply, 'applied', actor.userId);
        await d.audit.record(
          tx,
          blockEntry(
            'marking.intelligent.blank',
            { examId: b.exam_id, id: input.blockId, name: b.name },
            actor,
            {
              runId: run.id,
              checked: input.checked.length,
              applied: apply.length,
              skipped: papers.length - apply.length,
              // the ink measured on each paper scored 0, kept with the decision
              papers: apply.slice(0, 500).map((pid) => ({ paperId: pid, ink: ink.get(pid) })),
              after: { score: 0 },
            },
          ),
        );
        return { applied: apply.length, skipped: papers.length - apply.length };
      });
    },

    /** The leader's send-back on the check screen (before or after the confirmation). */
    async giveBack(
      subjectId: number,
      input: { blockId: number; paperId: number; reason: string },
      p: Principal,
      actor: Actor,
    ): Promise<{ state: 'returned' }> {
      const { school } = await led(subjectId, input.blockId, p);
      return sendBack(input, school, actor, 'leader');
    },

    sendBack,
  };
}
export type IntelligentService = ReturnType<typeof intelligentService>;
