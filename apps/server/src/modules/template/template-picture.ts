/**
 * Where a template picture is stored. Recognition reads it as the printed blank (scan/recognition/scan-blanks.ts)
 * and the template builder writes it (template-image.service.ts): a file of its own, importing nothing, so that
 * scanning needs nothing of the builder's services (which use scanning's page input) and no import circle joins them.
 */
export const templatePictureKey = (subjectId: number, key: string) => `templates/${subjectId}/${key}.jpg`;

/** The picture keys a drawing (a card's pages, by the hash of what is drawn) was rendered to, in page order. */
export const templateDrawingKey = (subjectId: number, drawing: string) =>
  `templates/${subjectId}/drawn-${drawing}.json`;
