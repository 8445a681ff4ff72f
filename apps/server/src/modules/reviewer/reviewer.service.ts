import {
  ExamRole,
  type BlockAssignment,
  type BlockReviewersSave,
  type MarkScale,
  type Paged,
  type Principal,
  type ReviewerCandidate,
  type SubjectAssignment,
} from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { Actor } from '../../lib/actor';
import { maskPhone } from '../../lib/crypto';
import type { AuditService } from '../audit/audit.service';
import type { ExamService } from '../exam/exam.service';
import type { RoleService } from '../exam/role.service';
import {
  assignContext,
  averageQuota,
  requireChangeable,
  scaleOf,
  toReviewerItem,
  type AssignContext,
} from './reviewer-context';
import { reviewerLookup } from './reviewer-lookup';
import type { reviewerRepo, ReviewerInsert } from './reviewer.repo';

type BlockRow = Awaited<ReturnType<ReturnType<typeof reviewerRepo>['blocksOf']>>[number];
export interface BlockWrite {
  markers: Array<{ userId: number; quota?: number | null }>;
  leaders: number[];
  assignMode?: string;
  scale?: MarkScale;
}

export type ReviewerDeps = {
  db: Db;
  repo: typeof reviewerRepo;
  audit: AuditService;
  exams: ExamService;
  roles: RoleService;
};

/** setting/task: who marks (阅卷老师, role 4) and who leads (题组长, role 6) each block, and how papers are shared. */
export function reviewerService(d: ReviewerDeps) {
  async function requireBlock(db: Db, subjectId: number, blockId: number): Promise<BlockRow> {
    const b = (await d.repo(db).blocksOf(subjectId)).find((x) => x.id === blockId);
    if (!b) throw fail('blockNotFoundRefresh');
    return b;
  }

  /**
   * The chosen people must be candidates (teachers of a school the asker acts for, or holders of the role);
   * a teacher without the role gets it here, in the same transaction, so 'subject.mark' follows.
   * Returns each person's school (a teacher's school in the exam).
   */
  async function ensureRoles(
    tx: Db,
    ctx: AssignContext,
    want: { markers: number[]; leaders: number[] },
    p: Principal,
    actor: Actor,
  ): Promise<{ schoolOf: Map<number, number | null>; nameOf: Map<number, string>; added: number }> {
    const ids = [...new Set([...want.markers, ...want.leaders])];
    const { items } = await d
      .repo(tx)
      .candidates(
        { examId: ctx.examId, subjectId: ctx.subjectId, schoolIds: ctx.actingSchoolIds, userIds: ids },
        { offset: 0, limit: ids.length || 1 },
      );
    if (items.length !== ids.length) throw fail('reviewersNotInSchools');
    const byId = new Map(items.map((c) => [c.userId, c]));
    let added = 0;
    for (const [role, userIds, has] of [
      [ExamRole.reviewers, want.markers, 'reviewer'],
      [ExamRole.leaders, want.leaders, 'leader'],
    ] as const) {
      const missing = userIds.filter((u) => !byId.get(u)![has]);
      // a joint exam's role is given for the teacher's school, by someone who acts for it
      const bySchool = new Map<number | null, number[]>();
      for (const u of missing) {
        const school = ctx.joint ? byId.get(u)!.schoolId : null;
        bySchool.set(school, [...(bySchool.get(school) ?? []), u]);
      }
      for (const [schoolId, group] of bySchool) {
        const input = { role, userIds: group, subjectId: ctx.subjectId, ...(schoolId ? { schoolId } : {}) };
        added += (await d.roles.add(ctx.examId, input, p, actor, tx)).added;
      }
    }
    return {
      schoolOf: new Map(items.map((c) => [c.userId, c.schoolId])),
      nameOf: new Map(items.map((c) => [c.userId, c.name])),
      added,
    };
  }

  /** Replaces one block's markers and leaders; removed markers' claimed tasks return to the pool. */
  async function writeBlock(
    tx: Db,
    ctx: AssignContext,
    b: BlockRow,
    w: BlockWrite,
    p: Principal,
    actor: Actor,
  ): Promise<{ released: number; rolesAdded: number }> {
    const markerIds = w.markers.map((m) => m.userId);
    if (new Set(markerIds).size !== markerIds.length) throw fail('blockMarkersDuplicate', { block: b.name });
    if (new Set(w.leaders).size !== w.leaders.length) throw fail('blockLeadersDuplicate', { block: b.name });
    const repo = d.repo(tx);
    const before = await repo.reviewersOf([b.id]);
    const { schoolOf, nameOf, added } = await ensureRoles(
      tx,
      ctx,
      { markers: markerIds, leaders: w.leaders },
      p,
      actor,
    );
    const mode = w.assignMode ?? b.assignMode;
    const scale = ctx.joint ? (w.scale ?? scaleOf(before, true)) : null;
    const share =
      mode === 'average'
        ? averageQuota(await repo.papers(ctx.subjectId), b.markCount, markerIds.length)
        : null;
    const classesOf = new Map(
      before.filter((r) => r.role === ExamRole.reviewers).map((r) => [r.userId, r.classIds]),
    );
    const rows: ReviewerInsert[] = w.markers.map((m) => {
      const schoolId = scale === 'school' ? (schoolOf.get(m.userId) ?? null) : null;
      if (scale === 'school' && schoolId === null)
        throw fail('markerNotInJointSchools', { name: nameOf.get(m.userId)! });
      return {
        blockId: b.id,
        userId: m.userId,
        role: ExamRole.reviewers,
        schoolId,
        quota: mode === 'average' ? share : (m.quota ?? null),
        classIds: mode === 'class' ? (classesOf.get(m.userId) ?? []) : [],
      };
    });
    for (const userId of w.leaders)
      rows.push({ blockId: b.id, userId, role: ExamRole.leaders, schoolId: null, quota: null, classIds: [] });
    const removed = [...classesOf.keys()].filter((u) => !markerIds.includes(u));
    const released = await repo.releaseLeases(b.id, removed);
    await repo.replace(b.id, rows);
    if (mode !== b.assignMode) await repo.setAssignMode(b.id, mode);
    await d.audit.record(tx, {
      action: 'block.reviewers',
      examId: ctx.examId,
      ...actor,
      target: `block:${b.id}`,
      detail: { before, after: rows, assignMode: mode, released },
    });
    return { released, rolesAdded: added };
  }

  async function list(subjectId: number, p: Principal): Promise<SubjectAssignment> {
    const ctx = await assignContext(d.exams, subjectId, p);
    const repo = d.repo(d.db);
    const blocks = await repo.blocksOf(subjectId);
    const rows = await repo.reviewersOf(blocks.map((b) => b.id));
    const item = (r: (typeof rows)[number]) => toReviewerItem(r, ctx.showsPhone);
    const papers = await repo.papers(subjectId);
    return {
      subjectId,
      status: ctx.status,
      joint: ctx.joint,
      papers,
      blocks: blocks.map((b): BlockAssignment => {
        const mine = rows.filter((r) => r.blockId === b.id);
        const markers = mine.filter((r) => r.role === ExamRole.reviewers);
        // an average share follows the papers scanned so far, as the task pool counts it
        const share = averageQuota(papers, b.markCount, markers.length);
        return {
          blockId: b.id,
          name: b.name,
          markCount: b.markCount,
          assignMode: b.assignMode as BlockAssignment['assignMode'],
          quota: b.quota,
          scale: scaleOf(mine, ctx.joint),
          markers: markers.map((r) => ({ ...item(r), quota: b.assignMode === 'average' ? share : r.quota })),
          leaders: mine.filter((r) => r.role === ExamRole.leaders).map(item),
        };
      }),
    };
  }

  return {
    list,
    writeBlock,
    requireBlock,

    async save(subjectId: number, blockId: number, input: BlockReviewersSave, p: Principal, actor: Actor) {
      return d.db.transaction(async (tx) => {
        const ctx = await assignContext(d.exams, subjectId, p, tx);
        requireChangeable(ctx);
        if (input.scale && !ctx.joint) throw fail('markingScopeJointOnly');
        return writeBlock(tx, ctx, await requireBlock(tx, subjectId, blockId), input, p, actor);
      });
    },

    /** Copies a block's markers and leaders (with quotas and scale) onto other blocks of the subject. */
    async copy(subjectId: number, fromBlockId: number, toBlockIds: number[], p: Principal, actor: Actor) {
      return d.db.transaction(async (tx) => {
        const ctx = await assignContext(d.exams, subjectId, p, tx);
        requireChangeable(ctx);
        const from = await requireBlock(tx, subjectId, fromBlockId);
        if (toBlockIds.includes(fromBlockId)) throw fail('copyToSameBlock');
        const rows = await d.repo(tx).reviewersOf([from.id]);
        const w = {
          markers: rows
            .filter((r) => r.role === ExamRole.reviewers)
            .map((r) => ({ userId: r.userId, quota: r.quota })),
          leaders: rows.filter((r) => r.role === ExamRole.leaders).map((r) => r.userId),
          scale: scaleOf(rows, ctx.joint) ?? undefined,
        };
        let released = 0;
        for (const id of new Set(toBlockIds)) {
          const to = await requireBlock(tx, subjectId, id);
          // a copied free quota means nothing on an average block: its shares are recomputed there
          released += (await writeBlock(tx, ctx, to, w, p, actor)).released;
        }
        return { copied: new Set(toBlockIds).size, released };
      });
    },

    async candidates(
      subjectId: number,
      q: { page: number; size: number; keyword?: string },
      p: Principal,
    ): Promise<Paged<ReviewerCandidate>> {
      const ctx = await assignContext(d.exams, subjectId, p);
      const r = await d
        .repo(d.db)
        .candidates(
          { examId: ctx.examId, subjectId, schoolIds: ctx.actingSchoolIds },
          { keyword: q.keyword, offset: (q.page - 1) * q.size, limit: q.size },
        );
      return {
        total: r.total,
        size: q.size,
        items: r.items.map((c) => ({
          ...c,
          phone: ctx.showsPhone(c.schoolId) ? c.phone : maskPhone(c.phone),
        })),
      };
    },

    ...reviewerLookup(d),
  };
}
export type ReviewerService = ReturnType<typeof reviewerService>;
