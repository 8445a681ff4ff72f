import { paragraphs, relations, IMAGE_PREFIX } from './paragraphs';
import { splitQuestions, type ImportedQuestion } from './split';
import { parseXml } from './xml';
import { GuardedZip, TooLarge, type ZipLimits } from './zip';

export { IMAGE_PREFIX, type ImportedQuestion, type ZipLimits };
export { ommlToLatex } from './omml';
export { parseXml } from './xml';

export interface DocxImage {
  /** the part name the content refers to after IMAGE_PREFIX, e.g. "word/media/image1.png" */
  part: string;
  contentType: string;
  bytes: Uint8Array;
}

export type DocxProblem = 'notZip' | 'tooLarge' | 'notDocx' | 'noQuestions';
export type DocxResult =
  | { ok: true; questions: ImportedQuestion[]; images: DocxImage[] }
  | { ok: false; problem: DocxProblem; message: string };

/** The school sees these; each says what to do next. */
export const DOCX_PROBLEM_MESSAGES: Record<DocxProblem, string> = {
  notZip: '文件不是有效的 Word 文档（.docx），请用 Word 另存为 .docx 后再导入',
  tooLarge: '文档解压后过大，可能已损坏或不是正常的试卷文档，请压缩图片后再导入',
  notDocx: '文件中没有找到 Word 正文，请确认是 .docx 格式的试卷',
  noQuestions: '没有识别出题目：请确认题号写作“1.”“1、”或使用 Word 的编号',
};

export const DEFAULT_LIMITS: ZipLimits = { maxUncompressed: 60 * 1024 * 1024, maxEntries: 2000 };

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  emf: 'image/emf',
  wmf: 'image/wmf',
};

const fail = (problem: DocxProblem): DocxResult => ({
  ok: false,
  problem,
  message: DOCX_PROBLEM_MESSAGES[problem],
});

/** Reads a .docx paper into questions and the images they show. Bytes in, questions out; no I/O. */
export async function parseDocx(bytes: Uint8Array, limits: ZipLimits = DEFAULT_LIMITS): Promise<DocxResult> {
  const zip = await GuardedZip.open(bytes, limits);
  if (typeof zip === 'string') return fail(zip);
  try {
    const docText = await zip.text('word/document.xml');
    const doc = docText === null ? null : parseXml(docText);
    if (!doc) return fail('notDocx');
    const relsText = await zip.text('word/_rels/document.xml.rels');
    const questions = splitQuestions(
      paragraphs(doc, relations(relsText === null ? null : parseXml(relsText))),
    );
    if (!questions.length) return fail('noQuestions');
    const images: DocxImage[] = [];
    for (const part of new Set(questions.flatMap((q) => q.images))) {
      const data = await zip.read(part);
      const type = IMAGE_TYPES[part.split('.').pop()?.toLowerCase() ?? ''];
      if (data && type) images.push({ part, contentType: type, bytes: data });
    }
    return { ok: true, questions, images };
  } catch (e) {
    if (e instanceof TooLarge) return fail('tooLarge');
    throw e;
  }
}
