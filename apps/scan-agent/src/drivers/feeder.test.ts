import { describe, expect, it } from 'vitest';
import { doubleFeedArgs, feederArgs, optionChoices } from './feeder';

// `scanimage -A` listings as backends print them (options trimmed to those that matter here).
const listing = (...lines: string[]) =>
  [`All options specific to device \`x:1':`, '  Standard:', ...lines.map((l) => `    ${l}`), ''].join('\n');
const FUJITSU = listing(
  '--source ADF Front|ADF Back|ADF Duplex [ADF Front]',
  '        Selects the scan source (such as a document-feeder).',
  '--mode Lineart|Halftone|Gray|Color [Lineart]',
);
// fujitsu's sensors apply once an action is chosen; its --double-feed is a reading, not a setting
const FUJITSU_DF = listing(
  '--source ADF Front|ADF Back|ADF Duplex [ADF Front]',
  '--df-action Default|Continue|Stop [Default] [advanced]',
  '--df-skew[=(yes|no)] [inactive]',
  '--df-thickness[=(yes|no)] [inactive]',
  '--df-length[=(yes|no)] [inactive]',
  '--df-diff Default|10mm|15mm|20mm [inactive]',
  '--double-feed[=(yes|no)] [no] [hardware]',
);
const CANON_DR = listing('--df-length[=(yes|no)] [no]', '--df-thickness[=(yes|no)] [no]');
const KVS20XX = listing('--double-feed[=(yes|no)] [no]');
const KVS40XX = listing('--dfeed[=(yes|no)] [no]', '--dfstop[=(yes|no)] [no]');
const AVISION_DF = listing(
  '--source Normal|ADF Rear|ADF Duplex [Normal]',
  '--paper-length[=(yes|no)] [inactive]',
);
const AVISION = listing('--source Normal|ADF Rear|ADF Duplex [Normal]');
const HPAIO = listing('--source Flatbed|ADF|Duplex [Flatbed]');
const EPSON2 = listing(
  '--source Flatbed|Automatic Document Feeder [Flatbed]',
  '--adf-mode Simplex|Duplex [inactive]',
);
const FLAG = listing('--duplex[=(yes|no)] [no]', '--resolution 100|200|300dpi [200]');
const FLATBED = listing('--source Flatbed|Transparency Adapter [Flatbed]');
const FEEDER_ONLY = listing('--resolution 100|200|300dpi [200]');

describe('optionChoices', () => {
  it('reads the choices of an option, without the current one', () => {
    expect(optionChoices(FUJITSU, 'source')).toEqual(['ADF Front', 'ADF Back', 'ADF Duplex']);
    // newer scanimage tags advanced options after the current value
    expect(optionChoices(FUJITSU_DF, 'df-action')).toEqual(['Default', 'Continue', 'Stop']);
    expect(optionChoices(EPSON2, 'adf-mode')).toEqual(['Simplex', 'Duplex']);
    expect(optionChoices(FEEDER_ONLY, 'source')).toBeNull();
  });
});

describe('feederArgs', () => {
  it('picks the source that scans both sides, however the backend names it', () => {
    expect(feederArgs(FUJITSU, true)).toEqual(['--source=ADF Duplex']);
    expect(feederArgs(AVISION, true)).toEqual(['--source=ADF Duplex']);
    expect(feederArgs(HPAIO, true)).toEqual(['--source=Duplex']);
    expect(feederArgs(EPSON2, true)).toEqual(['--source=Automatic Document Feeder', '--adf-mode=Duplex']);
    expect(feederArgs(FLAG, true)).toEqual(['--duplex=yes']);
  });

  it('cannot scan both sides on a device with no way to', () => {
    expect(feederArgs(FLATBED, true)).toBeNull();
    expect(feederArgs(FEEDER_ONLY, true)).toBeNull();
  });

  it('scans one side from the feeder, not the flatbed nor the back', () => {
    expect(feederArgs(FUJITSU, false)).toEqual(['--source=ADF Front']);
    expect(feederArgs(HPAIO, false)).toEqual(['--source=ADF']);
    expect(feederArgs(EPSON2, false)).toEqual(['--source=Automatic Document Feeder', '--adf-mode=Simplex']);
    expect(feederArgs(FLAG, false)).toEqual(['--duplex=no']);
    // no feeder source named: the device's default
    expect(feederArgs(AVISION, false)).toEqual([]);
    expect(feederArgs(FEEDER_ONLY, false)).toEqual([]);
  });
});

describe('doubleFeedArgs', () => {
  it("turns on the scanner's double-feed sensor, however the backend names it", () => {
    expect(doubleFeedArgs(FUJITSU_DF)).toEqual(['--df-action=Stop', '--df-thickness=yes', '--df-length=yes']);
    expect(doubleFeedArgs(CANON_DR)).toEqual(['--df-thickness=yes', '--df-length=yes']);
    expect(doubleFeedArgs(KVS20XX)).toEqual(['--double-feed=yes']);
    expect(doubleFeedArgs(KVS40XX)).toEqual(['--dfeed=yes']);
  });

  it('sets nothing a device lacks, cannot apply, or only reports', () => {
    expect(doubleFeedArgs(FUJITSU)).toEqual([]);
    expect(doubleFeedArgs(AVISION_DF)).toEqual([]);
    expect(doubleFeedArgs(listing('--double-feed[=(yes|no)] [no] [read-only]'))).toEqual([]);
    expect(doubleFeedArgs(FLATBED)).toEqual([]);
  });
});
