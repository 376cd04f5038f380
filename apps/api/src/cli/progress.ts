export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** Prints a byte count at most once a second, so a long copy shows it is moving. */
export function progressPrinter(verb: string) {
  let printedAt = Date.now();
  let last = 0;
  return {
    update(bytes: number) {
      last = bytes;
      const now = Date.now();
      if (now - printedAt < 1000) return;
      printedAt = now;
      console.log(`  ${megabytes(bytes)} ${verb}`);
    },
    done() {
      console.log(`  ${megabytes(last)} ${verb} in all`);
    },
  };
}
