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

/** The choices of a `--name a|b|c [current]` line of `scanimage -A`, or null when the device has no such option. */
export function optionChoices(listing: string, name: string): string[] | null {
  const line = listing.split('\n').find((l) => l.trimStart().startsWith(`--${name} `));
  if (!line) return null;
  const value = line
    .trim()
    .slice(name.length + 3)
    .replace(/\s*\[[^\]]*\]\s*$/, '');
  return value
    .split('|')
    .map((x) => x.trim())
    .filter(Boolean);
}

const FEEDER = /adf|feeder|document/i;

/**
 * The arguments that make the device scan `duplex` (both sides) or one side from its feeder; null when it cannot
 * scan both sides. One side on a device without a feeder source (a feeder-only scanner) is its default: none.
 */
export function feederArgs(listing: string, duplex: boolean): string[] | null {
  const sources = optionChoices(listing, 'source') ?? [];
  const adfMode = optionChoices(listing, 'adf-mode');
  const hasDuplexFlag = /^\s*--duplex\[=\(yes\|no\)\]/m.test(listing);
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
