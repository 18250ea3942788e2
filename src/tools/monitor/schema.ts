import { z } from 'zod';

// As 2.1.332 checks it (monitor-invalid): description required, timeout_ms 1000..3600000
// (default 300000), exactly one of command and ws.
export const monitorInput = z
  .strictObject({
    description: z.string(),
    timeout_ms: z.number().min(1000).max(3600000).default(300000),
    command: z.string().optional(),
    ws: z
      .strictObject({
        url: z.string(),
        protocols: z.array(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/)).optional(),
      })
      .optional(),
  })
  .superRefine((v, ctx) => {
    if ((v.command === undefined) === (v.ws === undefined)) ctx.addIssue({ code: 'custom', path: [], message: 'exactly one of command or ws' });
  });
export type MonitorInput = z.infer<typeof monitorInput>;
