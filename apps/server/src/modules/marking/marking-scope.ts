import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Scope } from '@yj/contracts';
import { fail } from '../../errors';
import type { Db } from '../../infra/db';
import type { ExamScopes } from '../exam/exam-scope';
import { rowsOf } from './marking-final';
import { executePrepared } from '../../infra/prepared';

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
      const [row] = rowsOf<{ subject_id: number }>(
        await db.execute(sql`select subject_id from block where id = ${blockId}`),
      );
      if (!row) throw fail('blockNotFound');
      remember(blockSubject, blockId, row.subject_id);
    }
    return scopes.forSubject(blockSubject.get(blockId)!);
  }

  // requests whose :taskId is a 标准卷 of 质检 (standard_mark, same id sequence): the routes hand them over
  const standard = new WeakSet<FastifyRequest>();

  async function forTask(taskId: number, req?: FastifyRequest): Promise<Scope> {
    if (!taskBlock.has(taskId)) {
      const [row] = rowsOf<{ block_id: number }>(
        await executePrepared(db, sql`select block_id from mark_task where id = ${taskId}`),
      );
      if (!row) {
        const [std] = rowsOf<{ block_id: number }>(
          await db.execute(sql`select block_id from standard_mark where id = ${taskId}`),
        );
        if (!std) throw fail('taskNotFound');
        if (req) standard.add(req);
        return forBlock(std.block_id);
      }
      remember(taskBlock, taskId, row.block_id);
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
