import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import JSZip from 'jszip';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocxImport } from '@yj/contracts';
import { examinee } from '../../db/schema';
import { body, testApp, XHR, type TestApp } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { buildSchool } from '../../../test/factories';
import { classPortalClients, type PortalClient } from '../../../test/portal';
import { buildScoreScene } from '../../../test/score';
import { signInSchoolAdmin } from '../../../test/school-scene';

// The images of an online exam's content (issue 34): imported from Word, served to the school's pages under the
// content's capability and scope, and to a student only once they sit the exam and only the images their paper
// names; an id the subject does not hold answers 题目图片不存在 by kind.
let t: TestApp;
let s: Awaited<ReturnType<typeof buildScoreScene>>;
let s1: PortalClient;
let s2: PortalClient;
let outsider: PortalClient;
let png: Buffer;
/** the image the saved content names, one only an option names, and one imported but never used */
let shown: string;
let inOption: string;
let unused: string;
const UNKNOWN = '6f1d3c52-4a8e-4b7e-9c1a-2b3c4d5e6f70.png';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const minutes = (n: number) => new Date(Date.now() + n * 60_000).toISOString();

/** A Word paper of one question per image: "N. 看图" then the picture. */
async function paper(images: Buffer[]): Promise<Buffer> {
  const zip = new JSZip();
  const body = images
    .map(
      (_, i) =>
        `<w:p><w:r><w:t>${i + 1}. 看图</w:t></w:r></w:p>` +
        `<w:p><w:r><w:drawing><a:blip r:embed="rId${i + 1}"/></w:drawing></w:r></w:p>`,
    )
    .join('');
  zip.file(
    'word/document.xml',
    `<w:document xmlns:w="w" xmlns:r="r" xmlns:a="a"><w:body>${body}</w:body></w:document>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<Relationships>${images.map((_, i) => `<Relationship Id="rId${i + 1}" Target="media/image${i + 1}.png"/>`).join('')}</Relationships>`,
  );
  images.forEach((b, i) => zip.file(`word/media/image${i + 1}.png`, b));
  return zip.generateAsync({ type: 'nodebuffer' });
}

const staffUrl = (id: string, subjectId = s.subjectId) =>
  `/filter/api/subject/${subjectId}/online/images/${id}`;
const portalUrl = (id: string) => `/filter/api/portal/online/${s.subjectId}/images/${id}`;

beforeAll(async () => {
  t = await testApp();
  s = await buildScoreScene(t.app, t.database.db, 3);
  // the class's third student is no examinee of the exam
  await t.database.db.delete(examinee).where(eq(examinee.id, s.examinees[2]!.id));
  [s1, s2, outsider] = await classPortalClients(t.app, t.database.db, s, 3).then((c) => [
    c[0]!,
    c[1]!,
    c[2]!,
  ]);
  png = await sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .png()
    .toBuffer();
  const m = multipartFile('试卷.docx', await paper([png, png, png]), DOCX);
  const imported = body<DocxImport>(
    await t.app.inject({
      method: 'POST',
      url: `/filter/api/subject/${s.subjectId}/online/import-docx`,
      headers: { ...XHR, cookie: s.admin.cookie, ...m.headers },
      payload: m.payload,
    }),
  ).data;
  const ids = imported.questions.map((q) => /online-image:\d+\/([^)]+)\)/.exec(q.content)![1]!);
  [shown, unused, inOption] = [ids[0]!, ids[1]!, ids[2]!];
  const url = `/filter/api/subject/${s.subjectId}/online`;
  // question 21 is saved with the first image, an option of question 1 names the third; the second is left unused
  const saved = body(
    await s.admin.post(url, {
      mode: 'online',
      startsAt: minutes(-5),
      endsAt: minutes(60),
      durationMin: 30,
      contents: [
        { no: '21', content: imported.questions[0]!.content, optionTexts: [] },
        {
          no: '1',
          content: '选出图中的颜色',
          optionTexts: ['红', `![图片](online-image:${s.subjectId}/${inOption})`],
        },
      ],
    }),
  );
  expect(saved.code).toBe(0);
  expect(body(await s.admin.post(`${url}/launch`)).code).toBe(0);
});
afterAll(() => t.close());

describe("an online exam's images on the school's pages", () => {
  it('serves the image to whoever may edit the content: its type, privately cached, as stored', async () => {
    for (const id of [shown, unused]) {
      const res = await s.admin.get(staffUrl(id));
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.rawPayload.equals(png)).toBe(true);
    }
  });

  it('serves a file stored under its bare uuid by the type its bytes show', async () => {
    const bare = '0b7f6c1e-2d3a-4c5b-8e9f-a0b1c2d3e4f5';
    const dir = path.join(t.config.dataDir, 'files', 'online-images', String(s.subjectId));
    fs.writeFileSync(path.join(dir, bare), png);
    const res = await s.admin.get(staffUrl(bare));
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it("refuses another school's administrator and a teacher without the capability", async () => {
    const other = await buildSchool(t.database.db);
    const admin = await signInSchoolAdmin(t, other.id);
    expect(body(await admin.get(staffUrl(shown))).message).toBe('无权限');
    expect(body(await s.teacher.get(staffUrl(shown))).message).toBe('无权限');
  });

  it('answers an unknown id by kind, and refuses an id that is not an image id', async () => {
    expect(body(await s.admin.get(staffUrl(UNKNOWN)))).toMatchObject({
      errCode: 12133,
      message: '题目图片不存在或已删除',
    });
    // another subject of the school holds no such file under its own name
    const elsewhere = await s.admin.get(staffUrl(shown, s.subjectId + 1000));
    expect(elsewhere.headers['content-type']).toContain('json');
    for (const bad of ['..%2F..%2Fsecret.png', shown.replace('.png', '.exe'), 'x.png']) {
      const res = await s.admin.get(staffUrl(bad));
      expect(res.headers['content-type']).toContain('json');
      expect(body(res).message).toContain('图片编号不正确');
    }
  });
});

describe("an online exam's images on 学生端", () => {
  it('refuses before the student starts: the content is not theirs to see yet', async () => {
    expect(body(await s1.get(portalUrl(shown))).errCode).toBe(12086);
  });

  it('serves the image the paper names to the student sitting it, from the start on', async () => {
    expect(body(await s1.post(`/filter/api/portal/online/${s.subjectId}/start`)).code).toBe(0);
    const res = await s1.get(portalUrl(shown));
    expect(res.statusCode).toBe(200);
    // an image only an option's text names is the paper's too
    expect((await s1.get(portalUrl(inOption))).rawPayload.equals(png)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.rawPayload.equals(png)).toBe(true);
  });

  it('refuses an image the paper does not name, an unknown id, and a student who does not sit the exam', async () => {
    expect(body(await s1.get(portalUrl(unused))).errCode).toBe(12133);
    expect(body(await s1.get(portalUrl(UNKNOWN))).errCode).toBe(12133);
    expect(body(await outsider.get(portalUrl(shown))).errCode).toBe(12088);
    // a staff session has no student: the student route is not theirs
    expect(body(await s.admin.get(portalUrl(shown))).message).toBe('无权限');
    // and a student cannot use the school's route
    expect(body(await s2.get(staffUrl(shown))).message).toBe('无权限');
  });

  it('still serves it after the hand-in, as the view still shows the text', async () => {
    expect(body(await s1.post(`/filter/api/portal/online/${s.subjectId}/submit`)).code).toBe(0);
    expect((await s1.get(portalUrl(shown))).statusCode).toBe(200);
  });
});
