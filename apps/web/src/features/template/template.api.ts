import type { Patch, StructureInfo, TemplateItem, TemplateMeta, CardTemplate } from '@yj/contracts';
import { api } from '../../api/filter';
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
  list: (subjectId: number) =>
    api.get<TemplateItem[]>('/api/subject/:id/templates', undefined, { params: { id: subjectId } }),
  save: (subjectId: number, body: TemplateSaveBody) =>
    api.post<TemplateItem>('/api/subject/:id/template', body, { params: { id: subjectId } }),
  remove: (subjectId: number, templateId: number) =>
    api.delete<null>('/api/subject/:id/template/:templateId', undefined, {
      params: { id: subjectId, templateId },
    }),
  /** 设为扫描模板 */
  activate: (subjectId: number, templateId: number) =>
    api.post<TemplateItem>('/api/subject/:id/template/:templateId/active', undefined, {
      params: { id: subjectId, templateId },
    }),
  validate: (subjectId: number, templateId: number) =>
    api.post<TemplateCheck>('/api/subject/:id/template/:templateId/validate', undefined, {
      params: { id: subjectId, templateId },
    }),
  structure: (subjectId: number) =>
    api.get<StructureInfo>('/yue/api/subject/:id/setting/questions/info', undefined, {
      params: { id: subjectId },
    }),
  patch: (subjectId: number, key: string, rect: Rect) =>
    api.post<Patch>('/api/subject/:id/template/patch', { key, rect }, { params: { id: subjectId } }),
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
