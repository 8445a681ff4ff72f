/**
 * What counts as a foreign word on a Chinese screen: shared by the journeys (the text of every screen they
 * photograph, e2e/lib.ts) and by the check of the web's source (source.test.ts: the screens no journey opens).
 */

/**
 * The Latin words a Chinese screen may show, in lower case: file kinds and programs by their names, systems,
 * browsers, keys, the one request header a message names. Anything else on a screen is a word to translate (an
 * English label, a library's default text).
 */
export const LATIN_ON_SCREEN = new Set(
  (
    'pdf excel xlsx word jpg png tif zip dpi chrome edge windows linux macos node npm vip webp gif ' +
    'enter alt esc tab backspace delete space shift ctrl home end pageup pagedown scans x-requested-with'
  ).split(' '),
);

/**
 * Latin words of three letters or more in a text (units such as mm pass), leaving out what is data rather than
 * words: a piece with a digit, a dot, a slash or an @ (addresses, paths, file names, ids, accounts), a command's
 * option (--origin) and capitals alone (answer letters A–E, codes, abbreviations).
 */
function latinWords(text: string): string[] {
  const out = new Set<string>();
  for (const piece of text.split(/[\s，。、：；（）“”]+/)) {
    if (/[\d./\\@]/.test(piece) || piece.startsWith('--')) continue;
    for (const w of piece.match(/[A-Za-z][A-Za-z'-]{2,}/g) ?? []) if (!/^[A-Z-]+$/.test(w)) out.add(w);
  }
  return [...out];
}

/** The words of a text a Chinese screen should not show. */
export function foreignWords(text: string): string[] {
  return latinWords(text).filter((w) => !LATIN_ON_SCREEN.has(w.toLowerCase()));
}
