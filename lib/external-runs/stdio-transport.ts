// MCP's stdio transport (newline-delimited JSON-RPC on stdin/stdout), written here rather than taken
// from the SDK so a client we did not write gets an answer to every line: the SDK's transport drops a
// line that is not JSON without replying, and calls valid JSON that is not a message a parse error.
// Each line is checked by jsonrpc-checks.ts (-32700, -32600, -32602) before the server sees it.
import { StringDecoder } from "node:string_decoder";
import type { Readable, Writable } from "node:stream";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { checkMessage, errorReply, PARSE_ERROR_REPLY } from "./jsonrpc-checks";

/** A longer line is answered with an error and skipped up to its end, not buffered without limit. */
export const MAX_LINE_BYTES = 1_000_000;

export class LineDelimitedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private pending = "";
  private skippingLongLine = false;
  private closed = false;
  private readonly decoder = new StringDecoder("utf8");
  private readonly onData = (chunk: Buffer | string) => this.receive(typeof chunk === "string" ? chunk : this.decoder.write(chunk));
  private readonly onEnd = () => void this.close();

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
  ) {}

  async start(): Promise<void> {
    this.input.on("data", this.onData);
    this.input.once("end", this.onEnd);
    this.input.once("close", this.onEnd);
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.write(message);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off("data", this.onData);
    this.input.off("end", this.onEnd);
    this.input.off("close", this.onEnd);
    this.input.pause(); // a flowing stdin would keep the process alive
    this.onclose?.();
  }

  private receive(text: string): void {
    this.pending += text;
    for (let newline = this.pending.indexOf("\n"); newline !== -1; newline = this.pending.indexOf("\n")) {
      const line = this.pending.slice(0, newline);
      this.pending = this.pending.slice(newline + 1);
      if (this.skippingLongLine) this.skippingLongLine = false;
      else this.receiveLine(line.replace(/\r$/, ""));
    }
    if (this.pending.length > MAX_LINE_BYTES) {
      this.pending = "";
      if (!this.skippingLongLine) void this.write(errorReply(null, -32000, `Message over ${MAX_LINE_BYTES} bytes: skipped`));
      this.skippingLongLine = true;
    }
  }

  private receiveLine(line: string): void {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      void this.write(PARSE_ERROR_REPLY);
      return;
    }
    const checked = checkMessage(value);
    if (!checked.ok) void this.write(checked.reply);
    else this.onmessage?.(checked.message);
  }

  /** One message per line; waits for the pipe to drain when it is full (a slow reader). */
  private write(message: unknown): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const flushed = this.output.write(`${JSON.stringify(message)}\n`, (error) => (error ? reject(error) : undefined));
      if (flushed) resolve();
      else this.output.once("drain", () => resolve());
    }).catch((error: unknown) => this.onerror?.(error instanceof Error ? error : new Error(String(error))));
  }
}
