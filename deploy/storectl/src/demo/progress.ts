/** Where the bar is drawn: stderr, drawn only when it is a terminal (stdout stays one JSON object). */
export interface ProgressStream {
  isTTY?: boolean;
  columns?: number;
  write(text: string): unknown;
}

/** `label [#########...........]  9/20  note`, fitted to `columns`. */
export function progressLine(label: string, done: number, total: number, note = '', columns = 80): string {
  const counts = `${done}/${total}`;
  const barWidth = Math.max(10, Math.min(30, columns - label.length - counts.length - note.length - 8));
  const filled = total === 0 ? barWidth : Math.round((Math.min(done, total) / total) * barWidth);
  const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(barWidth - filled)}] ${counts}${note ? `  ${note}` : ''}`;
  return line.length > columns - 1 ? line.slice(0, columns - 1) : line;
}

/** One bar per step, redrawn in place; silent when the stream is not a terminal. */
export class Progress {
  private label = '';
  private done = 0;
  private total = 0;
  private note = '';

  constructor(private readonly stream: ProgressStream) {}

  start(label: string, total: number): void {
    this.label = label;
    this.done = 0;
    this.total = total;
    this.note = '';
    this.draw();
  }

  tick(): void {
    this.done++;
    this.note = '';
    this.draw();
  }

  /** A passing remark beside the bar, e.g. a rate-limit wait; cleared by the next tick. */
  remark(note: string): void {
    this.note = note;
    this.draw();
  }

  finish(): void {
    if (this.stream.isTTY && this.label) this.stream.write('\n');
    this.label = '';
  }

  private draw(): void {
    if (!this.stream.isTTY) return;
    this.stream.write(`\r${progressLine(this.label, this.done, this.total, this.note, this.stream.columns || 80)}\x1b[K`);
  }
}
