export {
  boxPlot,
  boxPlotOf,
  mean,
  median,
  present,
  stddev,
  summarize,
  summaryOf,
  variance,
  type Sat,
  type Scores,
  type Summary,
} from './describe';
export {
  DEFAULT_RATE_THRESHOLDS,
  fourRates,
  fourRatesOf,
  type FourRates,
  type Rate,
  type RateThresholds,
} from './rates';
export { bestFirst, GroupRanker, groupRanks, rankChange, ranks } from './rank';
export { oneScoreSegments, scoreBands, type Band, type Segment } from './segments';
export {
  compareGroups,
  compareMeans,
  criticalStudents,
  isCritical,
  type Critical,
  type GroupComparison,
} from './compare';
export {
  extremeGroups,
  groupMeanOf,
  type ExtremeGroup,
  GROUP_SHARE,
  itemStats,
  optionDistribution,
  pearson,
  type Item,
  type ItemStats,
} from './items';
export {
  cronbachAlpha,
  kr20,
  reliability,
  reliabilityWithheld,
  RELIABILITY_MIN_EXAMINEES,
  type ReliabilityWithheld,
} from './reliability';
export { standardOf, standardScores, studentColumns, tScore, zScore, type StudentColumns } from './standard';
export {
  DEFAULT_GRADE_BANDS,
  gradeColumns,
  gradeQuotas,
  gradeScores,
  type GradeBand,
  type GradedScore,
} from './grade';
export {
  columnItemStats,
  columnReliability,
  fromColumn,
  groupColumnMeans,
  groupingsColumnMeans,
  toColumn,
  type Column,
} from './columns';
export {
  largestLosses,
  typicalAnswers,
  wrongAnswers,
  type GivenAnswer,
  type WrongAnswer,
} from './commentary';
export { compareUnits, unitScoreRates, type UnitFigures } from './units';
export { rankBand, scoreLevel, standingOf, type Standing } from './standing';
export {
  quizClassResult,
  type QuizBand,
  type QuizClassResult,
  type QuizQuestionIn,
  type QuizQuestionOut,
  type QuizStudent,
} from './quiz';
export {
  quizTrend,
  type QuizTrend,
  type TrendQuizIn,
  type TrendQuizOut,
  type TrendSitting,
  type TrendStudentIn,
  type TrendStudentOut,
} from './quiz-trend';
export { admissionYears, type AdmissionCount, type AdmissionYearFigures, type UniversityCount } from './admission';
