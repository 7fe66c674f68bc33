/** Where a command writes and how it ends; replaced in tests. */
export type Io = {
  out: (line: string) => void;
  err: (line: string) => void;
  exit: (code: number) => void;
};

/** The process's own standard streams. */
export const processIo: Io = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
  exit: (code) => {
    process.exitCode = code;
  },
};
