// Commands just-bash lacks that scripts commonly use.
import { defineCommand } from 'just-bash';

/** Bytes `yes` produces: just-bash pipes are not streams, so an endless producer must stop
 * somewhere. 64 KiB covers `yes | head -n N` for any N a tool result shows inline (30,000 characters). */
export const YES_OUTPUT_BYTES = 1 << 16;

export const yesCommand = defineCommand('yes', async (args) => {
  const line = (args.length > 0 ? args.join(' ') : 'y') + '\n';
  const count = Math.max(1, Math.floor(YES_OUTPUT_BYTES / line.length));
  return { stdout: line.repeat(count), stderr: '', exitCode: 0 };
});
