import type { FastifyInstance } from 'fastify';
import { can, SCAN_AGENT_DOWNLOAD, SCAN_CLIENT_VERSION, toolContract } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { serverUrlOf, WIN_ZIP_NAME, ZIP_NAME, type ScanAgentPackager } from './scan-agent-package';

/** Downloads offered on the tool/download page (spec §2). */
export function toolRoutes(app: FastifyInstance, d: { scanAgent: ScanAgentPackager }): void {
  // What the caller may download, so the page offers only those (never a button that answers 无权限).
  const on = contractRoutes(app);
  on(toolContract.list, async (_in, req) => ({
    scanAgent: can(await req.principal(), 'scan.agent', {}),
  }));
  // The scan client's version check: the agent zipped below is built from this same source, so its version is
  // the current one.
  on(toolContract.scanVersion, async () => ({ version: SCAN_CLIENT_VERSION, download: SCAN_AGENT_DOWNLOAD }));
  // The zip's start scripts point at the address the teacher reached this server by: nothing to type.
  app.get('/api/tool/scanAgent', { config: { capability: 'scan.agent' } }, async (req, reply) => {
    const zip = await d.scanAgent.zip(serverUrlOf(req.protocol, req.host));
    return reply.type('application/zip').header('content-disposition', attachment(ZIP_NAME)).send(zip);
  });
  // The Windows package with its own node.exe and components: unzip and double-click, nothing to install.
  app.get('/api/tool/scanAgentWindows', { config: { capability: 'scan.agent' } }, async (req, reply) => {
    const zip = await d.scanAgent.windowsZip(serverUrlOf(req.protocol, req.host));
    return reply.type('application/zip').header('content-disposition', attachment(WIN_ZIP_NAME)).send(zip);
  });
}
