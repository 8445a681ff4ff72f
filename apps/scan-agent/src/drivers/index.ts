import path from 'node:path';
import type { AgentConfig } from '../config';
import type { ScanDriver } from './driver';
import { FilesDriver } from './files';
import { FolderDriver } from './folder';
import { SaneDriver } from './sane';

export type { ScanDriver, ScannedImage, DriverStatus, ScanOptions } from './driver';
export { FolderDriver, FilesDriver, SaneDriver };
export { saneInstalled } from './sane';

/** The driver the configuration names. */
export function createDriver(
  config: Pick<AgentConfig, 'driver' | 'folder' | 'files' | 'dataDir'>,
): ScanDriver {
  switch (config.driver) {
    case 'sane':
      return new SaneDriver(path.join(config.dataDir, 'sane-spool'));
    case 'files':
      return new FilesDriver(config.files);
    default:
      return new FolderDriver(config.folder);
  }
}
