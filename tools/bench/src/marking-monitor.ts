// BENCH_MONITOR=1 of npm run bench:marking (issue 14): the monitoring routes polled while the markers mark.
// Beside the live subject a second subject of the same exam holds the size the issue names — the same papers
// (20,000 by default) in 10 blocks (two double-marked), half of each block marked by the 1,000 markers (100 per
// block) — written set-based through the real mark_task triggers, so its counters are what marking leaves.
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Seeded } from './marking-seed';

const BLOCKS = 10;

export interface MonitorWorld {
  cookie: string;
  examId: number;
  subjectIds: number[];
  /** blocks of the large subject */
  blockIds: number[];
}

export async function seedMonitor(url: string, seeded: Seeded): Promise<MonitorWorld> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const one = async <T>(q: string, params: unknown[] = []) => (await c.query(q, params)).rows[0] as T;
  try {
    await c.query('begin');
    const { id: subjectId } = await one<{ id: number }>(
      `insert into subject (exam_id, course, name, full_score, status) values ($1, '数学', '数学', 60, 3) returning id`,
      [seeded.examId],
    );
    await c.query(
      `insert into question (subject_id, no, kind, score, step, sort)
       select $1, no, kind, score, step, sort from question where subject_id = $2`,
      [subjectId, seeded.subjectId],
    );
    const blockIds: number[] = [];
    for (let k = 0; k < BLOCKS; k++) {
      const double = k % 5 === 1;
      const { id } = await one<{ id: number }>(
        `insert into block (subject_id, name, nos, mark_count, threshold, sort)
         values ($1, $2, $3, $4, $5, $6) returning id`,
        [
          subjectId,
          `第${k + 1}题块`,
          [['41', '42', '43', '44'][k % 4]],
          double ? 2 : 1,
          double ? 3 : null,
          k,
        ],
      );
      blockIds.push(id);
      const markers = seeded.markers.map((m) => m.userId);
      const users = markers.slice((k * markers.length) / BLOCKS, ((k + 1) * markers.length) / BLOCKS);
      // even papers marked (slot 1, and 2 on a double block by another marker), odd ones still in the pool
      await c.query(
        `insert into mark_task (subject_id, block_id, paper_id, school_id, class_id, slot, status, user_id, score,
           submitted_at)
         select $1, $2, p.id, p.school_id, e.class_id, s.slot,
           case when p.seq % 2 = 0 then 'submitted' else 'pending' end,
           case when p.seq % 2 = 0 then ($3::int[])[1 + (p.seq + (s.slot - 1) * 7) % $4] end,
           case when p.seq % 2 = 0 then floor(random() * 11) end,
           case when p.seq % 2 = 0 then now() end
         from paper p join examinee e on e.id = p.examinee_id
         cross join generate_series(1, $5) s(slot)
         where p.subject_id = $6`,
        [subjectId, id, users, users.length, double ? 2 : 1, seeded.subjectId],
      );
    }
    // a monitor: the exam's manager (role 1), with a session
    const { id: userId } = await one<{ id: number }>(
      `insert into "user" (account, phone, name, password_hash) values ('19900000000', '19900000000', '考试管理员',
        'bench-no-sign-in') returning id`,
    );
    await c.query(`insert into exam_role (exam_id, subject_id, user_id, role) values ($1, null, $2, 1)`, [
      seeded.examId,
      userId,
    ]);
    const token = randomBytes(32).toString('base64url');
    await c.query(
      `insert into session (token_hash, user_id, school_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [createHash('sha256').update(token).digest('hex'), userId, seeded.schoolId],
    );
    await c.query('commit');
    await c.query('analyze');
    return {
      cookie: `yx_sid=${token}`,
      examId: seeded.examId,
      subjectIds: [subjectId, seeded.subjectId],
      blockIds,
    };
  } catch (err) {
    await c.query('rollback').catch(() => {});
    throw err;
  } finally {
    await c.end();
  }
}

/** Polls every monitoring route in turn until `seconds` pass; latencies per route (ms). */
export async function pollMonitor(
  base: string,
  w: MonitorWorld,
  seconds: number,
): Promise<Map<string, number[]>> {
  const [big, live] = w.subjectIds;
  const routes = (i: number): Array<[string, string]> => {
    const b = w.blockIds[i % w.blockIds.length]!;
    return [
      // the yardstick: the server's plainest answer under the same load
      ['GET /filter/health (yardstick)', '/health'],
      ['subject/{id}/monitor/progress', `/api/subject/${big}/monitor/progress`],
      ['subject/{id}/monitor/progress (live)', `/api/subject/${live}/monitor/progress`],
      ['exam/{examId}/monitor/progress', `/api/exam/${w.examId}/monitor/progress`],
      ['exam/subject/{id}/uniteProgress', `/api/exam/subject/${big}/uniteProgress`],
      ['marking/block/{blockId}/monitor', `/api/marking/block/${b}/monitor`],
      ['marking/block/{blockId}/quality', `/api/marking/block/${b}/quality`],
      ['marking/block/{blockId}/quality/papers', `/api/marking/block/${b}/quality/papers?minDiff=3`],
    ];
  };
  const out = new Map<string, number[]>();
  const end = Date.now() + seconds * 1000;
  for (let i = 0; Date.now() < end; i++)
    for (const [name, path] of routes(i)) {
      const t0 = performance.now();
      const r = await fetch(`${base}/filter${path}`, { headers: { cookie: w.cookie } });
      const body = (await r.json()) as { code?: number; message?: string };
      if (body.code !== undefined && body.code !== 0) throw new Error(`${path}: ${body.message}`);
      out.set(name, [...(out.get(name) ?? []), performance.now() - t0]);
    }
  return out;
}
