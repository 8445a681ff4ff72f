import { createContext } from 'react';
import { ONLINE_IMAGE_PATH, PORTAL_ONLINE_IMAGE_PATH } from '@yj/contracts';

/** Where an imported image of an online exam's content is fetched from, on the page that shows it. */
export type OnlineImageUrl = (subjectId: number, imageId: string) => string;

const fill = (path: string, subjectId: number, imageId: string) =>
  `/filter${path.replace(':subjectId', String(subjectId)).replace(':imageId', encodeURIComponent(imageId))}`;

/** The school's pages (editor, import preview): the image's own subject, under the content's capability. */
export const staffOnlineImageUrl: OnlineImageUrl = (subjectId, imageId) =>
  fill(ONLINE_IMAGE_PATH, subjectId, imageId);

/** 学生端 while sitting `sitSubjectId`: the images that subject's paper names, served to its own sitters only. */
export const portalOnlineImageUrl =
  (sitSubjectId: number): OnlineImageUrl =>
  (_subjectId, imageId) =>
    fill(PORTAL_ONLINE_IMAGE_PATH, sitSubjectId, imageId);

/** MathText's image resolver: the school's route unless a student's page provides its own. */
export const OnlineImageUrlContext = createContext<OnlineImageUrl>(staffOnlineImageUrl);
