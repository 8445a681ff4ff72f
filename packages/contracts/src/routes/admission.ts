import { z } from 'zod';
import { idParam } from '../fields';
import { admissionInput, admissionItem, admissionListQuery, admissionYear } from '../admission';
import { deleteAllBody, idsBody } from '../school';
import { defineRoute, noData, paged } from '../route';

const school = z.object({ schoolId: idParam() });
const base = '/api/school/:schoolId/admissions';
const deleted = z.object({ deleted: z.number() });

/** 升学去向 (the base-info card `university`): the school's graduates' admissions; Excel import/export beside. */
export const admissionContract = {
  list: defineRoute({
    method: 'GET',
    path: base,
    access: 'school.manage',
    params: school,
    query: admissionListQuery,
    response: paged(admissionItem),
  }),
  summary: defineRoute({
    method: 'GET',
    path: `${base}/summary`,
    access: 'school.manage',
    params: school,
    response: z.array(admissionYear),
  }),
  add: defineRoute({
    method: 'POST',
    path: base,
    access: 'school.manage',
    params: school,
    body: admissionInput,
    response: z.object({ id: z.number() }),
    failures: ['admissionDuplicate'],
  }),
  update: defineRoute({
    method: 'PUT',
    path: `${base}/:admissionId`,
    access: 'school.manage',
    params: school.extend({ admissionId: idParam() }),
    body: admissionInput,
    response: noData,
    failures: ['admissionDuplicate'],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: base,
    access: 'school.manage',
    params: school,
    body: idsBody,
    response: deleted,
  }),
  removeAll: defineRoute({
    method: 'DELETE',
    path: `${base}/all`,
    access: 'school.manage',
    params: school,
    body: deleteAllBody,
    response: deleted,
  }),
};
