// The part of @webcontainer/api's WebContainer the adapter uses. Typed here so the adapter can
// be exercised in Node against a stand-in (node-stand-in.ts) and the real API stays a dynamic
// import that only the browser loads.

export interface ContainerProcess {
  exit: Promise<number>;
  /** Terminal output: stdout and stderr of the process and its children, merged. */
  output: ReadableStream<string>;
  kill(): void;
}

export interface ContainerSpawnOptions {
  /** Relative to the workdir (or absolute). */
  cwd?: string;
  env?: Record<string, string>;
  output?: boolean;
}

/** Paths are resolved against the workdir: "/x" is `${workdir}/x`, as in WebContainer's fs API. */
export interface ContainerFs {
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  mkdir(path: string, options: { recursive: true }): Promise<string>;
  rm(path: string, options?: { force?: boolean; recursive?: boolean }): Promise<void>;
}

export interface ContainerLike {
  fs: ContainerFs;
  /** The absolute path of the working directory, as processes in the container see it. */
  readonly workdir: string;
  /** The default PATH of spawned processes. */
  readonly path: string;
  spawn(command: string, args: string[], options?: ContainerSpawnOptions): Promise<ContainerProcess>;
  teardown(): void;
}
