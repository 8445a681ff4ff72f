import type { Page } from 'playwright-core';
import { call } from '../../../e2e/lib.ts';

/** The structure the acard journey uses, set on a subject: 12 单选 × 5 分 and five subjective questions (13–17). */
export async function setAcardStructure(page: Page, subjectId: number): Promise<void> {
  const single = (no: number) => ({ no: String(no), kind: 'single', options: 4, score: 5 });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/objective`, {
    questions: Array.from({ length: 12 }, (_, i) => single(i + 1)),
  });
  await call(page, 'POST', `/api/api/subject/${subjectId}/setting/questions/subjective`, {
    questions: [13, 14, 15, 16, 17].map((no) => ({ no: String(no), score: 18 })),
  });
}
