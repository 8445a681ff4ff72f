import { asc, isNull } from 'drizzle-orm';
import type { Db } from '../../infra/db';
import { org, school } from '../../db/schema';

export function orgRepo(db: Db) {
  return {
    orgs: () => db.select().from(org).orderBy(asc(org.level), asc(org.id)),
    schools: () => db.select({ id: school.id, name: school.name, orgId: school.orgId }).from(school).where(isNull(school.deletedAt)).orderBy(asc(school.id)),
  };
}
