export * from './types';
export {
  emptyResult,
  recognizePage,
  recognizeWithMatrix,
  recognizeWithPoints,
  manualAnchorPoints,
  type RecognizeOptions,
  type StageTimings,
} from './recognize';
export {
  createZxingReader,
  encodePageQr,
  parsePageQr,
  type BarcodeReader,
  type BarcodeHit,
  type BarcodeFormat,
} from './barcode';
export type { GreyImage } from './image';
export { applyH, invertH, multiplyH, fitHomography, fitAffine, type Matrix3, type Point } from './geometry';
export { pageThresholds, decideField } from './decide';
export { checkPage } from './page-check';
export { findStreaks, withoutStreaks, withoutThinStreaks, type Streak } from './streaks';
export { pageFields, type PageFields } from './layout';
export { expandBlock, type Field } from './fields';
export { detectLayout, toBubbleGrid, type DetectedLayout, type DetectedGrid } from './detect';
export { CUT_GAP, cutPointOnPage, cutRegion, stackImages } from './cut';
export { measureInk, printedBackground, type InkMeasure, type BlankOptions } from './blank';
export {
  answerSignature,
  signatureDistance,
  groupAnswers,
  isShortAnswer,
  GROUP_THRESHOLD,
  MAX_SHORT_ASPECT,
  type AnswerSignature,
} from './answer-group';
export {
  evenLighting,
  recognizePhoto,
  straightenPhoto,
  warpQuad,
  type PhotoPage,
  type PhotoRecognition,
} from './photo';
export { findSheet, type QuadOutcome } from './photo-quad';
export {
  inkPrint,
  printLikeness,
  sameSheet,
  CELL_MM,
  INKED,
  MIN_INKED,
  SAME_SHEET,
  type InkPrint,
} from './ink-print';
