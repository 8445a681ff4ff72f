/**
 * One page of a local exception list of the scan agent (/sm/get…ExceptionPapers, spec §7): the agent builds
 * it (apps/scan-agent/src/report.ts) and the scan screen lists it, so both read this one shape.
 */
export interface AgentExceptionPaper {
  seq: number;
  batchId: number;
  name: string;
  /** the page's image on the agent */
  imageUrl: string;
  pageIndex: number | null;
  examNumber: string | null;
  reason: string;
  uploaded: boolean;
}
