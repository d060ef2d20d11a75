/** What the code under test writes to stdout, kept instead of printed (jest.restoreAllMocks() prints again). */
export function capturePrinted(): string[] {
  const printed: string[] = [];
  jest.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  return printed;
}
