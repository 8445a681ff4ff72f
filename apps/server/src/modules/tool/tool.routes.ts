import type { FastifyInstance } from 'fastify';
import { can, toolContract } from '@yj/contracts';
import { attachment } from '../../lib/excel';
import { contractRoutes } from '../../plugins/contract';
import { serverUrlOf, ZIP_NAME, type ScanAgentPackager } from './scan-agent-package';

/** Downloads offered on the tool/download page (spec §2). */
export function toolRoutes(app: FastifyInstance, d: { scanAgent: ScanAgentPackager }): void {
  // What the caller may download, so the page offers only those (never a button that answers 无权限).
  contractRoutes(app)(toolContract.list, async (_in, req) => ({
    scanAgent: can(await req.principal(), 'scan.agent', {}),
  }));
  // The zip's start scripts point at the address the teacher reached this server by: nothing to type.
  app.get('/api/tool/scanAgent', { config: { capability: 'scan.agent' } }, async (req, reply) => {
    const zip = await d.scanAgent.zip(serverUrlOf(req.protocol, req.host));
    return reply.type('application/zip').header('content-disposition', attachment(ZIP_NAME)).send(zip);
  });
}
