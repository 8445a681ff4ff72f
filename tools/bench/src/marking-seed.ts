// The world of npm run bench:marking, written set-based (INSERT … SELECT generate_series): one school, one exam,
// one subject of PAPERS recognised papers whose pages all share ONE stored page image (the block cut is cached
// per paper, so every paper is still cut once), three blocks (the second double-marked), MARKERS teachers with
// role 4 and a session each (inserted directly: signing 1,000 people in would measure argon2, not marking).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { generateSet, typicalCard } from '@yj/scan-sim';
import { seedGrade, seedTransaction } from './seed-grade';

export const PAGE_KEY = 'bench/marking-page-0.jpg';
/** Questions 41–44 of the typical card's first page, with the rectangles the card draws for them. */
const QUESTIONS = [
  { no: '41', score: 10 },
  { no: '42', score: 20 },
  { no: '43', score: 12 },
  { no: '44', score: 18 },
];

export interface SeededBlock {
  id: number;
  name: string;
  markCount: 1 | 2;
  threshold: number | null;
  nos: string[];
}
export interface Seeded {
  schoolId: number;
  examId: number;
  subjectId: number;
  blocks: SeededBlock[];
  /** one per marker: the block it marks and its session cookie */
  markers: { userId: number; blockId: number; cookie: string }[];
  /** a leader of each block (role 6), for the checks' claims */
  leaderIds: number[];
}

/**
 * The stored page every scan_page row points at: a simulated clean scan of the typical card's first page,
 * with the template → image matrix the simulator used (what recognition would have stored).
 */
export async function writePageImage(filesDir: string): Promise<number[]> {
  const card = typicalCard();
  const sheet = await generateSet(card, 0, { seed: 7, difficulty: 'clean', dpi: 200 });
  const file = path.join(filesDir, PAGE_KEY);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, sheet.jpeg);
  return [...sheet.truth.transform];
}

/**
 * Markers are spread over the blocks in proportion to their tasks (the double-marked block has two per paper).
 * `threshold` is the double-marked block's error threshold; how the simulated markers score decides how many
 * pairs go beyond it (marking-load.ts).
 */
export async function seedMarking(
  url: string,
  opts: { papers: number; markers: number; matrix: number[]; threshold: number },
): Promise<Seeded> {
  return seedTransaction(url, async (c, one) => {
    const { schoolId, examId } = await seedGrade(c, {
      school: '基准测试中学',
      code: 'BENCH-MARKING',
      grade: '高三',
      entryYear: 2024,
      students: opts.papers,
      xuehao: 'B',
      exam: '阅卷基准测试',
    });
    const { id: subjectId } = await one<{ id: number }>(
      `insert into subject (exam_id, course, name, full_score, status) values ($1, '语文', '语文', 60, 0) returning id`,
      [examId],
    );
    for (const [i, q] of QUESTIONS.entries()) {
      await c.query(
        `insert into question (subject_id, no, kind, score, step, sort) values ($1, $2, 'subjective', $3, 1, $4)`,
        [subjectId, q.no, q.score, i],
      );
    }
    await c.query(
      `insert into examinee (exam_id, student_id, school_id, class_id, kaohao)
       select $1, s.id, s.school_id, s.class_id, '26' || lpad(row_number() over (order by s.id)::text, 6, '0')
       from student s where s.school_id = $2`,
      [examId, schoolId],
    );
    const { id: templateId } = await one<{ id: number }>(
      `insert into template (subject_id, body, active) values ($1, $2, true) returning id`,
      [subjectId, JSON.stringify(typicalCard())],
    );
    const { id: batchId } = await one<{ id: number }>(
      `insert into scan_batch (subject_id, school_id, template_id, file_count, page_count, state)
       values ($1, $2, $3, $4, $4, 'done') returning id`,
      [subjectId, schoolId, templateId, opts.papers],
    );
    await c.query(
      `insert into paper (subject_id, school_id, batch_id, seq, examinee_id, kaohao, status, recognised_at)
       select $1, e.school_id, $2, row_number() over (order by e.id), e.id, e.kaohao, 'ok', now()
       from examinee e where e.exam_id = $3`,
      [subjectId, batchId, examId],
    );
    // Only the registration matrix is read by the cut; the rest is what a clean recognition stores.
    const result = {
      status: 'ok',
      pageIndex: 0,
      identity: { templateId: 'demo-a3-2p', page: 0 },
      registration: { method: 'anchors', rotation: 0, matrix: opts.matrix, fitError: 0.4, points: [] },
      thresholds: null,
      examNumber: { value: null, source: null, digits: [] },
    };
    await c.query(
      `insert into scan_page (subject_id, batch_id, paper_id, position, seq, storage_key, sha256, file_name,
         template_page, status, result, recognised_at)
       select $1, $2, p.id, 0, p.seq, $3, 'bench-' || p.id, 'page-' || p.seq || '.jpg', 0, 'recognised', $4, now()
       from paper p where p.batch_id = $2`,
      [subjectId, batchId, PAGE_KEY, JSON.stringify(result)],
    );
    const rect = (no: string) => {
      const s = typicalCard().pages[0]!.subjective.find((r) => r.question === no)!;
      return { page: 0, ...s.rect };
    };
    const blockDefs = [
      { name: '第41题', nos: ['41'], markCount: 1 as const, threshold: null },
      { name: '第42题（双评）', nos: ['42'], markCount: 2 as const, threshold: opts.threshold },
      { name: '第43-44题', nos: ['43', '44'], markCount: 1 as const, threshold: null },
    ];
    const blocks: SeededBlock[] = [];
    for (const [i, b] of blockDefs.entries()) {
      const { id } = await one<{ id: number }>(
        `insert into block (subject_id, name, nos, mark_count, threshold, final_rule, arbitration, sort, regions)
         values ($1, $2, $3, $4, $5, 'mean', 'leader', $6, $7) returning id`,
        [subjectId, b.name, b.nos, b.markCount, b.threshold, i, JSON.stringify(b.nos.map(rect))],
      );
      blocks.push({ id, ...b });
    }
    // Teachers: phones 199xxxxxxxx, no usable password (sessions are inserted below).
    const { first } = await one<{ first: number }>(
      `with u as (
         insert into "user" (account, phone, name, password_hash)
         select '199' || lpad(i::text, 8, '0'), '199' || lpad(i::text, 8, '0'), '阅卷老师' || i, 'bench-no-sign-in'
         from generate_series(1, $1) i returning id)
       select min(id)::int as first from u`,
      [opts.markers + blocks.length],
    );
    const users = `generate_series($1::int, $2::int)`;
    const last = first + opts.markers + blocks.length - 1;
    await c.query(
      `insert into teacher (school_id, user_id, subjects) select $3, u, '{语文}' from ${users} u`,
      [first, last, schoolId],
    );
    await c.query(
      `insert into exam_role (exam_id, subject_id, user_id, role) select $3, $4, u, 4 from ${users} u`,
      [first, first + opts.markers - 1, examId, subjectId],
    );
    await c.query(
      `insert into exam_role (exam_id, subject_id, user_id, role) select $3, $4, u, 6 from ${users} u`,
      [first + opts.markers, last, examId, subjectId],
    );
    const weights = blocks.map((b) => b.markCount);
    const blockOf = (i: number) => {
      // marker i's share point in [0, total): the blocks' shares follow their task counts
      const total = weights.reduce((s, w) => s + w, 0);
      let at = ((i + 0.5) / opts.markers) * total;
      for (const [k, w] of weights.entries()) if ((at -= w) < 0) return blocks[k]!.id;
      return blocks.at(-1)!.id;
    };
    const markers = Array.from({ length: opts.markers }, (_, i) => {
      const token = randomBytes(32).toString('base64url');
      return { userId: first + i, blockId: blockOf(i), token, cookie: `yx_sid=${token}` };
    });
    const leaderIds = blocks.map((_, k) => first + opts.markers + k);
    await c.query(
      `insert into block_reviewer (block_id, user_id, role)
       select * from unnest($1::int[], $2::int[], $3::smallint[])`,
      [
        [...markers.map((m) => m.blockId), ...blocks.map((b) => b.id)],
        [...markers.map((m) => m.userId), ...leaderIds],
        [...markers.map(() => 4), ...blocks.map(() => 6)],
      ],
    );
    await c.query(
      `insert into session (token_hash, user_id, school_id, expires_at)
       select h, u, $3, now() + interval '1 day' from unnest($1::text[], $2::int[]) as t(h, u)`,
      [
        markers.map((m) => createHash('sha256').update(m.token).digest('hex')),
        markers.map((m) => m.userId),
        schoolId,
      ],
    );
    return {
      schoolId,
      examId,
      subjectId,
      blocks,
      markers: markers.map(({ userId, blockId, cookie }) => ({ userId, blockId, cookie })),
      leaderIds,
    };
  });
}
