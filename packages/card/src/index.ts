export * from './types';
export { layoutCard, defaultBoxHeight } from './layout';
export { LayoutError } from './flow';
export { cardTemplate, type TemplateOptions } from './template';
export { renderSvg } from './svg';
export { renderPdf, type CardFonts } from './pdf';
export { groupObjective, type ObjectiveGroupPlan } from './blocks/objective';
export { demoStructure, demoOptions } from './demo';
export { qrSvg } from './qr';
