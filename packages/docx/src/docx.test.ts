import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { DOCX_PROBLEM_MESSAGES, parseDocx } from './index';
import { ommlToLatex } from './omml';
import { parseXml } from './xml';

const NS =
  'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ' +
  'xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" ' +
  'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ' +
  'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"';
const run = (t: string) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`;
const p = (...inner: string[]) => `<w:p>${inner.join('')}</w:p>`;
const listed = (...inner: string[]) =>
  `<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/><w:numId w:val="3"/></w:numPr></w:pPr>${inner.join('')}</w:p>`;
const mr = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;
const frac = (n: string, d: string) => `<m:f><m:fPr/><m:num>${mr(n)}</m:num><m:den>${mr(d)}</m:den></m:f>`;
const image = (rid: string) =>
  `<w:r><w:drawing><wp:inline xmlns:wp="x"><a:graphic><a:graphicData><pic:pic xmlns:pic="y"><pic:blipFill>` +
  `<a:blip r:embed="${rid}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

async function docx(body: string, media: Record<string, Uint8Array> = {}): Promise<Uint8Array> {
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<Types/>');
  zip.file(
    'word/document.xml',
    `<?xml version="1.0" encoding="UTF-8"?><w:document ${NS}><w:body>${body}</w:body></w:document>`,
  );
  zip.file(
    'word/_rels/document.xml.rels',
    `<Relationships>${Object.keys(media)
      .map((n, i) => `<Relationship Id="rId${i + 1}" Type="image" Target="media/${n}"/>`)
      .join('')}</Relationships>`,
  );
  for (const [n, b] of Object.entries(media)) zip.file(`word/media/${n}`, b);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('parseDocx', () => {
  it('splits a paper into questions with options, an image and a Word fraction as LaTeX', async () => {
    const bytes = await docx(
      [
        p(run('2026 年期中考试 数学')),
        p(run('一、选择题')),
        p(run('1. 计算 '), `<m:oMath>${frac('1', '2')}${mr('+')}${frac('1', '3')}</m:oMath>`, run(' 的值')),
        p(run('A. 5/6   B. 2/5   C. 1   D. 1/6')),
        p(run('2、如图，三角形的面积是')),
        p(image('rId1')),
        p(run('A．3')),
        p(run('B．4')),
        p(run('二、解答题')),
        p(
          run('3．已知 '),
          `<m:oMath><m:sSup><m:e>${mr('x')}</m:e><m:sup>${mr('2')}</m:sup></m:sSup>${mr('=4')}</m:oMath>`,
        ),
        p(run('（1）求 x；')),
        p(
          run('（2）求 '),
          `<m:oMath><m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${mr('x+5')}</m:e></m:rad></m:oMath>`,
        ),
      ].join(''),
      { 'image1.png': PNG },
    );
    const r = await parseDocx(bytes);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.questions).toEqual([
      {
        no: '1',
        content: '计算 $\\frac{1}{2}+\\frac{1}{3}$ 的值',
        optionTexts: ['5/6', '2/5', '1', '1/6'],
        source: '1. 计算 12+13 的值\nA. 5/6   B. 2/5   C. 1   D. 1/6',
        images: [],
        checks: [],
      },
      {
        no: '2',
        content: '如图，三角形的面积是\n![图片](docx:word/media/image1.png)',
        optionTexts: ['3', '4'],
        source: '2、如图，三角形的面积是\n[图片]\nA．3\nB．4',
        images: ['word/media/image1.png'],
        checks: [],
      },
      {
        no: '3',
        content: '已知 ${x}^{2}=4$\n（1）求 x；\n（2）求 $\\sqrt{x+5}$',
        optionTexts: [],
        source: '3．已知 x2=4\n（1）求 x；\n（2）求 x+5',
        images: [],
        checks: [],
      },
    ]);
    expect(r.images).toEqual([{ part: 'word/media/image1.png', contentType: 'image/png', bytes: PNG }]);
  });

  it('numbers Word list paragraphs after the typed numbers, and parts （n） in a paper without 1. 2.', async () => {
    const listedPaper = await docx([p(run('1. 甲')), listed(run('乙')), listed(run('丙'))].join(''));
    const r = await parseDocx(listedPaper);
    expect(r.ok && r.questions.map((q) => [q.no, q.content])).toEqual([
      ['1', '甲'],
      ['2', '乙'],
      ['3', '丙'],
    ]);
    const parts = await parseDocx(await docx([p(run('（1）写出')), p(run('（2）证明'))].join('')));
    expect(parts.ok && parts.questions.map((q) => [q.no, q.content])).toEqual([
      ['1', '写出'],
      ['2', '证明'],
    ]);
  });

  it('keeps an equation it cannot convert as its text marked for checking, or as its fallback picture', async () => {
    const nary = `<m:oMath><m:nary><m:sub>${mr('i=1')}</m:sub><m:sup>${mr('n')}</m:sup><m:e>${mr('i')}</m:e></m:nary></m:oMath>`;
    const alt =
      `<mc:AlternateContent xmlns:mc="z"><mc:Choice Requires="wps">${nary}</mc:Choice>` +
      `<mc:Fallback>${image('rId1')}</mc:Fallback></mc:AlternateContent>`;
    const r = await parseDocx(
      await docx([p(run('1. 求 '), nary), p(run('2. 求 '), alt)].join(''), { 'image1.png': PNG }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.questions[0]!.content).toBe('求 【公式待核对：i=1ni】');
    expect(r.questions[0]!.checks).toEqual(['公式“i=1ni”未能转换，已按文字保留，请核对']);
    expect(r.questions[1]!.content).toBe('求 ![图片](docx:word/media/image1.png)');
    expect(r.questions[1]!.checks).toEqual([]);
  });

  it('refuses what is not a zip, a zip without a Word body, and a zip bomb, in Chinese', async () => {
    expect(await parseDocx(new TextEncoder().encode('这不是一个 Word 文件'))).toEqual({
      ok: false,
      problem: 'notZip',
      message: DOCX_PROBLEM_MESSAGES.notZip,
    });
    const empty = new JSZip();
    empty.file('a.txt', 'x');
    const notDocx = await parseDocx(await empty.generateAsync({ type: 'uint8array' }));
    expect(notDocx).toMatchObject({ ok: false, problem: 'notDocx' });

    // 5 MB of spaces compresses to a few KB; the cap is set below it, as 60 MB is below a real bomb
    const bomb = await docx(p(run('1. ' + ' '.repeat(5 * 1024 * 1024))));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const r = await parseDocx(bomb, { maxUncompressed: 1024 * 1024, maxEntries: 100 });
    expect(r).toEqual({ ok: false, problem: 'tooLarge', message: DOCX_PROBLEM_MESSAGES.tooLarge });
    expect(r.ok === false && /[\u4e00-\u9fff]/.test(r.message)).toBe(true);
  });

  it('refuses a zip whose directory understates the size, while inflating', async () => {
    const bomb = await docx(p(run('1. ' + ' '.repeat(3 * 1024 * 1024))));
    // rewrite every central-directory uncompressed size to 10 bytes: the lie is caught when inflating
    const lied = bomb.slice();
    for (let i = 0; i + 4 < lied.length; i++) {
      if (lied[i] === 0x50 && lied[i + 1] === 0x4b && lied[i + 2] === 1 && lied[i + 3] === 2) {
        lied.set([10, 0, 0, 0], i + 24);
      }
    }
    const r = await parseDocx(lied, { maxUncompressed: 1024 * 1024, maxEntries: 100 });
    expect(r).toMatchObject({ ok: false, problem: 'tooLarge' });
  });
});

describe('ommlToLatex', () => {
  const math = (x: string) => parseXml(`<m:oMath>${x}</m:oMath>`)!;
  it('converts fractions, powers, indices, roots with a degree and brackets', () => {
    expect(ommlToLatex(math(`<m:sSub><m:e>${mr('a')}</m:e><m:sub>${mr('n')}</m:sub></m:sSub>`))).toBe(
      '{a}_{n}',
    );
    expect(ommlToLatex(math(`<m:rad><m:deg>${mr('3')}</m:deg><m:e>${mr('8')}</m:e></m:rad>`))).toBe(
      '\\sqrt[3]{8}',
    );
    expect(ommlToLatex(math(`<m:d><m:e>${mr('a')}</m:e><m:e>${mr('b')}</m:e></m:d>${mr('×2≤π')}`))).toBe(
      '\\left(a,b\\right)\\times 2\\le \\pi',
    );
    expect(ommlToLatex(math(`<m:func><m:fName>${mr('sin')}</m:fName></m:func>`))).toBeNull();
  });
});
