import { scoreCompute, type ScoreCompute } from './score-compute';
import { scoreComputeRepo } from './score-compute.repo';

/**
 * Score derivation wired (score-compute.ts), its repository passed in: made before the other modules, as
 * recognition, marking, the score module, the worker and the benches need it.
 */
export function scoreComputing(d: Omit<Parameters<typeof scoreCompute>[0], 'repo'>): ScoreCompute {
  return scoreCompute({ ...d, repo: scoreComputeRepo });
}
