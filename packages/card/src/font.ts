import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { CardFonts } from './pdf';

// Node-only helper (a separate entry, `@yj/card/font`): where npm installed the card font. The library
// itself takes font bytes, so it stays free of I/O and runs in the browser too.

/** Font package: Noto Sans Hans (GB2312 subset of Noto Sans SC), OFL-1.1, regular + bold OTF. */
export const CARD_FONT_PACKAGE = '@embedpdf/fonts-sc';

/** Absolute paths of the installed card fonts. */
export function cardFontPaths(): { regular: string; bold: string } {
  const entry = createRequire(import.meta.url).resolve(CARD_FONT_PACKAGE);
  const fonts = join(dirname(entry), '..', 'fonts');
  return { regular: join(fonts, 'NotoSansHans-Regular.otf'), bold: join(fonts, 'NotoSansHans-Bold.otf') };
}

/** Reads the installed card fonts, ready for `renderPdf`. */
export async function loadCardFonts(): Promise<CardFonts> {
  const p = cardFontPaths();
  const [regular, bold] = await Promise.all([readFile(p.regular), readFile(p.bold)]);
  return { regular, bold };
}
