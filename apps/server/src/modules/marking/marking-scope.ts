import type { FastifyRequest } from 'fastify';
import type { Scope } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { ExamScopes } from '../exam/exam-scope';
import { blockSubjectId, standardBlockId, taskBlockId } from './marking-scope.repo';

// A block's subject and a task's block never change: the lookups are cached for the process.
const MAX_CACHED = 50_000;

/** Scope resolvers for marking routes: the subject (and exam) of a :blockId or :taskId in the path. */
export function markingScopes(db: Db, scopes: ExamScopes) {
  const blockSubject = new Map<number, number>();
  const taskBlock = new Map<number, number>();
  const remember = (m: Map<number, number>, k: number, v: number) => {
    if (m.size >= MAX_CACHED) m.clear();
    m.set(k, v);
  };

  async function forBlock(blockId: number): Promise<Scope> {
    if (!blockSubject.has(blockId)) {
      const subjectId = await blockSubjectId(db, blockId);
      if (subjectId === null) throw fail('blockNotFound');
      remember(blockSubject, blockId, subjectId);
    }
    return scopes.forSubject(blockSubject.get(blockId)!);
  }

  // requests whose :taskId is a 标准卷 of 质检 (standard_mark, same id sequence): the routes hand them over
  const standard = new WeakSet<FastifyRequest>();

  async function forTask(taskId: number, req?: FastifyRequest): Promise<Scope> {
    if (!taskBlock.has(taskId)) {
      const blockId = await taskBlockId(db, taskId);
      if (blockId === null) {
        const std = await standardBlockId(db, taskId);
        if (std === null) throw fail('taskNotFound');
        if (req) standard.add(req);
        return forBlock(std);
      }
      remember(taskBlock, taskId, blockId);
    }
    return forBlock(taskBlock.get(taskId)!);
  }

  const num = (req: FastifyRequest, key: 'blockId' | 'taskId') =>
    Number((req.params as Record<string, unknown>)[key]);
  return {
    forBlock,
    forTask,
    /** from :blockId in the path */
    blockParam: (req: FastifyRequest) => forBlock(num(req, 'blockId')),
    /** from :taskId in the path */
    taskParam: (req: FastifyRequest) => forTask(num(req, 'taskId'), req),
    /** a task the claim just handed out (a mark task, not a 标准卷): its submit needs no look-up */
    knowTask: (taskId: number, blockId: number) => remember(taskBlock, taskId, blockId),
    /** the request's :taskId is a 标准卷 (known once taskParam resolved it) */
    isStandard: (req: FastifyRequest) => standard.has(req),
  };
}
export type MarkingScopes = ReturnType<typeof markingScopes>;
