import { AppError } from '../errors';
import { scanAgentPackager } from '../modules/tool/scan-agent-package';
import { configOrExit } from './boot';

// `npm run tool:scan-agent-win`: builds the Windows scan client (node.exe and components from the npm registry)
// into DATA_DIR/tool now, for a server that will not reach the registry when a school first downloads it.

const config = configOrExit();
const started = Date.now();
try {
  const file = await scanAgentPackager(config.dataDir, {
    log: (msg, err) => process.stdout.write(`${msg}${err instanceof Error ? `：${err.message}` : ''}\n`),
  }).prepareWindows();
  process.stdout.write(`已就绪：${file}（${((Date.now() - started) / 1000).toFixed(0)} 秒）\n`);
} catch (err) {
  process.stderr.write(`${err instanceof AppError ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
