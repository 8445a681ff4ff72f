// See marking.service.ts beside this file: quality/spot.service.ts's import of the block rules, until it is
// pointed at rules/mark-rules.ts; the final score itself is final/marking-final.ts.
export { blockRules } from './rules/mark-rules';
