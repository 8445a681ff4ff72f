import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_DPI, DEFAULT_SCANNER_STATUS } from './codes';

const id = z.number().int().positive();

/** What the scan screen sets on the agent (setScannerConfig) and reads back (getScannerConfig). */
export const ScannerSettingsSchema = z.object({
  examId: id.nullable().default(null),
  subjectId: id.nullable().default(null),
  /** the school scanned for; the exam's own school when null */
  schoolId: id.nullable().default(null),
  dpi: z.number().int().min(100).max(600).default(DEFAULT_DPI),
  colorType: z.enum(['gray', 'color']).default('gray'),
  duplex: z.boolean().default(true),
  /** 双张检测: the scanner's double-feed sensor stops the scan (off where barcode stickers trip it) */
  doubleFeed: z.boolean().default(true),
  /** spec §4/§9: 6 (the default) means the web shows no client-scan errors */
  scannerStatus: z.number().int().min(0).max(99).default(DEFAULT_SCANNER_STATUS),
  /** pages per upload request (rounded down to whole papers) */
  pagesPerUpload: z.number().int().min(1).max(500).default(40),
});
export type ScannerSettings = z.infer<typeof ScannerSettingsSchema>;

/** setScannerConfig body: any of the settings; numbers may come as strings from a form. */
export const ScannerSettingsPatch = z
  .object({
    examId: z.coerce.number().int().positive().nullable(),
    subjectId: z.coerce.number().int().positive().nullable(),
    schoolId: z.coerce.number().int().positive().nullable(),
    dpi: z.coerce.number().int().min(100).max(600),
    colorType: z.enum(['gray', 'color']),
    duplex: z.boolean(),
    doubleFeed: z.boolean(),
    scannerStatus: z.coerce.number().int().min(0).max(99),
    pagesPerUpload: z.coerce.number().int().min(1).max(500),
  })
  .partial();
export type ScannerSettingsPatchValue = z.infer<typeof ScannerSettingsPatch>;

/** Settings kept in the data dir (settings.json), written whole through a temporary file. */
export async function loadSettings(dataDir: string): Promise<ScannerSettings> {
  const text = await readFile(path.join(dataDir, 'settings.json'), 'utf8').catch(() => '{}');
  let raw: unknown = {};
  try {
    raw = JSON.parse(text);
  } catch {
    // a settings file cut short: start from the defaults rather than refuse to start
  }
  const parsed = ScannerSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : ScannerSettingsSchema.parse({});
}

export async function saveSettings(dataDir: string, s: ScannerSettings): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'settings.json');
  await writeFile(`${file}.tmp`, JSON.stringify(s, null, 1));
  await rename(`${file}.tmp`, file);
}
