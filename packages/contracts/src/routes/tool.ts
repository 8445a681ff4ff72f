import { z } from 'zod';
import { defineRoute } from '../route';

/** The tool/download page (spec §2): what the caller may download (the zip itself is a file answer). */
export const toolContract = {
  list: defineRoute({
    method: 'GET',
    path: '/api/tool/list',
    access: 'home.read',
    response: z.object({ scanAgent: z.boolean() }),
  }),
};
