import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, smallint, text } from 'drizzle-orm/pg-core';
import { id, ref, at, createdAt, index, pgTable, primaryKey, uniqueIndex } from '../columns';
import type { StoredExceptionDetail, StoredPageResult } from '@yj/contracts';
import { school } from './org';
import { user } from './people';
import { examinee, subject } from './subject';
import { template } from './template';
import { StoredCountsSchema, StoredObjectiveSchema, StoredPaperScoresSchema } from '@yj/contracts';
import { storedJsonb } from '../stored';

/** One upload (or agent run) of scanned pages for a subject and school; counts fixed at ingest. */
export const scanBatch = pgTable(
  'scan_batch',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    schoolId: ref('school_id', () => school.id),
    uploaderId: integer('uploader_id').references(() => user.id),
    /** null for the 'online' batch: papers handed in on 学生端, read from no card */
    templateId: integer('template_id').references(() => template.id),
    /** ScanSource: upload / origin / agent / online */
    source: text('source').notNull().default('upload'),
    fileCount: integer('file_count').notNull().default(0),
    pageCount: integer('page_count').notNull().default(0),
    duplicateCount: integer('duplicate_count').notNull().default(0),
    /** recognising → done */
    state: text('state').notNull().default('recognising'),
    /**
     * 作废本批次 (a pile scanned wrong, to be scanned again): its papers set aside, kept; the batch takes no more
     * pages. Null while the batch counts.
     */
    voidedAt: at('voided_at'),
    voidedBy: integer('voided_by').references(() => user.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('scan_batch_subject_idx').on(t.subjectId, t.schoolId),
    // one 'online' batch per subject and school: simultaneous first hand-ins share it
    uniqueIndex('scan_batch_online_uq')
      .on(t.subjectId, t.schoolId)
      .where(sql`${t.source} = 'online'`),
  ],
);

/** A 打分栏 score of a paper: `question` as the strip names it (`13|14` for a strip over two questions). */
export interface PaperScore {
  question: string;
  value: number | null;
  /** typed by a person on the 主观题异常 screen */
  manual?: boolean;
}

/** 答题卡: one student's pages of a subject, matched to an examinee by exam number. */
export const paper = pgTable(
  'paper',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    schoolId: ref('school_id', () => school.id),
    batchId: ref('batch_id', () => scanBatch.id),
    /** position of the paper in its batch */
    seq: integer('seq').notNull(),
    examineeId: integer('examinee_id').references(() => examinee.id),
    /** the exam number as read (or set by a person) */
    kaohao: text('kaohao'),
    /** PaperStatus: pending / ok / exception */
    status: text('status').notNull().default('pending'),
    /** question → chosen labels (null: undecided) */
    objective: storedJsonb('objective', StoredObjectiveSchema, 'paper.objective').notNull().default({}),
    /**
     * 先阅后扫 score strips (打分栏) by strip name: the question(s) and the score read or typed by a person
     * (null: the strip was left empty, marking on screen gives that score)
     */
    scores: storedJsonb('scores', StoredPaperScoresSchema, 'paper.scores').notNull().default({}),
    absentMarked: boolean('absent_marked').notNull().default(false),
    paperType: text('paper_type'),
    recognisedAt: at('recognised_at'),
    createdAt: createdAt(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    index('paper_subject_idx').on(t.subjectId, t.schoolId, t.status),
    index('paper_batch_idx').on(t.batchId),
    // a batch's papers still waiting for recognition: each recognised paper asks whether its batch is done, and
    // through paper_batch_idx that read every paper of the batch already recognised (quadratic in a batch)
    index('paper_batch_pending_idx')
      .on(t.batchId)
      .where(sql`${t.status} = 'pending' and ${t.deletedAt} is null`),
    // the few deleted papers: "not a deleted paper" (the claim, counts) looks here instead of reading every paper
    index('paper_deleted_idx')
      .on(t.id)
      .where(sql`${t.deletedAt} is not null`),
    // one live paper per examinee and subject; a second one is a 考号重复 exception, not a match
    uniqueIndex('paper_subject_examinee_uq')
      .on(t.subjectId, t.examineeId)
      .where(sql`${t.examineeId} is not null and ${t.deletedAt} is null`),
  ],
);

/** One scanned page: stored image, content hash (same content recognised once per subject), recognition result. */
export const scanPage = pgTable(
  'scan_page',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    batchId: ref('batch_id', () => scanBatch.id),
    paperId: integer('paper_id').references(() => paper.id),
    /** position of the page within its paper (0-based) */
    position: smallint('position').notNull().default(0),
    /** order of the page in its batch */
    seq: integer('seq').notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    fileName: text('file_name').notNull(),
    /** page of a multi-page file (TIFF, PDF), 0 for single images */
    pageInFile: integer('page_in_file').notNull().default(0),
    /** the card page recognised (template page index) */
    templatePage: smallint('template_page'),
    /** ScanPageStatus: queued / recognised / exception / blank / removed / voided */
    status: text('status').notNull().default('queued'),
    result: jsonb('result').$type<StoredPageResult>(),
    /**
     * scanner streaks recognition found on the page (result.streaks): counted per batch on every progress poll,
     * which must not read each page's result
     */
    streaks: smallint('streaks').notNull().default(0),
    /** a 1-bit scan cut at one threshold (result.thresholded): counted per batch like `streaks` */
    thresholded: boolean('thresholded').notNull().default(false),
    error: text('error'),
    attempts: smallint('attempts').notNull().default(0),
    recognisedAt: at('recognised_at'),
    createdAt: createdAt(),
  },
  (t) => [
    // the same image is stored once a subject (a re-upload is a duplicate), except a voided batch's: its pile may
    // come again as it was, into the right school or subject
    uniqueIndex('scan_page_subject_sha_uq')
      .on(t.subjectId, t.sha256)
      .where(sql`${t.status} <> 'voided'`),
    index('scan_page_batch_idx').on(t.batchId, t.status),
    index('scan_page_paper_idx').on(t.paperId),
  ],
);

/** A recognition doubt shown to a person (DESIGN.md §4); resolved by the exception screens, never deleted. */
export const scanException = pgTable(
  'scan_exception',
  {
    id: id(),
    subjectId: ref('subject_id', () => subject.id),
    schoolId: ref('school_id', () => school.id),
    batchId: ref('batch_id', () => scanBatch.id),
    paperId: integer('paper_id').references(() => paper.id),
    pageId: integer('page_id').references(() => scanPage.id),
    /** ScanExceptionType */
    type: text('type').notNull(),
    /** the template region concerned (question, 考号 …) */
    region: text('region'),
    reason: text('reason').notNull(),
    // per kind: packages/contracts exception-detail.ts (read with db/stored.ts readExceptionDetail)
    detail: jsonb('detail').$type<StoredExceptionDetail>().notNull().default({}),
    resolved: boolean('resolved').notNull().default(false),
    resolvedBy: integer('resolved_by').references(() => user.id),
    resolvedAt: at('resolved_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('scan_exception_subject_idx').on(t.subjectId, t.resolved, t.type),
    index('scan_exception_paper_idx').on(t.paperId),
  ],
);

/** 扫描完成 of one school in one subject: confirmed by a person once every sheet is in (missing list seen). */
export const scanFinish = pgTable(
  'scan_finish',
  {
    subjectId: ref('subject_id', () => subject.id),
    schoolId: ref('school_id', () => school.id),
    finishedBy: integer('finished_by').references(() => user.id),
    finishedAt: at('finished_at').notNull().defaultNow(),
    /** what the confirmation saw: examinees, papers, missing, open exceptions */
    counts: storedJsonb('counts', StoredCountsSchema, 'scan_finish.counts').notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.schoolId] })],
);
