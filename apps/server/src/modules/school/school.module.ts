import type { Db } from '../../infra/db';
import type { AuditService } from '../audit/audit.service';
import type { SmsProvider } from '../auth/sms';
import { admissionRepo } from './admission.repo';
import { admissionService } from './admission.service';
import { adminRepo } from './admin.repo';
import { adminService } from './admin.service';
import { gradeRepo } from './grade.repo';
import { gradeService } from './grade.service';
import { schoolRepo } from './school.repo';
import { schoolService } from './school.service';
import { studentRepo } from './student.repo';
import { studentService } from './student.service';
import { teacherRepo } from './teacher.repo';
import { teacherService } from './teacher.service';
import type { UserAccounts } from './user-accounts';

/**
 * The school module wired (called from the composition root, routes.ts): its repositories passed into its
 * services here; the accounts of teachers and admins (the auth module's users) passed in as a port.
 */
export function schoolModule(d: { db: Db; audit: AuditService; sms: SmsProvider; users: UserAccounts }) {
  const { db, audit } = d;
  return {
    school: schoolService({ db, repo: schoolRepo }),
    grades: gradeService({ db, repo: gradeRepo, audit }),
    students: studentService({ db, repo: studentRepo, gradeRepo, audit }),
    teachers: teacherService({ db, repo: teacherRepo, gradeRepo, audit, sms: d.sms, users: d.users }),
    admins: adminService({ db, repo: adminRepo, audit, users: d.users }),
    admissions: admissionService({ db, repo: admissionRepo, audit }),
  };
}
export type SchoolModule = ReturnType<typeof schoolModule>;
