export { typicalCard } from './typical-card';
export { boxesCard } from './boxes-card';
export { locationAreaCard, type AreaChoice, type LocationAreaCard } from './location-card';
export { simulateSheet, type SheetTruth, type SimulateOptions } from './simulate';
export { randomAnswers, type SheetAnswers } from './answers';
export { createRng, type Rng } from './rng';
export type { Difficulty } from './difficulty';
export { cardSvg, type PrintStyle } from './card-svg';
export { printedPage } from './raster';
export { generateSet, type GeneratedSheet } from './generate';
export { generateTurned, simulatedCard } from './turned';
export { scoreSheet, type SheetScore } from './score';
export { blacken, coverAnchors } from './damage';
export { orderlyStudent } from './student';
export type { SubjectiveInk } from './marks';
/** Bump when the simulator's output changes, so cached bench sets are regenerated. */
export const SIM_VERSION = 4;
export { generatePhoto, quizCard, QUIZ_CARD_ID } from './quiz-card';
export { drawPhoto, photographPage, type PhotoParams } from './photo';
