// Phone codes leave through an SMS transport. The default one writes the message to the server
// log (there is no SMS provider in a self-hosted install); a real provider plugs in here.
export interface SmsTransport {
  send(phone: string, message: string): Promise<void>;
}

export class LogSmsTransport implements SmsTransport {
  constructor(private readonly log: (message: string) => void) {}
  async send(phone: string, message: string): Promise<void> {
    this.log(`SMS to ${phone}: ${message}`);
  }
}

/** Keeps sent messages in memory, for tests. */
export class MemorySmsTransport implements SmsTransport {
  readonly sent: { phone: string; message: string }[] = [];
  async send(phone: string, message: string): Promise<void> {
    this.sent.push({ phone, message });
  }
  lastCode(phone?: string): string | null {
    const last = [...this.sent].reverse().find((m) => !phone || m.phone === phone);
    return last?.message.match(/\b(\d{6})\b/)?.[1] ?? null;
  }
}
