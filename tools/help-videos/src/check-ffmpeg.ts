// Stops `npm run help:videos` before the server starts when this machine cannot encode the videos.
import { ffmpegMissing } from './screen.ts';

const missing = ffmpegMissing();
if (missing) {
  process.stderr.write(`${missing}\n`);
  process.exit(1);
}
