import { z } from 'zod';

// The recipient's two patterns carry their own messages (agents-send-newline-to, -long-to); a
// long summary is cut, not refused (agents-send-long-summary).
export const sendMessageInput = z.strictObject({
  to: z
    .string()
    .regex(/^[^\n\r]*$/u, 'must be a single-line recipient name or address')
    .regex(/^[\s\S]{0,300}$/u, 'recipient longer than any listed name or address (max 300 characters)'),
  summary: z.string().optional(),
  message: z.string().default(''),
  notify_when_idle: z.boolean().optional(),
});
export type SendMessageInput = z.infer<typeof sendMessageInput>;
