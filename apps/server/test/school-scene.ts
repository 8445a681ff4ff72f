import { type Client, type TestApp } from './app';
import { buildClassWithStudents, buildSchool, buildSchoolAdmin, buildTeacher, signInAs } from './factories';

export type { Client };

/**
 * The set-up the school and exam tests share: a school (named `name`) with one class of `students`, its
 * school admin signed in, and a teacher of it (named `teacher`) signed in too.
 */
export async function buildSchoolScene(
  t: TestApp,
  opts: { name?: string; students?: number; teacher?: string } = {},
) {
  const db = t.database.db;
  const school = await buildSchool(db, opts.name ? { name: opts.name } : {});
  const { grade, banji } = await buildClassWithStudents(db, school.id, opts.students ?? 0);
  const admin = await signInSchoolAdmin(t, school.id);
  const teacherUser = await buildTeacher(db, school.id, opts.teacher ? { name: opts.teacher } : {});
  const teacher = await signInAs(t, teacherUser);
  return { db, school, grade, banji, admin, teacherUser, teacher };
}

/** A new school admin of the school, signed in: the client most school and exam tests act as. */
export async function signInSchoolAdmin(t: TestApp, schoolId: number): Promise<Client> {
  return signInAs(t, await buildSchoolAdmin(t.database.db, schoolId));
}

/** The admin of another school, signed in: who must see nothing of the scene's school. */
export async function otherSchoolAdmin(t: TestApp): Promise<Client> {
  return signInSchoolAdmin(t, (await buildSchool(t.database.db)).id);
}
