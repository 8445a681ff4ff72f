import { describe, expect, it } from 'vitest';
import { roomOutliers, type BatchSheet } from './room-order';

/** A batch from a string of rooms, one character a sheet ('.' a sheet without a room); paper ids from 1. */
const batch = (rooms: string, over: Partial<Record<number, Partial<BatchSheet>>> = {}): BatchSheet[] =>
  [...rooms].map((r, i) => ({
    paperId: i + 1,
    room: r === '.' ? null : r,
    trusted: false,
    raised: false,
    ...over[i + 1],
  }));

describe('roomOutliers', () => {
  it('raises a sheet whose neighbours are both of one other room', () => {
    expect(roomOutliers(batch('333333353333'))).toEqual([{ paperId: 8, room: '5', around: '3' }]);
  });

  it('reads the order past sheets without a room', () => {
    // sheet 6 has no examinee: sheet 7's neighbours are sheets 5 and 8
    expect(roomOutliers(batch('33333.5333333'))).toEqual([{ paperId: 7, room: '5', around: '3' }]);
  });

  it('keeps to a batch that holds two rooms, each together', () => {
    expect(roomOutliers(batch('333333444444'))).toEqual([]);
    expect(roomOutliers(batch('3333333334444444444445444'))).toEqual([
      { paperId: 22, room: '5', around: '4' },
    ]);
  });

  it('says nothing of the sheets at either end, or between two rooms', () => {
    expect(roomOutliers(batch('5333333333'))).toEqual([]);
    expect(roomOutliers(batch('3333333335'))).toEqual([]);
    expect(roomOutliers(batch('3333354444'))).toEqual([]);
  });

  it('says nothing of a batch too short to show an order', () => {
    expect(roomOutliers(batch('333353333'))).toEqual([]);
    expect(roomOutliers(batch('3333.53333'))).toEqual([]);
  });

  it('says nothing of a batch not in room order', () => {
    // two sheets of room 5 together inside room 3: room 3 lies in two runs
    expect(roomOutliers(batch('3333355333333'))).toEqual([]);
    // rooms shuffled
    expect(roomOutliers(batch('343433443434434'))).toEqual([]);
    // a room that comes back after another: 3 … 4 … 3
    expect(roomOutliers(batch('333334444433333'))).toEqual([]);
  });

  it('allows one lone sheet in twenty, and no more', () => {
    const forty = '3'.repeat(40).split('');
    forty[10] = '5';
    forty[30] = '6';
    expect(roomOutliers(batch(forty.join(''))).map((x) => x.paperId)).toEqual([11, 31]);
    forty[20] = '7';
    expect(roomOutliers(batch(forty.join('')))).toEqual([]);
  });

  it('leaves a sheet a person gave its examinee, or one already raised, as it is', () => {
    const rooms = `33333533${'3'.repeat(32)}`.split('');
    rooms[29] = '4';
    const forty = rooms.join('');
    expect(roomOutliers(batch(forty)).map((x) => x.paperId)).toEqual([6, 30]);
    expect(roomOutliers(batch(forty, { 6: { trusted: true } })).map((x) => x.paperId)).toEqual([30]);
    expect(roomOutliers(batch(forty, { 30: { raised: true } })).map((x) => x.paperId)).toEqual([6]);
  });
});
