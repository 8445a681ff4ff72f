import {
  docxImport,
  onlineContract as c,
  portalOnlineContract as p,
  sitPhoto,
  type ArrangePhotosRequest,
  type MakeupSave,
  type OnlineSettingSave,
  type ReopenRequest,
  type SitterState,
} from '@yj/contracts';
import { callRoute } from '../../api/contract';
import { api } from '../../api/filter';

const subject = (subjectId: number) => ({ params: { subjectId } });

/** 在线考试 calls (issue 34): the school's setting and list, the student's sitting. */
export const onlineApi = {
  setting: (subjectId: number) => callRoute(c.setting, subject(subjectId)),
  save: (subjectId: number, body: OnlineSettingSave) => callRoute(c.save, { ...subject(subjectId), body }),
  launch: (subjectId: number) => callRoute(c.launch, subject(subjectId)),
  cancel: (subjectId: number) => callRoute(c.cancel, subject(subjectId)),
  sitters: (
    subjectId: number,
    q: { state?: SitterState; makeup?: '1'; unscanned?: '1'; q?: string; page: number; size: number },
  ) => callRoute(c.sitters, { ...subject(subjectId), query: q }),
  reopen: (subjectId: number, examineeId: number, body: ReopenRequest) =>
    callRoute(c.reopen, { params: { subjectId, examineeId }, body }),
  makeup: (subjectId: number, body: MakeupSave) => callRoute(c.makeup, { ...subject(subjectId), body }),
  withdrawMakeup: (subjectId: number, examineeIds: number[]) =>
    callRoute(c.makeupWithdraw, { ...subject(subjectId), body: { examineeIds } }),
  // 从 Word 导入: a multipart upload outside the route contracts; its answer is read through the schema
  importDocx: async (subjectId: number, file: File) => {
    const form = new FormData();
    form.append('file', file);
    return docxImport.parse(await api.post(`/api/subject/${subjectId}/online/import-docx`, form));
  },

  list: () => callRoute(p.list, {}),
  view: (subjectId: number) => callRoute(p.view, subject(subjectId)),
  start: (subjectId: number) => callRoute(p.start, subject(subjectId)),
  answer: (subjectId: number, body: { no: string; value: string; rev: number }) =>
    callRoute(p.answer, { ...subject(subjectId), body }),
  leave: (subjectId: number) => callRoute(p.leave, subject(subjectId)),
  submit: (subjectId: number) => callRoute(p.submit, subject(subjectId)),
  // a photo's upload is multipart, outside the route contracts; its answer read through the contracts' schema
  uploadPhoto: async (subjectId: number, no: string, file: File) => {
    const form = new FormData();
    form.append('file', file);
    const path = `/api/portal/online/${subjectId}/photos/${encodeURIComponent(no)}/upload`;
    return sitPhoto.array().parse(await api.post(path, form));
  },
  photoUrl: (subjectId: number, photoId: number) =>
    `/filter/api/portal/online/${subjectId}/photos/${photoId}`,
  arrangePhotos: (subjectId: number, body: ArrangePhotosRequest) =>
    callRoute(p.arrangePhotos, { ...subject(subjectId), body }),
  removePhoto: (subjectId: number, photoId: number) =>
    callRoute(p.removePhoto, { params: { subjectId, photoId } }),
};
