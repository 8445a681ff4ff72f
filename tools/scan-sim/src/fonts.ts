import { createHash } from 'node:crypto';
import { existsSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

// The printed card is SVG text rasterised by librsvg, which asks fontconfig for its fonts. Left to the
// machine's fonts, the pixels depend on what happens to be installed: without a CJK font every Chinese
// label prints as a hex "tofu" box beside the bubbles, and recognition of the simulated scans changes
// (a machine gaining fonts-noto-cjk between two test runs saw lattices vanish, then come back). So the
// simulator prints with the font npm installs (Noto Sans Hans, the font the product's own cards use) and
// nothing else, whatever the system has.

/** Family name of the only font the simulator prints with. */
export const SIM_FONT_FAMILY = 'Noto Sans Hans';

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function fontDir(): string {
  const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
  return join(dirname(entry), '..', 'fonts');
}

/**
 * Points this process's fontconfig at a configuration holding only the npm-installed card font. Must run
 * before the first text is rasterised (fontconfig reads it once per process), so it runs when this
 * module is imported by the SVG printer.
 */
function pinFonts(): void {
  const dir = fontDir();
  if (!existsSync(join(dir, 'NotoSansHans-Regular.otf'))) throw new Error(`card font missing in ${dir}`);
  // No <cachedir>: one directory of five fonts scans fast, and no process writes a shared cache.
  const conf =
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n' +
    `<fontconfig><dir>${xmlText(dir)}</dir></fontconfig>\n`;
  // Named by content, written under a private name and renamed: processes starting side by side
  // (vitest forks, bench workers) never read a half-written file.
  const hash = createHash('sha256').update(conf).digest('hex').slice(0, 16);
  const file = join(tmpdir(), `yj-scan-sim-fonts-${hash}.conf`);
  if (!existsSync(file)) {
    const part = `${file}.${process.pid}`;
    writeFileSync(part, conf);
    renameSync(part, file);
  }
  process.env.FONTCONFIG_FILE = file;
}

pinFonts();
