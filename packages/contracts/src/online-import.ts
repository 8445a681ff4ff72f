import { z } from 'zod';

// 从 Word 导入: a .docx paper read into questions for the school to check beside the source before use.

/** The largest .docx taken (bytes); its uncompressed size is capped again by the reader (zip bombs). */
export const DOCX_MAX_BYTES = 20 * 1024 * 1024;

export const docxImportedQuestion = z.object({
  /** the number as the paper writes it */
  no: z.string(),
  /** math in $…$; an image as ![图片](online-image:<file>) */
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
