import { ToolDownloadPage } from './ToolDownloadPage';

export const Component = ToolDownloadPage;
