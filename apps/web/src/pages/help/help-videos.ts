import { BASE_PATH } from '../../api/constants';
import recorded from './videos.json';

/** The help topics that show a task a school does; each may have a recorded video (npm run help:videos). */
export const HELP_VIDEO_TOPICS = {
  'create-exam': '创建考试',
  'answer-card': '制作答题卡',
  'scan-upload': '上传扫描',
  marking: '网上阅卷',
  'publish-scores': '发布成绩',
} as const;

export type HelpVideoTopic = keyof typeof HELP_VIDEO_TOPICS;

export interface HelpVideo {
  /** file names under apps/web/public/help-videos/ (served at /minions/help-videos/) */
  file: string;
  poster: string;
  seconds: number;
  bytes: number;
  /** YYYY-MM-DD the video was recorded, and the product commit it shows */
  recordedAt: string;
  commit: string;
}

/** What tools/help-videos/src/record.ts writes to videos.json. */
export interface HelpVideoManifest {
  videos: Partial<Record<string, HelpVideo>>;
}

const manifest = recorded as HelpVideoManifest;

export function isHelpVideoTopic(topic: string | undefined): topic is HelpVideoTopic {
  return topic !== undefined && Object.hasOwn(HELP_VIDEO_TOPICS, topic);
}

/** The topic's video, or undefined when none has been recorded (the page then shows no 观看视频). */
export function helpVideo(topic: HelpVideoTopic): HelpVideo | undefined {
  return manifest.videos[topic];
}

export const helpVideoUrl = (file: string): string => `${BASE_PATH}/help-videos/${file}`;

/** "1分25秒" */
export function videoLength(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return m > 0 ? `${m}分${s > 0 ? `${s}秒` : ''}` : `${s}秒`;
}
