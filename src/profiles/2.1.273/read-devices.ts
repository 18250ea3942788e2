// Paths 2.1.273's Read refuses as devices before touching them ("Cannot read '<path>': this
// device file would block or produce infinite output."), as recorded (D273 probe of issue 13 and
// the readspecial family). /dev/null is not among them: it reads as an empty file.
export const READ_REFUSED_DEVICES_2_1_273: readonly string[] = [
  '/dev/zero',
  '/dev/random',
  '/dev/urandom',
  '/dev/full',
  '/dev/stdin',
  '/dev/stdout',
  '/dev/stderr',
  '/dev/tty',
  '/dev/console',
  '/dev/fd/0',
  '/dev/fd/1',
  '/dev/fd/2',
  '/proc/self/fd/0',
  '/proc/self/fd/1',
  '/proc/self/fd/2',
];
