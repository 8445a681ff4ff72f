import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { org, school } from '../../db/schema';

export function orgRepo(db: Db) {
  return {
    orgs: () => db.select().from(org).orderBy(asc(org.level), asc(org.id)),
    async insertOrg(row: typeof org.$inferInsert) {
      return (await db.insert(org).values(row).returning())[0]!;
    },
    async insertSchool(row: typeof school.$inferInsert) {
      return (await db.insert(school).values(row).returning())[0]!;
    },
    async findOrg(id: number) {
      return (await db.select().from(org).where(eq(org.id, id)))[0] ?? null;
    },
    async schoolByName(name: string) {
      return (
        (
          await db
            .select()
            .from(school)
            .where(and(eq(school.name, name), isNull(school.deletedAt)))
        )[0] ?? null
      );
    },
    schools: () =>
      db
        .select({ id: school.id, name: school.name, orgId: school.orgId })
        .from(school)
        .where(isNull(school.deletedAt))
        .orderBy(asc(school.id)),
  };
}
