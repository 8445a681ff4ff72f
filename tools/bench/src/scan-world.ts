// The scanning world shared by bench:scan and bench:cluster: bench:omr's simulated pages (grown when short), a
// multipart body of them, and a school with one exam, one subject on the typical card, its examinees and a scan
// administrator who signs in with a password.
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { Piscina } from 'piscina';
import { printedPicture, typicalCard } from '@yj/scan-sim';
import {
  banji,
  exam,
  examSchool,
  examinee,
  grade,
  org,
  school,
  schoolAdmin,
  student,
  subject,
  template,
  user,
} from '../../../apps/server/src/db/schema';
import type { Db } from '../../../apps/server/src/infra/db';
import { hashPassword } from '../../../apps/server/src/modules/auth/password';

/** The simulated pages (bench:omr's cached set, grown here when short). */
export async function pageFiles(setDir: string, count: number): Promise<string[]> {
  const have = (i: number) => `${setDir}/typical-${String(i).padStart(5, '0')}-p${(i % 2) + 1}`;
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !existsSync(`${have(i)}.jpg`));
  if (missing.length) {
    process.stderr.write(`generating ${missing.length} simulated pages in ${setDir} …\n`);
    const pool = new Piscina({ filename: new URL('./omr-gen-worker.ts', import.meta.url).href });
    await Promise.all(missing.map((i) => pool.run({ dir: setDir, difficulty: 'typical', seed: 4, i })));
    await pool.destroy();
  }
  return Array.from({ length: count }, (_, i) => have(i));
}

export function multipart(files: Array<{ name: string; data: Buffer }>) {
  const boundary = `----yjbench${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const f of files)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      f.data,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * The school, exam, subject (typical card) and examinees the pages' 考号 name; returns the subject. `pictures`: the
 * keys of the card's pages as pictures (a card the product printed has them), stored by the caller.
 */
export async function seedScanWorld(
  db: Db,
  o: { kaohaos: string[]; account: string; password: string; pictures?: string[] },
): Promise<{ subjectId: number }> {
  const typical = typicalCard();
  const keys = o.pictures;
  const card = keys
    ? { ...typical, pages: typical.pages.map((p, i) => ({ ...p, image: keys[i] })) }
    : typical;
  const [bureau] = await db.insert(org).values({ name: '基准区教育局' }).returning();
  const [sc] = await db.insert(school).values({ name: '基准中学', orgId: bureau!.id }).returning();
  const [u] = await db
    .insert(user)
    // with a phone: a staff account without one is asked to bind it before its first session (auth.service.ts)
    .values({
      account: o.account,
      name: '扫描管理员',
      phone: '19900000000',
      passwordHash: await hashPassword(o.password),
    })
    .returning();
  await db.insert(schoolAdmin).values({ schoolId: sc!.id, userId: u!.id });
  const [g] = await db.insert(grade).values({ schoolId: sc!.id, name: '高一' }).returning();
  const [c] = await db
    .insert(banji)
    .values({ schoolId: sc!.id, gradeId: g!.id, name: '高一(1)班' })
    .returning();
  const [e] = await db
    .insert(exam)
    .values({ name: '扫描基准', schoolId: sc!.id, gradeId: g!.id })
    .returning();
  await db.insert(examSchool).values({ examId: e!.id, schoolId: sc!.id });
  const [sub] = await db
    .insert(subject)
    .values({ examId: e!.id, course: '数学', name: '数学', fullScore: 150 })
    .returning();
  await db.insert(template).values({ subjectId: sub!.id, body: card });
  for (let i = 0; i < o.kaohaos.length; i += 1000) {
    const slice = o.kaohaos.slice(i, i + 1000);
    const studs = await db
      .insert(student)
      .values(
        slice.map((_, j) => ({
          schoolId: sc!.id,
          classId: c!.id,
          xuehao: `B${i + j}`,
          name: `考生${i + j}`,
        })),
      )
      .returning({ id: student.id });
    await db.insert(examinee).values(
      studs.map((s, j) => ({
        examId: e!.id,
        studentId: s.id,
        schoolId: sc!.id,
        classId: c!.id,
        kaohao: slice[j]!,
      })),
    );
  }
  return { subjectId: sub!.id };
}

/** The typical card's printed pages as JPEG pictures (as a printed card's are stored), with their keys. */
export async function cardPictures(): Promise<Array<{ key: string; jpeg: Buffer }>> {
  const card = typicalCard();
  return Promise.all(
    card.pages.map(async (page) => {
      const jpeg = await printedPicture(page, card.id, card.name, page.dpi);
      return { key: createHash('sha256').update(jpeg).digest('hex'), jpeg };
    }),
  );
}
