import { z } from 'zod';
import { id, idParam, text } from './fields';
import { pageQuery } from './envelope';
import { phone } from './auth';
import { schoolScanProgress } from './scan';

// The bureau (教育局 / 区县, issue 35): its administrators, schools, 联考, their progress and the comparison of
// schools in a 联考's reports.

export const orgParams = z.object({ orgId: idParam() });
export const bureauExamParams = z.object({ examId: idParam() });

/** A bureau administrator added by phone (a new user needs a name; an initial password is answered once). */
export const bureauAdminAdd = z.object({
  phone,
  name: text().trim().min(1).max(30).optional(),
});
export const bureauAdminItem = z.object({ userId: z.number(), name: z.string(), phone: z.string() });

/** The system administrator's list of every bureau's administrators: by name or phone, by bureau, paged. */
export const bureauAdminListQuery = pageQuery.extend({
  keyword: text().trim().max(30).optional(),
  orgId: idParam().optional(),
});
export type BureauAdminListQuery = z.input<typeof bureauAdminListQuery>;
export const bureauAdminRow = bureauAdminItem.extend({
  orgId: z.number(),
  orgName: z.string(),
  level: z.number(),
});
export type BureauAdminRow = z.infer<typeof bureauAdminRow>;
export const bureauAdminRemove = z.object({ userId: id() });

const schoolOfBureau = z.object({ id: z.number(), name: z.string(), orgId: z.number(), orgName: z.string() });

export const bureauExam = z.object({
  id: z.number(),
  name: z.string(),
  gradeName: z.string().nullable(),
  startDate: z.string().nullable(),
  orgName: z.string(),
  schools: z.number(),
  examinees: z.number(),
  namesShared: z.boolean(),
});
export type BureauExam = z.infer<typeof bureauExam>;

/** What a bureau administrator oversees: their bureaus, the schools under them, the bureaus' 联考. */
export const bureauOverview = z.object({
  bureaus: z.array(z.object({ id: z.number(), name: z.string(), level: z.number() })),
  schools: z.array(schoolOfBureau),
  exams: z.array(bureauExam),
});
export type BureauOverview = z.infer<typeof bureauOverview>;

/** One block's marking in one school: papers with a final score out of papers to mark, and what waits. */
const blockInSchool = z.object({
  blockId: z.number(),
  papers: z.number(),
  decided: z.number(),
  arbitration: z.number(),
  problems: z.number(),
});

/** Every school of a 联考 on one screen: scanning (扫描完成 confirmed) and marking per subject and block. */
export const bureauProgress = z.object({
  exam: z.object({ id: z.number(), name: z.string() }),
  subjects: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      status: z.number(),
      blocks: z.array(z.object({ id: z.number(), name: z.string() })),
    }),
  ),
  schools: z.array(
    z.object({
      scan: schoolScanProgress,
      /** per subject (same order as `subjects`), per block (same order as its blocks) */
      marking: z.array(z.array(blockInSchool)),
      /** open 问题卷 and papers waiting for arbitration, over every block */
      problems: z.number(),
    }),
  ),
});
export type BureauProgress = z.infer<typeof bureauProgress>;

export const namesSharedBody = z.object({ shared: z.boolean() });

/** The level a 联考's schools are compared at: the exam as a whole, its districts, its schools, a school's classes. */
export const compareLevel = z.enum(['city', 'district', 'school', 'class']);
export type CompareLevel = z.infer<typeof compareLevel>;
export const COMPARE_LEVEL_LABELS: Record<CompareLevel, string> = {
  city: '全市',
  district: '区县',
  school: '学校',
  class: '班级',
};

export const compareQuery = z.object({
  /** a published subject; absent: the total over the published subjects */
  subjectId: idParam().optional(),
  level: compareLevel.default('school'),
  /** class level, or the students listed: one school */
  schoolId: idParam().optional(),
});
export type CompareQuery = z.infer<typeof compareQuery>;

const rate = z.object({ count: z.number(), rate: z.number().nullable() });
export const compareUnit = z.object({
  /** school, org or class id; 0 for the whole exam */
  id: z.number(),
  /** the unit's name, or 学校甲… when it is another school the viewer may not name */
  name: z.string(),
  mine: z.boolean(),
  sat: z.number(),
  absent: z.number(),
  mean: z.number().nullable(),
  max: z.number().nullable(),
  min: z.number().nullable(),
  rank: z.number().nullable(),
  aboveMean: z.number().nullable(),
  rates: z.object({ excellent: rate, good: rate, pass: rate, low: rate }),
});
export type CompareUnit = z.infer<typeof compareUnit>;

export const schoolComparison = z.object({
  examName: z.string(),
  /** 总分 or the subject's name */
  name: z.string(),
  fullMarks: z.number(),
  level: compareLevel,
  subjects: z.array(z.object({ id: z.number(), name: z.string() })),
  /** the schools the viewer may list students of and name (every school for the bureau) */
  mySchools: z.array(z.object({ id: z.number(), name: z.string() })),
  whole: compareUnit,
  units: z.array(compareUnit),
  /** 一分一段 of the whole exam */
  ladder: z.array(
    z.object({ score: z.number(), count: z.number(), cumulative: z.number(), cumulativeRate: z.number() }),
  ),
  /** each question's 得分率: the whole exam's, and per unit in the order of `units` (a subject only) */
  questions: z.array(
    z.object({
      no: z.string(),
      full: z.number(),
      whole: z.number().nullable(),
      units: z.array(z.number().nullable()),
    }),
  ),
  /** students of one of `mySchools` (the asked one, else the first), best first, with their rank in the 联考 */
  students: z.array(
    z.object({
      kaohao: z.string(),
      name: z.string(),
      className: z.string(),
      score: z.number().nullable(),
      rank: z.number().nullable(),
    }),
  ),
});
export type SchoolComparison = z.infer<typeof schoolComparison>;
