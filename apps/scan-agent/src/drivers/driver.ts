import type { DriverKind } from '../config';

/** One image a scanner produced, with the name it gave it. */
export interface ScannedImage {
  name: string;
  bytes: Buffer;
}

export interface DriverStatus {
  available: boolean;
  /** scan code: 0 ready, 10 no scanner / driver not installed, 11 in use */
  code: number;
  message: string;
  /** what is scanned from: a folder, a SANE device name, a list of files */
  device: string | null;
  /**
   * 双张检测 as the last scan had it: 'on' (the scanner's sensor set to stop it), 'none' (the scanner has no sensor
   * the agent can set), 'off' (turned off in the settings); absent until the agent has driven a scan itself
   */
  doubleFeed?: 'on' | 'none' | 'off';
}

export interface ScanOptions {
  dpi: number;
  colour: boolean;
  /** both sides of each sheet (双面): a batch scan of a two-sided card needs it */
  duplex?: boolean;
  /** stop on two sheets fed as one, where the scanner has a sensor for it (双张检测) */
  doubleFeed?: boolean;
}

/** Every way of getting pages in: a watched folder, SANE `scanimage`, or files given by hand. */
export interface ScanDriver {
  readonly kind: DriverKind;
  status(): Promise<DriverStatus>;
  /** Images that became complete since the last call, in scan order. */
  poll(): Promise<ScannedImage[]>;
  /** Starts the scanner on the sheets in its feeder (drivers that drive hardware); the images come out of poll(). */
  start(opts: ScanOptions): Promise<void>;
  /** Takes one image now, not as a page of a batch (the blank card of a template); null when there is none. */
  scanOne(opts: ScanOptions): Promise<ScannedImage | null>;
  close(): Promise<void>;
}

/** Extensions of the scanned files the agent takes: images, and multi-page TIFF / PDF (split into pages). */
export const IMAGE_EXT = /\.(jpe?g|png|tiff?|pdf)$/i;
/** Names scanners and copy tools use while a file is still being written. */
export const TEMP_NAME = /^[.~]|\.(tmp|part|partial|crdownload|download)$/i;

/** Scan order for names like scan_2.jpg / scan_10.jpg: digits compare as numbers. */
export const naturalOrder = (a: string, b: string): number =>
  a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' });
