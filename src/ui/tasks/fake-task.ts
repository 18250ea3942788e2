import type { BackgroundTask } from '../../tools/background/registry';

/** A running background task for component tests; `over` sets any field. */
export function fakeTask(id: string, over: Partial<BackgroundTask> = {}): BackgroundTask {
  return {
    id,
    type: 'local_bash',
    description: 'while true; do :; done',
    callId: 'toolu_1',
    outputFile: `/tmp/${id}.output`,
    status: 'running',
    exitCode: null,
    output: '',
    done: Promise.resolve(),
    gone: false,
    stop: () => {},
    ...over,
  };
}
