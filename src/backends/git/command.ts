import { defineCommand, type Command } from 'just-bash';
import type { Volume } from 'memfs';
import type { Clock } from '../../workspace/types';

export function createGitCommand(_vol: Volume, _clock: Clock): Command {
  return defineCommand('git', async () => ({ stdout: '', stderr: 'git: todo\n', exitCode: 1 }));
}
