import { z } from 'zod';
import { defineRoute } from '../route';

/**
 * The scan client's version (spec §9 "client version constant 110"): the one this server's 工具下载 hands out,
 * which the web requires of the agent it talks to and the agent compares itself with (api/scan/version).
 */
export const SCAN_CLIENT_VERSION = 110;

/** Where the scan client is downloaded (a file answer, tool.routes.ts). */
export const SCAN_AGENT_DOWNLOAD = '/filter/api/tool/scanAgent';

/**
 * The scan client for Windows x64 with its own runtime (node.exe and components inside; nothing to install), a
 * file answer too; and its size in MB as the 工具下载 page names it (YJ_NETWORK_TESTS of scan-agent-windows.test.ts
 * checks the real package is within 15% of it).
 */
export const SCAN_AGENT_WIN_DOWNLOAD = '/filter/api/tool/scanAgentWindows';
export const SCAN_AGENT_WIN_MB = 45;

/** The tool/download page (spec §2): what the caller may download (the zip itself is a file answer). */
export const toolContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tool/list',
    access: 'home.read',
    response: z.object({ scanAgent: z.boolean() }),
  }),
  /**
   * api/scan/version (spec §7 "Other"): the scan client asks which version is current, and where to get it. For
   * whoever may scan (the agent passes on the scanner's session).
   */
  scanVersion: defineRoute({
    method: 'GET',
    path: '/api/scan/version',
    access: 'scan.agent',
    response: z.object({ version: z.number().int(), download: z.string() }),
  }),
};
