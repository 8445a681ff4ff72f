import { z } from 'zod';
import { idParam } from '../fields';
import {
  groupScoreResult,
  intelligentBlockQuery,
  intelligentCheckView,
  intelligentConfirm,
  intelligentGroupScore,
  intelligentGroupSplit,
  intelligentReturn,
  intelligentReviewView,
  intelligentRunInput,
  intelligentRunView,
  intelligentSetting,
  intelligentSettingsView,
  markerBlankReturn,
  markerBlanksView,
} from '../intelligent';
import { defineRoute, noData } from '../route';

const params = z.object({ id: idParam() });
const base = '/api/subject/:id/setting/intelligent';

/**
 * 智能辅助 (spec §2 setting/intelligent, /check, /intelligentReview): settings, runs and the blank check for
 * the block's leaders and the subject's managers; the answer groups for the block's markers. The group's
 * paper image (…/intelligentReview/image) answers JPEG and stays on Fastify's registration.
 */
export const intelligentContract = {
  settings: defineRoute({
    method: 'GET',
    path: base,
    access: 'subject.lead',
    params,
    response: intelligentSettingsView,
  }),
  save: defineRoute({
    method: 'POST',
    path: base,
    access: 'subject.lead',
    params,
    body: intelligentSetting,
    response: noData,
  }),
  run: defineRoute({
    method: 'POST',
    path: `${base}/run`,
    access: 'subject.lead',
    params,
    body: intelligentRunInput,
    response: intelligentRunView,
  }),
  check: defineRoute({
    method: 'GET',
    path: `${base}/check`,
    access: 'subject.lead',
    params,
    query: intelligentBlockQuery,
    response: intelligentCheckView,
  }),
  confirm: defineRoute({
    method: 'POST',
    path: `${base}/check/confirm`,
    access: 'subject.lead',
    params,
    body: intelligentConfirm,
    response: z.object({ applied: z.number(), skipped: z.number() }),
  }),
  giveBack: defineRoute({
    method: 'POST',
    path: `${base}/check/return`,
    access: 'subject.lead',
    params,
    body: intelligentReturn,
    response: z.object({ state: z.literal('returned') }),
  }),
  groups: defineRoute({
    method: 'GET',
    path: `${base}/intelligentReview`,
    access: 'subject.mark',
    params,
    query: intelligentBlockQuery,
    response: intelligentReviewView,
  }),
  scoreGroup: defineRoute({
    method: 'POST',
    path: `${base}/intelligentReview/score`,
    access: 'subject.mark',
    params,
    body: intelligentGroupScore,
    response: groupScoreResult,
  }),
  split: defineRoute({
    method: 'POST',
    path: `${base}/intelligentReview/split`,
    access: 'subject.mark',
    params,
    body: intelligentGroupSplit,
    response: noData,
  }),
  // the markers' side of 智能判空: the blanks scored 0 in a block, and one sent back to marking with a reason
  markerBlanks: defineRoute({
    method: 'GET',
    path: `${base}/intelligentReview/blanks`,
    access: 'subject.mark',
    params,
    query: intelligentBlockQuery,
    response: markerBlanksView,
  }),
  markerBlankReturn: defineRoute({
    method: 'POST',
    path: `${base}/intelligentReview/blanks/return`,
    access: 'subject.mark',
    params,
    body: markerBlankReturn,
    response: z.object({ state: z.literal('returned') }),
  }),
};
