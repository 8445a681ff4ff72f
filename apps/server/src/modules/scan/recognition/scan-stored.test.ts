import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredPageResultSchema } from '@yj/contracts';
import { orderlyStudent, typicalCard } from '@yj/scan-sim';
import { scanPage, template } from '../../../db/schema';
import { body, testApp, type TestApp } from '../../../../test/app';
import { postScans } from '../../../../test/multipart';
import { untilRecognised } from '../../../../test/scan';
import { buildSubjectScene } from '../../../../test/factories';
import { paperImageRepo } from '../image/paper-image.repo';
import { templateRepo } from '../../template/template.repo';
import { scanFixRepo } from '../exceptions/scan-fix.repo';
import { scanQueryRepo } from '../query/scan-query.repo';

// The jsonb values the server stores (a page's recognition result, a template's body) are parsed where the
// repositories read them: what recognition writes passes, a damaged value fails there, naming the row.

let t: TestApp;
let subjectId: number;
let templateId: number;
let paperId: number;
let pageIds: number[];
const card = typicalCard();

beforeAll(async () => {
  t = await testApp();
  let admin;
  ({ admin, subjectId } = await buildSubjectScene(t.app, t.database.db, {
    name: '存储格式考试',
    course: '数学',
    fullScore: 150,
  }));
  const saved = body<{ id: number }>(
    await admin.post(`/filter/api/subject/${subjectId}/template`, { body: card }),
  );
  expect(saved.code, saved.message).toBe(0);
  templateId = saved.data.id;
  const s = await orderlyStudent(card, 7, '20260001');
  const up = await postScans(t.app, admin.cookie, subjectId, [
    { name: 'p1.jpg', data: s.front.jpeg },
    { name: 'p2.jpg', data: s.back.jpeg },
  ]);
  expect(body(up).code).toBe(0);
  await untilRecognised(t.database.db, subjectId);
  const rows = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));
  pageIds = rows.map((r) => r.id);
  paperId = rows[0]!.paperId!;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

const damage = (id: number, value: string) =>
  t.database.db.execute(sql`update scan_page set result = ${value}::jsonb where id = ${id}`);

describe('stored results', () => {
  it('reads back what recognition wrote, typed', async () => {
    const raw = await t.database.db.select().from(scanPage).where(eq(scanPage.subjectId, subjectId));
    expect(raw).toHaveLength(2);
    for (const r of raw) expect(StoredPageResultSchema.safeParse(r.result).success).toBe(true);
    const page = await scanFixRepo(t.database.db).page(pageIds[0]!);
    expect(page?.result && 'status' in page.result ? page.result.registration?.matrix : null).toHaveLength(9);
    const cut = await paperImageRepo(t.database.db).pages(paperId);
    expect(cut.every((p) => p.matrix?.length === 9)).toBe(true);
    const tpl = await templateRepo(t.database.db).find(subjectId, templateId);
    expect(tpl?.body.pages).toHaveLength(card.pages.length);
  });

  it('fails loudly on a damaged page result, naming the page', async () => {
    const [id] = pageIds;
    const [row] = await t.database.db.select().from(scanPage).where(eq(scanPage.id, id!));
    const good = JSON.stringify(row!.result);
    await damage(id!, JSON.stringify({ ...(row!.result as object), objective: 'x' }));
    await expect(scanFixRepo(t.database.db).page(id!)).rejects.toThrow(`scan_page ${id} result is malformed`);
    await expect(scanFixRepo(t.database.db).pagesOf(paperId)).rejects.toThrow('is malformed');
    await damage(id!, JSON.stringify({ ...(row!.result as object), registration: { matrix: [1, 2] } }));
    await expect(paperImageRepo(t.database.db).pages(paperId)).rejects.toThrow(
      `scan_page ${id} registration matrix is malformed`,
    );
    await damage(id!, JSON.stringify({ ...(row!.result as object), crops: [{ name: 'x' }] }));
    await expect(scanQueryRepo(t.database.db).page(id!)).rejects.toThrow(
      `scan_page ${id} crops is malformed`,
    );
    await damage(id!, good);
    expect(await scanFixRepo(t.database.db).page(id!)).not.toBeNull();
  });

  it('fails loudly on a damaged template body, naming the template', async () => {
    const [row] = await t.database.db.select().from(template).where(eq(template.id, templateId));
    await t.database.db
      .update(template)
      .set({ body: { ...row!.body, pages: [{ index: 0 }] } as never })
      .where(eq(template.id, templateId));
    await expect(templateRepo(t.database.db).find(subjectId, templateId)).rejects.toThrow(
      `template ${templateId} body is malformed`,
    );
    await t.database.db.update(template).set({ body: row!.body }).where(eq(template.id, templateId));
  });
});
