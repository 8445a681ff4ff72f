import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Fontconfig is read once per process, so each machine's font set is tried in a process of its own:
// the printed card must come out pixel for pixel the same whatever fonts the system has installed.

const run = promisify(execFile);
const raster = new URL('./raster.ts', import.meta.url).pathname;
const typical = new URL('./typical-card.ts', import.meta.url).pathname;
const hashPrintedPage = `
import { createHash } from 'node:crypto';
import { printedPage } from ${JSON.stringify(raster)};
import { typicalCard } from ${JSON.stringify(typical)};
const card = typicalCard();
const r = await printedPage(card.pages[0], card.id, card.name, 100);
console.log(createHash('sha256').update(r.data).digest('hex'));
`;

async function printedHash(env: NodeJS.ProcessEnv): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--input-type=module', '-e', hashPrintedPage],
    { env, maxBuffer: 1 << 20 },
  );
  return stdout.trim();
}

describe('printing the simulated card', () => {
  let dir: string;
  let noFonts: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'yj-fonts-test-'));
    noFonts = join(dir, 'fonts.conf');
    await writeFile(noFonts, '<?xml version="1.0"?>\n<fontconfig></fontconfig>\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('gives the same pixels on a machine without any font as with the system fonts', async () => {
    const system = { ...process.env };
    delete system.FONTCONFIG_FILE;
    const [withSystem, withNone] = await Promise.all([
      printedHash(system),
      printedHash({ ...process.env, FONTCONFIG_FILE: noFonts }),
    ]);
    expect(withSystem).toMatch(/^[0-9a-f]{64}$/);
    expect(withNone).toBe(withSystem);
  });
});
