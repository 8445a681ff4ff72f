import { randomUUID } from 'node:crypto';
import { ONLINE_IMAGE_SCHEME, type DocxImport } from '@yj/contracts';
import { IMAGE_PREFIX, parseDocx, type ZipLimits } from '@yj/docx';
import { fail } from '../../errors';
import type { Storage } from '../../infra/storage';

/** Where an imported image is kept: `<dir>/<subjectId>/<imageId>` (the content names it by ONLINE_IMAGE_SCHEME). */
export const ONLINE_IMAGE_DIR = 'online-images';

const EXT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/bmp': 'bmp',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'image/emf': 'emf',
  'image/wmf': 'wmf',
};

/** The parser's image mark in a question's text: ![图片](docx:word/media/image1.png). */
const MARK = new RegExp(`!\\[图片\\]\\(${IMAGE_PREFIX}([^)]+)\\)`, 'g');

/**
 * 从 Word 导入 (issue 34): reads the paper into questions for the school's check, nothing saved to the setting —
 * 使用 on the page fills the content and the usual 保存 writes it. The images are stored now, under names of
 * their own, so the content the school saves can refer to them.
 */
export function onlineImport(d: { storage: Storage; limits?: ZipLimits }) {
  return {
    async importDocx(subjectId: number, bytes: Uint8Array): Promise<DocxImport> {
      const r = await parseDocx(bytes, d.limits);
      if (!r.ok) throw fail('docxUnreadable', { reason: r.message });
      const names = new Map<string, string>();
      for (const img of r.images) {
        const file = `${subjectId}/${randomUUID()}.${EXT[img.contentType] ?? 'bin'}`;
        await d.storage.put(`${ONLINE_IMAGE_DIR}/${file}`, Buffer.from(img.bytes));
        names.set(img.part, file);
      }
      const rename = (text: string) =>
        text.replace(MARK, (_m, part: string) => {
          const file = names.get(part);
          return file ? `![图片](${ONLINE_IMAGE_SCHEME}${file})` : '[图片缺失]';
        });
      return {
        questions: r.questions.map((q) => ({
          no: q.no,
          content: rename(q.content),
          optionTexts: q.optionTexts.map(rename),
          source: q.source,
          checks: q.checks,
        })),
        images: names.size,
      };
    },
  };
}
export type OnlineImport = ReturnType<typeof onlineImport>;
