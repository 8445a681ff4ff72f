import { describe, expect, it } from 'vitest';
import { feederArgs, optionChoices } from './feeder';

// `scanimage -A` listings as backends print them (options trimmed to those that matter here).
const listing = (...lines: string[]) =>
  [`All options specific to device \`x:1':`, '  Standard:', ...lines.map((l) => `    ${l}`), ''].join('\n');
const FUJITSU = listing(
  '--source ADF Front|ADF Back|ADF Duplex [ADF Front]',
  '        Selects the scan source (such as a document-feeder).',
  '--mode Lineart|Halftone|Gray|Color [Lineart]',
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
