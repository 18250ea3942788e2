// ListAgents as one session can show it: no subagents, teammates or other sessions, so the
// listing names this session and says nobody is reachable. q and channel filter nothing.
import { sessionId } from '../bash/paths';
import type { ToolContext } from '../types';
import type { ListAgentsInput } from './schema';

export type ListAgentsOutcome =
  | { kind: 'listing'; name: string; ref: string }
  /** A cursor this session never issued (versions with pages). */
  | { kind: 'bad-cursor' };

/** The session's address: the project folder's name and two hex digits, and a six-digit ref
 * (the binary's are random; the oracle normalises them). */
export function sessionAddress(ctx: ToolContext): { name: string; ref: string } {
  const hex = sessionId(ctx.conversation).replace(/-/g, '').slice(-6);
  const base = ctx.ws.info.cwd.split('/').filter(Boolean).pop() ?? 'session';
  return { name: `${base.replace(/[^A-Za-z0-9_]/g, '_')}-${hex.slice(-2)}`, ref: hex };
}

export function listAgents(input: ListAgentsInput, ctx: ToolContext): Promise<ListAgentsOutcome> {
  if (input.cursor !== undefined) return Promise.resolve({ kind: 'bad-cursor' });
  return Promise.resolve({ kind: 'listing', ...sessionAddress(ctx) });
}
