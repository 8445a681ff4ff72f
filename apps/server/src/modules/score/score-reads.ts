import type { Db } from '../../infra/db';
import { scoreQueryRepo } from './score-query.repo';

// The score module's reads other modules use (the exports): the score screens' figures and the SQL pieces that
// keep an export's rows the same as the screen's. Other modules come here, never to score's repositories.
export {
  inReaderView,
  inSchools,
  nameOrKaohao,
  studentIdentity,
  studentStatus,
  studentsSql,
  type ReaderFilter,
  type StudentRow,
  type SummaryRow,
} from './score-query.repo';
export { readerFilter } from './score-access';

/** The score screens' reads through `db` (an export's transaction or the pool). */
export function scoreReads(db: Db) {
  const r = scoreQueryRepo(db);
  return {
    summary: r.summary,
    students: r.students,
    classes: r.classes,
    questions: r.questions,
    teacherClasses: r.teacherClasses,
    seesAny: r.seesAny,
  };
}
export type ScoreReads = ReturnType<typeof scoreReads>;
