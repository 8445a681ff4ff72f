import { z } from 'zod';
import { idParam } from './fields';

// 从 Word 导入: a .docx paper read into questions for the school to check beside the source before use.

/** The largest .docx taken (bytes); its uncompressed size is capped again by the reader (zip bombs). */
export const DOCX_MAX_BYTES = 20 * 1024 * 1024;

export const docxImportedQuestion = z.object({
  /** the number as the paper writes it */
  no: z.string(),
  /** math in $…$; an image as ![图片](online-image:<subjectId>/<imageId>) */
  content: z.string(),
  optionTexts: z.array(z.string()),
  /** the paragraphs as Word shows them, for checking side by side */
  source: z.string(),
  /** what to check by hand, e.g. an equation kept as its text */
  checks: z.array(z.string()),
});
export type DocxImportedQuestion = z.infer<typeof docxImportedQuestion>;
export const docxImport = z.object({
  questions: z.array(docxImportedQuestion),
  /** images stored for the imported content */
  images: z.number(),
});
export type DocxImport = z.infer<typeof docxImport>;

/** How the content names an imported image: ![图片](online-image:<subjectId>/<imageId>). */
export const ONLINE_IMAGE_SCHEME = 'online-image:';
const IMAGE_ID =
  '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\\.(?:png|jpg|gif|bmp|webp|svg|emf|wmf|bin))?';
/** An imported image's id: its uuid, with the extension the import gave it (the stored file's name). */
export const ONLINE_IMAGE_ID = new RegExp(`^${IMAGE_ID}$`);
/** An image mark in a question's text or an option: alt, subjectId, imageId (global: use with matchAll). */
export const ONLINE_IMAGE_MARK = new RegExp(
  `!\\[([^\\]\\n]*)\\]\\(${ONLINE_IMAGE_SCHEME}(\\d+)/(${IMAGE_ID})\\)`,
  'g',
);
export const onlineImageParam = z.object({
  subjectId: idParam(),
  imageId: z.string().regex(ONLINE_IMAGE_ID, '图片编号不正确'),
});
/**
 * An imported image, for the school's pages (editor, import preview) and for the student sitting the exam: files,
 * registered on Fastify's own routes.
 */
export const ONLINE_IMAGE_PATH = '/api/subject/:subjectId/online/images/:imageId';
export const PORTAL_ONLINE_IMAGE_PATH = '/api/portal/online/:subjectId/images/:imageId';
