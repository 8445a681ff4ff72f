/**
 * The feeder arguments of a SANE scan: which `--source` (and, on some backends, `--adf-mode`) gives one or two
 * sides a sheet. Backends name their sources each their own way (`scanimage -A`):
 *   fujitsu, canon_dr, epsonds  --source Flatbed|ADF Front|ADF Back|ADF Duplex [ADF Front]
 *   avision                     --source Normal|ADF Rear|ADF Duplex [Normal]
 *   hpaio                       --source Flatbed|ADF|Duplex [Flatbed]
 *   epson2                      --source Flatbed|Automatic Document Feeder [Flatbed]  --adf-mode Simplex|Duplex
 *   others                      --duplex[=(yes|no)]
 * Left to the device's default, a scanner set to its flatbed or its feeder's front side scans one side of a
 * two-sided card, and every paper is then two students' fronts: the agent's 双面 setting has to reach the
 * scanner, or the scan must not start. Pure: the option listing in, the arguments out.
 */

/**
 * One option of a `scanimage -A` listing: `--name a|b|c [current] [advanced]` or `--name[=(yes|no)] [no]`. Its
 * tags are the bracketed words after it: the current value, and `inactive` (settable once another option makes
 * it apply), `advanced`, `read-only` or `hardware` (never settable: setting one stops scanimage).
 */
interface ScannerOption {
  bool: boolean;
  choices: string[];
  tags: string[];
}

function scannerOption(listing: string, name: string): ScannerOption | null {
  const line = listing
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith(`--${name} `) || l.startsWith(`--${name}[`));
  if (!line) return null;
  let rest = line.slice(name.length + 2);
  const bool = rest.startsWith('[=(yes|no)]');
  if (bool) rest = rest.slice('[=(yes|no)]'.length);
  const tail = /(\s*\[[^\]]*\])+\s*$/.exec(rest);
  const tags = tail ? [...tail[0].matchAll(/\[([^\]]*)\]/g)].map((m) => m[1]!) : [];
  const choices = (tail ? rest.slice(0, tail.index) : rest)
    .split('|')
    .map((x) => x.trim())
    .filter(Boolean);
  return { bool, choices, tags };
}

const settable = (o: ScannerOption | null, inactiveToo = false): o is ScannerOption =>
  !!o && !o.tags.some((t) => t === 'read-only' || t === 'hardware' || (!inactiveToo && t === 'inactive'));

/** The choices of a `--name a|b|c [current]` line of `scanimage -A`, or null when the device has no such option. */
export function optionChoices(listing: string, name: string): string[] | null {
  return scannerOption(listing, name)?.choices ?? null;
}

const FEEDER = /adf|feeder|document/i;

/**
 * The arguments that make the device scan `duplex` (both sides) or one side from its feeder; null when it cannot
 * scan both sides. One side on a device without a feeder source (a feeder-only scanner) is its default: none.
 */
export function feederArgs(listing: string, duplex: boolean): string[] | null {
  const sources = optionChoices(listing, 'source') ?? [];
  const adfMode = optionChoices(listing, 'adf-mode');
  const duplexFlag = scannerOption(listing, 'duplex');
  const hasDuplexFlag = settable(duplexFlag, true) && duplexFlag.bool;
  const feeder = sources.find((s) => FEEDER.test(s) && !/duplex|back|rear/i.test(s));
  if (duplex) {
    const both = sources.find((s) => /duplex/i.test(s));
    if (both) return [`--source=${both}`];
    if (feeder && adfMode?.some((m) => /duplex/i.test(m)))
      return [`--source=${feeder}`, `--adf-mode=${adfMode.find((m) => /duplex/i.test(m))}`];
    if (hasDuplexFlag) return [...(feeder ? [`--source=${feeder}`] : []), '--duplex=yes'];
    return null;
  }
  const one = sources.find((s) => /front/i.test(s)) ?? feeder;
  return [
    ...(one ? [`--source=${one}`] : []),
    ...(one && adfMode?.some((m) => /simplex/i.test(m))
      ? [`--adf-mode=${adfMode.find((m) => /simplex/i.test(m))}`]
      : []),
    ...(hasDuplexFlag ? ['--duplex=no'] : []),
  ];
}

/**
 * The arguments that make the device stop on a double feed (双张进纸: two sheets through as one, so one side of
 * each is never scanned and a paper gets another student's back), where it has a sensor for it; none where it
 * has not. Backends name it each their own way (sane-backends sources):
 *   fujitsu            --df-action Default|Continue|Stop, then --df-thickness / --df-length (inactive before)
 *   canon_dr           --df-thickness, --df-length
 *   kvs20xx, kvs1025   --double-feed          kvs40xx  --dfeed          avision  --paper-length
 *   epsonds            always on where the device has it (it ends the scan as an I/O error)
 * Every one ends the batch as "Document feeder jammed" (scan-end.ts). fujitsu's read-only --double-feed is a
 * sensor's reading, not a setting: read-only options are never set (scanimage would stop on them).
 */
export function doubleFeedArgs(listing: string): string[] {
  const yes = (name: string, inactiveToo = false) => {
    const o = scannerOption(listing, name);
    return settable(o, inactiveToo) && o.bool ? [`--${name}=yes`] : [];
  };
  const action = scannerOption(listing, 'df-action');
  if (settable(action) && action.choices.includes('Stop'))
    return ['--df-action=Stop', ...yes('df-thickness', true), ...yes('df-length', true)];
  return [
    ...yes('df-thickness'),
    ...yes('df-length'),
    ...yes('double-feed'),
    ...yes('dfeed'),
    ...yes('paper-length'),
  ];
}
