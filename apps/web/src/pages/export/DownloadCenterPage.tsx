import { DownloadCenterView } from '../../features/export/DownloadCenterView';

/** /book/download/center */
export const Component = DownloadCenterView;
