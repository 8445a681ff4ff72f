import { questionContract, templateContract as c, type CardTemplate, type TemplateMeta } from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { uploadFile, type ImportAnswer } from '../../api/upload';
import type { Rect } from './geometry';
import type { DetectedGrid } from './lattice';

/**
 * Auto-recognition result of an uploaded card picture (packages/omr detect.ts DetectedLayout), in
 * the picture's pixels. Defined here because the web does not import packages/omr.
 */
export interface DetectedLayout {
  width: number;
  height: number;
  anchors: { corner: 'tl' | 'tr' | 'bl' | 'br'; rect: Rect }[];
  marks: Rect[];
  grids: DetectedGrid[];
  singles: Rect[];
  boxes: Rect[];
}

/** A stored template picture: its key and size (template pixels = picture pixels). */
export interface TemplateImage {
  /** '' when a saved template did not remember its picture */
  key: string;
  width: number;
  height: number;
  dpi: number;
}

/** POST …/template/image answer. */
export interface TemplateImageUpload extends TemplateImage {
  detected: DetectedLayout;
}

export interface TemplateCheck {
  ok: boolean;
  problems: string[];
}

export type TemplateSaveBody = TemplateMeta & { id?: number; body: CardTemplate };

/** Address of a stored template picture (the canvas background). */
export const templateImageUrl = (subjectId: number, key: string): string =>
  `/filter/api/subject/${subjectId}/template/image/${encodeURIComponent(key)}`;

/** Every /filter call of the template screens. */
export const templateApi = {
  list: (subjectId: number) => callRoute(c.list, { params: { id: subjectId } }),
  save: (subjectId: number, body: TemplateSaveBody) => callRoute(c.save, { params: { id: subjectId }, body }),
  remove: (subjectId: number, templateId: number) =>
    callRoute(c.remove, { params: { id: subjectId, templateId } }),
  /** 设为扫描模板 */
  activate: (subjectId: number, templateId: number) =>
    callRoute(c.activate, { params: { id: subjectId, templateId } }),
  validate: (subjectId: number, templateId: number) =>
    callRoute(c.validate, { params: { id: subjectId, templateId } }),
  structure: (subjectId: number) => callRoute(questionContract.info, { params: { id: subjectId } }),
  patch: (subjectId: number, key: string, rect: Rect) =>
    callRoute(c.patch, { params: { id: subjectId }, body: { key, rect } }),
  uploadImage: (
    subjectId: number,
    page: number,
    dpi: number,
    file: File,
    onProgress: (percent: number) => void,
  ): Promise<ImportAnswer<TemplateImageUpload>> =>
    uploadFile<TemplateImageUpload>(
      `/api/subject/${subjectId}/template/image?dpi=${dpi}&page=${page}`,
      file,
      onProgress,
    ),
};
