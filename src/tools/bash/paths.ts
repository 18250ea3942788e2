// Where Claude Code keeps Bash's side files: background task output under the temp directory,
// large results under ~/.claude/projects. Both are keyed by the sanitised project path and the
// session id.
import type { Conversation } from '../types';

const SESSION_KEY = 'sessionId';

/** The session id (a UUID) shared by every tool of the conversation. */
export function sessionId(conversation: Conversation): string {
  const known = conversation.state.get(SESSION_KEY);
  if (typeof known === 'string') return known;
  const n = conversation.nextId('session').replace(/\D/g, '').padStart(12, '0');
  const id = `00000000-0000-4000-8000-${n.slice(-12)}`;
  conversation.state.set(SESSION_KEY, id);
  return id;
}

export const sanitizePath = (p: string): string => p.replace(/[^a-zA-Z0-9]/g, '-');

/** Claude Code names its temp folder after the user id; the recorded corpus ran as root. */
const UID = 0;

export function taskOutputPath(tmp: string, projectCwd: string, session: string, taskId: string): string {
  return `${tmp}/claude-${UID}/${sanitizePath(projectCwd)}/${session}/tasks/${taskId}.output`;
}

export function persistedOutputPath(home: string, projectCwd: string, session: string, id: string): string {
  return `${home}/.claude/projects/${sanitizePath(projectCwd)}/${session}/tool-results/${id}.txt`;
}

/** Task and result ids: short lowercase alphanumerics, like Claude Code's. */
export function shortId(conversation: Conversation, kind: 'b' | 'r'): string {
  const n = conversation.nextId(`bash-${kind}`).replace(/\D/g, '');
  return `${kind}${n.padStart(8, '0')}`;
}
