// The CLI's backends by name: one list for the --backend option, the ratchet and the
// known-failures file. memfs-worker is memfs with Bash run as the page runs it (the shell
// worker code in worker threads, no python3).
export const CLI_BACKENDS = ['memfs', 'disk', 'memfs-worker'] as const;
export type CliBackend = (typeof CLI_BACKENDS)[number];

export const isCliBackend = (s: string): s is CliBackend => (CLI_BACKENDS as readonly string[]).includes(s);
