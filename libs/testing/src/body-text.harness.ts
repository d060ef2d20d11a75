/** A response body read as it arrives (a Server-Sent Events stream, say): the text so far, and whether it ended. */
export interface BodyText {
  readonly text: string;
  readonly ended: boolean;
  /** Settles when the body ends, or fails (the test hung up). */
  readonly done: Promise<void>;
}

/** Starts reading `response`'s body as UTF-8 text; a read that fails (an abort) just ends it. */
export function readBodyText(response: Response): BodyText {
  let text = '';
  let ended = false;
  const done = (async () => {
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // hung up by the test
    }
    ended = true;
  })();
  return {
    get text() {
      return text;
    },
    get ended() {
      return ended;
    },
    done,
  };
}
