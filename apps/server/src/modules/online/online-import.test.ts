import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocxImport } from '@yj/contracts';
import { body, testApp, XHR, type TestApp } from '../../../test/app';
import { multipartFile } from '../../../test/excel';
import { buildScoreScene } from '../../../test/score';

// 从 Word 导入 (issue 34): the school uploads a .docx paper and gets its questions back for checking; the images
// are stored; a file that is not a zip, or one that inflates past the cap, is refused in Chinese.
let t: TestApp;
let s: Awaited<ReturnType<typeof buildScoreScene>>;
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7]);

async function paper(body: string, media: Record<string, Buffer> = {}): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    'word/document.xml',
    '<w:document xmlns:w="w" xmlns:m="m" xmlns:r="r" xmlns:a="a"><w:body>' + body + '</w:body></w:document>',
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<Relationships>${Object.keys(media)
      .map((n, i) => `<Relationship Id="rId${i + 1}" Target="media/${n}"/>`)
      .join('')}</Relationships>`,
  );
  for (const [n, b] of Object.entries(media)) zip.file(`word/media/${n}`, b);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
const p = (...xml: string[]) => `<w:p>${xml.join('')}</w:p>`;
const run = (x: string) => `<w:r><w:t>${x}</w:t></w:r>`;

const upload = async (file: Buffer, who = s.admin) => {
  const m = multipartFile('期中试卷.docx', file, DOCX);
  return body<DocxImport>(
    await t.app.inject({
      method: 'POST',
      url: `/filter/api/subject/${s.subjectId}/online/import-docx`,
      headers: { ...XHR, cookie: who.cookie, ...m.headers },
      payload: m.payload,
    }),
  );
};

beforeAll(async () => {
  t = await testApp();
  s = await buildScoreScene(t.app, t.database.db, 1);
});
afterAll(() => t.close());

describe('从 Word 导入', () => {
  it('answers the questions with a fraction as LaTeX and the image stored under a name of its own', async () => {
    const frac =
      '<m:oMath><m:f><m:num><m:r><m:t>1</m:t></m:r></m:num><m:den><m:r><m:t>2</m:t></m:r></m:den></m:f></m:oMath>';
    const img = '<w:r><w:drawing><a:blip r:embed="rId1"/></w:drawing></w:r>';
    const r = await upload(
      await paper([p(run('1. 求 '), frac), p(run('A. 1 B. 2')), p(run('2. 看图')), p(img)].join(''), {
        'image1.png': PNG,
      }),
    );
    expect(r.code).toBe(0);
    expect(r.data.images).toBe(1);
    expect(r.data.questions[0]).toEqual({
      no: '1',
      content: '求 $\\frac{1}{2}$',
      optionTexts: ['1', '2'],
      source: '1. 求 12\nA. 1 B. 2',
      checks: [],
    });
    const m = /^看图\n!\[图片\]\(online-image:(\d+\/[0-9a-f-]+\.png)\)$/.exec(r.data.questions[1]!.content);
    expect(m).not.toBeNull();
    const stored = path.join(t.config.dataDir, 'files', 'online-images', m![1]!);
    expect(fs.readFileSync(stored)).toEqual(PNG);
    expect(m![1]!.startsWith(`${s.subjectId}/`)).toBe(true);
  });

  it('refuses a file that is not a zip, and one that inflates past the cap, in Chinese', async () => {
    const notZip = await upload(Buffer.from('这是一个文本文件，不是 Word'));
    expect(notZip).toMatchObject({
      errCode: 12132,
      message: '文件不是有效的 Word 文档（.docx），请用 Word 另存为 .docx 后再导入',
    });
    // 70 MB of spaces deflates to well under 1 MB: the declared size is over the 60 MB cap, refused unread
    const bomb = await paper(p(run('1. ' + ' '.repeat(70 * 1024 * 1024))));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const r = await upload(bomb);
    expect(r.errCode).toBe(12132);
    expect(r.message).toBe('文档解压后过大，可能已损坏或不是正常的试卷文档，请压缩图片后再导入');
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', 'online-images', String(s.subjectId)))).toBe(
      true,
    );
  });

  it('refuses a teacher without the setting capability', async () => {
    expect((await upload(await paper(p(run('1. 甲'))), s.teacher)).message).toBe('无权限');
  });
});
