import { MonitorSummaryView } from '../../features/monitor/MonitorSummaryView';

/** /book/monitor/page-static */
export const Component = MonitorSummaryView;
