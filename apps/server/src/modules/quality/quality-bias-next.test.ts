import { expect, it } from 'vitest';
import type { BlockQuality, MarkTask } from '@yj/contracts';
import { body } from '../../../test/app';
import type { LeadScene } from '../../../test/marking-lead-scene';
import { withScene, leadScene, pauseFlaggedMarkers, submit13And14 } from '../../../test/marking-fixture';
import { claimTasks } from '../../../test/marking';
import { PAUSED } from './quality-pause';

// Issue 35: the marking screen's submit (next: true) is answered before 质检's check of the pair it completed,
// which runs after the commit; the marker's next claim waits for that check, so a flagged marker is refused as
// when the answer waited for it (quality-bias.test.ts, the same pairs submitted without next).

type Client = LeadScene['manager']['c'];
const claim = (c: Client, type = 'normal') => claimTasks(c, s.blockId, 1, type);
const submit = (c: Client, task: MarkTask, a: number, b: number) => submit13And14(c, task, a, b, true);

const { scene: s } = withScene(leadScene({ papers: 6, markCount: 2 }), async () => {
  // threshold 3; pause on
  await pauseFlaggedMarkers(s);
});

it('a marker flagged by the check after a submit is refused his next claim', async () => {
  // each marker handed their next paper by their submit: 甲 +2 three times against 乙, then +4 on a paper the
  // leader decides at 乙's mark
  let [ta] = (await claim(s.markerA.c)).data;
  let [tb] = (await claim(s.markerB.c)).data;
  for (const a of [7, 7, 7, 9]) {
    const ra = await submit(s.markerA.c, ta!, a, 3);
    expect(ra.code, ra.message).toBe(0);
    const rb = await submit(s.markerB.c, tb!, 5, 3);
    expect(rb.code, rb.message).toBe(0);
    [ta, tb] = [ra.data.next!, rb.data.next!];
    expect(ta && tb).toBeTruthy();
  }
  const [arb] = (await claim(s.leader.c, 'arbitration')).data;
  expect(arb!.slot).toBe(9);
  const decided = await submit(s.leader.c, arb!, 5, 3);
  expect(decided.code, decided.message).toBe(0);
  // answered before 甲 was judged: his claim waits for the check, which pauses him
  expect((await claim(s.markerA.c)).message).toBe(PAUSED);
  const r = await s.leader.c
    .get(`/filter/api/marking/block/${s.blockId}/quality`)
    .then((x) => body<BlockQuality>(x));
  const a = r.data.markers.find((x) => x.userId === s.markerA.id)!;
  expect(a.flag).toMatchObject({ state: 1, atDone: 4, atEvidence: 4, paused: true });
  expect(r.data.markers.find((x) => x.userId === s.markerB.id)!.flag).toBeNull();
});
