export { roundToStep, total, type Marks } from './round';
export {
  combine,
  decide,
  FINAL_RULE_ROUNDING,
  type ArbitrationRule,
  type Decision,
  type FinalRule,
  type QuestionRule,
} from './final';
export { checkMarks } from './check';
export { objectiveScore, type PartialRule } from './objective';
export {
  countedQuestions,
  objectiveScorer,
  objectiveScores,
  subjectScore,
  type KeyQuestion,
  type ObjectiveResult,
  type OptionalGroup,
  type QuestionSpecial,
  type ScoreParts,
  type SubjectKey,
  type SubjectScore,
} from './subject';
export { deviation, markerDeviation, type MarkerDeviation } from './deviation';
export * from './shuffle';
