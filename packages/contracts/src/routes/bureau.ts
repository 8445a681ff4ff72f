import { z } from 'zod';
import {
  bureauAdminAdd,
  bureauAdminItem,
  bureauAdminListQuery,
  bureauAdminRemove,
  bureauAdminRow,
  bureauExamParams,
  bureauOverview,
  bureauProgress,
  compareQuery,
  namesSharedBody,
  orgParams,
  schoolComparison,
} from '../bureau';
import { defineRoute, noData, paged } from '../route';

/**
 * The bureau's screens (issue 35): administrators of a bureau (by the system administrator), its schools and
 * 联考, every school's progress, and a 联考's schools compared. The comparison's Excel is a file answer on the
 * server's own registration.
 */
export const bureauContract = {
  admins: defineRoute({
    method: 'GET',
    path: '/api/admin/org/:orgId/admins',
    access: 'system.manage',
    params: orgParams,
    response: z.array(bureauAdminItem),
  }),
  addAdmin: defineRoute({
    method: 'POST',
    path: '/api/admin/org/:orgId/admins',
    access: 'system.manage',
    params: orgParams,
    body: bureauAdminAdd,
    response: z.object({ userId: z.number(), initialPassword: z.string().nullable() }),
  }),
  adminList: defineRoute({
    method: 'GET',
    path: '/api/admin/bureauAdmins',
    access: 'system.manage',
    query: bureauAdminListQuery,
    response: paged(bureauAdminRow),
  }),
  removeAdmin: defineRoute({
    method: 'DELETE',
    path: '/api/admin/org/:orgId/admins',
    access: 'system.manage',
    params: orgParams,
    body: bureauAdminRemove,
    response: noData,
  }),
  overview: defineRoute({
    method: 'GET',
    path: '/api/bureau/overview',
    access: 'bureau.read',
    response: bureauOverview,
  }),
  progress: defineRoute({
    method: 'GET',
    path: '/api/bureau/exam/:examId/progress',
    access: 'bureau.read',
    params: bureauExamParams,
    response: bureauProgress,
  }),
  namesShared: defineRoute({
    method: 'POST',
    path: '/api/bureau/exam/:examId/namesShared',
    access: 'bureau.read',
    params: bureauExamParams,
    body: namesSharedBody,
    response: noData,
  }),
  compare: defineRoute({
    method: 'GET',
    path: '/api/exam/:examId/report/compare',
    access: 'report.compare',
    params: bureauExamParams,
    query: compareQuery,
    response: schoolComparison,
  }),
};
