import type { EnginePageResult } from '@yj/contracts';
import type { Matrix3, Point } from './geometry';
import type { Streak } from './streaks';

/** Exception kinds of DESIGN.md §4 that recognition itself can raise. */
export const OmrExceptionType = {
  location: 'location',
  examNumber: 'examNumber',
  objective: 'objective',
  ab: 'ab',
  option: 'option',
  absent: 'absent',
  /** 主观题: a 打分栏 (teacher's score strip) that cannot be read, or an answer box the image does not show whole */
  subjective: 'subjective',
  blankPage: 'blankPage',
  wrongPage: 'wrongPage',
  imageProblem: 'imageProblem',
} as const;
export type OmrExceptionTypeValue = (typeof OmrExceptionType)[keyof typeof OmrExceptionType];

/** One recognition exception: what, where (the template region's name), why, with the evidence. */
export interface OmrException {
  type: OmrExceptionTypeValue;
  region: string;
  reason: string;
  fills?: number[];
  /**
   * The options a ring round them or a tick after them put in doubt (indices into the field's bubbles): what
   * raised the field lies outside its bubbles, so its fills say nothing of the answer (rings.ts).
   */
  doubted?: number[];
}

/** Per-bubble state after thresholding. */
export type BubbleState = 'filled' | 'empty' | 'uncertain';

/** A read field: fill values (0 white … 1 black, against the local paper), states and the decision. */
export interface FieldReading {
  name: string;
  labels: string[];
  fills: number[];
  /** Darkness of each bubble's darkest tenth: pencil lines (ticks, crosses) show here more than in the fill. */
  cores: number[];
  states: BubbleState[];
  /** Chosen labels; null when the field could not be decided (an exception says why). */
  value: string[] | null;
  /** 0..1: how far the closest bubble sits from the undecided band. */
  confidence: number;
}

/** The thresholds used for this page. */
export interface Thresholds {
  empty: number;
  filled: number;
  adaptive: boolean;
  /** Typical fill of an empty bubble on this page (printed label, paper grain). */
  base?: number;
  /** This sheet's own typical mark, when the thresholds were lowered to it (a light pencil, calibrate.ts). */
  markLevel?: number;
}

/** Template → image mapping and how well it fits. */
export interface Registration {
  method: 'anchors' | 'locationAreas';
  rotation: 0 | 90 | 180 | 270;
  matrix: Matrix3;
  /** RMS residual in image pixels of the points used for the fit. */
  fitError: number;
  points: { name: string; template: Point; image: Point }[];
}

/** A template rectangle mapped into the image: its four corners and their bounding box. */
export interface MappedBox {
  name: string;
  question: string;
  corners: [Point, Point, Point, Point];
  bbox: { x: number; y: number; w: number; h: number };
}

/** Decoded page-identity QR of our own cards. */
export interface PageIdentity {
  templateId: string;
  page: number;
  examId?: string;
  subjectId?: string;
}

/** Everything recognised on one page; plain data, safe to store as JSON. */
export interface PageResult {
  status: 'ok' | 'blank' | 'exception';
  pageIndex: number | null;
  identity: PageIdentity | null;
  registration: Registration | null;
  thresholds: Thresholds | null;
  examNumber: { value: string | null; source: 'bubbles' | 'code128' | 'qr' | null; digits: FieldReading[] };
  objective: {
    question: string;
    group: string;
    kind: 'single' | 'multi' | 'trueFalse';
    reading: FieldReading;
  }[];
  ab: FieldReading | null;
  absent: FieldReading | null;
  optional: FieldReading[];
  scores: { name: string; question: string; value: number | null; fields: FieldReading[] }[];
  subjective: MappedBox[];
  exceptions: OmrException[];
  /** Scanner streaks found and painted over before reading (streaks.ts); absent when there were none. */
  streaks?: Streak[];
  /**
   * A 1-bit scan cut at one threshold (黑白, not dithered: detect-pixels.ts isDithered): a mark lighter than the
   * threshold is not in the image, so the scanner's operator is told to scan grey. Set when a registered page is
   * read; absent otherwise.
   */
  thresholded?: true;
}

/** true when A and B are one type (optional and readonly fields alike), else false. */
type Same<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Holds<T extends true> = T;
/**
 * The stored schema of a page's result (contracts page-result.ts `PageResultSchema`, what the server parses
 * scan_page.result with) is this type: a field added to one and not the other fails the typecheck here.
 */
export type PageResultIsStored = Holds<Same<PageResult, EnginePageResult>>;
