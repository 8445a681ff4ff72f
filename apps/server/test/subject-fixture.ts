import { afterAll, beforeAll } from 'vitest';
import { parseQuickEntry, type CardTemplate } from '@yj/contracts';
import { body, testApp, type Client, type TestApp } from './app';
import { buildSubjectScene } from './factories';

export type SubjectScene = Awaited<ReturnType<typeof buildSubjectScene>>;
/** The test file's app with its one-subject exam. */
export type SubjectFixture = SubjectScene & { t: TestApp };

/**
 * A fresh app and an exam of one subject (buildSubjectScene), made before the file's tests (then `more`, the
 * file's own set-up) and closed after them. The fields are read inside tests and hooks, once `beforeAll` has run.
 */
export function subjectFixture(
  opts: Parameters<typeof buildSubjectScene>[2],
  more?: (f: SubjectFixture) => Promise<void>,
  timeout?: number,
): SubjectFixture {
  // filled in place by beforeAll, so the object the file holds is the one its tests later read
  const f = {} as SubjectFixture;
  beforeAll(async () => {
    const t = await testApp();
    Object.assign(f, { t }, await buildSubjectScene(t.app, t.database.db, opts));
    await more?.(f);
  }, timeout);
  afterAll(() => f.t?.close());
  return f;
}

/** The subject's structure: objective questions by a quick entry ('1-10 单选 A-D 每题4分'), then subjective ones. */
export async function setQuestions(
  admin: Client,
  subjectId: number,
  quickEntry: string,
  subjective: Array<{ no: string; score: number }>,
): Promise<void> {
  const quick = parseQuickEntry(quickEntry);
  if (!quick.ok) throw new Error(quick.error);
  const url = `/filter/api/api/subject/${subjectId}/setting/questions`;
  await admin.post(`${url}/objective`, { questions: quick.questions });
  await admin.post(`${url}/subjective`, { questions: subjective });
}

/** The subject's recognition template saved (a scan's upload needs one), failing the set-up when refused. */
export async function saveTemplate(admin: Client, subjectId: number, card: CardTemplate): Promise<void> {
  const saved = body(await admin.post(`/filter/api/subject/${subjectId}/template`, { body: card }));
  if (saved.code !== 0) throw new Error(`template refused: ${saved.message}`);
}
