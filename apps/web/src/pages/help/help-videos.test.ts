import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isHelpVideoTopic, videoLength } from './help-videos';
import manifest from './videos.json';

// The committed help videos (npm run help:videos): what the manifest names is there, is WebM, and belongs to a
// topic the help page shows.
const PUBLIC = path.resolve(__dirname, '../../../public/help-videos');
const entries = Object.entries(
  (manifest as { videos: Record<string, { file: string; poster: string; seconds: number }> }).videos,
);

describe('help videos', () => {
  it('the manifest lists at least the recorded topics', () => {
    expect(entries.length).toBeGreaterThanOrEqual(4);
  });

  it.each(entries)('%s is a help topic with a WebM file and a JPEG poster', (topic, video) => {
    expect(isHelpVideoTopic(topic), `${topic} is one of the help page's topics`).toBe(true);
    const file = path.join(PUBLIC, video.file);
    expect(existsSync(file), `${video.file} exists`).toBe(true);
    const head = readFileSync(file).subarray(0, 64);
    // EBML magic, and the document type webm
    expect([...head.subarray(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(head.toString('latin1')).toContain('webm');
    const poster = readFileSync(path.join(PUBLIC, video.poster));
    expect([...poster.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(video.seconds).toBeGreaterThan(0);
  });

  it("only the help page's own topics count as topics", () => {
    expect(isHelpVideoTopic('marking')).toBe(true);
    expect(isHelpVideoTopic('toString')).toBe(false);
    expect(isHelpVideoTopic(undefined)).toBe(false);
  });

  it('says the length in Chinese', () => {
    expect(videoLength(45)).toBe('45秒');
    expect(videoLength(60)).toBe('1分');
    expect(videoLength(85)).toBe('1分25秒');
  });
});
